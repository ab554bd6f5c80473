/**
 * Issue 18: solvency at the time of the request. Liabilities (player
 * balances, escrow of running games, withdrawals debited and not yet paid —
 * review and queued included) against holdings read from the chain now (hot
 * wallet + deposit addresses not yet swept, as `ledger:check` counts them),
 * the margin, the fee income, the last ledger check, the chain cursor's lag
 * and the price's age. The same figures feed Prometheus gauges.
 */
import { weiToEthNumber } from '@shifumi/money';
import type { AdminOverview, AdminSolvency } from '@shifumi/protocol';
import { Gauge, type Registry } from 'prom-client';
import type { Database, Executor } from '../../infra/db/database';
import type { Clock } from '../../shared/clock';
import type { Logger } from '../../shared/logger';
import { countMails } from '../mail/mail-outbox.repo';
import { checkLedger, type LedgerCheckReport } from '../ledger/ledger-check';
import * as repo from './overview.repo';

/** Stores a ledger check's result for the overview (the CLI and the console both call it). */
export async function recordLedgerCheck(db: Executor, report: LedgerCheckReport, ranBy: string, at: Date): Promise<void> {
  await repo.insertLedgerCheckRun(db, {
    at,
    ok: report.ok,
    problems: report.problems,
    liabilities: report.liabilities,
    holdings: report.holdings ?? null,
    ranBy,
  });
}

export interface OverviewDeps {
  db: Database;
  clock: Clock;
  logger: Logger;
  /** On-chain holdings now; undefined without a chain. */
  holdings?: () => Promise<bigint>;
  /** Blocks between the chain head and the deposit scanner's cursor; undefined without a chain or before the first scan. */
  chainLag?: () => Promise<number | undefined>;
  /** When the ETH/USD price was last updated. */
  priceUpdatedAt: () => Date | undefined;
  /** Issue 28: the latest solvency snapshot (null before the first); undefined: none are taken. */
  solvency?: () => Promise<AdminSolvency | null>;
  /** Issue 29: since when this node does not reach the chain's RPC (undefined: it does). */
  chainDelayedSince?: () => Date | undefined;
}

