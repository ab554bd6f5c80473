/**
 * Issue 30 (decision 060): a ledger transfer in one statement — one round trip
 * instead of five — with the same guarantees as the statements it replaces:
 *
 * - idempotency: the transfer row is inserted `on conflict (idempotency_key)
 *   do nothing` first; a key already used writes nothing else (a replay);
 * - lock order: the accounts are then locked `for update` in code order, as
 *   before, so that concurrent transfers never deadlock;
 * - no overdraft: an account that may not go negative and would is refused
 *   by `ledger_refuse_overdraft` (migration 0021) raised inside the
 *   statement, so that nothing of it is written even when it commits on its
 *   own; the CHECK on `ledger_accounts` stays behind it;
 * - balanced legs: the moves are the legs netted per account (`netLegs`,
 *   summing to zero), and the deferred triggers of migration 0002 still check
 *   at commit that every transfer sums to zero and that each balance equals
 *   its last entry's;
 * - entries: previous and current balance come from the row the statement
 *   moved (`returning`), so an entry always matches its account.
 *
 * An account this statement cannot see (never created, or created by a
 * transaction that committed after the statement began) makes it write nothing
 * and answer `unseen`: the caller then takes the statement-by-statement path
 * (ledger.repo.ts), which creates the accounts first and then locks them all in
 * code order. Creating an account inside the statement would lock it after the
 * accounts already seen, out of code order, and deadlock against a transfer
 * that sees it (the first uses of a system account at once). The exception is
 * a game's escrow credited by its stakes: one transfer alone ever creates it,
 * so it is inserted with its balance in the statement (the game start's one
 * statement rests on it).
 *
 * Accounts are found by `code = any(array(…))`, which the planner answers
 * with the code index whatever it guesses of the input's size (a join on
 * `jsonb_to_recordset`, guessed at 100 rows, read the whole table).
 *
 * Parameters $1–$4 are the transfer's; a statement built with `before` (more
 * CTEs, written first, which may read `unseen`) and `gate` (the transfer is
 * made only when it holds) numbers its own from $5.
 */
import type { Executor } from '../../infra/db/database';
import { hotStatement, runHot, type HotStatement } from '../../infra/db/hot-statement';
import type { NetMove } from './ledger-plan';

export interface TransferStatementParts {
  /** More CTEs (`name as (…)`, comma-separated), before the transfer's; they may read `unseen`. */
  before?: string;
  /** A condition on those CTEs: the transfer row (and so everything else) is written only when it holds. */
  gate?: string;
  /** More columns of the answer (`expression as name`, comma-separated). */
  answer?: string;
}

export function transferStatement(name: string, parts: TransferStatementParts = {}): HotStatement {
  const text = `with
  input as (
    select * from jsonb_to_recordset($4::jsonb) as i(code text, kind text, owner_id text, allow_negative boolean, delta numeric)
  ),
  seen as (select a.code from ledger_accounts a where a.code = any(array(select code from input))),
  unseen as (
    select 1 from input i where i.code <> all(array(select code from seen)) and (i.kind <> 'escrow' or i.delta < 0)
  ),${parts.before ? `\n  ${parts.before},` : ''}
  prior as (select id from ledger_transfers where idempotency_key = $1),
  created as (
    insert into ledger_transfers (idempotency_key, kind, memo)
    select $1, $2, $3::jsonb where not exists (select 1 from unseen)${parts.gate ? ` and (${parts.gate})` : ''}
    on conflict (idempotency_key) do nothing
    returning id
  ),
  locked as (
    select a.code, a.balance from created c, ledger_accounts a
    where a.code = any(array(select code from input)) order by a.code for update of a
  ),
  refusal as (
    select i.code, coalesce(l.balance, 0) as balance, -i.delta as needed
    from created c, input i left join locked l on l.code = i.code
    where not i.allow_negative and coalesce(l.balance, 0) + i.delta < 0
    order by i.code limit 1
  ),
  updated as (
    update ledger_accounts as account set balance = account.balance + i.delta, version = account.version + 1
    from input i
    where account.code = any(array(select code from locked)) and account.code = i.code and not exists (select 1 from refusal)
    returning account.id, account.code, account.balance
  ),
  inserted as (
    insert into ledger_accounts as account (code, kind, owner_id, allow_negative, balance, version)
    select i.code, i.kind, i.owner_id, i.allow_negative, i.delta, 1 from created c, input i
    where i.code <> all(array(select code from locked)) and not exists (select 1 from refusal)
    order by i.code
    on conflict (code) do update set balance = account.balance + excluded.balance, version = account.version + 1
    returning account.id, account.code, account.balance
  ),
  moved as (select * from updated union all select * from inserted),
  entries as (
    insert into ledger_entries (transfer_id, account_id, amount, previous_balance, current_balance)
    select c.id, m.id, i.delta, m.balance - i.delta, m.balance from created c, moved m join input i on i.code = m.code
    order by m.code
    returning 1
  )
select (select id::text from created) as created_id,
       (select id::text from prior) as prior_id,
       exists (select 1 from unseen) as unseen,
       (select ledger_refuse_overdraft(r.code, r.balance, r.needed) from refusal r) as refused,
       (select coalesce(jsonb_object_agg(m.code, m.balance::text), '{}'::jsonb)::text from moved m) as balances,
       (select count(*) from entries)::int as entries${parts.answer ? `,\n       ${parts.answer}` : ''}`;
  return hotStatement(name, text);
}

