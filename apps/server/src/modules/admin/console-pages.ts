/**
 * The console's read pages and staff changes that are not a use case of
 * their own (the overview, the review, players, stuck work and collusion
 * are): each a function the `/api/admin` routes call with parsed input, the
 * queries in repositories (console-pages.repo.ts, staff.repo.ts,
 * games-admin.ts, audit-log.ts, withdrawal-review.ts, the mail outbox's).
 */
import type {
  AdminMailsResponse,
  AuditEntry,
  AuditQuery,
  FlagsResponse,
  GameListItem,
  GamePage,
  MailStatus,
  StaffMeResponse,
  StaffRole,
  Transcript,
} from '@shifumi/protocol';
import type { Database } from '../../infra/db/database';
import type { Clock } from '../../shared/clock';
import type { TranscriptSigner } from '../fairness/signing-key';
import { staffTranscriptFor } from '../games/transcript';
import { listMails } from '../mail/mail-outbox.repo';
import { queryAudit } from './audit-log';
import { flagsWithPlayers, userNameOf } from './console-pages.repo';
import { evidenceGameIds, gamePage, gamesByIds, listGames } from './games-admin';
import { grantRole, revokeRole, type StaffChange } from './staff.repo';
import type { StaffContext } from './staff-access';
import { listWithdrawals } from './withdrawal-review';

/** How many rows a list page shows at most. */
const MAILS_PAGE = 200;
const FLAGS_PAGE = 200;

export interface ConsolePagesDeps {
  db: Database;
  clock: Clock;
  secondApprovalAboveWei: bigint;
  /** Signs the transcripts staff read (absent: no transcript is served). */
  signer?: Pick<TranscriptSigner, 'sign'>;
}

type FlagStatus = Parameters<typeof flagsWithPlayers>[1];
type WithdrawalStatus = NonNullable<Parameters<typeof listWithdrawals>[1]['status']>;
type Staff = Pick<StaffContext, 'userId' | 'role' | 'ip'>;

export function createConsolePages(deps: ConsolePagesDeps) {
  const { db, clock } = deps;
  const by = (staff: Staff) => ({ actor: staff.userId, role: staff.role, ip: staff.ip, now: clock() });
  return {
    staff: {
      async me(staff: Pick<StaffContext, 'userId' | 'role'>): Promise<StaffMeResponse> {
        return { userId: staff.userId, name: await userNameOf(db, staff.userId), role: staff.role };
      },
      grant: (email: string, role: StaffRole, staff: Staff): Promise<StaffChange> => grantRole(db, email, role, by(staff)),
      revoke: (email: string, staff: Staff): Promise<StaffChange> => revokeRole(db, email, by(staff)),
    },
    audit: {
      query: (query: AuditQuery): Promise<AuditEntry[]> => queryAudit(db, query),
    },
    /** Issue 29: the mail outbox — what waits for SMTP and what was given up (no bodies: they carry one-time links). */
    mails: {
      async list(status: MailStatus): Promise<AdminMailsResponse['mails']> {
        const rows = await listMails(db, status, MAILS_PAGE);
        return rows.map((row) => ({
          ...row,
          createdAt: row.createdAt.toISOString(),
          nextAttemptAt: row.nextAttemptAt.toISOString(),
          sentAt: row.sentAt?.toISOString() ?? null,
          failedAt: row.failedAt?.toISOString() ?? null,
        }));
      },
    },
    withdrawals: {
      list: (status: WithdrawalStatus | undefined) =>
        listWithdrawals(db, { status }, { secondApprovalAboveWei: deps.secondApprovalAboveWei }),
    },
    games: {
      list: (filter: Parameters<typeof listGames>[1]): Promise<GameListItem[]> => listGames(db, filter),
      page: (gameId: string): Promise<GamePage | undefined> => gamePage(db, gameId),
      /** The signed transcript of an ended game (issue 17), as its players get it; undefined for a game unknown or still in play. */
      transcript: async (gameId: string): Promise<Transcript | undefined> =>
        deps.signer ? staffTranscriptFor(db, deps.signer, gameId) : undefined,
    },
    flags: {
      async list(status: FlagStatus): Promise<FlagsResponse['flags']> {
        const rows = await flagsWithPlayers(db, status, FLAGS_PAGE);
        // Issue 26: the games the evidence names, read once for the whole page.
        const named = await gamesByIds(
          db,
          rows.flatMap(({ flag }) => evidenceGameIds(flag.evidence)),
        );
        const gameById = new Map(named.map((game) => [game.gameId, game]));
        return rows.map(({ flag, userName, otherUserName, userRole, otherUserRole }) => ({
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
        }));
      },
    },
  };
}

export type ConsolePages = ReturnType<typeof createConsolePages>;
