/** The console's withdrawals page: the list by status, approve and reject (four eyes, in the review module). */
import {
  adminWithdrawalsQuerySchema,
  staffReasonRequestSchema,
  withdrawalIdParamsSchema,
  type AdminWithdrawalDecision,
  type AdminWithdrawalsResponse,
} from '@shifumi/protocol';
import { parseInput } from '../validation';
import { decisionAnswer, ROLES, type AdminPage } from './admin-answers';

export const withdrawalsRoutes: AdminPage = (app, { admin }, authorize) => {
  app.get('/admin/withdrawals', async (request): Promise<AdminWithdrawalsResponse> => {
    await authorize(request, ROLES.read);
    const { status } = parseInput(adminWithdrawalsQuerySchema, request.query);
    return { withdrawals: await admin.pages.withdrawals.list(status) };
  });

  app.post('/admin/withdrawals/:id/approve', async (request): Promise<AdminWithdrawalDecision> => {
    const staff = await authorize(request, ROLES.decideWithdrawal);
    const { id } = parseInput(withdrawalIdParamsSchema, request.params);
    return decisionAnswer(await admin.review.approve(id, staff));
  });

  app.post('/admin/withdrawals/:id/reject', async (request): Promise<AdminWithdrawalDecision> => {
    const staff = await authorize(request, ROLES.decideWithdrawal);
    const { id } = parseInput(withdrawalIdParamsSchema, request.params);
    const { reason } = parseInput(staffReasonRequestSchema, request.body);
    return decisionAnswer(await admin.review.reject(id, reason, staff));
  });
};
