/**
 * Issue 18: `/api/admin/*`, the operator's console. Every route first asks
 * `access.authorize` for the roles it allows (403 and an audit record
 * otherwise), parses its input with the protocol's schemas, and calls the
 * admin module. Which role may do what: README "Operator's console".
 */
import {
  ADMIN_TEXTS,
  STAFF_ACTION_ROLES,
  SOLVENCY_TEXTS,
  auditQuerySchema,
  adminMailsQuerySchema,
  type AdminMailsResponse,
  flagIdParamsSchema,
  flagsQuerySchema,
  resolveFlagRequestSchema,
  type FlagsResponse,
  type StuckResponse,
  adminWithdrawalsQuerySchema,
  gameIdParamsSchema,
  playerPageQuerySchema,
  playerSearchQuerySchema,
  staffReasonRequestSchema,
  staffRoleSchema,
  userIdParamsSchema,
  withdrawalIdParamsSchema,
  depositIdParamsSchema,
  reserveSignatureRequestSchema,
  type AdminOverview,
  type SolvencySnapshot,
  type AdminWithdrawalDecision,
  type AdminWithdrawalsResponse,
  type AuditResponse,
  type GamePage,
  type GamesListResponse,
  type PlayerPage,
  type PlayerSearchResponse,
  type StaffMeResponse,
  type StaffRole,
  type Transcript,
} from '@shifumi/protocol';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { flags, staffRoles, users } from '../infra/db/schema/index';
import { alias } from 'drizzle-orm/pg-core';
import { desc } from 'drizzle-orm';
import type { AdminConsole } from '../modules/admin/admin-console';
import { queryAudit } from '../modules/admin/audit-log';
import { evidenceGameIds, gamePage, gamesByIds, listGames } from '../modules/admin/games-admin';
import type { TranscriptSigner } from '../modules/fairness/signing-key';
import type { SolvencyService } from '../modules/solvency/solvency.service';
import { staffTranscriptFor } from '../modules/games/transcript';
import type { FourEyesRefused } from '../modules/admin/four-eyes';
import type { Decision } from '../modules/admin/withdrawal-review';
import { listWithdrawals } from '../modules/admin/withdrawal-review';
import { grantRole, revokeRole } from '../modules/admin/staff.repo';
import { listMails } from '../modules/mail/mail-outbox.repo';
import { RefusalError } from '../shared/result';
import { parseInput } from './validation';

const ROLES = STAFF_ACTION_ROLES;

const staffChangeSchema = z.object({ email: z.string().trim().min(3).max(254), role: staffRoleSchema }).strict();
const staffRevokeSchema = z.object({ email: z.string().trim().min(3).max(254) }).strict();
const gamesQuerySchema = z.object({ userId: z.uuid().optional(), status: z.enum(['playing', 'finished', 'refunded']).optional() }).strict();

function notFound(message: string): never {
  throw new RefusalError({ code: 'not_found', message });
}

/** A four-eyes refusal: 403 with the action's text (nothing changed; the module audited it). */
function refusedBy(outcome: FourEyesRefused): never {
  throw new RefusalError({ code: 'forbidden', message: outcome.refused === 'own_case' ? ADMIN_TEXTS.ownCase[outcome.action] : ADMIN_TEXTS.staffAccountAdminOnly });
}

function decisionAnswer(decision: Decision): AdminWithdrawalDecision {
  if (!decision.found) notFound(ADMIN_TEXTS.withdrawalNotFound);
  if (decision.refused) refusedBy(decision);
  return { withdrawal: decision.withdrawal, changed: decision.changed, approvals: decision.withdrawal.approvals };
}

