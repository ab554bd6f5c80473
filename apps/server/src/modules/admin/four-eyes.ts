/**
 * Issue 23 (decision 029): four eyes on staff actions. Staff are users too:
 * nobody decides on their own account or case (their withdrawal, a flag that
 * names them, their freeze, their sessions, a deposit to them), and an account
 * holding a staff role is acted on by an `admin` only.
 *
 * Each action calls `fourEyesRefusal` inside its own transaction, after it
 * locked the row it changes, so that what it checked is what it changes. A
 * refusal changes nothing and is appended to the audit log on its own
 * (`<action>.refused`, the rule as its reason), like a refused request.
 */
import { fourEyesRefusalFor, type FourEyesRefusal, type StaffRole } from '@shifumi/protocol';
import type { Executor } from '../../infra/db/database';
import type { Logger } from '../../shared/logger';
import { appendAudit } from './audit-log';
import { rolesOf } from './staff.repo';

/** The actions the rules guard (each has its refusal text in ADMIN_TEXTS.ownCase). */
export type GuardedAction =
  'approve' | 'reject' | 'resolveFlag' | 'freeze' | 'unfreeze' | 'revokeSessions' | 'creditDeposit' | 'failAndRefund';

/** A refused action: which one, and which rule refused it. */
export interface FourEyesRefused {
  refused: FourEyesRefusal;
  action: GuardedAction;
}

/** Why `staff` may not act on the case of these accounts (the owners of the money or the accounts a flag names), or undefined. */
export async function fourEyesRefusal(
  tx: Executor,
  staff: { userId: string; role: StaffRole },
  owners: ReadonlyArray<string | null>,
): Promise<FourEyesRefusal | undefined> {
  const ids = [...new Set(owners.filter((id): id is string => id !== null))];
  if (ids.length === 0) return undefined;
  const roles = await rolesOf(tx, ids);
  const roleOf = new Map(roles.map((row) => [row.userId, row.role]));
  return fourEyesRefusalFor(
    staff,
    ids.map((userId) => ({ userId, role: roleOf.get(userId) ?? null })),
  );
}

/** The audit record of a refused action (written after the refusing transaction; a failure to write it is logged, never answered). */
export async function auditRefusal(
  db: Executor,
  logger: Logger | undefined,
  staff: { userId: string; role: StaffRole; ip: string },
  record: { action: string; target: string; refused: FourEyesRefusal; at: Date },
): Promise<void> {
  try {
    await appendAudit(db, {
      actor: staff.userId,
      role: staff.role,
      action: `${record.action}.refused`,
      target: record.target,
      reason: record.refused,
      ip: staff.ip,
      at: record.at,
    });
  } catch (error) {
    logger?.error(
      { err: error, action: record.action, target: record.target },
      'A refused staff action could not be written to the audit log',
    );
  }
}
