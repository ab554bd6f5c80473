/**
 * Issue 26 (items 3 and 4, decision 040): `GET /api/account/status` — every
 * state that changes what the player may do, read from the module that owns
 * it, with its reason and its end: a freeze (staff's reason), withdrawals in
 * review (the policy's reason, when staff usually decided by), the security
 * hold on withdrawals, limits used up, a time-out, a self-exclusion. Facts
 * only: the web app says them in words (the catalogue's `status` namespace).
 */
import { formatEth } from '@shifumi/money';
import {
  WITHDRAWAL_REVIEW_EXPECTED_HOURS,
  type AccountRestriction,
  type AccountStatusResponse,
  type LimitsResponse,
} from '@shifumi/protocol';
import type { Executor } from '../../infra/db/database';
import type { Clock } from '../../shared/clock';
import { readSecurityRow } from '../account-security/account-security.repo';
import type { UsersRepo } from '../users/users.repo';
import { inReviewOf } from '../withdrawals/withdrawals.repo';

const HOUR_MS = 3_600_000;

export interface AccountStatusDeps {
  db: Executor;
  users: UsersRepo;
  clock: Clock;
  /** WITHDRAWAL_HOLD_AFTER_SECURITY_CHANGE_HOURS. */
  holdAfterSecurityChangeHours: number;
  /** The responsible-gaming state (limits, time-out, self-exclusion); absent: none is told. */
  limits?: (userId: string) => Promise<LimitsResponse>;
}

/** The limits used up, the time-out and the self-exclusion, from the responsible-gaming state. */
export function protectionRestrictions(state: LimitsResponse): AccountRestriction[] {
  const found: AccountRestriction[] = [];
  if (state.selfExclusion)
    found.push({ kind: 'self_exclusion', until: state.selfExclusion.until, endsAt: state.selfExclusion.endsAt });
  // A self-exclusion says more than a time-out within it: one line, as the play refusal says.
  else if (state.timeOut) found.push({ kind: 'time_out', until: state.timeOut.until });
  for (const limit of state.limits) {
    if (limit.amountUsd !== null && limit.usedUsd >= limit.amountUsd) {
      found.push({ kind: 'limit_reached', limit: limit.kind, period: limit.period, amountUsd: limit.amountUsd });
    }
  }
  return found;
}

export function createAccountStatus(deps: AccountStatusDeps) {
  return {
    /** Undefined when the account no longer exists. */
    async status(userId: string): Promise<AccountStatusResponse | undefined> {
      const now = deps.clock();
      const [user, inReview, security, limits] = await Promise.all([
        deps.users.findById(userId),
        inReviewOf(deps.db, userId),
        readSecurityRow(deps.db, userId),
        deps.limits ? deps.limits(userId) : Promise.resolve(undefined),
      ]);
      if (!user) return undefined;
      const restrictions: AccountRestriction[] = [];
      if (user.frozenAt !== null) {
        restrictions.push({ kind: 'frozen', reason: user.frozenReason ?? '', since: user.frozenAt.toISOString() });
      }
      for (const withdrawal of inReview) {
        restrictions.push({
          kind: 'withdrawal_review',
          withdrawalId: withdrawal.id,
          amount: formatEth(withdrawal.amount),
          reason: withdrawal.reviewReason ?? '',
          since: withdrawal.createdAt.toISOString(),
          expectedBy: new Date(withdrawal.createdAt.getTime() + WITHDRAWAL_REVIEW_EXPECTED_HOURS * HOUR_MS).toISOString(),
        });
      }
      if (security?.securityChangedAt) {
        const until = new Date(security.securityChangedAt.getTime() + deps.holdAfterSecurityChangeHours * HOUR_MS);
        if (until.getTime() > now.getTime()) restrictions.push({ kind: 'withdrawal_hold', until: until.toISOString() });
      }
      if (limits) restrictions.push(...protectionRestrictions(limits));
      return { restrictions };
    },
  };
}

export type AccountStatus = ReturnType<typeof createAccountStatus>;
