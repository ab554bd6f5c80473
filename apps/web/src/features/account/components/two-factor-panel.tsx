/**
 * Issue 13: two-factor codes. Setup shows the QR code and the secret to type
 * by hand; a code from the app turns it on and shows the recovery codes once
 * (copy or download); a code turns it off.
 */
import { useState, type FormEvent } from 'react';
import { twoFactorCodeSchema, type TwoFactorSetupResponse } from '@shifumi/protocol';
import { useFormIssueText } from '../../../components/ui/form-issues';
import { Button } from '../../../components/ui/button';
import { Notice } from '../../../components/ui/notice';
import { QrCode } from '../../../components/ui/qr-code';
import { TwoFactorCodeField } from '../../../components/ui/two-factor-code-field';
import { userFacingMessage } from '../../../lib/api-error';
import { copyWithToast } from '../../../lib/clipboard';
import { translate } from '../../../lib/i18n/i18n';
import { notify } from '../../../lib/toast';
import { useTwoFactorDisableMutation, useTwoFactorEnableMutation, useTwoFactorSetupMutation } from '../api/security-api';
import { useAccountT } from '../account-texts';
import styles from './security-section.module.css';

function downloadText(name: string, text: string) {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/plain' }));
  const anchor = document.createElement('a');
  anchor.href = url;
  anchor.download = name;
  anchor.click();
  URL.revokeObjectURL(url);
}

function CodeForm({
  label,
  submit,
  pending,
  onCode,
}: {
  label: string;
  submit: string;
  pending: boolean;
  onCode: (code: string) => void;
}) {
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const issueText = useFormIssueText();
  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = twoFactorCodeSchema.safeParse(code);
    if (!parsed.success) {
      setError(issueText(parsed.error));
      return;
    }
    setError(null);
    onCode(parsed.data);
  }
  return (
    <form className={styles.form} onSubmit={handleSubmit} noValidate aria-label={submit}>
      <TwoFactorCodeField label={label} value={code} error={error} onChange={setCode} />
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
  const t = useAccountT();

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
        <Notice tone="success">{t('account.twoFactor.on')}</Notice>
        <p className={styles.muted}>{t('account.twoFactor.recoveryIntro')}</p>
        <ul className={styles.codes} aria-label={t('account.twoFactor.recoveryCodes')} data-testid="recovery-codes">
          {recoveryCodes.map((code) => (
            <li key={code}>{code}</li>
          ))}
        </ul>
        <div className={styles.actions}>
          <Button
            variant="secondary"
            size="small"
            onClick={() =>
              void copyWithToast(text, t('account.twoFactor.codesCopied'), (reason) =>
                translate('account.twoFactor.copyFailed', { reason }),
              )
            }
          >
            {t('account.twoFactor.copy')}
          </Button>
          <Button variant="secondary" size="small" onClick={() => downloadText('shifumi-recovery-codes.txt', `${text}\n`)}>
            {t('account.twoFactor.download')}
          </Button>
          <Button size="small" onClick={() => setRecoveryCodes(null)}>
            {t('account.twoFactor.saved')}
          </Button>
        </div>
      </>
    );
  }

  if (enabled) {
    return (
      <>
        <p className={styles.muted}>{t('account.twoFactor.enabledIntro')}</p>
        <CodeForm
          label={t('account.twoFactor.codeToTurnOff')}
          submit={t('account.twoFactor.turnOff')}
          pending={disable.isPending}
          onCode={(code) => {
            setError(null);
            disable.mutate(code, {
              onSuccess: (answer) => notify.success(answer.message),
              onError: failed('Turning two-factor off failed'),
            });
          }}
        />
        {error ? <Notice tone="error">{error}</Notice> : null}
      </>
    );
  }

  if (pendingSetup) {
    return (
      <>
        <p className={styles.muted}>{t('account.twoFactor.scanIntro')}</p>
        <div className={styles.qr}>
          <QrCode value={pendingSetup.otpauthUrl} size={168} title={t('account.twoFactor.qrTitle')} />
        </div>
        <p className={styles.muted}>{t('account.twoFactor.manualKey')}</p>
        <code className={styles.secret} data-testid="two-factor-secret">
          {pendingSetup.secret}
        </code>
        <CodeForm
          label={t('account.twoFactor.codeFromApp')}
          submit={t('account.twoFactor.turnOn')}
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
      <p className={styles.muted}>{t('account.twoFactor.offIntro')}</p>
      <Button
        size="small"
        disabled={setup.isPending}
        aria-busy={setup.isPending || undefined}
        onClick={() => {
          setError(null);
          QrCode.preload();
          setup.mutate(undefined, { onSuccess: setPendingSetup, onError: failed('Starting the two-factor setup failed') });
        }}
      >
        {t('account.twoFactor.setUp')}
      </Button>
      {error ? <Notice tone="error">{error}</Notice> : null}
    </>
  );
}
