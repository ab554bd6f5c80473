/**
 * Gas facts of the chain the server pays on, in one place: a sweep (deposit
 * address → hot wallet) and a withdrawal (hot wallet → a player's address)
 * are both plain ETH transfers to an account without code, and both are
 * signed with exactly this much gas (decision 009, decision 038).
 */

/** The gas of a plain ETH transfer to an account without code (the protocol's intrinsic cost, no call data). */
export const PLAIN_TRANSFER_GAS = 21_000n;
