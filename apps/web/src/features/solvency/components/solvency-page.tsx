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
import { SOLVENCY_TEXTS } from '@shifumi/protocol/solvency-texts';
import { reserveMessage } from '@shifumi/protocol/solvency';
import { Button } from '../../../components/ui/button';
import { Notice } from '../../../components/ui/notice';
import { PageHeader } from '../../../components/ui/page-header';
import { Spinner } from '../../../components/ui/spinner';
import { ApiError, userFacingMessage } from '../../../lib/api-error';
import { browserFairnessCrypto } from '../../../lib/browser-fairness-crypto';
import { useChainConfigQuery } from '../../../lib/chain-config';
import { formatEthAmount } from '../../../lib/money-format';
import { useSession } from '../../../lib/session-store';
import { fetchSolvencyProof, useSigningKeyQuery, useSolvencyHistoryQuery, useSolvencyQuery } from '../api/solvency-api';
import { RatioChart } from './ratio-chart';
import styles from './solvency-page.module.css';

const TEXTS = SOLVENCY_TEXTS.page;

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
  return (
    <section className={styles.card} aria-labelledby="solvency-ratio">
      <h2 id="solvency-ratio" className={styles.cardTitle}>
        {TEXTS.ratio}
      </h2>
      <p className={`${styles.ratio} ${good ? styles.good : styles.bad}`} data-testid="solvency-ratio">
        {snapshot.ratio}
        <span className={styles.ratioLabel}>{good ? TEXTS.covered : TEXTS.notCovered}</span>
      </p>
      <dl className={styles.figures}>
        <div>
          <dt>{TEXTS.reserves}</dt>
          <dd data-testid="solvency-reserves">{formatEthAmount(BigInt(snapshot.reserves.totalWei))}</dd>
        </div>
        <div>
          <dt>{TEXTS.liabilities}</dt>
          <dd data-testid="solvency-liabilities">
            {formatEthAmount(BigInt(snapshot.liabilities.root.sumWei))} <span className={styles.muted}>({TEXTS.players(snapshot.liabilities.players)})</span>
          </dd>
        </div>
        <div>
          <dt>{TEXTS.block}</dt>
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
          <dt>{TEXTS.snapshotAt}</dt>
          <dd>
            <time dateTime={snapshot.at}>{new Date(snapshot.at).toLocaleString()}</time>
          </dd>
        </div>
      </dl>
      <h3 className={styles.subTitle}>{TEXTS.addresses}</h3>
      <ul className={styles.addresses}>
        {snapshot.reserves.addresses.map((entry) => (
          <li key={entry.address} className={styles.address}>
            <span className={styles.mono} title={entry.address}>
              {explorer ? (
                <a href={`${explorer.replace(/\/+$/, '')}/address/${entry.address}`} target="_blank" rel="noopener noreferrer" aria-label={entry.address}>
                  {shortAddress(entry.address)}
                </a>
              ) : (
                <span aria-label={entry.address}>{shortAddress(entry.address)}</span>
              )}
            </span>
            <span>{formatEthAmount(BigInt(entry.balanceWei))}</span>
            <span className={entry.signature === null ? styles.notCounted : styles.muted}>{entry.signature === null ? TEXTS.notCounted : TEXTS.counted}</span>
          </li>
        ))}
      </ul>
      <p className={styles.muted}>
        {TEXTS.checkFromNode}: <q className={styles.mono}>{reserveMessage(snapshot.id, snapshot.blockNumber)}</q>
      </p>
    </section>
  );
}

