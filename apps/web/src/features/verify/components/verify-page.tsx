/**
 * /verify (issue 17): paste or upload a game's signed transcript; every check
 * of `@shifumi/fairness` runs in this browser (Web Crypto) and is listed with
 * ✓ or ✗, what it means and why it passed or failed. Nothing is sent to the
 * server; the public key is fetched from it (GET /api/fairness/key) and may
 * be replaced by one obtained elsewhere. Opened from a game of the account
 * history (`/verify?game=<room>`), the page loads that game's transcript and
 * checks it at once.
 */
import { useEffect, useRef, useState, type ChangeEvent, type FormEvent, type RefObject } from 'react';
import { useSearchParams } from 'react-router';
import { allPassed, checkTranscript, type TranscriptCheck } from '@shifumi/fairness';
import { Button } from '../../../components/ui/button';
import { Notice } from '../../../components/ui/notice';
import { PageHeader } from '../../../components/ui/page-header';
import { TextAreaField, TextField } from '../../../components/ui/text-field';
import { useFairnessKeyQuery } from '../api/fairness-key-api';
import { useTranscriptQuery } from '../api/transcript-api';
import { browserFairnessCrypto } from '../../../lib/browser-fairness-crypto';
import { checkDetail } from '../../../lib/i18n/check-detail';
import { useT, type MessageKey } from '../../../lib/i18n/i18n';
import { VERIFY_TEXTS } from '../../../lib/i18n/page-namespaces';
import { WithNamespace } from '../../../lib/i18n/with-namespace';
import styles from './verify-page.module.css';

function readFile(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(typeof reader.result === 'string' ? reader.result : '');
    reader.onerror = () => reject(reader.error ?? new Error('unreadable file'));
    reader.readAsText(file);
  });
}

export function VerifyPage() {
  return (
    <WithNamespace name="verify" loaders={VERIFY_TEXTS}>
      <Verify />
    </WithNamespace>
  );
}