export function createOverview(deps: OverviewDeps) {
  const { db, clock } = deps;

  async function liabilities(): Promise<bigint> {
    return repo.liabilitiesWei(db);
  }

  async function feeIncome(): Promise<bigint> {
    return repo.feeIncomeWei(db);
  }

  async function lastCheck(): Promise<{ ok: boolean | null; at: string | null }> {
    const row = await repo.lastLedgerCheckRun(db);
    return row ? { ok: row.ok, at: row.at.toISOString() } : { ok: null, at: null };
  }

  /** A chain read, or undefined while the chain's RPC is away (issue 29: the overview still answers, saying so). */
  async function fromChain<T>(read: (() => Promise<T>) | undefined, what: string): Promise<T | undefined> {
    if (!read) return undefined;
    try {
      return await read();
    } catch (error) {
      deps.logger.warn({ err: error }, `Overview: ${what} could not be read from the chain`);
      return undefined;
    }
  }

  async function overview(): Promise<AdminOverview> {
    const owed = await liabilities();
    const held = await fromChain(deps.holdings, 'the holdings');
    const check = await lastCheck();
    const priceAt = deps.priceUpdatedAt();
    const lag = await fromChain(deps.chainLag, 'the cursor lag');
    const chainDelayedSince = deps.chainDelayedSince?.();
    const mails = await countMails(db);
    const solvency = deps.solvency ? await deps.solvency() : null;
    return {
      liabilitiesWei: owed.toString(),
      holdingsWei: held === undefined ? null : held.toString(),
      marginWei: held === undefined ? null : (held - owed).toString(),
      feeIncomeWei: (await feeIncome()).toString(),
      ledgerCheck: check,
      chainLagBlocks: lag ?? null,
      priceAgeSeconds: priceAt ? Math.max(0, (clock().getTime() - priceAt.getTime()) / 1000) : null,
      alarm: (held !== undefined && held < owed) || check.ok === false || (solvency !== null && Number(solvency.ratio) < 1),
      solvency,
      mails: { waiting: mails.waiting + mails.sending, failed: mails.failed },
      chainDelayedSince: chainDelayedSince?.toISOString() ?? null,
    };
  }

  async function withdrawalsInReview(): Promise<number> {
    return repo.countWithdrawalsInReview(db);
  }

  return {
    overview,
    withdrawalsInReview,

    /** Runs the ledger check now and stores its result. */
    async runLedgerCheck(ranBy: string): Promise<LedgerCheckReport> {
      const report = await checkLedger(db, deps.holdings);
      await recordLedgerCheck(db, report, ranBy, clock());
      return report;
    },

    /**
     * Prometheus gauges (ETH, a float: wei overflow a double's exact range; the
     * console has the exact figures) read at scrape time. A failed read keeps
     * the last value and is logged, so one slow chain does not fail the scrape.
     */
    registerGauges(registry: Registry): void {
      let last: AdminOverview | undefined;
      let pending: Promise<AdminOverview | undefined> | undefined;
      // One read per scrape for all the gauges.
      const read = () => {
        pending ??= overview()
          .then((value) => (last = value))
          .catch((error: unknown) => {
            deps.logger.warn({ err: error }, 'Solvency gauges: the overview could not be read');
            return last;
          })
          .finally(() => setTimeout(() => (pending = undefined), 0));
        return pending;
      };
      const eth = (wei: string | null | undefined) =>
        wei === null || wei === undefined ? Number.NaN : weiToEthNumber(BigInt(wei));
      const gauge = (name: string, help: string, value: (overview: AdminOverview) => number) =>
        new Gauge({
          name,
          help,
          registers: [registry],
          async collect() {
            const current = await read();
            if (current) this.set(value(current));
          },
        });
      gauge(
        'shifumi_solvency_liabilities_eth',
        'What the house owes players: balances, escrow, withdrawals not yet paid (ETH).',
        (o) => eth(o.liabilitiesWei),
      );
      gauge('shifumi_solvency_holdings_eth', 'Hot wallet plus unswept deposit addresses, read from the chain (ETH).', (o) =>
        eth(o.holdingsWei),
      );
      gauge(
        'shifumi_solvency_margin_eth',
        'Holdings minus liabilities (ETH); negative means the house cannot pay everyone.',
        (o) => eth(o.marginWei),
      );
      gauge('shifumi_fee_income_eth', 'Withdrawal fees kept by the house (ETH).', (o) => eth(o.feeIncomeWei));
      gauge('shifumi_solvency_ok', '1 when holdings cover liabilities and the last ledger check passed, else 0.', (o) =>
        o.alarm ? 0 : 1,
      );
      gauge('shifumi_ledger_check_ok', 'Result of the last ledger check: 1 ok, 0 failed, NaN never run.', (o) =>
        o.ledgerCheck.ok === null ? Number.NaN : o.ledgerCheck.ok ? 1 : 0,
      );
      // Issue 28: the latest proof-of-solvency snapshot.
      gauge(
        'shifumi_solvency_snapshot_ratio',
        'Counted reserves / liabilities of the latest published solvency snapshot; NaN before the first.',
        (o) => (o.solvency ? Number(o.solvency.ratio) : Number.NaN),
      );
      gauge(
        'shifumi_solvency_snapshot_unsigned_addresses',
        'Reserve addresses of the latest solvency snapshot without a valid signature (not counted).',
        (o) => o.solvency?.unsignedAddresses.length ?? 0,
      );
      gauge('shifumi_price_age_seconds', 'Age of the ETH/USD price (seconds).', (o) => o.priceAgeSeconds ?? Number.NaN);
      new Gauge({
        name: 'shifumi_withdrawals_in_review',
        help: 'Withdrawals waiting for a staff decision.',
        registers: [registry],
        async collect() {
          this.set(await withdrawalsInReview().catch(() => Number.NaN));
        },
      });
    },
  };
}

export type Overview = ReturnType<typeof createOverview>;
