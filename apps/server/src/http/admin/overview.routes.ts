/** The console's overview page: the figures, the ledger check on demand, the mail outbox, proof of solvency (issue 28). */
import {
  adminMailsQuerySchema,
  reserveSignatureRequestSchema,
  type AdminMailsResponse,
  type AdminOverview,
  type SolvencySnapshot,
} from '@shifumi/protocol';
import { refusal, RefusalError } from '../../shared/result';
import { parseInput } from '../validation';
import { ROLES, type AdminPage } from './admin-answers';

export const overviewRoutes: AdminPage = (app, options, authorize) => {
  const { admin } = options;

  app.get('/admin/overview', async (request): Promise<AdminOverview> => {
    await authorize(request, ROLES.read);
    return admin.overview.overview();
  });

  app.post('/admin/ledger-check', async (request) => {
    const staff = await authorize(request, ROLES.runLedgerCheck);
    const report = await admin.overview.runLedgerCheck(staff.userId);
    return { ok: report.ok, problems: report.problems };
  });

  // Issue 28: a solvency snapshot now, and an operator's signature for a cold reserve address (both audited in their transaction).
  app.post('/admin/solvency/snapshot', async (request): Promise<SolvencySnapshot> => {
    const staff = await authorize(request, ROLES.manageSolvency);
    if (!options.solvency) throw new RefusalError(refusal('solvency_snapshots_off'));
    return options.solvency.takeSnapshot({ userId: staff.userId, role: staff.role, ip: staff.ip });
  });

  app.post('/admin/solvency/reserve-signatures', async (request): Promise<SolvencySnapshot> => {
    const staff = await authorize(request, ROLES.manageSolvency);
    const body = parseInput(reserveSignatureRequestSchema, request.body);
    if (!options.solvency) throw new RefusalError(refusal('solvency_snapshots_off'));
    return options.solvency.addReserveSignature({ userId: staff.userId, role: staff.role, ip: staff.ip }, body);
  });

  // Issue 29: the mail outbox — what waits for SMTP and what was given up (no bodies: they carry one-time links).
  app.get('/admin/mails', async (request): Promise<AdminMailsResponse> => {
    await authorize(request, ROLES.read);
    const { status } = parseInput(adminMailsQuerySchema, request.query);
    return { mails: await admin.pages.mails.list(status) };
  });
};
