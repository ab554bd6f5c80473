/**
 * /verify (issue 17): paste or upload a game's signed transcript; every check
 * of `@shifumi/fairness` runs in this browser (Web Crypto) and is listed with
 * ✓ or ✗, what it means and why it passed or failed. Nothing is sent to the
 * server; the public key is fetched from it (GET /api/fairness/key) and may
 * be replaced by one obtained elsewhere. Opened from a game of the account
 * history (`/verify?game=<room>`), the page loads that game's transcript and
 * checks it at once.
 */
import { useEffect, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import { allPassed, checkTranscript, type TranscriptCheck } from '@shifumi/fairness';
import { FAIRNESS_TEXTS } from '@shifumi/protocol/fairness-texts';
import { Button } from '../../../components/ui/button';
import { Notice } from '../../../components/ui/notice';
import { PageHeader } from '../../../components/ui/page-header';
import { TextAreaField, TextField } from '../../../components/ui/text-field';
import { useFairnessKeyQuery } from '../api/fairness-key-api';
import { useTranscriptQuery } from '../api/transcript-api';
import { browserFairnessCrypto } from '../../../lib/browser-fairness-crypto';
import styles from './verify-page.module.css';

const TEXTS = FAIRNESS_TEXTS.page;

function readFile(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(typeof reader.result === 'string' ? reader.result : '');
    reader.onerror = () => reject(reader.error ?? new Error('unreadable file'));
    reader.readAsText(file);
  });
}

export function VerifyPage() {
  const keyQuery = useFairnessKeyQuery();
  const [transcript, setTranscript] = useState('');
  const [typedKey, setTypedKey] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
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
      setError(TEXTS.empty);
      document.getElementById('verify-transcript')?.focus();
      return;
    }
    let input: unknown;
    try {
      input = JSON.parse(text);
    } catch {
      setError(TEXTS.notJson);
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
      setError(TEXTS.fileUnreadable);
    }
  }

  const failedCount = checks?.filter((entry) => !entry.ok).length ?? 0;

  return (
    <div className={styles.page}>
      <PageHeader eyebrow="Fair play" title={TEXTS.title}>
        {TEXTS.intro}
      </PageHeader>

      <form className={styles.form} onSubmit={handleSubmit} noValidate aria-label={TEXTS.title}>
        <TextAreaField
          id="verify-transcript"
          label={TEXTS.transcriptLabel}
          hint={TEXTS.transcriptHint}
          error={error}
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
            {TEXTS.fileLabel}
          </label>
          <input id="verify-file" type="file" accept="application/json,.json" onChange={(event) => void handleFile(event)} />
        </div>
        <TextField
          id="verify-key"
          label={TEXTS.keyLabel}
          hint={keyQuery.isError && typedKey === null ? TEXTS.keyUnavailable : TEXTS.keyHint}
          className={styles.key}
          spellCheck={false}
          autoCapitalize="off"
          autoCorrect="off"
          value={publicKey}
          onChange={(event) => setTypedKey(event.target.value)}
        />
        <Button type="submit" className={styles.submit} disabled={checking}>
          {checking ? TEXTS.checking : TEXTS.check}
        </Button>
      </form>

      {checks ? (
        <section aria-labelledby="verify-summary" className={styles.results}>
          <h2 id="verify-summary" ref={summaryRef} tabIndex={-1} className={styles.heading}>
            {TEXTS.resultsHeading}
          </h2>
          <Notice tone={allPassed(checks) ? 'success' : 'error'}>
            {allPassed(checks) ? TEXTS.allPassed(checks.length) : TEXTS.someFailed(failedCount, checks.length)}
          </Notice>
          <ol className={styles.checks} aria-labelledby="verify-summary">
            {checks.map((entry) => (
              <li key={entry.id} className={`${styles.check} ${entry.ok ? styles.passed : styles.failed}`} data-check={entry.id}>
                <span className={styles.mark} aria-hidden="true">
                  {entry.ok ? '✓' : '✗'}
                </span>
                <div className={styles.body}>
                  <h3 className={styles.title}>
                    {entry.title}
                    <span className={styles.status}>{entry.ok ? TEXTS.passed : TEXTS.failed}</span>
                  </h3>
                  <p className={styles.detail} title={entry.exactWei}>
                    {entry.detail}
                  </p>
                  <p className={styles.meaning}>{entry.meaning}</p>
                </div>
              </li>
            ))}
          </ol>
          <details className={styles.offline}>
            <summary>{TEXTS.offlineSummary}</summary>
            <p>{TEXTS.offlineIntro}</p>
            {/* Focusable: on a phone the command scrolls inside its box, and a keyboard must reach it (WCAG 2.1.1). */}
            <pre tabIndex={0}>
              <code>{TEXTS.offlineCommand}</code>
            </pre>
          </details>
        </section>
      ) : null}
    </div>
  );
}
