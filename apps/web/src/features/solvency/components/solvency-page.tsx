/**
 * /solvency (issue 28): the latest proof-of-solvency snapshot — the ratio of
 * counted reserves to liabilities (green at or above 1), both totals, the
 * block (linked to the explorer when EXPLORER_URL is set), each reserve
 * address, the history as a small chart — and, for a signed-in player,
 * "Verify my balance": their inclusion proof fetched and every check of
 * `@shifumi/fairness` run in this browser, listed like `/verify`.
 */
import { useRef, useState } from 'react';
import { allSolvencyChecksPassed, checkSolvencyProof, type SolvencyCheck } from '@shifumi/fairness';
import type { SolvencySnapshot } from '@shifumi/protocol/solvency';
import { reserveMessage } from '@shifumi/protocol/solvency';
import { Button } from '../../../components/ui/button';
import { Notice } from '../../../components/ui/notice';
import { PageHeader } from '../../../components/ui/page-header';
import { Spinner } from '../../../components/ui/spinner';
import { ApiError, userFacingMessage } from '../../../lib/api-error';
import { browserFairnessCrypto } from '../../../lib/browser-fairness-crypto';
import { useChainConfigQuery } from '../../../lib/chain-config';
import { checkDetail } from '../../../lib/i18n/check-detail';
import { useIntlLocale, useT } from '../../../lib/i18n/i18n';
import { SOLVENCY_TEXTS, VERIFY_TEXTS } from '../../../lib/i18n/page-namespaces';
import { WithNamespace } from '../../../lib/i18n/with-namespace';
import { formatEthAmount } from '../../../lib/money-format';
import { useSession } from '../../../lib/session-store';
import { fetchSolvencyProof, useSigningKeyQuery, useSolvencyHistoryQuery, useSolvencyQuery } from '../api/solvency-api';
import { RatioChart } from './ratio-chart';
import styles from './solvency-page.module.css';

/** EIP-191 signer recovery, with viem loaded only when a proof is checked. */
async function recoverSigner(message: string, signature: `0x${string}`): Promise<string | null> {
  const { recoverMessageAddress } = await import('viem');
  try {
    return (await recoverMessageAddress({ message, signature })).toLowerCase();
  } catch {
    return null;
  }
}

function covered(ratio: string): boolean {
  return !ratio.startsWith('0');
}

function shortAddress(address: string): string {
  return `${address.slice(0, 8)}…${address.slice(-6)}`;
}

function Figures({ snapshot }: { snapshot: SolvencySnapshot }) {
  const config = useChainConfigQuery();
  const explorer = config.data?.explorerUrl;
  const good = covered(snapshot.ratio);
  const t = useT();
  const locale = useIntlLocale();
  return (
    <section className={styles.card} aria-labelledby="solvency-ratio">
      <h2 id="solvency-ratio" className={styles.cardTitle}>
        {t('solvency.ratio')}
      </h2>
      <p className={`${styles.ratio} ${good ? styles.good : styles.bad}`} data-testid="solvency-ratio">
        {snapshot.ratio}
        <span className={styles.ratioLabel}>{t(good ? 'solvency.covered' : 'solvency.notCovered')}</span>
      </p>
      <dl className={styles.figures}>
        <div>
          <dt>{t('solvency.reserves')}</dt>
          <dd data-testid="solvency-reserves">{formatEthAmount(BigInt(snapshot.reserves.totalWei), locale)}</dd>
        </div>
        <div>
          <dt>{t('solvency.liabilities')}</dt>
          <dd data-testid="solvency-liabilities">
            {formatEthAmount(BigInt(snapshot.liabilities.root.sumWei), locale)}{' '}
            <span className={styles.muted}>({t('solvency.players', { count: snapshot.liabilities.players })})</span>
          </dd>
        </div>
        <div>
          <dt>{t('solvency.block')}</dt>
          <dd>
            {explorer ? (
              <a href={`${explorer.replace(/\/+$/, '')}/block/${snapshot.blockNumber}`} target="_blank" rel="noopener noreferrer">
                {snapshot.blockNumber}
              </a>
            ) : (
              snapshot.blockNumber
            )}
          </dd>
        </div>
        <div>
          <dt>{t('solvency.snapshotAt')}</dt>
          <dd>
            <time dateTime={snapshot.at}>{new Date(snapshot.at).toLocaleString(locale)}</time>
          </dd>
        </div>
      </dl>
      <h3 className={styles.subTitle}>{t('solvency.addresses')}</h3>
      <ul className={styles.addresses}>
        {snapshot.reserves.addresses.map((entry) => (
          <li key={entry.address} className={styles.address}>
            <span className={styles.mono} title={entry.address}>
              {explorer ? (
                <a
                  href={`${explorer.replace(/\/+$/, '')}/address/${entry.address}`}
                  target="_blank"
                  rel="noopener noreferrer"
                  aria-label={entry.address}
                >
                  {shortAddress(entry.address)}
                </a>
              ) : (
                <span aria-label={entry.address}>{shortAddress(entry.address)}</span>
              )}
            </span>
            <span>{formatEthAmount(BigInt(entry.balanceWei), locale)}</span>
            <span className={entry.signature === null ? styles.notCounted : styles.muted}>
              {t(entry.signature === null ? 'solvency.notCounted' : 'solvency.counted')}
            </span>
          </li>
        ))}
      </ul>
      <p className={styles.muted}>
        {t('solvency.checkFromNode')} <q className={styles.mono}>{reserveMessage(snapshot.id, snapshot.blockNumber)}</q>
      </p>
    </section>
  );
}

