/**
 * Issue 18: the operator's console contract (`/api/admin/*`): staff roles,
 * request schemas, answers, and the texts staff and players read.
 */
import { z } from 'zod';
import { adminSolvencySchema } from './solvency';
import { CHOICES, STAFF_ROLES, type StaffRole } from './constants';
import { isPlainLine } from './text-rules';

export const staffRoleSchema = z.enum(STAFF_ROLES);

/**
 * Issue 23: which roles may take each console action — the one table the
 * server's routes authorize with and the console hides its buttons by (README
 * "Operator's console" says the same). Reading (`read`) is every role's.
 * On top of the role, the four-eyes rules (decision 029): nobody acts on their
 * own account or case, and an account holding a staff role is acted on by an
 * `admin` only.
 */
export const STAFF_ACTION_ROLES = {
  read: ['admin', 'finance', 'support'],
  runLedgerCheck: ['admin', 'finance'],
  decideWithdrawal: ['admin', 'finance'],
  actOnPlayer: ['admin', 'support'],
  runCollusionRules: ['admin', 'support'],
  resolveFlag: ['admin', 'support'],
  takeOverGame: ['admin', 'support'],
  failAndRefund: ['admin', 'finance'],
  creditDeposit: ['admin', 'finance'],
  // Issue 28: take a solvency snapshot now, store an operator's signature for a cold reserve address.
  manageSolvency: ['admin', 'finance'],
  readAudit: ['admin'],
  manageStaff: ['admin'],
} as const satisfies Record<string, readonly StaffRole[]>;
export type StaffAction = keyof typeof STAFF_ACTION_ROLES;

/** Whether `role` may take `action` (before the four-eyes rules, which depend on whose case it is). */
export function staffMay(role: StaffRole, action: StaffAction): boolean {
  return (STAFF_ACTION_ROLES[action] as readonly StaffRole[]).includes(role);
}

/** Why a staff member may not act on a case although their role allows the action: it is their own, or a staff account's and they are not admin. */
export const FOUR_EYES_REFUSALS = ['own_case', 'staff_account'] as const;
export type FourEyesRefusal = (typeof FOUR_EYES_REFUSALS)[number];

/**
 * The four-eyes rules as the console applies them before asking (the server
 * decides, inside the action's transaction): `own_case` when `staffUserId`
 * is one of `owners`, `staff_account` when an owner holds a staff role and
 * the actor is not admin.
 */
export function fourEyesRefusalFor(
  staff: { userId: string; role: StaffRole },
  owners: ReadonlyArray<{ userId: string; role: StaffRole | null } | null>,
): FourEyesRefusal | undefined {
  const named = owners.filter((owner): owner is { userId: string; role: StaffRole | null } => owner !== null);
  if (named.some((owner) => owner.userId === staff.userId)) return 'own_case';
  if (staff.role !== 'admin' && named.some((owner) => owner.role !== null)) return 'staff_account';
  return undefined;
}

/** Longest reason staff may give (freeze, reject, resolve a flag). */
export const STAFF_REASON_MAX_LENGTH = 500;

const reasonSchema = z
  .string({ error: 'A reason is required.' })
  .trim()
  .min(1, { error: 'A reason is required.' })
  .max(STAFF_REASON_MAX_LENGTH, { error: `The reason must be at most ${STAFF_REASON_MAX_LENGTH} characters.` })
  .refine(isPlainLine, { error: 'The reason must be one line of plain text.' });

/** Body of reject, freeze, unfreeze and revoke-sessions. */
export const staffReasonRequestSchema = z.object({ reason: reasonSchema }).strict();
export type StaffReasonRequest = z.infer<typeof staffReasonRequestSchema>;

const weiStringSchema = z.string().regex(/^-?\d+$/);
const uuidSchema = z.uuid();

/** `GET /api/admin/me`: who the console is open for. */
export const staffMeResponseSchema = z.object({ userId: z.string(), name: z.string(), role: staffRoleSchema });
export type StaffMeResponse = z.infer<typeof staffMeResponseSchema>;

export const auditQuerySchema = z
  .object({
    actor: z.string().trim().min(1).max(100).optional(),
    action: z.string().trim().min(1).max(100).optional(),
    target: z.string().trim().min(1).max(200).optional(),
    limit: z.coerce.number().int().min(1).max(500).default(100),
  })
  .strict();
export type AuditQuery = z.infer<typeof auditQuerySchema>;

