/**
 * Issue 13: two-factor codes. Setup shows the QR code and the secret to type
 * by hand; a code from the app turns it on and shows the recovery codes once
 * (copy or download); a code turns it off.
 */
import { useState, type FormEvent } from 'react';
import { QRCodeSVG } from 'qrcode.react';
import { firstIssueMessage, twoFactorCodeSchema, type TwoFactorSetupResponse } from '@shifumi/protocol';
import { Button } from '../../../components/ui/button';
import { Notice } from '../../../components/ui/notice';
import { TextField } from '../../../components/ui/text-field';
import { userFacingMessage } from '../../../lib/api-error';
import { copyWithToast } from '../../../lib/clipboard';
import { notify } from '../../../lib/toast';
import { useTwoFactorDisableMutation, useTwoFactorEnableMutation, useTwoFactorSetupMutation } from '../api/security-api';
import styles from './security-section.module.css';

function downloadText(name: string, text: string) {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/plain' }));
  const anchor = document.createElement('a');
  anchor.href = url;
  anchor.download = name;
  anchor.click();
  URL.revokeObjectURL(url);
}

function CodeForm({ label, submit, pending, onCode }: { label: string; submit: string; pending: boolean; onCode: (code: string) => void }) {
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = twoFactorCodeSchema.safeParse(code);
    if (!parsed.success) {
      setError(firstIssueMessage(parsed.error));
      return;
    }
    setError(null);
    onCode(parsed.data);
  }
  return (
    <form className={styles.form} onSubmit={handleSubmit} noValidate aria-label={submit}>
      <TextField label={label} autoComplete="one-time-code" spellCheck={false} value={code} error={error} onChange={(event) => setCode(event.target.value)} />
      <div className={styles.actions}>
        <Button type="submit" size="small" disabled={pending} aria-busy={pending || undefined}>
          {submit}
        </Button>
      </div>
    </form>
  );
}

export function TwoFactorPanel({ enabled }: { enabled: boolean }) {
  const setup = useTwoFactorSetupMutation();
  const enable = useTwoFactorEnableMutation();
  const disable = useTwoFactorDisableMutation();
  const [pendingSetup, setPendingSetup] = useState<TwoFactorSetupResponse | null>(null);
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);
  const [error, setError] = useState<string | null>(null);

  function failed(what: string) {
    return (failure: unknown) => {
      console.error(what, failure);
      setError(userFacingMessage(failure));
    };
  }

  if (recoveryCodes) {
    const text = recoveryCodes.join('\n');
    return (
      <>
        <Notice tone="success">Two-factor authentication is on.</Notice>
        <p className={styles.muted}>
          Keep these recovery codes somewhere safe: each one signs you in once if you lose your phone. They are shown only now.
        </p>
        <ul className={styles.codes} aria-label="Recovery codes" data-testid="recovery-codes">
          {recoveryCodes.map((code) => (
            <li key={code}>{code}</li>
          ))}
        </ul>
        <div className={styles.actions}>
          <Button variant="secondary" size="small" onClick={() => void copyWithToast(text, 'Recovery codes copied to clipboard!', (reason) => `Could not copy: ${reason}`)}>
            Copy
          </Button>
          <Button variant="secondary" size="small" onClick={() => downloadText('shifumi-recovery-codes.txt', `${text}\n`)}>
            Download
          </Button>
          <Button size="small" onClick={() => setRecoveryCodes(null)}>
            I have saved them
          </Button>
        </div>
      </>
    );
  }

  if (enabled) {
    return (
      <>
        <p className={styles.muted}>
          Two-factor authentication is <strong>on</strong>: signing in and withdrawing ask for a code from your authenticator app.
        </p>
        <CodeForm
          label="Code to turn it off"
          submit="Turn off two-factor"
          pending={disable.isPending}
          onCode={(code) => {
            setError(null);
            disable.mutate(code, { onSuccess: (answer) => notify.success(answer.message), onError: failed('Turning two-factor off failed') });
          }}
        />
        {error ? <Notice tone="error">{error}</Notice> : null}
      </>
    );
  }

  if (pendingSetup) {
    return (
      <>
        <p className={styles.muted}>Scan this QR code with your authenticator app, or type the key by hand, then enter the code it shows.</p>
        <div className={styles.qr}>
          <QRCodeSVG value={pendingSetup.otpauthUrl} size={168} title="QR code for your authenticator app" />
        </div>
        <p className={styles.muted}>Key for manual entry:</p>
        <code className={styles.secret} data-testid="two-factor-secret">
          {pendingSetup.secret}
        </code>
        <CodeForm
          label="Code from the app"
          submit="Turn on two-factor"
          pending={enable.isPending}
          onCode={(code) => {
            setError(null);
            enable.mutate(code, {
              onSuccess: (answer) => {
                setPendingSetup(null);
                setRecoveryCodes(answer.recoveryCodes);
              },
              onError: failed('Turning two-factor on failed'),
            });
          }}
        />
        {error ? <Notice tone="error">{error}</Notice> : null}
      </>
    );
  }

  return (
    <>
      <p className={styles.muted}>Protect sign-in and withdrawals with a code from an authenticator app (Google Authenticator, 1Password, Aegis…).</p>
      <Button
        size="small"
        disabled={setup.isPending}
        aria-busy={setup.isPending || undefined}
        onClick={() => {
          setError(null);
          setup.mutate(undefined, { onSuccess: setPendingSetup, onError: failed('Starting the two-factor setup failed') });
        }}
      >
        Set up two-factor
      </Button>
      {error ? <Notice tone="error">{error}</Notice> : null}
    </>
  );
}
