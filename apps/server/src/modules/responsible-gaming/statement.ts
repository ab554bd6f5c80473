/**
 * Statements (issue 19): every ledger movement of a player's account in a
 * period, oldest first, with the running balance the ledger itself recorded
 * (each entry's balance after), so the statement can never disagree with it.
 */
import { formatEth, formatUsd, weiToUsdCents } from '@shifumi/money';
import {
  STATEMENT_CSV_FIELDS,
  STATEMENT_DEFAULT_DAYS,
  statementQuerySchema,
  type StatementResponse,
  type StatementRow,
  type StatementRowKind,
} from '@shifumi/protocol';
import type { Executor } from '../../infra/db/database';
import { ok, refuse, type Result } from '../../shared/result';
import { LedgerAccounts } from '../ledger/ledger-accounts';
import * as repo from './statement.repo';

const DAY_MS = 86_400_000;

/** The statement kind of a ledger transfer kind, as the player's balance sees it. */
export function statementKind(transferKind: string, amount: bigint): StatementRowKind {
  switch (transferKind) {
    case 'deposit':
      return 'deposit';
    case 'game_stakes':
      return 'stake';
    case 'game_payout':
      return 'payout';
    case 'game_refund':
      return 'refund';
    case 'withdrawal':
      return 'withdrawal';
    case 'withdrawal_refund':
      return 'withdrawal_refund';
    default:
      // Anything else that touches a player's balance (none today): a charge is a fee, a credit a refund.
      return amount < 0n ? 'fee' : 'refund';
  }
}

function signed(value: bigint, format: (abs: bigint) => string): string {
  return value < 0n ? `-${format(-value)}` : format(value);
}

/** `from`/`to` of the query: a date is the start of that day (UTC) for `from`, the end of that day for `to`. */
export function statementPeriod(
  query: { from?: string; to?: string },
  now: Date,
): { from: Date; to: Date } | 'statement_date_invalid' | 'statement_range_invalid' {
  const parse = (value: string, endOfDay: boolean) =>
    /^\d{4}-\d{2}-\d{2}$/.test(value) ? new Date(Date.parse(`${value}T00:00:00Z`) + (endOfDay ? DAY_MS : 0)) : new Date(value);
  const to = query.to ? parse(query.to, true) : now;
  const from = query.from ? parse(query.from, false) : new Date(to.getTime() - STATEMENT_DEFAULT_DAYS * DAY_MS);
  if (Number.isNaN(from.getTime()) || Number.isNaN(to.getTime())) return 'statement_date_invalid';
  if (from.getTime() >= to.getTime()) return 'statement_range_invalid';
  return { from, to };
}

export interface StatementDeps {
  db: Executor;
  clock: () => Date;
  /** The current ETH price in micro-USD, for rows not tied to a game's price. */
  currentPrice: () => bigint | undefined;
}

/** A player's statement for the period of a query, as JSON or CSV (what `GET /api/account/statement` answers). */
export interface Statements {
  build(userId: string, rawQuery: unknown): Promise<Result<{ statement: StatementResponse; format: 'json' | 'csv' }>>;
}

/** The statements on their database, clock and price (built in compose; the route never sees the database). */
export function createStatements(deps: StatementDeps): Statements {
  return { build: (userId, rawQuery) => buildStatement(deps, userId, rawQuery) };
}

