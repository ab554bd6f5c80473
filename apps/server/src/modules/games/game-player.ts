import type { Character } from '@shifumi/protocol';

/** A player of a game as the game shows them. */
export interface GamePlayer {
  id: string;
  name: string;
  /** Issue 23: only the first characters of the deposit address (what the opponent's screen shows). */
  walletAddress: string | null;
  character: Character;
}
