/**
 * /reset-password/:token (issue 13): the form for a new password, then
 * success (sign in with it) or the invalid-or-expired link.
 */
import { useState, type FormEvent } from 'react';
import { Link, useParams } from 'react-router';
import { PASSWORD_MIN_LENGTH, resetPasswordRequestSchema } from '@shifumi/protocol';
import { Button, buttonClassName } from '../../../components/ui/button';
import { AlertCircleIcon, CheckCircleIcon } from '../../../components/ui/icons';
import { Spinner } from '../../../components/ui/spinner';
import { ApiError } from '../../../lib/api-error';
import { clearSession } from '../../../lib/session-store';
import { useResetPasswordMutation } from '../api/auth-api';
import { useAuthT } from '../auth-texts';
import { ErrorNotice, PasswordField, useFormSubmit } from './auth-form-parts';
import styles from '../../../components/ui/mailed-link-page.module.css';

export function ResetPasswordPage() {
  const { token = '' } = useParams();
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [linkInvalid, setLinkInvalid] = useState(() => !resetPasswordRequestSchema.shape.token.safeParse(token).success);
  const reset = useResetPasswordMutation();
  const t = useAuthT();
  const { error, setError, submit, fail } = useFormSubmit('Password reset failed', () => undefined);

  const handleSubmit = (event: FormEvent<HTMLFormElement>) =>
    submit(event, resetPasswordRequestSchema, { token, password }, (input) => {
      if (password !== confirmation) {
        setError(t('auth.reset.mismatch'));
        return;
      }
      reset.mutate(input, {
        // Every session was signed out, this browser's included.
        onSuccess: () => clearSession(),
        onError: (failure) => {
          if (failure instanceof ApiError && failure.code === 'reset_link_invalid') {
            console.error('Password reset failed', failure);
            setLinkInvalid(true);
            return;
          }
          fail(failure);
        },
      });
    });

  return (
    <section className={styles.page} aria-labelledby="reset-title">
      <div className={styles.card}>
        {reset.isSuccess ? (
          <div role="status" className={`${styles.view} ${styles.center}`}>
            <CheckCircleIcon className={styles.success} width={56} height={56} />
            <h1 id="reset-title" className={styles.title}>
              {t('auth.reset.changed')}
            </h1>
            <p>{reset.data.message}</p>
            <p className={styles.hint}>{t('auth.reset.signInHint')}</p>
            <Link to="/" className={buttonClassName({ variant: 'primary' })}>
              {t('auth.reset.goHome')}
            </Link>
          </div>
        ) : linkInvalid ? (
          <div role="alert" className={`${styles.view} ${styles.center}`}>
            <AlertCircleIcon className={styles.error} width={56} height={56} />
            <h1 id="reset-title" className={styles.title}>
              {t('auth.reset.invalidTitle')}
            </h1>
            <p>{t('auth.reset.invalidText')}</p>
            <p className={styles.hint}>{t('auth.reset.invalidHint')}</p>
            <Link to="/" className={buttonClassName({ variant: 'secondary' })}>
              {t('auth.reset.backHome')}
            </Link>
          </div>
        ) : (
          <form className={styles.view} onSubmit={handleSubmit} noValidate>
            <h1 id="reset-title" className={styles.title}>
              {t('auth.reset.title')}
            </h1>
            <PasswordField
              label={t('auth.reset.newPassword')}
              autoComplete="new-password"
              hint={t('auth.passwordHint', { min: PASSWORD_MIN_LENGTH })}
              value={password}
              onChange={setPassword}
            />
            <PasswordField
              label={t('auth.reset.repeat')}
              name="confirmation"
              autoComplete="new-password"
              value={confirmation}
              onChange={setConfirmation}
            />
            <ErrorNotice message={error} />
            <Button type="submit" size="large" disabled={reset.isPending} aria-busy={reset.isPending || undefined}>
              {reset.isPending ? <Spinner size="small" /> : null}
              {t('auth.reset.submit')}
            </Button>
          </form>
        )}
      </div>
    </section>
  );
}
