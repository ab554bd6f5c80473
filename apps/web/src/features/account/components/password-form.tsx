/** Issue 13: change the password (POST /api/account/password); other sessions are signed out. */
import { useState, type FormEvent } from 'react';
import { PASSWORD_MIN_LENGTH, changePasswordRequestSchema } from '@shifumi/protocol';
import { useFormIssueText } from '../../../components/ui/form-issues';
import { Button } from '../../../components/ui/button';
import { Notice } from '../../../components/ui/notice';
import { TextField } from '../../../components/ui/text-field';
import { userFacingMessage } from '../../../lib/api-error';
import { useChangePasswordMutation } from '../api/security-api';
import { useAccountT } from '../account-texts';
import styles from './security-section.module.css';

export function PasswordForm() {
  const [currentPassword, setCurrentPassword] = useState('');
  const [newPassword, setNewPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [success, setSuccess] = useState<string | null>(null);
  const issueText = useFormIssueText();
  const change = useChangePasswordMutation();
  const t = useAccountT();

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setError(null);
    setSuccess(null);
    const parsed = changePasswordRequestSchema.safeParse({ currentPassword, newPassword });
    if (!parsed.success) {
      setError(issueText(parsed.error));
      return;
    }
    change.mutate(parsed.data, {
      onSuccess: (answer) => {
        setSuccess(answer.message);
        setCurrentPassword('');
        setNewPassword('');
      },
      onError: (failure) => {
        console.error('Changing the password failed', failure);
        setError(userFacingMessage(failure));
      },
    });
  }

  return (
    <form className={styles.form} onSubmit={handleSubmit} noValidate aria-label={t('account.security.changePassword')}>
      <TextField
        label={t('account.security.currentPassword')}
        type="password"
        autoComplete="current-password"
        value={currentPassword}
        onChange={(event) => setCurrentPassword(event.target.value)}
      />
      <TextField
        label={t('account.security.newPassword')}
        type="password"
        autoComplete="new-password"
        hint={t('account.security.newPasswordHint', { min: PASSWORD_MIN_LENGTH })}
        value={newPassword}
        onChange={(event) => setNewPassword(event.target.value)}
      />
      {error ? <Notice tone="error">{error}</Notice> : null}
      {success ? <Notice tone="success">{success}</Notice> : null}
      <div className={styles.actions}>
        <Button type="submit" size="small" disabled={change.isPending} aria-busy={change.isPending || undefined}>
          {t('account.security.changePassword')}
        </Button>
      </div>
    </form>
  );
}
