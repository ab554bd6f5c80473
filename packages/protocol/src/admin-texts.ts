/** Issue 18: texts of the operator's console and of what players see because of it. */
import type { StaffRole } from './constants';

/** Texts of the console and of what players see because of it. */
export const ADMIN_TEXTS = {
  notStaff: 'This page is for Shifumi staff only.',
  wrongRole: (role: StaffRole) => `Your role (${role}) does not allow this.`,
  needsTwoFactor: 'Staff accounts need two-step verification: turn it on in your account settings, then sign in again.',
  signInAgainWithTwoFactor: 'Sign in again with your two-step verification code to use the console.',
  /** Issue 23: a frozen staff account has no console until it is unfrozen. */
  staffFrozen: 'Your staff account is frozen: the console is closed until an admin unfreezes it.',
  /** Issue 23: the four-eyes refusals (403), by action: nobody decides on their own account or case. */
  ownCase: {
    approve: 'You cannot approve your own withdrawal.',
    reject: 'You cannot reject your own withdrawal.',
    resolveFlag: 'You cannot resolve a flag that names your own account.',
    freeze: 'You cannot freeze your own account.',
    unfreeze: 'You cannot unfreeze your own account.',
    revokeSessions: 'You cannot sign out the sessions of your own account.',
    creditDeposit: 'You cannot credit a deposit to your own account.',
    failAndRefund: 'You cannot refund your own withdrawal.',
  },
  /** Issue 23: support and finance never act on an account that holds a staff role. */
  staffAccountAdminOnly: 'Only an admin can act on a staff account.',
  /** Issue 23: the second approval of a large withdrawal must come from someone else. */
  alreadyApprovedByYou: 'You approved it already: another staff member must give the second approval.',
  approvals: (given: number, required: number) => `${given} of ${required} approvals`,
  withdrawalNotFound: 'No such withdrawal.',
  playerNotFound: 'No such player.',
  gameNotFound: 'No such game.',
  flagNotFound: 'No such flag.',
  depositNotFound: 'No such deposit.',
  /** "Credit now" refused: the chain does not show the deposit as recorded, or not yet with its confirmations. */
  depositNotOnChain: 'The chain does not show this deposit as recorded (transaction, block, address or amount differ): nothing was credited.',
  depositNotConfirmed: 'This deposit does not have its confirmations yet: nothing was credited.',
  /** "Credit now" without a chain (or while the deposit watcher cannot work here). */
  depositCreditUnavailable: 'Deposits cannot be credited from this server right now: nothing was credited.',
  /** force_disconnect after a freeze. */
  accountFrozenDisconnect: 'Your account has been frozen by Shifumi staff. You can still sign in and see your balance; contact support for details.',
  /** force_disconnect after staff signed the sessions out. */
  sessionsRevokedDisconnect: 'Shifumi staff signed this session out. Please sign in again.',
  /** Search, play or withdraw while frozen. */
  accountFrozen: 'Your account is frozen: playing and withdrawals are paused. Please contact support.',
  /** The account page's status of a withdrawal waiting for staff. */
  withdrawalInReview: 'In review',
  /** Issue 26: the account page's line of a rejected withdrawal, said once, with staff's reason when there is one. */
  withdrawalRejected: (reason: string | null) => (reason ? `Rejected, amount and fee returned: ${reason}` : 'Rejected, amount and fee returned'),
  /** Why a withdrawal waits (stored with it, shown to staff). */
  reviewReasons: {
    aboveThreshold: (limitEth: string) => `Above the review threshold of ${limitEth} ETH.`,
    dailyLimit: (limitEth: string) => `The day's withdrawals exceed ${limitEth} ETH.`,
    openFlag: 'The account has an open flag.',
  },
} as const;

/**
 * Issue 26: each collusion rule in words, for the console's flags (what the
 * rule looks for, as apps/server/src/modules/admin/collusion.ts applies it).
 */
export const FLAG_RULE_TEXTS: Record<string, string> = {
  round_streak: 'Won 8 or more rounds in a row against the same opponent, without a draw',
  winnings_concentration: 'Over at least 10 games, more than half of the net winnings came from one opponent',
  timeout_losses: 'The opponent lost 3 or more games to this player by leaving or disconnecting',
  shared_ip_opponents: 'Signed in from the same IP address within 24 hours as an opponent they played',
  linked_accounts: 'One browser signed into both accounts, or one withdrew to an address the other deposited from',
  new_account_drained: 'An account under 24 hours old deposited and lost everything it had to this player',
};

/** Issue 26: the evidence's fields, named for people (anything else is shown under its own name). */
export const FLAG_EVIDENCE_LABELS: Record<string, string> = {
  rounds: 'Rounds won in a row',
  losses: 'Games lost by leaving or disconnecting',
  games: 'Games',
  game: 'Game',
  netWinningsWei: 'Net winnings',
  fromOpponentWei: 'Of which from this opponent',
  ip: 'Shared IP address',
  link: 'Linked by',
  deviceId: 'Browser (device id)',
  address: 'Address',
  lostWei: 'Lost to this player',
  depositedWei: 'Deposited',
};
