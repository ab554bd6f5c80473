/**
 * Issue 29: whether this node is draining (SIGTERM received): readiness
 * answers 503, new live connections and searches are refused, while the
 * games in play are handed over and the process exits (decision 034).
 */
export interface DrainState {
  readonly draining: boolean;
  begin(): void;
}

export function createDrainState(): DrainState {
  let draining = false;
  return {
    get draining() {
      return draining;
    },
    begin() {
      draining = true;
    },
  };
}