function History() {
  const history = useSolvencyHistoryQuery();
  const t = useT();
  if (!history.data) return null;
  return (
    <section className={styles.card} aria-labelledby="solvency-history">
      <h2 id="solvency-history" className={styles.cardTitle}>
        {t('solvency.history')}
      </h2>
      {history.data.length < 2 ? (
        <p className={styles.muted}>{t('solvency.historyEmpty')}</p>
      ) : (
        <RatioChart history={history.data} />
      )}
    </section>
  );
}

function VerifyBalance({ snapshot }: { snapshot: SolvencySnapshot }) {
  const session = useSession();
  const signedIn = session.accessToken !== null;
  const key = useSigningKeyQuery();
  const [checks, setChecks] = useState<SolvencyCheck[] | null>(null);
  const [amountWei, setAmountWei] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [checking, setChecking] = useState(false);
  const summaryRef = useRef<HTMLHeadingElement>(null);
  const t = useT();
  const locale = useIntlLocale();

  async function verify() {
    setChecking(true);
    setError(null);
    setChecks(null);
    try {
      const proof = await fetchSolvencyProof(snapshot.id);
      const publicKey = key.data?.publicKey ?? (await key.refetch()).data?.publicKey ?? null;
      // The leaf must be this player's own: a proof of somebody else's balance proves nothing about theirs.
      const results = await checkSolvencyProof(
        proof,
        snapshot,
        publicKey,
        browserFairnessCrypto(),
        recoverSigner,
        session.user ? { userId: session.user.id } : {},
      );
      const amount = (proof as { amountWei?: unknown }).amountWei;
      setAmountWei(typeof amount === 'string' && /^\d+$/.test(amount) ? amount : null);
      setChecks(results);
      requestAnimationFrame(() => summaryRef.current?.focus());
    } catch (caught) {
      setError(caught instanceof ApiError && caught.serverMessage ? userFacingMessage(caught) : t('solvency.proofFailed'));
    } finally {
      setChecking(false);
    }
  }

  const failed = checks?.filter((entry) => !entry.ok).length ?? 0;
  return (
    <section className={styles.card} aria-labelledby="solvency-verify">
      <h2 id="solvency-verify" className={styles.cardTitle}>
        {t('solvency.verifyTitle')}
      </h2>
      {signedIn ? (
        <>
          <p className={styles.muted}>{t('solvency.verifyIntro')}</p>
          <Button type="button" className={styles.verifyButton} disabled={checking} onClick={() => void verify()}>
            {t(checking ? 'solvency.verifying' : 'solvency.verifyButton')}
          </Button>
        </>
      ) : (
        <p className={styles.muted}>{t('solvency.signInToVerify')}</p>
      )}
      {error ? <Notice tone="error">{error}</Notice> : null}
      {checks ? (
        <div className={styles.results}>
          <h3 ref={summaryRef} tabIndex={-1} className={styles.summary} id="solvency-summary">
            {t('solvency.checksHeading')}
          </h3>
          {amountWei !== null ? (
            <p>
              {t('solvency.yourAmount')}{' '}
              <strong data-testid="solvency-your-amount">{formatEthAmount(BigInt(amountWei), locale)}</strong>
            </p>
          ) : null}
          <Notice tone={allSolvencyChecksPassed(checks) ? 'success' : 'error'}>
            {allSolvencyChecksPassed(checks) ? t('solvency.allPassed') : t('solvency.someFailed', { count: failed })}
          </Notice>
          <ol className={styles.checks} aria-labelledby="solvency-summary">
            {checks.map((entry) => (
              <li key={entry.id} className={`${styles.check} ${entry.ok ? styles.passed : styles.failed}`} data-check={entry.id}>
                <span className={styles.mark} aria-hidden="true">
                  {entry.ok ? '✓' : '✗'}
                </span>
                <div className={styles.body}>
                  <h4 className={styles.checkTitle}>
                    {t(`solvency.checks.${entry.id}.title`)}
                    <span className={styles.status}>{t(entry.ok ? 'solvency.pass' : 'solvency.fail')}</span>
                  </h4>
                  <p className={styles.detail}>{checkDetail('solvency', entry)}</p>
                  <p className={styles.muted}>{t(`solvency.checks.${entry.id}.meaning`)}</p>
                </div>
              </li>
            ))}
          </ol>
          <p className={styles.muted}>{t('solvency.cli')}</p>
        </div>
      ) : null}
    </section>
  );
}

export function SolvencyPage() {
  return (
    <WithNamespace name="solvency" loaders={SOLVENCY_TEXTS}>
      {/* The checks' details say a format's problem in verify's words (lib/i18n/check-detail.ts). */}
      <WithNamespace name="verify" loaders={VERIFY_TEXTS}>
        <Solvency />
      </WithNamespace>
    </WithNamespace>
  );
}

function Solvency() {
  const t = useT();
  const snapshot = useSolvencyQuery();
  return (
    <div className={styles.page}>
      <PageHeader eyebrow={t('solvency.eyebrow')} title={t('solvency.title')}>
        {t('solvency.intro')}
      </PageHeader>
      {snapshot.isPending ? (
        <p className={styles.muted}>
          <Spinner size="small" /> {t('solvency.loading')}
        </p>
      ) : snapshot.isError ? (
        <Notice tone="error">{t('solvency.failed')}</Notice>
      ) : snapshot.data === null ? (
        <Notice tone="info">{t('solvency.none')}</Notice>
      ) : (
        <>
          <Figures snapshot={snapshot.data} />
          <VerifyBalance snapshot={snapshot.data} />
          <History />
        </>
      )}
    </div>
  );
}
