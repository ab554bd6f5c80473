/**
 * Issue 18: who may call a staff route. Every `/api/admin/*` route calls
 * `authorize(request, roles)` first: a missing or bad token, a player's token,
 * the wrong role, or a staff session without its two-factor step is refused
 * with 403 and the attempt appended to the audit log.
 *
 * Issue 23: a frozen staff account has no console (403 on every route,
 * `/api/admin/me` included) until an admin unfreezes it — signing in again
 * works for a frozen account, so the freeze is checked here, on every request.
 *
 * Two-factor: an account that has it must have opened this session after
 * turning it on (sign-in then asked for the code); an account without it is
 * refused when STAFF_REQUIRE_2FA is on (default in production).
 */
import type { StaffRole } from '@shifumi/protocol';
import type { Database } from '../../infra/db/database';
import type { Logger } from '../../shared/logger';
import { refusal, RefusalError, type Refusal, type Result } from '../../shared/result';
import type { AuthContext } from '../auth/auth.service';
import { ANONYMOUS_ACTOR, appendAudit } from './audit-log';
import { frozenAtOf } from './players.repo';
import { roleOf, sessionOf, twoFactorEnabledAt } from './staff.repo';

export interface StaffContext extends AuthContext {
  role: StaffRole;
  ip: string;
}

/** What authorize needs of a request (a FastifyRequest fits). */
export interface StaffRequest {
  headers: { authorization?: string | undefined };
  method: string;
  url: string;
  ip: string;
}

export interface StaffAccessDeps {
  db: Database;
  authenticate: (header: string | undefined) => Promise<Result<AuthContext>>;
  requireTwoFactor: boolean;
  logger: Logger;
}

export function createStaffAccess(deps: StaffAccessDeps) {
  const { db } = deps;

  async function refuse(
    request: StaffRequest,
    actor: string,
    role: StaffRole | null,
    cause: string,
    refused: Refusal,
  ): Promise<never> {
    try {
      await appendAudit(db, {
        actor,
        role,
        action: 'access.refused',
        target: `${request.method} ${request.url.split('?')[0] ?? ''}`,
        reason: cause,
        ip: request.ip,
      });
    } catch (error) {
      deps.logger.error({ err: error }, 'A refused staff request could not be written to the audit log');
    }
    throw new RefusalError(refused);
  }

  /** The staff member behind the request if their role is one of `roles`; throws a 403 refusal otherwise. */
  async function authorize(request: StaffRequest, roles: readonly StaffRole[]): Promise<StaffContext> {
    const authenticated = await deps.authenticate(request.headers.authorization);
    if (!authenticated.ok) return refuse(request, ANONYMOUS_ACTOR, null, 'no_token', refusal('session_expired'));
    const { userId, sessionId } = authenticated.value;
    const role = await roleOf(db, userId);
    if (!role) return refuse(request, userId, null, 'not_staff', refusal('not_staff'));
    const account = await frozenAtOf(db, userId);
    if (!account || account.frozenAt !== null) return refuse(request, userId, role, 'staff_frozen', refusal('staff_frozen'));
    if (!roles.includes(role)) return refuse(request, userId, role, 'wrong_role', refusal('wrong_role', { role }));
    const enabledAt = await twoFactorEnabledAt(db, userId);
    if (enabledAt === null) {
      if (deps.requireTwoFactor) return refuse(request, userId, role, 'two_factor_missing', refusal('staff_needs_two_factor'));
    } else {
      const session = await sessionOf(db, sessionId, userId);
      // Opened before two-factor was turned on: sign-in did not ask for the code.
      if (!session || session.createdAt < enabledAt)
        return refuse(request, userId, role, 'two_factor_step', refusal('staff_sign_in_again'));
    }
    return { userId, sessionId, role, ip: request.ip };
  }

  return { authorize };
}

export type StaffAccess = ReturnType<typeof createStaffAccess>;
