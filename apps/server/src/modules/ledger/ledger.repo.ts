/**
 * SQL of the ledger. Plain parameterised statements: every game's start and
 * end runs them, and building them with the query builder cost more CPU than
 * the game itself (issue 16). Numeric columns come back as text (both
 * drivers) and are read with BigInt.
 */
import { sql } from 'drizzle-orm';
import type { DbExecutor } from '../../infra/db/database';
import type { LedgerAccountRef } from './ledger-accounts';

/** Creates the accounts that do not exist yet. */
export async function ensureAccounts(tx: DbExecutor, refs: readonly LedgerAccountRef[]): Promise<void> {
  const rows = refs.map((ref) => sql`(${ref.code}, ${ref.kind}, ${ref.ownerId ?? null}, ${ref.allowNegative ?? false})`);
  await tx.execute(
    sql`insert into ledger_accounts (code, kind, owner_id, allow_negative) values ${sql.join(rows, sql`, `)} on conflict (code) do nothing`,
  );
}

/** Records a transfer; undefined when its idempotency key was already used. */
export async function insertTransfer(
  tx: DbExecutor,
  transfer: { idempotencyKey: string; kind: string; memo: Record<string, unknown> | null },
): Promise<string | undefined> {
  const { rows } = await tx.execute<{ id: string }>(
    sql`insert into ledger_transfers (idempotency_key, kind, memo) values (${transfer.idempotencyKey}, ${transfer.kind}, ${transfer.memo === null ? null : JSON.stringify(transfer.memo)}::jsonb)
        on conflict (idempotency_key) do nothing returning id`,
  );
  return rows[0]?.id;
}

export async function transferIdOf(tx: DbExecutor, idempotencyKey: string): Promise<string | undefined> {
  const { rows } = await tx.execute<{ id: string }>(
    sql`select id from ledger_transfers where idempotency_key = ${idempotencyKey}`,
  );
  return rows[0]?.id;
}

/** Locks the accounts in code order (so that concurrent transfers never deadlock) and answers their balances. */
export async function lockAccounts(
  tx: DbExecutor,
  codes: readonly string[],
): Promise<Array<{ id: string; code: string; balance: bigint }>> {
  const { rows } = await tx.execute<{ id: string; code: string; balance: string }>(
    sql`select id, code, balance from ledger_accounts where code in (${sql.join(
      codes.map((code) => sql`${code}`),
      sql`, `,
    )}) order by code for update`,
  );
  return rows.map((row) => ({ id: row.id, code: row.code, balance: BigInt(row.balance) }));
}

export interface EntryRow {
  transferId: string;
  accountId: string;
  code: string;
  amount: bigint;
  previousBalance: bigint;
  currentBalance: bigint;
}

/** Appends the entries and moves each account's balance, in two statements (an account moves only from the balance it was locked at). Entries come in order. */
export async function writeEntries(tx: DbExecutor, entries: readonly EntryRow[]): Promise<void> {
  const values = entries.map(
    (entry) =>
      sql`(${entry.transferId}::uuid, ${entry.accountId}::uuid, ${entry.amount.toString()}::numeric, ${entry.previousBalance.toString()}::numeric, ${entry.currentBalance.toString()}::numeric)`,
  );
  await tx.execute(
    sql`insert into ledger_entries (transfer_id, account_id, amount, previous_balance, current_balance) values ${sql.join(values, sql`, `)}`,
  );
  // One move per account: from the balance before its first entry to the balance after its last (an account can take several legs).
  const accounts = new Map<string, { from: bigint; to: bigint }>();
  for (const entry of entries) {
    const move = accounts.get(entry.code);
    if (move) move.to = entry.currentBalance;
    else accounts.set(entry.code, { from: entry.previousBalance, to: entry.currentBalance });
  }
  const moves = [...accounts].map(
    ([code, move]) => sql`(${code}, ${move.from.toString()}::numeric, ${move.to.toString()}::numeric)`,
  );
  await tx.execute(
    sql`update ledger_accounts as account set balance = move.current_balance, version = account.version + 1
        from (values ${sql.join(moves, sql`, `)}) as move (code, previous_balance, current_balance)
        where account.code = move.code and account.balance = move.previous_balance`,
  );
}

/** Current balance of one account (0 when it has never been used). */
export async function balanceOf(db: DbExecutor, account: LedgerAccountRef): Promise<bigint> {
  const { rows } = await db.execute<{ balance: string }>(sql`select balance from ledger_accounts where code = ${account.code}`);
  return rows[0] ? BigInt(rows[0].balance) : 0n;
}
