/**
 * Issue 18: collusion rules. Each finding is a flag with its evidence for a
 * human (never an automatic confiscation); `dedupe_key` keeps a rule that
 * runs again from flagging the same finding twice. The rules read finished
 * games and sessions, and run after every settled game (for its pair and two
 * players, `scanAfterGames`, through the game service's `onSettled`), on a
 * schedule and on demand.
 *
 * - `round_streak`: one player won 8 or more rounds in a row against the same
 *   opponent without a draw — counted round by round over consecutive games
 *   between them from the rounds each game stored (`state.rounds`); a game
 *   stored before the rounds were kept counts only when the winner took it
 *   with the loser at 0 and no drawn round (the only such games whose rounds
 *   are known to be all wins one way), any other breaks the streak;
 * - `winnings_concentration`: over at least 10 games, more than half of an
 *   account's net winnings come from one opponent;
 * - `timeout_losses`: 3 or more games lost by leaving or disconnecting
 *   against the same opponent;
 * - `shared_ip_opponents`: two accounts signed in from one IP within 24 h
 *   played each other (a shared IP alone flags nothing: carrier NAT, offices);
 * - `linked_accounts`: one browser signed into both, or one withdrawing to an
 *   address the other deposited from (matchmaking never pairs them either);
 * - `new_account_drained`: an account under 24 h old deposited and lost all it
 *   had to one account within 24 h (that account's withdrawals then wait in
 *   review: an open flag sends them there).
 */
import type { Database, Executor } from '../../infra/db/database';
import type { Clock } from '../../shared/clock';
import { appendAudit, auditValue } from './audit-log';
import { auditRefusal, fourEyesRefusal, type FourEyesRefused } from './four-eyes';
import type { Logger } from '../../shared/logger';
import type { StaffContext } from './staff-access';
import type { Finding } from './collusion-finding';
import { linkedFindings } from './linked-accounts';
import { storedRounds } from './stored-rounds';
import * as repo from './collusion.repo';
import type { FinishedGame } from './collusion.repo';

export const STREAK_ROUNDS = 8;
export const CONCENTRATION_MIN_GAMES = 10;
export const TIMEOUT_LOSSES = 3;
const DAY_MS = 86_400_000;

export type { Finding } from './collusion-finding';

const pairKey = (a: string, b: string) => (a < b ? `${a}:${b}` : `${b}:${a}`);