function Verify() {
  const t = useT();
  const keyQuery = useFairnessKeyQuery();
  const [transcript, setTranscript] = useState('');
  const [typedKey, setTypedKey] = useState<string | null>(null);
  // A key, not a text: the message follows a change of language.
  const [error, setError] = useState<MessageKey | null>(null);
  const [checks, setChecks] = useState<TranscriptCheck[] | null>(null);
  const [checking, setChecking] = useState(false);
  const summaryRef = useRef<HTMLHeadingElement>(null);
  const publicKey = typedKey ?? keyQuery.data?.publicKey ?? '';
  const [searchParams] = useSearchParams();
  const transcriptQuery = useTranscriptQuery(searchParams.get('game'));
  const loadedRef = useRef(false);

  async function run(text: string) {
    setChecks(null);
    if (text.trim() === '') {
      setError('verify.empty');
      document.getElementById('verify-transcript')?.focus();
      return;
    }
    let input: unknown;
    try {
      input = JSON.parse(text);
    } catch {
      setError('verify.notJson');
      document.getElementById('verify-transcript')?.focus();
      return;
    }
    setError(null);
    setChecking(true);
    try {
      const key = publicKey.trim();
      setChecks(await checkTranscript(input, key === '' ? null : key, browserFairnessCrypto()));
      // Move to the verdict so that a keyboard or screen-reader user hears it first.
      requestAnimationFrame(() => summaryRef.current?.focus());
    } finally {
      setChecking(false);
    }
  }

  // A game opened from the history: its transcript is checked once it and the public key are in.
  const opened = transcriptQuery.data;
  const keySettled = keyQuery.isSuccess || keyQuery.isError;
  useEffect(() => {
    if (!opened || !keySettled || loadedRef.current) return;
    loadedRef.current = true;
    const text = JSON.stringify(opened, null, 2);
    setTranscript(text);
    void run(text);
    // run reads the key of this render, the one just settled.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [opened, keySettled]);

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    void run(transcript);
  }

  async function handleFile(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    if (!file) return;
    try {
      const text = await readFile(file);
      setTranscript(text);
      await run(text);
    } catch {
      setError('verify.fileUnreadable');
    }
  }

  return (
    <div className={styles.page}>
      <PageHeader eyebrow={t('verify.eyebrow')} title={t('verify.title')}>
        {t('verify.intro')}
      </PageHeader>

      <form className={styles.form} onSubmit={handleSubmit} noValidate aria-label={t('verify.title')}>
        <TextAreaField
          id="verify-transcript"
          label={t('verify.transcriptLabel')}
          hint={t('verify.transcriptHint')}
          error={error === null ? null : t(error)}
          className={styles.transcript}
          rows={10}
          spellCheck={false}
          autoCapitalize="off"
          autoCorrect="off"
          value={transcript}
          onChange={(event) => setTranscript(event.target.value)}
        />
        <div className={styles.file}>
          <label htmlFor="verify-file" className={styles.fileLabel}>
            {t('verify.fileLabel')}
          </label>
          <input id="verify-file" type="file" accept="application/json,.json" onChange={(event) => void handleFile(event)} />
        </div>
        <TextField
          id="verify-key"
          label={t('verify.keyLabel')}
          hint={t(keyQuery.isError && typedKey === null ? 'verify.keyUnavailable' : 'verify.keyHint')}
          className={styles.key}
          spellCheck={false}
          autoCapitalize="off"
          autoCorrect="off"
          value={publicKey}
          onChange={(event) => setTypedKey(event.target.value)}
        />
        <Button type="submit" className={styles.submit} disabled={checking}>
          {t(checking ? 'verify.checking' : 'verify.check')}
        </Button>
      </form>

      {checks ? <VerifyResults checks={checks} summaryRef={summaryRef} /> : null}
    </div>
  );
}

/** The verdict and every check with ✓ or ✗, what it means and why; the offline command. */
function VerifyResults({ checks, summaryRef }: { checks: TranscriptCheck[]; summaryRef: RefObject<HTMLHeadingElement | null> }) {
  const failedCount = checks.filter((entry) => !entry.ok).length;
  const t = useT();
  return (
    <section aria-labelledby="verify-summary" className={styles.results}>
      <h2 id="verify-summary" ref={summaryRef} tabIndex={-1} className={styles.heading}>
        {t('verify.resultsHeading')}
      </h2>
      <Notice tone={allPassed(checks) ? 'success' : 'error'}>
        {allPassed(checks)
          ? t('verify.allPassed', { count: checks.length })
          : t('verify.someFailed', { failed: failedCount, count: checks.length })}
      </Notice>
      <ol className={styles.checks} aria-labelledby="verify-summary">
        {checks.map((entry) => (
          <li key={entry.id} className={`${styles.check} ${entry.ok ? styles.passed : styles.failed}`} data-check={entry.id}>
            <span className={styles.mark} aria-hidden="true">
              {entry.ok ? '✓' : '✗'}
            </span>
            <div className={styles.body}>
              <h3 className={styles.title}>
                {t(`verify.checks.${entry.id}.title`)}
                <span className={styles.status}>{t(entry.ok ? 'verify.passed' : 'verify.failed')}</span>
              </h3>
              <p className={styles.detail} title={entry.exactWei}>
                {checkDetail('verify', entry)}
              </p>
              <p className={styles.meaning}>{t(`verify.checks.${entry.id}.meaning`)}</p>
            </div>
          </li>
        ))}
      </ol>
      <details className={styles.offline}>
        <summary>{t('verify.offlineSummary')}</summary>
        <p>{t('verify.offlineIntro')}</p>
        {/* Focusable: on a phone the command scrolls inside its box, and a keyboard must reach it (WCAG 2.1.1). */}
        <pre tabIndex={0}>
          <code>{t('verify.offlineCommand')}</code>
        </pre>
      </details>
    </section>
  );
}