export async function adminRoutes(
  app: FastifyInstance,
  options: { admin: AdminConsole; signer?: Pick<TranscriptSigner, 'sign'>; solvency?: Pick<SolvencyService, 'takeSnapshot' | 'addReserveSignature'> },
): Promise<void> {
  const { admin } = options;
  const { db } = admin;
  const authorize = (request: FastifyRequest, roles: readonly StaffRole[]) => admin.access.authorize(request, roles);
  const policy = { secondApprovalAboveWei: admin.secondApprovalAboveWei };

  app.get('/admin/me', async (request): Promise<StaffMeResponse> => {
    const staff = await authorize(request, ROLES.read);
    const [user] = await db.select({ name: users.name }).from(users).where(eq(users.id, staff.userId));
    return { userId: staff.userId, name: user?.name ?? '', role: staff.role };
  });

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
    if (!options.solvency) throw new RefusalError({ code: 'chain_not_configured', message: SOLVENCY_TEXTS.server.snapshotsOff });
    return options.solvency.takeSnapshot({ userId: staff.userId, role: staff.role, ip: staff.ip });
  });

  app.post('/admin/solvency/reserve-signatures', async (request): Promise<SolvencySnapshot> => {
    const staff = await authorize(request, ROLES.manageSolvency);
    const body = parseInput(reserveSignatureRequestSchema, request.body);
    if (!options.solvency) throw new RefusalError({ code: 'chain_not_configured', message: SOLVENCY_TEXTS.server.snapshotsOff });
    return options.solvency.addReserveSignature({ userId: staff.userId, role: staff.role, ip: staff.ip }, body);
  });

  // Issue 29: the mail outbox — what waits for SMTP and what was given up (no bodies: they carry one-time links).
  app.get('/admin/mails', async (request): Promise<AdminMailsResponse> => {
    await authorize(request, ROLES.read);
    const { status } = parseInput(adminMailsQuerySchema, request.query);
    const rows = await listMails(db, status, 200);
    return {
      mails: rows.map((row) => ({
        ...row,
        createdAt: row.createdAt.toISOString(),
        nextAttemptAt: row.nextAttemptAt.toISOString(),
        sentAt: row.sentAt?.toISOString() ?? null,
        failedAt: row.failedAt?.toISOString() ?? null,
      })),
    };
  });

  app.get('/admin/withdrawals', async (request): Promise<AdminWithdrawalsResponse> => {
    await authorize(request, ROLES.read);
    const { status } = parseInput(adminWithdrawalsQuerySchema, request.query);
    return { withdrawals: await listWithdrawals(db, { status }, policy) };
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

  app.get('/admin/players', async (request): Promise<PlayerSearchResponse> => {
    await authorize(request, ROLES.read);
    const { q } = parseInput(playerSearchQuerySchema, request.query);
    return { players: await admin.players.search(q) };
  });

  app.get('/admin/players/:userId', async (request): Promise<PlayerPage> => {
    await authorize(request, ROLES.read);
    const { userId } = parseInput(userIdParamsSchema, request.params);
    const { entriesBefore } = parseInput(playerPageQuerySchema, request.query);
    return (await admin.players.page(userId, entriesBefore)) ?? notFound(ADMIN_TEXTS.playerNotFound);
  });

  for (const action of ['freeze', 'unfreeze', 'revoke-sessions'] as const) {
    app.post(`/admin/players/:userId/${action}`, async (request) => {
      const staff = await authorize(request, ROLES.actOnPlayer);
      const { userId } = parseInput(userIdParamsSchema, request.params);
      const { reason } = parseInput(staffReasonRequestSchema, request.body);
      const change =
        action === 'freeze'
          ? await admin.players.freeze(userId, reason, staff)
          : action === 'unfreeze'
            ? await admin.players.unfreeze(userId, reason, staff)
            : await admin.players.revokeSessions(userId, reason, staff);
      if (!change.found) notFound(ADMIN_TEXTS.playerNotFound);
      if (change.refused) refusedBy(change);
      return { changed: change.changed };
    });
  }

  app.get('/admin/games', async (request): Promise<GamesListResponse> => {
    await authorize(request, ROLES.read);
    const filter = parseInput(gamesQuerySchema, request.query);
    return { games: await listGames(db, filter) };
  });

  app.get('/admin/games/:gameId', async (request): Promise<GamePage> => {
    await authorize(request, ROLES.read);
    const { gameId } = parseInput(gameIdParamsSchema, request.params);
    return (await gamePage(db, gameId)) ?? notFound(ADMIN_TEXTS.gameNotFound);
  });

  // The signed transcript of an ended game (issue 17), as its players get it; 404 for a game unknown or still in play.
  app.get('/admin/games/:gameId/transcript', async (request): Promise<Transcript> => {
    await authorize(request, ROLES.read);
    const { gameId } = parseInput(gameIdParamsSchema, request.params);
    const transcript = options.signer ? await staffTranscriptFor(db, options.signer, gameId) : undefined;
    return transcript ?? notFound(ADMIN_TEXTS.gameNotFound);
  });

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
    if (!outcome.found) notFound(ADMIN_TEXTS.withdrawalNotFound);
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
    if (outcome === 'not_found') notFound(ADMIN_TEXTS.depositNotFound);
    const why = { not_on_chain: ADMIN_TEXTS.depositNotOnChain, not_confirmed: ADMIN_TEXTS.depositNotConfirmed, unavailable: ADMIN_TEXTS.depositCreditUnavailable, already: undefined, credited: undefined }[outcome];
    return why === undefined ? { changed } : { changed, message: why };
  });

  app.get('/admin/flags', async (request): Promise<FlagsResponse> => {
    await authorize(request, ROLES.read);
    const { status } = parseInput(flagsQuerySchema, request.query);
    const other = alias(users, 'other_user');
    const role = alias(staffRoles, 'user_role');
    const otherRole = alias(staffRoles, 'other_user_role');
    const rows = await db
      .select({ flag: flags, userName: users.name, otherUserName: other.name, userRole: role.role, otherUserRole: otherRole.role })
      .from(flags)
      .innerJoin(users, eq(users.id, flags.userId))
      .leftJoin(other, eq(other.id, flags.otherUserId))
      .leftJoin(role, eq(role.userId, flags.userId))
      .leftJoin(otherRole, eq(otherRole.userId, flags.otherUserId))
      .where(eq(flags.status, status))
      .orderBy(desc(flags.createdAt))
      .limit(200);
    // Issue 26: the games the evidence names, read once for the whole page.
    const named = await gamesByIds(db, rows.flatMap(({ flag }) => evidenceGameIds(flag.evidence)));
    const gameById = new Map(named.map((game) => [game.gameId, game]));
    return {
      flags: rows.map(({ flag, userName, otherUserName, userRole, otherUserRole }) => ({
        id: flag.id,
        rule: flag.rule,
        userId: flag.userId,
        userName,
        otherUserId: flag.otherUserId,
        otherUserName,
        userRole,
        otherUserRole,
        evidence: flag.evidence,
        games: evidenceGameIds(flag.evidence).flatMap((id) => gameById.get(id) ?? []),
        status: flag.status,
        note: flag.note,
        resolvedBy: flag.resolvedBy,
        createdAt: flag.createdAt.toISOString(),
      })),
    };
  });

  app.post('/admin/flags/scan', async (request) => {
    await authorize(request, ROLES.runCollusionRules);
    return { added: await admin.collusion.scan() };
  });

  app.post('/admin/flags/:id/resolve', async (request) => {
    const staff = await authorize(request, ROLES.resolveFlag);
    const { id } = parseInput(flagIdParamsSchema, request.params);
    const { resolution, note } = parseInput(resolveFlagRequestSchema, request.body);
    const outcome = await admin.collusion.resolve(id, resolution, note, staff);
    if (!outcome.found) notFound(ADMIN_TEXTS.flagNotFound);
    if ('refused' in outcome) refusedBy(outcome);
    return { changed: outcome.changed };
  });

  app.get('/admin/audit', async (request): Promise<AuditResponse> => {
    await authorize(request, ROLES.readAudit);
    return { entries: await queryAudit(db, parseInput(auditQuerySchema, request.query)) };
  });

  app.post('/admin/staff/grant', async (request) => {
    const staff = await authorize(request, ROLES.manageStaff);
    const { email, role } = parseInput(staffChangeSchema, request.body);
    const change = await grantRole(db, email, role, { actor: staff.userId, role: staff.role, ip: staff.ip, now: admin.clock() });
    if (!change.ok) notFound(ADMIN_TEXTS.playerNotFound);
    return { userId: change.userId, role: change.after };
  });

  app.post('/admin/staff/revoke', async (request) => {
    const staff = await authorize(request, ROLES.manageStaff);
    const { email } = parseInput(staffRevokeSchema, request.body);
    const change = await revokeRole(db, email, { actor: staff.userId, role: staff.role, ip: staff.ip, now: admin.clock() });
    if (!change.ok) notFound(ADMIN_TEXTS.playerNotFound);
    return { userId: change.userId, role: null };
  });
}