export async function buildStatement(
  deps: StatementDeps,
  userId: string,
  rawQuery: unknown,
): Promise<Result<{ statement: StatementResponse; format: 'json' | 'csv' }>> {
  const parsed = statementQuerySchema.safeParse(rawQuery ?? {});
  if (!parsed.success) return refuse('invalid_input', { error: parsed.error });
  const period = statementPeriod(parsed.data, deps.clock());
  if (typeof period === 'string') return refuse(period);
  const { db } = deps;
  const code = LedgerAccounts.user(userId).code;
  const account = await repo.ledgerAccountId(db, code);
  const entries = account ? await repo.entriesBetween(db, account.id, period.from, period.to) : [];
  let opening = 0n;
  if (entries[0]) opening = entries[0].previousBalance;
  else if (account) {
    opening = (await repo.balanceBefore(db, account.id, period.from)) ?? 0n;
  }

  const memoText = (memo: Record<string, unknown> | null, key: string) =>
    typeof memo?.[key] === 'string' ? memo[key] : undefined;
  const gameIds = [
    ...new Set(entries.map((entry) => memoText(entry.memo, 'gameId')).filter((id): id is string => id !== undefined)),
  ];
  const withdrawalIds = [
    ...new Set(entries.map((entry) => memoText(entry.memo, 'withdrawalId')).filter((id): id is string => id !== undefined)),
  ];
  const gamePrices = new Map((await repo.gamePricesOf(db, gameIds)).map((row) => [row.id, row.price]));
  const withdrawalHashes = new Map((await repo.withdrawalHashesOf(db, withdrawalIds)).map((row) => [row.id, row.txHash]));
  const currentPrice = deps.currentPrice();

  let deposited = 0n;
  let withdrawn = 0n;
  let fees = 0n;
  let net = 0n;
  // A withdrawal's network fee (issue 12) is debited in the same transfer as its amount, and given back with it
  // when the withdrawal fails: the ledger nets them into one entry, the statement shows them as two rows.
  const pieces = entries.flatMap((entry) => {
    const feeText = memoText(entry.memo, 'fee');
    const fee = feeText !== undefined && /^\d+$/.test(feeText) ? BigInt(feeText) : 0n;
    const sign = entry.amount < 0n ? -1n : 1n;
    if ((entry.kind !== 'withdrawal' && entry.kind !== 'withdrawal_refund') || fee === 0n || fee >= sign * entry.amount) {
      return [{ ...entry, statementKind: statementKind(entry.kind, entry.amount) }];
    }
    const principal = entry.amount - sign * fee;
    return [
      {
        ...entry,
        amount: principal,
        currentBalance: entry.previousBalance + principal,
        statementKind: statementKind(entry.kind, principal),
      },
      { ...entry, amount: sign * fee, previousBalance: entry.previousBalance + principal, statementKind: 'fee' as const },
    ];
  });
  const rows: StatementRow[] = pieces.map((entry) => {
    const kind = entry.statementKind;
    const gameId = memoText(entry.memo, 'gameId');
    const withdrawalId = memoText(entry.memo, 'withdrawalId');
    if (kind === 'deposit') deposited += entry.amount;
    else if (kind === 'withdrawal' || kind === 'withdrawal_refund') withdrawn -= entry.amount;
    else if (kind === 'fee') fees -= entry.amount;
    else net += entry.amount;
    const price = (gameId ? gamePrices.get(gameId) : undefined) ?? currentPrice;
    const reference =
      gameId ??
      (withdrawalId ? (withdrawalHashes.get(withdrawalId) ?? `withdrawal:${withdrawalId}`) : undefined) ??
      memoText(entry.memo, 'txHash') ??
      memoText(entry.memo, 'depositId') ??
      '';
    return {
      date: entry.createdAt.toISOString(),
      kind,
      amountWei: entry.amount.toString(),
      amountEth: signed(entry.amount, (abs) => formatEth(abs)),
      amountUsd: price === undefined ? '' : signed(entry.amount, (abs) => formatUsd(weiToUsdCents(abs, price, 'nearest'))),
      balanceWei: entry.currentBalance.toString(),
      reference,
    };
  });
  const closing = entries.length > 0 ? entries[entries.length - 1]!.currentBalance : opening;
  return ok({
    format: parsed.data.format ?? 'json',
    statement: {
      from: period.from.toISOString(),
      to: period.to.toISOString(),
      rows,
      totals: {
        depositedWei: deposited.toString(),
        withdrawnWei: withdrawn.toString(),
        feesWei: fees.toString(),
        netResultWei: net.toString(),
        openingBalanceWei: opening.toString(),
        closingBalanceWei: closing.toString(),
      },
    },
  });
}

function csvField(value: string): string {
  return /[",\n\r]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value;
}

/** The CSV: a header line of the row field names, then one line per row. */
export function statementCsv(statement: StatementResponse): string {
  const lines = [STATEMENT_CSV_FIELDS.join(',')];
  for (const row of statement.rows) lines.push(STATEMENT_CSV_FIELDS.map((field) => csvField(row[field])).join(','));
  return `${lines.join('\r\n')}\r\n`;
}
