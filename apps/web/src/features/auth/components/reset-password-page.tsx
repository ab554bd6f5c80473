/**
 * /reset-password/:token (issue 13): the form for a new password, then
 * success (sign in with it) or the invalid-or-expired link.
 */
import { useState, type FormEvent } from 'react';
import { Link, useParams } from 'react-router';
import { ACCOUNT_SECURITY_TEXTS, PASSWORD_MIN_LENGTH, firstIssueMessage, resetPasswordRequestSchema } from '@shifumi/protocol';
import { Button, buttonClassName } from '../../../components/ui/button';
import { AlertCircleIcon, CheckCircleIcon } from '../../../components/ui/icons';
import { Notice } from '../../../components/ui/notice';
import { Spinner } from '../../../components/ui/spinner';
import { TextField } from '../../../components/ui/text-field';
import { ApiError, userFacingMessage } from '../../../lib/api-error';
import { clearSession } from '../../../lib/session-store';
import { useResetPasswordMutation } from '../api/auth-api';
import styles from '../../../components/ui/mailed-link-page.module.css';

export function ResetPasswordPage() {
  const { token = '' } = useParams();
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [linkInvalid, setLinkInvalid] = useState(() => !resetPasswordRequestSchema.shape.token.safeParse(token).success);
  const reset = useResetPasswordMutation();

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setError(null);
    const parsed = resetPasswordRequestSchema.safeParse({ token, password });
    if (!parsed.success) {
      setError(firstIssueMessage(parsed.error));
      return;
    }
    if (password !== confirmation) {
      setError('The two passwords are not the same.');
      return;
    }
    reset.mutate(parsed.data, {
      // Every session was signed out, this browser's included.
      onSuccess: () => clearSession(),
      onError: (failure) => {
        console.error('Password reset failed', failure);
        if (failure instanceof ApiError && failure.status === 400 && failure.serverMessage === ACCOUNT_SECURITY_TEXTS.resetLinkInvalid) {
          setLinkInvalid(true);
          return;
        }
        setError(userFacingMessage(failure));
      },
    });
  }

  return (
    <section className={styles.page} aria-labelledby="reset-title">
      <div className={styles.card}>
        {reset.isSuccess ? (
          <div role="status" className={`${styles.view} ${styles.center}`}>
            <CheckCircleIcon className={styles.success} width={56} height={56} />
            <h1 id="reset-title" className={styles.title}>
              Password changed
            </h1>
            <p>{reset.data.message}</p>
            <p className={styles.hint}>Sign in with the button at the top of the page.</p>
            <Link to="/" className={buttonClassName({ variant: 'primary' })}>
              Go to the home page
            </Link>
          </div>
        ) : linkInvalid ? (
          <div role="alert" className={`${styles.view} ${styles.center}`}>
            <AlertCircleIcon className={styles.error} width={56} height={56} />
            <h1 id="reset-title" className={styles.title}>
              Link invalid or expired
            </h1>
            <p>{ACCOUNT_SECURITY_TEXTS.resetLinkInvalid}</p>
            <p className={styles.hint}>Use "Forgot password?" in the sign-in dialog to get a new link.</p>
            <Link to="/" className={buttonClassName({ variant: 'secondary' })}>
              Back to home
            </Link>
          </div>
        ) : (
          <form className={styles.view} onSubmit={handleSubmit} noValidate>
            <h1 id="reset-title" className={styles.title}>
              Choose a new password
            </h1>
            <TextField
              label="New password"
              name="password"
              type="password"
              autoComplete="new-password"
              required
              hint={`At least ${PASSWORD_MIN_LENGTH} characters.`}
              value={password}
              onChange={(event) => setPassword(event.target.value)}
            />
            <TextField
              label="Repeat the new password"
              name="confirmation"
              type="password"
              autoComplete="new-password"
              required
              value={confirmation}
              onChange={(event) => setConfirmation(event.target.value)}
            />
            {error ? <Notice tone="error">{error}</Notice> : null}
            <Button type="submit" size="large" disabled={reset.isPending} aria-busy={reset.isPending || undefined}>
              {reset.isPending ? <Spinner size="small" /> : null}
              Set the new password
            </Button>
          </form>
        )}
      </div>
    </section>
  );
}
