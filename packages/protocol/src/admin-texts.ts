/**
 * Issue 18: the server's texts about the operator's console and what players see because of it (refusals,
 * forced sign-outs, review reasons). The console's own screens read `catalogue/<language>/admin.ts` (issue 27).
 */
import { ADMIN_EN } from './catalogue/en/admin';
import type { StaffRole } from './constants';
import { REVIEW_REASONS } from './withdrawal-review';

/** Texts of the console and of what players see because of it. */
export const ADMIN_TEXTS = {
  notStaff: 'This page is for Shifumi staff only.',
  wrongRole: (role: StaffRole) => `Your role (${role}) does not allow this.`,
  needsTwoFactor: 'Staff accounts need two-step verification: turn it on in your account settings, then sign in again.',
  signInAgainWithTwoFactor: 'Sign in again with your two-step verification code to use the console.',
  /** Issue 23: a frozen staff account has no console until it is unfrozen. */
  staffFrozen: 'Your staff account is frozen: the console is closed until an admin unfreezes it.',
  /** Issue 23: the four-eyes refusals (403), by action: nobody decides on their own account or case. */
  ownCase: ADMIN_EN.ownCase,
  /** Issue 23: support and finance never act on an account that holds a staff role. */
  staffAccountAdminOnly: ADMIN_EN.staffAccountAdminOnly,
  withdrawalNotFound: 'No such withdrawal.',
  playerNotFound: 'No such player.',
  gameNotFound: 'No such game.',
  flagNotFound: 'No such flag.',
  depositNotFound: 'No such deposit.',
  /** "Credit now" refused: the chain does not show the deposit as recorded, or not yet with its confirmations. */
  depositNotOnChain:
    'The chain does not show this deposit as recorded (transaction, block, address or amount differ): nothing was credited.',
  depositNotConfirmed: 'This deposit does not have its confirmations yet: nothing was credited.',
  /** "Credit now" without a chain (or while the deposit watcher cannot work here). */
  depositCreditUnavailable: 'Deposits cannot be credited from this server right now: nothing was credited.',
  /** force_disconnect after a freeze. */
  accountFrozenDisconnect:
    'Your account has been frozen by Shifumi staff. You can still sign in and see your balance; contact support for details.',
  /** Issue 26: the forced sign-out of a freeze says why, in staff's words. */
  accountFrozenDisconnectWithReason: (reason: string) =>
    `Your account has been frozen by Shifumi staff. Reason: ${reason} You can still sign in and see your balance; contact support for details.`,
  /** force_disconnect after staff signed the sessions out. */
  sessionsRevokedDisconnect: 'Shifumi staff signed this session out. Please sign in again.',
  /** Search, play or withdraw while frozen. */
  accountFrozen: 'Your account is frozen: playing and withdrawals are paused. Please contact support.',
  /** The account page's status of a withdrawal waiting for staff. */
  withdrawalInReview: 'In review',
  /**
   * Issue 26: under a withdrawal in review on the account page, why it waits and by when staff usually
   * decide (`when` already formatted for the reader; `reason` is one of `reviewReasons`, a sentence).
   */
  withdrawalInReviewNote: (reason: string, hours: number, when: string) =>
    `${reason === '' ? '' : `${reason} `}Shifumi staff usually decide within ${hours} hours, by ${when}.`,
  /** Issue 26: the account page's line of a rejected withdrawal, said once, with staff's reason when there is one. */
  withdrawalRejected: (reason: string | null) =>
    reason ? `Rejected, amount and fee returned: ${reason}` : 'Rejected, amount and fee returned',
  /** Why a withdrawal waits (stored with it, shown to staff). */
  reviewReasons: REVIEW_REASONS,
} as const;
