/** What a collusion rule found about a player (and the other account involved), before it becomes a flag. */
export interface Finding {
  rule: string;
  userId: string;
  otherUserId: string | null;
  evidence: Record<string, unknown>;
  dedupeKey: string;
}
