/**
 * What every page of `/api/admin` shares: the console it calls, how a route
 * asks for the roles it allows, and how a refusal or a decision is answered.
 */
import { STAFF_ACTION_ROLES, type AdminWithdrawalDecision, type StaffRole } from '@shifumi/protocol';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AdminConsole } from '../../modules/admin/admin-console';
import type { FourEyesRefused } from '../../modules/admin/four-eyes';
import type { StaffContext } from '../../modules/admin/staff-access';
import type { Decision } from '../../modules/admin/withdrawal-review';
import type { SolvencyService } from '../../modules/solvency/solvency.service';
import { refusal, RefusalError, type RefusalCode } from '../../shared/result';

export const ROLES = STAFF_ACTION_ROLES;

export interface AdminRouteOptions {
  admin: AdminConsole;
  solvency?: Pick<SolvencyService, 'takeSnapshot' | 'addReserveSignature'>;
}

/** One console page's routes, registered on the `/api` scope. */
export type AdminPage = (app: FastifyInstance, options: AdminRouteOptions, authorize: Authorize) => void;

/** 403 and an audit record unless the request's staff member has one of `roles`. */
export type Authorize = (request: FastifyRequest, roles: readonly StaffRole[]) => Promise<StaffContext>;

export function notFound(code: Extract<RefusalCode, `${string}_not_found`>): never {
  throw new RefusalError(refusal(code));
}

/** A four-eyes refusal: 403 with the action's text (nothing changed; the module audited it). */
export function refusedBy(outcome: FourEyesRefused): never {
  throw new RefusalError(
    outcome.refused === 'own_case' ? refusal('own_case', { action: outcome.action }) : refusal('staff_account_admin_only'),
  );
}

export function decisionAnswer(decision: Decision): AdminWithdrawalDecision {
  if (!decision.found) notFound('withdrawal_not_found');
  if (decision.refused) refusedBy(decision);
  return { withdrawal: decision.withdrawal, changed: decision.changed, approvals: decision.withdrawal.approvals };
}