/** Pure: the rules over games (oldest first). Exported for tests on crafted games. */
export function gameFindings(gamesOldestFirst: readonly FinishedGame[]): Finding[] {
  const findings: Finding[] = [];
  // Round streaks and timeouts, per pair.
  const streaks = new Map<string, { winner: string; rounds: number; games: string[]; startRound: number }>();
  const timeouts = new Map<string, string[]>();
  const perUser: NetByOpponent = new Map();
  for (const game of gamesOldestFirst) {
    const pair = pairKey(game.player1_id, game.player2_id);
    const scores = game.state?.players ?? [];
    const winner = game.winner_id;
    const loser = winner === game.player1_id ? game.player2_id : winner === game.player2_id ? game.player1_id : null;
    const rounds = storedRounds(game.state, game.player1_id, game.player2_id);
    if (rounds !== undefined) {
      // Rounds stored (issue 17): every round counts, in order; a draw ends the streak, a round the other way starts theirs.
      for (const round of rounds) {
        if (round.winnerId === 'draw' || (round.winnerId !== game.player1_id && round.winnerId !== game.player2_id)) {
          streaks.delete(pair);
          continue;
        }
        const current = streaks.get(pair);
        if (current && current.winner === round.winnerId) {
          current.rounds += 1;
          if (current.games.at(-1) !== game.id) current.games.push(game.id);
        } else {
          streaks.set(pair, { winner: round.winnerId, rounds: 1, games: [game.id], startRound: round.round });
        }
      }
    } else {
      // A game stored before its rounds were kept: only a clean win (the loser at 0, as many rounds as the winner's score) is known round by round.
      const winnerScore = scores.find((player) => player.id === winner)?.score ?? 0;
      const loserScore = scores.find((player) => player.id === loser)?.score ?? -1;
      const clean = winner !== null && loser !== null && loserScore === 0 && game.state?.round === winnerScore && winnerScore > 0;
      const current = streaks.get(pair);
      if (clean && current && current.winner === winner) {
        current.rounds += winnerScore;
        current.games.push(game.id);
      } else if (clean) {
        streaks.set(pair, { winner: winner, rounds: winnerScore, games: [game.id], startRound: 1 });
      } else {
        streaks.delete(pair);
      }
    }
    const streak = streaks.get(pair);
    const streakLoser = streak ? (streak.winner === game.player1_id ? game.player2_id : game.player1_id) : null;
    if (streak && streak.rounds >= STREAK_ROUNDS && streakLoser) {
      findings.push({
        rule: 'round_streak',
        userId: streak.winner,
        otherUserId: streakLoser,
        evidence: { rounds: streak.rounds, games: [...streak.games] },
        dedupeKey: `round_streak:${streak.winner}:${streakLoser}:${streak.games[0]}${streak.startRound > 1 ? `:r${streak.startRound}` : ''}`,
      });
    }
    if (loser && winner && (game.end_reason === 'forfeit-disconnect' || game.end_reason === 'forfeit-leave')) {
      const key = `${loser}>${winner}`;
      const list = timeouts.get(key) ?? [];
      list.push(game.id);
      timeouts.set(key, list);
    }
    const stake = BigInt(game.stake_wei);
    for (const [self, other] of [
      [game.player1_id, game.player2_id],
      [game.player2_id, game.player1_id],
    ] as const) {
      const entry = perUser.get(self) ?? { games: 0, net: new Map<string, bigint>() };
      entry.games += 1;
      const delta = winner === self ? stake : winner === other ? -stake : 0n;
      entry.net.set(other, (entry.net.get(other) ?? 0n) + delta);
      perUser.set(self, entry);
    }
  }
  for (const [key, gameIds] of timeouts) {
    if (gameIds.length < TIMEOUT_LOSSES) continue;
    const [loser, winner] = key.split('>') as [string, string];
    findings.push({
      rule: 'timeout_losses',
      userId: winner,
      otherUserId: loser,
      evidence: { losses: gameIds.length, games: gameIds },
      dedupeKey: `timeout_losses:${winner}:${loser}`,
    });
  }
  findings.push(...concentrationFindings(perUser));
  return findings;
}

/** Each player's finished games and net winnings by opponent. */
export type NetByOpponent = Map<string, { games: number; net: Map<string, bigint> }>;

/** Pure: `winnings_concentration` — over at least 10 games, more than half of a player's net winnings from one opponent. */
export function concentrationFindings(perUser: NetByOpponent): Finding[] {
  const findings: Finding[] = [];
  for (const [userId, entry] of perUser) {
    if (entry.games < CONCENTRATION_MIN_GAMES) continue;
    let total = 0n;
    for (const net of entry.net.values()) total += net;
    if (total <= 0n) continue;
    for (const [opponent, net] of entry.net) {
      if (net * 2n > total) {
        findings.push({
          rule: 'winnings_concentration',
          userId,
          otherUserId: opponent,
          evidence: { games: entry.games, netWinningsWei: total.toString(), fromOpponentWei: net.toString() },
          dedupeKey: `winnings_concentration:${userId}:${opponent}`,
        });
      }
    }
  }
  return findings;
}

/** The database's per-opponent sums (`netByOpponent`) as `concentrationFindings` reads them. */
async function concentrationOf(db: Executor, players: readonly string[]): Promise<Finding[]> {
  const perUser: NetByOpponent = new Map();
  for (const row of await repo.netByOpponent(db, players)) {
    const entry = perUser.get(row.user_id) ?? { games: 0, net: new Map<string, bigint>() };
    entry.games += row.games;
    entry.net.set(row.other_id, BigInt(row.net));
    perUser.set(row.user_id, entry);
  }
  return concentrationFindings(perUser);
}