function History() {
  const history = useSolvencyHistoryQuery();
  if (!history.data) return null;
  return (
    <section className={styles.card} aria-labelledby="solvency-history">
      <h2 id="solvency-history" className={styles.cardTitle}>
        {TEXTS.history}
      </h2>
      {history.data.length < 2 ? <p className={styles.muted}>{TEXTS.historyEmpty}</p> : <RatioChart history={history.data} />}
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

  async function verify() {
    setChecking(true);
    setError(null);
    setChecks(null);
    try {
      const proof = await fetchSolvencyProof(snapshot.id);
      const publicKey = key.data?.publicKey ?? (await key.refetch()).data?.publicKey ?? null;
      // The leaf must be this player's own: a proof of somebody else's balance proves nothing about theirs.
      const results = await checkSolvencyProof(proof, snapshot, publicKey, browserFairnessCrypto(), recoverSigner, session.user ? { userId: session.user.id } : {});
      const amount = (proof as { amountWei?: unknown }).amountWei;
      setAmountWei(typeof amount === 'string' && /^\d+$/.test(amount) ? amount : null);
      setChecks(results);
      requestAnimationFrame(() => summaryRef.current?.focus());
    } catch (caught) {
      setError(caught instanceof ApiError && caught.serverMessage ? userFacingMessage(caught) : TEXTS.proofFailed);
    } finally {
      setChecking(false);
    }
  }

  const failed = checks?.filter((entry) => !entry.ok).length ?? 0;
  return (
    <section className={styles.card} aria-labelledby="solvency-verify">
      <h2 id="solvency-verify" className={styles.cardTitle}>
        {TEXTS.verifyTitle}
      </h2>
      {signedIn ? (
        <>
          <p className={styles.muted}>{TEXTS.verifyIntro}</p>
          <Button type="button" className={styles.verifyButton} disabled={checking} onClick={() => void verify()}>
            {checking ? TEXTS.verifying : TEXTS.verifyButton}
          </Button>
        </>
      ) : (
        <p className={styles.muted}>{TEXTS.signInToVerify}</p>
      )}
      {error ? <Notice tone="error">{error}</Notice> : null}
      {checks ? (
        <div className={styles.results}>
          <h3 ref={summaryRef} tabIndex={-1} className={styles.summary} id="solvency-summary">
            {TEXTS.checksHeading}
          </h3>
          {amountWei !== null ? (
            <p>
              {TEXTS.yourAmount}: <strong data-testid="solvency-your-amount">{formatEthAmount(BigInt(amountWei))}</strong>
            </p>
          ) : null}
          <Notice tone={allSolvencyChecksPassed(checks) ? 'success' : 'error'}>{allSolvencyChecksPassed(checks) ? TEXTS.allPassed : TEXTS.someFailed(failed)}</Notice>
          <ol className={styles.checks} aria-labelledby="solvency-summary">
            {checks.map((entry) => (
              <li key={entry.id} className={`${styles.check} ${entry.ok ? styles.passed : styles.failed}`} data-check={entry.id}>
                <span className={styles.mark} aria-hidden="true">
                  {entry.ok ? '✓' : '✗'}
                </span>
                <div className={styles.body}>
                  <h4 className={styles.checkTitle}>
                    {entry.title}
                    <span className={styles.status}>{entry.ok ? TEXTS.pass : TEXTS.fail}</span>
                  </h4>
                  <p className={styles.detail}>{entry.detail}</p>
                  <p className={styles.muted}>{entry.meaning}</p>
                </div>
              </li>
            ))}
          </ol>
          <p className={styles.muted}>{TEXTS.cli}</p>
        </div>
      ) : null}
    </section>
  );
}

export function SolvencyPage() {
  const snapshot = useSolvencyQuery();
  return (
    <div className={styles.page}>
      <PageHeader eyebrow="Fair play" title={TEXTS.title}>
        {TEXTS.intro}
      </PageHeader>
      {snapshot.isPending ? (
        <p className={styles.muted}>
          <Spinner size="small" /> {TEXTS.loading}
        </p>
      ) : snapshot.isError ? (
        <Notice tone="error">{TEXTS.failed}</Notice>
      ) : snapshot.data === null ? (
        <Notice tone="info">{TEXTS.none}</Notice>
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
