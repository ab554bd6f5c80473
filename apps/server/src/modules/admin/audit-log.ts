/**
 * The audit log lives in `audit-log.repo.ts` (decision 039: SQL only in
 * repositories); this name stays so that its many importers need not change.
 */
import type { StaffRole } from '@shifumi/protocol';
import type { Executor } from '../../infra/db/database';
import { appendAudit, type AuditRecord } from './audit-log.repo';

export { ANONYMOUS_ACTOR, CLI_ACTOR, appendAudit, auditValue, queryAudit, type AuditRecord } from './audit-log.repo';

/** The staff member an action is recorded for: who, in which role, from where. */
export interface AuditedStaff {
  userId: string;
  role: StaffRole;
  ip: string;
}

/** Appends the record of an action a staff member took (actor, role and IP address from `staff`). */
export function appendStaffAudit(
  db: Executor,
  staff: AuditedStaff,
  record: Omit<AuditRecord, 'actor' | 'role' | 'ip'>,
): Promise<void> {
  return appendAudit(db, { actor: staff.userId, role: staff.role, ip: staff.ip, ...record });
}
