/** The auth dialog's sign-in mode (spec S4 "Auth form", S8.01): e-mail and password, then the session or the code step. */
import { loginRequestSchema, type SessionResponse } from '@shifumi/protocol';
import { useLoginMutation } from '../api/auth-api';
import { useAuthT } from '../auth-texts';
import { EmailField, ModeForm, PasswordField, useFocusFirst, useFormSubmit, type ModeProps } from './auth-form-parts';
import styles from './auth-dialog.module.css';

export interface SignInFormProps extends ModeProps {
  signedIn: (session: SessionResponse) => void;
  /** Two-factor is on: the code step, with this challenge. */
  codeNeeded: (challenge: string) => void;
}

export function SignInForm({
  fields,
  setField,
  success,
  setSuccess,
  switchMode,
  focusFirst,
  signedIn,
  codeNeeded,
}: SignInFormProps) {
  const emailRef = useFocusFirst(focusFirst);
  const login = useLoginMutation();
  const t = useAuthT();
  const { error, submit, fail } = useFormSubmit('Sign-in failed', () => setSuccess(null));

  return (
    <ModeForm
      onSubmit={(event) =>
        submit(event, loginRequestSchema, { email: fields.email, password: fields.password }, (input) =>
          login.mutate(input, {
            // The password was right and two-factor is on: the code step, with no session yet.
            onSuccess: (answer) => ('twoFactorRequired' in answer ? codeNeeded(answer.challenge) : signedIn(answer)),
            onError: fail,
          }),
        )
      }
      success={success}
      error={error}
      pending={login.isPending}
      submitLabel={t('auth.signIn')}
      switchTo={{ lead: t('auth.newHere'), label: t('auth.createAccount'), onClick: () => switchMode('sign-up') }}
    >
      <EmailField inputRef={emailRef} value={fields.email} onChange={(value) => setField('email', value)} />
      <PasswordField autoComplete="current-password" value={fields.password} onChange={(value) => setField('password', value)} />
      <button type="button" className={`${styles.switchButton} ${styles.forgot}`} onClick={() => switchMode('forgot')}>
        {t('auth.forgotPassword')}
      </button>
    </ModeForm>
  );
}
