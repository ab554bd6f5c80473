/**
 * The ledger's chart of accounts. User, escrow, in-flight withdrawals and
 * fees can never go negative; `deposits` (ETH that came in from the chain)
 * and `house` (the operator's equity, which pays network fees) may.
 *
 * Sign convention: every transfer sums to zero. A deposit moves wei from
 * `system:deposits` (balance = −total deposited) to `user:<id>`; a withdrawal
 * moves it from the user to `system:withdrawals_in_flight` and, once paid on
 * chain, to `system:withdrawals_sent` (+total paid out).
 */
export type LedgerAccountKind =
  | 'user'
  | 'escrow'
  | 'deposits'
  | 'withdrawals_in_flight'
  | 'withdrawals_sent'
  | 'network_fees'
  | 'house'
  /** Issue 12: the network fees charged to users on top of their withdrawals (the house's income for the gas it pays). */
  | 'withdrawal_fees';

export interface LedgerAccountRef {
  code: string;
  kind: LedgerAccountKind;
  ownerId?: string;
  allowNegative?: boolean;
}

export const LedgerAccounts = {
  user: (userId: string): LedgerAccountRef => ({ code: `user:${userId}`, kind: 'user', ownerId: userId }),
  escrow: (gameId: string): LedgerAccountRef => ({ code: `escrow:${gameId}`, kind: 'escrow', ownerId: gameId }),
  deposits: { code: 'system:deposits', kind: 'deposits', allowNegative: true } satisfies LedgerAccountRef,
  withdrawalsInFlight: { code: 'system:withdrawals_in_flight', kind: 'withdrawals_in_flight' } satisfies LedgerAccountRef,
  withdrawalsSent: { code: 'system:withdrawals_sent', kind: 'withdrawals_sent' } satisfies LedgerAccountRef,
  networkFees: { code: 'system:network_fees', kind: 'network_fees' } satisfies LedgerAccountRef,
  house: { code: 'system:house', kind: 'house', allowNegative: true } satisfies LedgerAccountRef,
  withdrawalFees: { code: 'system:withdrawal_fees', kind: 'withdrawal_fees' } satisfies LedgerAccountRef,
} as const;

/** Kinds whose balances are owed to players (what on-chain holdings must cover). */
export const LIABILITY_KINDS: readonly LedgerAccountKind[] = ['user', 'escrow', 'withdrawals_in_flight'];