async function sharedIpFindings(db: Executor, among?: readonly string[]): Promise<Finding[]> {
  return sharedIpFindingsOf(await repo.sharedIpOpponents(db, among));
}

function sharedIpFindingsOf(rows: ReadonlyArray<{ a: string; b: string; ip: string; game_id: string }>): Finding[] {
  return rows.map((row) => ({
    rule: 'shared_ip_opponents',
    userId: row.a,
    otherUserId: row.b,
    evidence: { ip: row.ip, game: row.game_id },
    dedupeKey: `shared_ip_opponents:${row.a}:${row.b}`,
  }));
}

/**
 * New accounts (< 24 h) that deposited and lost everything they had to one
 * account: the winner is flagged. Also the review policy's question for one
 * withdrawing account (`drainedBy`).
 */
async function drainedFindings(db: Executor, now: Date, winnerId?: string): Promise<Finding[]> {
  const since = new Date(now.getTime() - DAY_MS);
  const rows = await repo.drainedAccounts(db, since, winnerId);
  return rows.map((row) => ({
    rule: 'new_account_drained',
    userId: row.winner,
    otherUserId: row.loser,
    evidence: { lostWei: row.lost, depositedWei: row.deposited },
    dedupeKey: `new_account_drained:${row.winner}:${row.loser}`,
  }));
}

/** Stores new findings (known ones are skipped by their dedupe key); returns how many were new. */
export async function storeFindings(db: Executor, findings: readonly Finding[], now: Date): Promise<number> {
  return repo.insertFlags(
    db,
    findings.map((finding) => ({
      rule: finding.rule,
      userId: finding.userId,
      otherUserId: finding.otherUserId,
      evidence: auditValue(finding.evidence),
      dedupeKey: finding.dedupeKey,
      createdAt: now,
    })),
  );
}

/** The database's clock (the timestamps the rules read are the database's or the server's, which agree in production). */
export async function databaseNow(db: Executor): Promise<Date> {
  return new Date(await repo.databaseNowMs(db));
}

