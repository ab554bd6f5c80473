import { Button } from '../../../components/ui/button';
import { Notice } from '../../../components/ui/notice';
import { userFacingMessage } from '../../../lib/api-error';
import { SOLVENCY_TEXTS } from '@shifumi/protocol/solvency-texts';
import { useOverview, useRunLedgerCheck, useTakeSolvencySnapshot } from '../api/admin-api';
import styles from './admin.module.css';
import { QueryState } from './query-state';
import { useStaffPermissions } from './staff-permissions';
import { dateOf, ethOf } from './wei';

/** Solvency now: red when holdings do not cover liabilities or the last ledger check failed. */
export function OverviewPage() {
  const overview = useOverview();
  const check = useRunLedgerCheck();
  const staff = useStaffPermissions();
  const snapshot = useTakeSolvencySnapshot();
  const texts = SOLVENCY_TEXTS.console;
  return (
    <section className={styles.page}>
      <h1 className={styles.title}>Overview</h1>
      <QueryState query={overview}>
        {(data) => (
          <>
            {data.alarm ? <Notice tone="error">Holdings do not cover liabilities, or the last ledger check failed.</Notice> : null}
            <div className={styles.cards} data-testid="solvency" data-alarm={data.alarm}>
              <div className={styles.card}>
                <span className={styles.muted}>Liabilities</span>
                <strong>{ethOf(data.liabilitiesWei)}</strong>
              </div>
              <div className={`${styles.card} ${data.alarm ? styles.alarm : styles.ok}`}>
                <span className={styles.muted}>Holdings (on chain now)</span>
                <strong>{ethOf(data.holdingsWei)}</strong>
              </div>
              <div className={`${styles.card} ${data.marginWei !== null && BigInt(data.marginWei) < 0n ? styles.alarm : styles.ok}`}>
                <span className={styles.muted}>Margin</span>
                <strong>{data.marginWei !== null && BigInt(data.marginWei) < 0n ? `−${ethOf((-BigInt(data.marginWei)).toString())}` : ethOf(data.marginWei)}</strong>
              </div>
              <div className={styles.card}>
                <span className={styles.muted}>Fee income</span>
                <strong>{ethOf(data.feeIncomeWei)}</strong>
              </div>
              <div className={`${styles.card} ${data.ledgerCheck.ok === false ? styles.alarm : ''}`}>
                <span className={styles.muted}>Last ledger check</span>
                <strong>{data.ledgerCheck.ok === null ? 'Never run' : data.ledgerCheck.ok ? 'Passed' : 'Failed'}</strong>
                <span className={styles.muted}>{dateOf(data.ledgerCheck.at)}</span>
              </div>
              <div className={styles.card}>
                <span className={styles.muted}>Chain cursor lag</span>
                <strong>{data.chainLagBlocks === null ? '—' : `${data.chainLagBlocks} blocks`}</strong>
              </div>
              <div className={styles.card}>
                <span className={styles.muted}>Price age</span>
                <strong>{data.priceAgeSeconds === null ? '—' : `${Math.round(data.priceAgeSeconds)} s`}</strong>
              </div>
              <div
                className={`${styles.card} ${data.solvency === null ? '' : data.solvency.ratio.startsWith('0') || data.solvency.unsignedAddresses.length > 0 ? styles.alarm : styles.ok}`}
                data-testid="solvency-snapshot"
              >
                <span className={styles.muted}>{texts.latest}</span>
                <strong>{data.solvency === null ? texts.none : texts.ratio(data.solvency.ratio)}</strong>
                {data.solvency === null ? null : (
                  <>
                    <span className={styles.muted}>{texts.figures(ethOf(data.solvency.reservesWei), ethOf(data.solvency.liabilitiesWei), data.solvency.blockNumber)}</span>
                    <span className={styles.muted}>{dateOf(data.solvency.at)}</span>
                    {data.solvency.unsignedAddresses.length === 0 ? null : (
                      <span>
                        {texts.unsigned}{' '}
                        {data.solvency.unsignedAddresses.map((address) => (
                          <code key={address} className={styles.muted} style={{ overflowWrap: 'anywhere' }}>
                            {address}{' '}
                          </code>
                        ))}
                      </span>
                    )}
                  </>
                )}
              </div>
              <div className={`${styles.card} ${data.chainDelayedSince !== null ? styles.alarm : ''}`} data-testid="chain-rpc">
                <span className={styles.muted}>Chain RPC</span>
                <strong>{data.chainDelayedSince === null ? 'Reached' : 'Unreachable: deposits and withdrawals delayed'}</strong>
                {data.chainDelayedSince !== null ? <span className={styles.muted}>since {dateOf(data.chainDelayedSince)}</span> : null}
              </div>
              <div className={styles.card} data-testid="mails-waiting">
                <span className={styles.muted}>Mails waiting for SMTP</span>
                <strong>{data.mails.waiting}</strong>
              </div>
              <div className={`${styles.card} ${data.mails.failed > 0 ? styles.alarm : ''}`} data-testid="mails-failed">
                <span className={styles.muted}>Mails failed (given up after a day)</span>
                <strong>{data.mails.failed}</strong>
              </div>
            </div>
          </>
        )}
      </QueryState>
      <div className={styles.row}>
        {staff?.may('runLedgerCheck') ? (
          <Button variant="secondary" disabled={check.isPending} onClick={() => check.mutate()}>
            Run the ledger check now
          </Button>
        ) : null}
        {check.data ? <span>{check.data.ok ? 'The ledger check passed.' : `The ledger check failed: ${check.data.problems.join('; ')}`}</span> : null}
        {check.isError ? <Notice tone="error">{userFacingMessage(check.error)}</Notice> : null}
      </div>
      <div className={styles.row}>
        {staff?.may('manageSolvency') ? (
          <Button variant="secondary" disabled={snapshot.isPending} onClick={() => snapshot.mutate()}>
            {texts.takeNow}
          </Button>
        ) : null}
        {snapshot.data ? <span>{texts.taken(snapshot.data.ratio)}</span> : null}
        {snapshot.isError ? <Notice tone="error">{userFacingMessage(snapshot.error)}</Notice> : null}
      </div>
    </section>
  );
}