export const auditEntrySchema = z.object({
  id: z.string(),
  at: z.iso.datetime(),
  actor: z.string(),
  role: z.string().nullable(),
  action: z.string(),
  target: z.string().nullable(),
  before: z.unknown(),
  after: z.unknown(),
  reason: z.string().nullable(),
  ip: z.string().nullable(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;
export const auditResponseSchema = z.object({ entries: z.array(auditEntrySchema) });
export type AuditResponse = z.infer<typeof auditResponseSchema>;

/** `GET /api/admin/overview`: solvency at the time of the request (wei as decimal strings). */
export const adminOverviewSchema = z.object({
  liabilitiesWei: weiStringSchema,
  /** Hot wallet + unswept deposit addresses, read from the chain now; null without a chain. */
  holdingsWei: weiStringSchema.nullable(),
  /** holdings − liabilities (negative: the house cannot pay everyone); null without a chain. */
  marginWei: weiStringSchema.nullable(),
  /** Game fees and withdrawal fees kept by the house. */
  feeIncomeWei: weiStringSchema,
  ledgerCheck: z.object({ ok: z.boolean().nullable(), at: z.iso.datetime().nullable() }),
  chainLagBlocks: z.number().int().nullable(),
  priceAgeSeconds: z.number().nullable(),
  /** True when holdings < liabilities or the last ledger check failed: the console shows it red. */
  alarm: z.boolean(),
  /** Issue 28: the latest solvency snapshot, its ratio and any reserve address without a valid signature; null before the first. */
  solvency: adminSolvencySchema.nullable(),
  /** Issue 29: the mail outbox — mails not yet handed to SMTP, and mails given up after a day. */
  mails: z.object({ waiting: z.number().int().nonnegative(), failed: z.number().int().nonnegative() }),
  /** Issue 29: this node does not reach the chain's RPC: deposits and withdrawals are delayed (since when). */
  chainDelayedSince: z.iso.datetime().nullable(),
});
export type AdminOverview = z.infer<typeof adminOverviewSchema>;

/** Issue 29: a mail's state in the outbox (decision 034). */
export const MAIL_STATUSES = ['waiting', 'sending', 'sent', 'failed'] as const;
export const mailStatusSchema = z.enum(MAIL_STATUSES);
export type MailStatus = z.infer<typeof mailStatusSchema>;

/** `GET /api/admin/mails?status=`: the newest mails of one state (default waiting). */
export const adminMailsQuerySchema = z.object({ status: mailStatusSchema.default('waiting') }).strict();

/** One mail of the outbox, without its body (bodies carry one-time links and are never shown). */
export const adminMailSchema = z.object({
  id: z.string(),
  recipient: z.string(),
  subject: z.string(),
  status: mailStatusSchema,
  attempts: z.number().int(),
  createdAt: z.iso.datetime(),
  nextAttemptAt: z.iso.datetime(),
  sentAt: z.iso.datetime().nullable(),
  failedAt: z.iso.datetime().nullable(),
  lastError: z.string().nullable(),
});
export type AdminMail = z.infer<typeof adminMailSchema>;
export const adminMailsResponseSchema = z.object({ mails: z.array(adminMailSchema) });
export type AdminMailsResponse = z.infer<typeof adminMailsResponseSchema>;

export const ADMIN_WITHDRAWAL_STATUSES = ['review', 'queued', 'sent', 'confirmed', 'failed', 'rejected'] as const;
export const adminWithdrawalsQuerySchema = z.object({ status: z.enum(ADMIN_WITHDRAWAL_STATUSES).default('review') }).strict();

export const adminWithdrawalSchema = z.object({
  id: z.string(),
  userId: z.string(),
  userName: z.string(),
  userEmail: z.string().nullable(),
  amountWei: weiStringSchema,
  feeWei: weiStringSchema,
  recipientAddress: z.string(),
  status: z.enum(ADMIN_WITHDRAWAL_STATUSES),
  reviewReason: z.string().nullable(),
  rejectReason: z.string().nullable(),
  reviewedBy: z.string().nullable(),
  txHash: z.string().nullable(),
  createdAt: z.iso.datetime(),
  /** Issue 23: the owner's staff role (null for a player): a staff account's withdrawal is decided by an admin only. */
  userRole: staffRoleSchema.nullable(),
  /** Approvals given so far (a row from before issue 23 counts its one reviewer). */
  approvals: z.number().int().nonnegative(),
  /** Approvals it needs to be sent: 2 above WITHDRAWAL_SECOND_APPROVAL_ABOVE_ETH, else 1. */
  approvalsRequired: z.number().int().positive(),
  /** Who approved it, oldest first: different staff members. */
  approvedBy: z.array(z.object({ userId: z.string(), name: z.string(), at: z.iso.datetime() })),
});
export type AdminWithdrawal = z.infer<typeof adminWithdrawalSchema>;
export const adminWithdrawalsResponseSchema = z.object({ withdrawals: z.array(adminWithdrawalSchema) });
export type AdminWithdrawalsResponse = z.infer<typeof adminWithdrawalsResponseSchema>;
/**
 * Approve / reject: the withdrawal as it is after the call, whether this call
 * changed it, and its approvals so far (issue 23: a first approval of a
 * withdrawal that needs two answers `changed: true`, the withdrawal still in
 * `review`, `approvals: 1`).
 */
export const adminWithdrawalDecisionSchema = z.object({
  withdrawal: adminWithdrawalSchema,
  changed: z.boolean(),
  approvals: z.number().int().nonnegative(),
});
export type AdminWithdrawalDecision = z.infer<typeof adminWithdrawalDecisionSchema>;

export const withdrawalIdParamsSchema = z.object({ id: uuidSchema }).strict();
export const depositIdParamsSchema = z.object({ id: uuidSchema }).strict();
export const userIdParamsSchema = z.object({ userId: uuidSchema }).strict();
export const gameIdParamsSchema = z.object({ gameId: uuidSchema }).strict();

export const playerSearchQuerySchema = z
  .object({ q: z.string().trim().min(1, { error: 'Type something to search for.' }).max(200) })
  .strict();
export const playerSummarySchema = z.object({
  userId: z.string(),
  name: z.string(),
  email: z.string().nullable(),
  walletAddress: z.string().nullable(),
  linkedAddress: z.string().nullable(),
  frozen: z.boolean(),
  createdAt: z.iso.datetime(),
  /** What matched: `email`, `name`, `deposit_address`, `wallet_address`, `user_id`, `tx_hash`. */
  matched: z.string(),
});
export type PlayerSummary = z.infer<typeof playerSummarySchema>;
export const playerSearchResponseSchema = z.object({ players: z.array(playerSummarySchema) });
export type PlayerSearchResponse = z.infer<typeof playerSearchResponseSchema>;

export const playerPageQuerySchema = z.object({ entriesBefore: z.coerce.number().int().positive().optional() }).strict();

export const playerPageSchema = z.object({
  player: z.object({
    userId: z.string(),
    name: z.string(),
    email: z.string().nullable(),
    emailVerified: z.boolean(),
    depositAddress: z.string().nullable(),
    linkedAddress: z.string().nullable(),
    createdAt: z.iso.datetime(),
    frozen: z.object({ at: z.iso.datetime(), reason: z.string() }).nullable(),
    role: staffRoleSchema.nullable(),
    referralCode: z.string(),
    referredBy: z.string().nullable(),
    twoFactorEnabled: z.boolean(),
  }),
  balanceWei: weiStringSchema,
  /** Newest first; `nextBefore` pages on. */
  ledgerEntries: z.array(
    z.object({
      id: z.string(),
      at: z.iso.datetime(),
      amountWei: weiStringSchema,
      balanceAfterWei: weiStringSchema,
      kind: z.string(),
      transferId: z.string(),
    }),
  ),
  nextBefore: z.string().nullable(),
  deposits: z.array(
    z.object({
      id: z.string(),
      txHash: z.string().nullable(),
      amountWei: weiStringSchema,
      status: z.string(),
      createdAt: z.iso.datetime(),
    }),
  ),
  withdrawals: z.array(adminWithdrawalSchema),
  games: z.array(
    z.object({
      gameId: z.string(),
      status: z.string(),
      opponentId: z.string(),
      opponentName: z.string(),
      stakeWei: weiStringSchema,
      winnerId: z.string().nullable(),
      createdAt: z.iso.datetime(),
    }),
  ),
  sessions: z.array(
    z.object({
      id: z.string(),
      createdAt: z.iso.datetime(),
      lastUsedAt: z.iso.datetime(),
      ip: z.string().nullable(),
      userAgent: z.string().nullable(),
      revokedAt: z.iso.datetime().nullable(),
    }),
  ),
  referrals: z.number().int(),
});
export type PlayerPage = z.infer<typeof playerPageSchema>;

/** One resolved round on a game's console page: each player's play (by user id), the round's winner (a user id or `draw`) and its times. */
export const adminGameRoundSchema = z.object({
  round: z.number().int().positive(),
  winnerId: z.string(),
  startedAt: z.iso.datetime().nullable(),
  deadline: z.iso.datetime().nullable(),
  plays: z.array(
    z.object({
      userId: z.string(),
      choice: z.enum(CHOICES).nullable(),
      mode: z.string().nullable(),
      lockedAt: z.iso.datetime().nullable(),
    }),
  ),
});
export type AdminGameRound = z.infer<typeof adminGameRoundSchema>;

export const gamePageSchema = z.object({
  game: z.object({
    gameId: z.string(),
    status: z.string(),
    stakeWei: z.string(),
    betUsd: z.number(),
    createdAt: z.iso.datetime(),
    endedAt: z.iso.datetime().nullable(),
    winnerId: z.string().nullable(),
  }),
  players: z.array(z.object({ userId: z.string(), name: z.string() })),
  /** Every resolved round the game stored (none for a game stored before rounds were kept: see `state`). */
  rounds: z.array(adminGameRoundSchema),
  /** The stored match state (scores, round, phase), as kept. */
  state: z.unknown(),
  transfers: z.array(
    z.object({
      id: z.string(),
      kind: z.string(),
      at: z.iso.datetime(),
      entries: z.array(z.object({ account: z.string(), amountWei: z.string() })),
    }),
  ),
});
export type GamePage = z.infer<typeof gamePageSchema>;
/** Issue 26: a game of a list (the console's Games, a flag's evidence): with its two players, for who played and who won. */
export const gameListItemSchema = gamePageSchema.shape.game.extend({
  players: z.array(z.object({ userId: z.string(), name: z.string() })),
});
export type GameListItem = z.infer<typeof gameListItemSchema>;
export const gamesListResponseSchema = z.object({ games: z.array(gameListItemSchema) });
export type GamesListResponse = z.infer<typeof gamesListResponseSchema>;

export const FLAG_STATUSES = ['open', 'dismissed', 'confirmed'] as const;
export const flagsQuerySchema = z.object({ status: z.enum(FLAG_STATUSES).default('open') }).strict();
export const flagSchema = z.object({
  id: z.string(),
  rule: z.string(),
  userId: z.string(),
  userName: z.string(),
  otherUserId: z.string().nullable(),
  otherUserName: z.string().nullable(),
  /** Issue 23: the staff roles of the accounts it names (null for players): a flag naming a staff account is resolved by an admin only. */
  userRole: staffRoleSchema.nullable(),
  otherUserRole: staffRoleSchema.nullable(),
  evidence: z.unknown(),
  /** Issue 26: the games the evidence names, with their date, stake, players and result (absent: none). */
  games: z.array(gameListItemSchema).optional(),
  status: z.enum(FLAG_STATUSES),
  note: z.string().nullable(),
  resolvedBy: z.string().nullable(),
  createdAt: z.iso.datetime(),
});
export type Flag = z.infer<typeof flagSchema>;
export const flagsResponseSchema = z.object({ flags: z.array(flagSchema) });
export type FlagsResponse = z.infer<typeof flagsResponseSchema>;
export const flagIdParamsSchema = z.object({ id: uuidSchema }).strict();
export const resolveFlagRequestSchema = z.object({ resolution: z.enum(['dismissed', 'confirmed']), note: reasonSchema }).strict();
export type ResolveFlagRequest = z.infer<typeof resolveFlagRequestSchema>;

export const stuckItemSchema = z.object({
  kind: z.enum(['game_overdue', 'withdrawal_unmined', 'withdrawal_nonce_taken', 'deposit_uncredited', 'sweep_failed']),
  id: z.string(),
  since: z.iso.datetime(),
  detail: z.string(),
  actions: z.array(z.enum(['take_over', 'fail_and_refund', 'credit_now'])),
  /** Issue 23: whose money it is (a withdrawal's or deposit's owner), with their staff role; null for a game. */
  owner: z.object({ userId: z.string(), role: staffRoleSchema.nullable() }).nullable(),
});
export type StuckItem = z.infer<typeof stuckItemSchema>;
export const stuckResponseSchema = z.object({ items: z.array(stuckItemSchema) });
export type StuckResponse = z.infer<typeof stuckResponseSchema>;

/** `POST /api/account/device`: the random id the web app keeps for this browser (linked accounts are never matched). */
export const DEVICE_ID_PATTERN = /^[A-Za-z0-9_-]{16,64}$/;
export const deviceReportSchema = z
  .object({
    deviceId: z.string({ error: 'The device id is missing.' }).regex(DEVICE_ID_PATTERN, { error: 'The device id is not valid.' }),
  })
  .strict();

export { ADMIN_TEXTS } from './admin-texts';
