import { Button } from '../../../components/ui/button';
import { Notice } from '../../../components/ui/notice';
import { userFacingMessage } from '../../../lib/api-error';
import { useT } from '../../../lib/i18n/i18n';
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
  const t = useT();
  return (
    <section className={styles.page}>
      <h1 className={styles.title}>{t('admin.overview.title')}</h1>
      <QueryState query={overview}>
        {(data) => (
          <>
            {data.alarm ? <Notice tone="error">{t('admin.overview.alarm')}</Notice> : null}
            <div className={styles.cards} data-testid="solvency" data-alarm={data.alarm}>
              <div className={styles.card}>
                <span className={styles.muted}>{t('admin.overview.liabilities')}</span>
                <strong>{ethOf(data.liabilitiesWei)}</strong>
              </div>
              <div className={`${styles.card} ${data.alarm ? styles.alarm : styles.ok}`}>
                <span className={styles.muted}>{t('admin.overview.holdings')}</span>
                <strong>{ethOf(data.holdingsWei)}</strong>
              </div>
              <div
                className={`${styles.card} ${data.marginWei !== null && BigInt(data.marginWei) < 0n ? styles.alarm : styles.ok}`}
              >
                <span className={styles.muted}>{t('admin.overview.margin')}</span>
                <strong>
                  {data.marginWei !== null && BigInt(data.marginWei) < 0n
                    ? `−${ethOf((-BigInt(data.marginWei)).toString())}`
                    : ethOf(data.marginWei)}
                </strong>
              </div>
              <div className={styles.card}>
                <span className={styles.muted}>{t('admin.overview.feeIncome')}</span>
                <strong>{ethOf(data.feeIncomeWei)}</strong>
              </div>
              <div className={`${styles.card} ${data.ledgerCheck.ok === false ? styles.alarm : ''}`}>
                <span className={styles.muted}>{t('admin.overview.ledgerCheck')}</span>
                <strong>
                  {data.ledgerCheck.ok === null
                    ? t('admin.overview.neverRun')
                    : t(data.ledgerCheck.ok ? 'admin.overview.passed' : 'admin.overview.failed')}
                </strong>
                <span className={styles.muted}>{dateOf(data.ledgerCheck.at)}</span>
              </div>
              <div className={styles.card}>
                <span className={styles.muted}>{t('admin.overview.chainLag')}</span>
                <strong>{data.chainLagBlocks === null ? '—' : t('admin.overview.blocks', { count: data.chainLagBlocks })}</strong>
              </div>
              <div className={styles.card}>
                <span className={styles.muted}>{t('admin.overview.priceAge')}</span>
                <strong>
                  {data.priceAgeSeconds === null
                    ? '—'
                    : t('admin.overview.seconds', { seconds: Math.round(data.priceAgeSeconds) })}
                </strong>
              </div>
              <div
                className={`${styles.card} ${data.solvency === null ? '' : data.solvency.ratio.startsWith('0') || data.solvency.unsignedAddresses.length > 0 ? styles.alarm : styles.ok}`}
                data-testid="solvency-snapshot"
              >
                <span className={styles.muted}>{t('admin.solvency.latest')}</span>
                <strong>
                  {data.solvency === null ? t('admin.solvency.none') : t('admin.solvency.ratio', { ratio: data.solvency.ratio })}
                </strong>
                {data.solvency === null ? null : (
                  <>
                    <span className={styles.muted}>
                      {t('admin.solvency.figures', {
                        reserves: ethOf(data.solvency.reservesWei),
                        liabilities: ethOf(data.solvency.liabilitiesWei),
                        block: data.solvency.blockNumber,
                      })}
                    </span>
                    <span className={styles.muted}>{dateOf(data.solvency.at)}</span>
                    {data.solvency.unsignedAddresses.length === 0 ? null : (
                      <span>
                        {t('admin.solvency.unsigned')}{' '}
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
                <span className={styles.muted}>{t('admin.overview.chainRpc')}</span>
                <strong>{t(data.chainDelayedSince === null ? 'admin.overview.reached' : 'admin.overview.unreachable')}</strong>
                {data.chainDelayedSince !== null ? (
                  <span className={styles.muted}>{t('admin.overview.since', { when: dateOf(data.chainDelayedSince) })}</span>
                ) : null}
              </div>
              <div className={styles.card} data-testid="mails-waiting">
                <span className={styles.muted}>{t('admin.overview.mailsWaiting')}</span>
                <strong>{data.mails.waiting}</strong>
              </div>
              <div className={`${styles.card} ${data.mails.failed > 0 ? styles.alarm : ''}`} data-testid="mails-failed">
                <span className={styles.muted}>{t('admin.overview.mailsFailed')}</span>
                <strong>{data.mails.failed}</strong>
              </div>
            </div>
          </>
        )}
      </QueryState>
      <div className={styles.row}>
        {staff?.may('runLedgerCheck') ? (
          <Button variant="secondary" disabled={check.isPending} onClick={() => check.mutate()}>
            {t('admin.overview.runCheck')}
          </Button>
        ) : null}
        {check.data ? (
          <span>
            {check.data.ok
              ? t('admin.overview.checkPassed')
              : t('admin.overview.checkFailed', { problems: check.data.problems.join('; ') })}
          </span>
        ) : null}
        {check.isError ? <Notice tone="error">{userFacingMessage(check.error)}</Notice> : null}
      </div>
      <div className={styles.row}>
        {staff?.may('manageSolvency') ? (
          <Button variant="secondary" disabled={snapshot.isPending} onClick={() => snapshot.mutate()}>
            {t('admin.solvency.takeNow')}
          </Button>
        ) : null}
        {snapshot.data ? <span>{t('admin.solvency.taken', { ratio: snapshot.data.ratio })}</span> : null}
        {snapshot.isError ? <Notice tone="error">{userFacingMessage(snapshot.error)}</Notice> : null}
      </div>
    </section>
  );
}
