/** The console's stuck-work page: the list, take a game over, fail and refund a withdrawal, credit a deposit now. */
import {
  ADMIN_TEXTS,
  depositIdParamsSchema,
  gameIdParamsSchema,
  withdrawalIdParamsSchema,
  type StuckResponse,
} from '@shifumi/protocol';
import { parseInput } from '../validation';
import { notFound, refusedBy, ROLES, type AdminPage } from './admin-answers';

export const stuckRoutes: AdminPage = (app, { admin }, authorize) => {
  app.get('/admin/stuck', async (request): Promise<StuckResponse> => {
    await authorize(request, ROLES.read);
    return { items: await admin.stuck.list() };
  });

  app.post('/admin/stuck/games/:gameId/take-over', async (request) => {
    const staff = await authorize(request, ROLES.takeOverGame);
    const { gameId } = parseInput(gameIdParamsSchema, request.params);
    return admin.stuck.takeOverGames(staff, gameId);
  });

  app.post('/admin/stuck/withdrawals/:id/fail-and-refund', async (request) => {
    const staff = await authorize(request, ROLES.failAndRefund);
    const { id } = parseInput(withdrawalIdParamsSchema, request.params);
    const outcome = await admin.stuck.failAndRefund(staff, id);
    if (!outcome.found) notFound('withdrawal_not_found');
    if ('refused' in outcome) refusedBy(outcome);
    return { changed: outcome.changed };
  });

  // "Credit now" for a deposit seen and not credited past its confirmations: checked on the chain, credited once (404 unknown; otherwise `changed` and, when nothing moved, why).
  app.post('/admin/stuck/deposits/:id/credit', async (request) => {
    const staff = await authorize(request, ROLES.creditDeposit);
    const { id } = parseInput(depositIdParamsSchema, request.params);
    const credit = await admin.stuck.creditDeposit(staff, id);
    if ('refused' in credit) refusedBy(credit);
    const { outcome, changed } = credit;
    if (outcome === 'not_found') notFound('deposit_not_found');
    const why = {
      not_on_chain: ADMIN_TEXTS.depositNotOnChain,
      not_confirmed: ADMIN_TEXTS.depositNotConfirmed,
      unavailable: ADMIN_TEXTS.depositCreditUnavailable,
      already: undefined,
      credited: undefined,
    }[outcome];
    return why === undefined ? { changed } : { changed, message: why };
  });
};
