/** The console's staff and audit pages: who I am, grant and revoke a role (audited), the audit log. */
import { auditQuerySchema, staffRoleSchema, type AuditResponse, type StaffMeResponse } from '@shifumi/protocol';
import { z } from 'zod';
import { parseInput } from '../validation';
import { notFound, ROLES, type AdminPage } from './admin-answers';

const staffChangeSchema = z.object({ email: z.string().trim().min(3).max(254), role: staffRoleSchema }).strict();
const staffRevokeSchema = z.object({ email: z.string().trim().min(3).max(254) }).strict();

export const staffRoutes: AdminPage = (app, { admin }, authorize) => {
  app.get('/admin/me', async (request): Promise<StaffMeResponse> => {
    const staff = await authorize(request, ROLES.read);
    return admin.pages.staff.me(staff);
  });

  app.get('/admin/audit', async (request): Promise<AuditResponse> => {
    await authorize(request, ROLES.readAudit);
    return { entries: await admin.pages.audit.query(parseInput(auditQuerySchema, request.query)) };
  });

  app.post('/admin/staff/grant', async (request) => {
    const staff = await authorize(request, ROLES.manageStaff);
    const { email, role } = parseInput(staffChangeSchema, request.body);
    const change = await admin.pages.staff.grant(email, role, staff);
    if (!change.ok) notFound('player_not_found');
    return { userId: change.userId, role: change.after };
  });

  app.post('/admin/staff/revoke', async (request) => {
    const staff = await authorize(request, ROLES.manageStaff);
    const { email } = parseInput(staffRevokeSchema, request.body);
    const change = await admin.pages.staff.revoke(email, staff);
    if (!change.ok) notFound('player_not_found');
    return { userId: change.userId, role: null };
  });
};