export function createCollusionRules(deps: { db: Database; clock: Clock; logger?: Logger }) {
  const { db, clock } = deps;
  const rules = {
    /** Runs every rule over the finished games and sessions; returns how many new flags. */
    async scan(): Promise<number> {
      const finished = await repo.finishedGames(db);
      const now = clock();
      const findings = [
        ...gameFindings(finished),
        ...(await sharedIpFindings(db)),
        ...(await drainedFindings(db, now)),
        ...(await linkedFindings(db)),
      ];
      return storeFindings(db, findings, now);
    },

    /**
     * After a game settled: the rules for its two players only — their games
     * (the per-pair rules over every pair they are in; the winnings
     * concentration for them alone, the others' games being partly read), the
     * shared IPs they signed in from, the new accounts they drained and their
     * links. Returns how many new flags.
     */
    async scanPlayers(players: readonly string[]): Promise<number> {
      if (players.length === 0) return 0;
      const now = clock();
      const involved = (finding: Finding) =>
        players.includes(finding.userId) || (finding.otherUserId !== null && players.includes(finding.otherUserId));
      // One transaction (one commit) for every rule and the flags it raises (issue 16: a game's commits).
      return db.transaction(async (tx) => {
        const finished = await repo.finishedGamesOf(tx, players);
        const findings = [
          ...gameFindings(finished).filter((finding) =>
            finding.rule === 'winnings_concentration' ? players.includes(finding.userId) : involved(finding),
          ),
          ...(await sharedIpFindings(tx, players)),
          ...(await drainedFindings(tx, now)).filter((finding) => players.includes(finding.userId)),
          ...(await linkedFindings(tx, players)),
        ];
        return storeFindings(tx, findings, now);
      });
    },

    /**
     * After games settled: the rules for each game's pair and its two players, reading no more than they need (issue
     * 30: this ran after every game and read every game of both players, their whole history, states included). The
     * pair's rules (`round_streak`, `timeout_losses`) over the pair's games only; the winnings concentration of the
     * players from the database's sums by opponent; the shared IP of each pair (a game changes no session: the
     * players' other partners are the schedule's); drained accounts and links as `scanPlayers`. A pair of other games
     * of theirs was checked after its own last game (and the schedule reads everything).
     */
    async scanAfterGames(pairs: ReadonlyArray<readonly [string, string]>): Promise<number> {
      if (pairs.length === 0) return 0;
      const players = [...new Set(pairs.flat())];
      const now = clock();
      return db.transaction(async (tx) => {
        const pairGames = await repo.finishedGamesOfPairs(tx, pairs);
        const findings = [
          ...gameFindings(pairGames).filter((finding) => finding.rule !== 'winnings_concentration'),
          ...(await concentrationOf(tx, players)),
          ...sharedIpFindingsOf(await repo.sharedIpOfPairs(tx, pairs)),
          ...(await drainedFindings(tx, now)).filter((finding) => players.includes(finding.userId)),
          ...(await linkedFindings(tx, players)),
        ];
        return storeFindings(tx, findings, now);
      });
    },

    /**
     * The rules for the players with anything a rule reads that changed after
     * `since` — a game ended, a session opened, a browser seen, a deposit
     * credited, a withdrawal asked for — instead of every player and every
     * game of the house (the schedule's pass after its first; issue 18's
     * "needs work"). At most 500 players per transaction.
     */
    async scanChangedSince(since: Date): Promise<number> {
      const at = since.toISOString();
      const rows = await repo.playersChangedSince(db, at);
      let added = 0;
      for (let index = 0; index < rows.length; index += 500) added += await rules.scanPlayers(rows.slice(index, index + 500));
      return added;
    },

    /** The review policy's check at withdrawal time: did this account just drain a new account? Flags it if so. */
    async drainedBy(tx: Executor, winnerId: string, now: Date): Promise<boolean> {
      const findings = await drainedFindings(tx, now, winnerId);
      if (findings.length === 0) return false;
      await storeFindings(tx, findings, now);
      return true;
    },

    /** Dismiss or confirm an open flag (once); refused (four eyes, issue 23) when it names the staff member, or a staff account and they are not admin. */
    async resolve(
      id: string,
      resolution: 'dismissed' | 'confirmed',
      note: string,
      staff: StaffContext,
    ): Promise<{ found: boolean; changed: boolean } | ({ found: true } & FourEyesRefused)> {
      const outcome = await db.transaction(async (tx) => {
        const flag = await repo.lockFlag(tx, id);
        if (!flag) return { found: false, changed: false };
        const refused = await fourEyesRefusal(tx, staff, [flag.user_id, flag.other_user_id]);
        if (refused) return { found: true as const, refused, action: 'resolveFlag' as const };
        if (flag.status !== 'open') return { found: true, changed: false };
        const now = clock();
        await repo.resolveFlag(tx, id, resolution, note, staff.userId, now);
        await appendAudit(tx, {
          actor: staff.userId,
          role: staff.role,
          action: `flag.${resolution === 'dismissed' ? 'dismiss' : 'confirm'}`,
          target: `flag:${id}`,
          before: { status: 'open' },
          after: { status: resolution },
          reason: note,
          ip: staff.ip,
          at: now,
        });
        return { found: true, changed: true };
      });
      if ('refused' in outcome && outcome.refused) {
        await auditRefusal(db, deps.logger, staff, {
          action: 'flag.resolve',
          target: `flag:${id}`,
          refused: outcome.refused,
          at: clock(),
        });
        return { found: true, refused: outcome.refused, action: 'resolveFlag' };
      }
      return { found: outcome.found, changed: 'changed' in outcome ? outcome.changed : false };
    },
  };
  return rules;
}

export type CollusionRules = ReturnType<typeof createCollusionRules>;