export interface TransferRow {
  /**
   * `moved`; `unseen`: nothing written, the statement-by-statement path must take over; `not-created`: the
   * transfer row was not written — its key was used already (`transferId`, unless the transaction that used it
   * committed after this statement began), or the gate did not hold.
   */
  outcome: 'moved' | 'unseen' | 'not-created';
  transferId: string | undefined;
  /** Balances after the transfer, by account code (empty unless moved). */
  balances: Map<string, bigint>;
  /** The whole answer, for the columns of `answer`. */
  row: Record<string, unknown>;
}

/** The error the statement raises for an overdraft (SQLSTATE SH001, DETAIL as JSON). */
export function overdraftOf(error: unknown): { code: string; balance: bigint; needed: bigint } | undefined {
  const failure = error as { code?: unknown; detail?: unknown } | null;
  if (failure?.code !== 'SH001' || typeof failure.detail !== 'string') return undefined;
  const detail = JSON.parse(failure.detail) as { code: string; balance: string; needed: string };
  return { code: detail.code, balance: BigInt(detail.balance), needed: BigInt(detail.needed) };
}

/** Runs a statement of `transferStatement` (throws the overdraft as the database raised it: see `overdraftOf`). */
export async function runTransferStatement(
  executor: Executor,
  statement: HotStatement,
  transfer: { idempotencyKey: string; kind: string; memo: Record<string, unknown> | null; moves: readonly NetMove[] },
  more: readonly unknown[] = [],
): Promise<TransferRow> {
  const input = transfer.moves.map(({ account, amount }) => ({
    code: account.code,
    kind: account.kind,
    owner_id: account.ownerId ?? null,
    allow_negative: account.allowNegative ?? false,
    delta: amount.toString(),
  }));
  const [row] = await runHot<{
    created_id: string | null;
    prior_id: string | null;
    unseen: boolean;
    balances: string;
    entries: number;
  }>(executor, statement, [
    transfer.idempotencyKey,
    transfer.kind,
    transfer.memo === null ? null : JSON.stringify(transfer.memo),
    JSON.stringify(input),
    ...more,
  ]);
  if (!row) throw new Error('the ledger transfer statement answered no row');
  if (row.unseen) return { outcome: 'unseen', transferId: undefined, balances: new Map(), row };
  if (row.created_id === null) return { outcome: 'not-created', transferId: row.prior_id ?? undefined, balances: new Map(), row };
  const stored = JSON.parse(row.balances) as Record<string, string>;
  const balances = new Map(Object.entries(stored).map(([code, balance]) => [code, BigInt(balance)]));
  if (row.entries !== transfer.moves.length || balances.size !== transfer.moves.length)
    throw new Error(
      `ledger transfer ${transfer.idempotencyKey} moved ${balances.size} accounts for ${transfer.moves.length} moves`,
    );
  return { outcome: 'moved', transferId: row.created_id, balances, row };
}
