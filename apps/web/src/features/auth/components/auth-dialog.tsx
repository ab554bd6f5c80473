/**
 * The sign-in / sign-up modal (spec S4 "Auth form", S8.01, S8.02).
 *
 * Opens in sign-in mode (or sign-up when a referral link asked for it).
 * Sign-up success: the green message, empty fields, back to sign-in.
 * Sign-in success: session stored, form closed and cleared, page reloaded.
 * Failure: the server's message when it sent one, otherwise the generic text.
 */
import { useEffect, useRef, useState, type FormEvent } from 'react';
import {
  PASSWORD_MIN_LENGTH,
  TEXTS,
  firstIssueMessage,
  forgotPasswordRequestSchema,
  loginRequestSchema,
  registerRequestSchema,
  twoFactorCodeSchema,
  type SessionResponse,
} from '@shifumi/protocol';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { Notice } from '../../../components/ui/notice';
import { Spinner } from '../../../components/ui/spinner';
import { TextField } from '../../../components/ui/text-field';
import { userFacingMessage } from '../../../lib/api-error';
import { reloadPage } from '../../../lib/page-navigation';
import { saveSession } from '../../../lib/session-store';
import { useForgotPasswordMutation, useLoginMutation, useLoginSecondStepMutation, useRegisterMutation } from '../api/auth-api';
import { AgeAndTermsChecks } from '../../../components/ui/age-and-terms-checks';
import styles from './auth-dialog.module.css';

export type AuthMode = 'sign-in' | 'sign-up';
/** Issue 13: besides the two modes a caller opens, the forgotten-password form and the sign-in's code step. */
type DialogMode = AuthMode | 'forgot' | 'code';

export interface AuthDialogProps {
  initialMode?: AuthMode;
  initialReferralCode?: string;
  onClose: () => void;
}

export function AuthDialog({ initialMode = 'sign-in', initialReferralCode = '', onClose }: AuthDialogProps) {
  const [mode, setMode] = useState<DialogMode>(initialMode);
  const [challenge, setChallenge] = useState<string | null>(null);
  const [code, setCode] = useState('');
  const codeRef = useRef<HTMLInputElement>(null);
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [referralCode, setReferralCode] = useState(initialReferralCode);
  const [ageConfirmed, setAgeConfirmed] = useState(false);
  const [termsAccepted, setTermsAccepted] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [success, setSuccess] = useState<string | null>(null);
  const emailRef = useRef<HTMLInputElement>(null);
  const nameRef = useRef<HTMLInputElement>(null);
  // Set when the mode changes on the user's request: the first field of the new mode takes the focus.
  const focusFirstFieldRef = useRef(false);

  const loginMutation = useLoginMutation();
  const registerMutation = useRegisterMutation();
  const secondStepMutation = useLoginSecondStepMutation();
  const forgotMutation = useForgotPasswordMutation();
  const pending = loginMutation.isPending || registerMutation.isPending || secondStepMutation.isPending || forgotMutation.isPending;

  function clearFields() {
    setName('');
    setEmail('');
    setPassword('');
    setReferralCode('');
    setAgeConfirmed(false);
    setTermsAccepted(false);
  }

  function switchMode(next: DialogMode) {
    setMode(next);
    setError(null);
    setSuccess(null);
    focusFirstFieldRef.current = true;
  }

  useEffect(() => {
    if (!focusFirstFieldRef.current) return;
    focusFirstFieldRef.current = false;
    (mode === 'sign-up' ? nameRef.current : mode === 'code' ? codeRef.current : emailRef.current)?.focus();
  }, [mode]);

  function signedIn(session: SessionResponse) {
    saveSession(session.accessToken, session.user, null);
    clearFields();
    onClose();
    reloadPage();
  }

  function fail(failure: unknown) {
    console.error(mode === 'sign-in' ? 'Sign-in failed' : 'Sign-up failed', failure);
    setError(userFacingMessage(failure));
  }

  function handleSignIn(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setError(null);
    setSuccess(null);
    const parsed = loginRequestSchema.safeParse({ email, password });
    if (!parsed.success) {
      setError(firstIssueMessage(parsed.error));
      return;
    }
    loginMutation.mutate(parsed.data, {
      onSuccess: (answer) => {
        if ('twoFactorRequired' in answer) {
          // The password was right; two-factor is on: the code step, with no session yet.
          setChallenge(answer.challenge);
          setCode('');
          switchMode('code');
          return;
        }
        signedIn(answer);
      },
      onError: fail,
    });
  }

  function handleCode(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setError(null);
    const parsed = twoFactorCodeSchema.safeParse(code);
    if (!parsed.success) {
      setError(firstIssueMessage(parsed.error));
      return;
    }
    if (challenge === null) return;
    secondStepMutation.mutate({ challenge, code: parsed.data }, { onSuccess: signedIn, onError: fail });
  }

  function handleForgot(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setError(null);
    setSuccess(null);
    const parsed = forgotPasswordRequestSchema.safeParse({ email });
    if (!parsed.success) {
      setError(firstIssueMessage(parsed.error));
      return;
    }
    forgotMutation.mutate(parsed.data.email, { onSuccess: (answer) => setSuccess(answer.message), onError: fail });
  }

  function handleSignUp(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setError(null);
    setSuccess(null);
    const parsed = registerRequestSchema.safeParse({ name, email, password, referralCode, ageConfirmed, termsAccepted });
    if (!parsed.success) {
      setError(firstIssueMessage(parsed.error));
      return;
    }
    registerMutation.mutate(parsed.data, {
      onSuccess: () => {
        clearFields();
        focusFirstFieldRef.current = true;
        setMode('sign-in');
        setSuccess(TEXTS.signUpSuccess);
      },
      onError: fail,
    });
  }

  const signingIn = mode === 'sign-in';

  if (mode === 'code' || mode === 'forgot') {
    const codeStep = mode === 'code';
    return (
      <Dialog
        open
        onClose={onClose}
        size="small"
        title={codeStep ? 'Two-factor code' : 'Forgot your password?'}
        description={
          codeStep
            ? 'Enter the 6-digit code from your authenticator app, or one of your recovery codes.'
            : 'Enter the e-mail address of your account: we will send you a link to choose a new password.'
        }
      >
        <form className={styles.form} onSubmit={codeStep ? handleCode : handleForgot} noValidate>
          {success ? <Notice tone="success">{success}</Notice> : null}
          {codeStep ? (
            <TextField
              ref={codeRef}
              label="Code"
              name="code"
              autoComplete="one-time-code"
              inputMode="text"
              spellCheck={false}
              required
              value={code}
              onChange={(event) => setCode(event.target.value)}
            />
          ) : (
            <TextField
              ref={emailRef}
              label="Email"
              name="email"
              type="email"
              autoComplete="email"
              inputMode="email"
              required
              value={email}
              onChange={(event) => setEmail(event.target.value)}
            />
          )}
          {error ? <Notice tone="error">{error}</Notice> : null}
          <Button type="submit" block size="large" className={styles.submit} disabled={pending} aria-busy={pending || undefined}>
            {pending ? <Spinner size="small" /> : null}
            {codeStep ? 'Verify' : 'Send the link'}
          </Button>
        </form>
        <div className={styles.switch}>
          <button type="button" className={styles.switchButton} onClick={() => switchMode('sign-in')}>
            Back to sign in
          </button>
        </div>
      </Dialog>
    );
  }

  return (
    <Dialog
      open
      onClose={onClose}
      size="small"
      title={signingIn ? 'Sign in to Shifumi' : 'Create your account'}
      description={
        signingIn
          ? 'Welcome back. Sign in to play, deposit and withdraw.'
          : 'It takes a minute. We will e-mail you a link to verify your address.'
      }
    >
      <form className={styles.form} onSubmit={signingIn ? handleSignIn : handleSignUp} noValidate>
        {success ? <Notice tone="success">{success}</Notice> : null}

        {signingIn ? null : (
          <TextField
            ref={nameRef}
            label="Name"
            name="name"
            autoComplete="name"
            required
            value={name}
            onChange={(event) => setName(event.target.value)}
          />
        )}
        <TextField
          ref={emailRef}
          label="Email"
          name="email"
          type="email"
          autoComplete="email"
          inputMode="email"
          required
          value={email}
          onChange={(event) => setEmail(event.target.value)}
        />
        <TextField
          label="Password"
          name="password"
          type="password"
          autoComplete={signingIn ? 'current-password' : 'new-password'}
          required
          hint={signingIn ? undefined : `At least ${PASSWORD_MIN_LENGTH} characters.`}
          value={password}
          onChange={(event) => setPassword(event.target.value)}
        />
        {signingIn ? null : (
          <TextField
            label="Referral code"
            name="referralCode"
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            hint="Optional — the code of the friend who invited you."
            value={referralCode}
            onChange={(event) => setReferralCode(event.target.value)}
          />
        )}

        {signingIn ? (
          <button type="button" className={`${styles.switchButton} ${styles.forgot}`} onClick={() => switchMode('forgot')}>
            Forgot password?
          </button>
        ) : mode === 'sign-up' ? (
          <AgeAndTermsChecks
            ageConfirmed={ageConfirmed}
            termsAccepted={termsAccepted}
            onAgeConfirmed={setAgeConfirmed}
            onTermsAccepted={setTermsAccepted}
          />
        ) : null}

        {error ? <Notice tone="error">{error}</Notice> : null}

        <Button type="submit" block size="large" className={styles.submit} disabled={pending} aria-busy={pending || undefined}>
          {pending ? <Spinner size="small" /> : null}
          {signingIn ? 'Sign In' : 'Sign Up'}
        </Button>
        {signingIn ? null : (
          <p className={styles.legal}>Playing for money is only for adults, and only where it is legal where you live.</p>
        )}
      </form>

      <div className={styles.switch}>
        {signingIn ? (
          <>
            <span>New to Shifumi?</span>
            <button type="button" className={styles.switchButton} onClick={() => switchMode('sign-up')}>
              Create an account
            </button>
          </>
        ) : (
          <>
            <span>Already registered?</span>
            <button type="button" className={styles.switchButton} onClick={() => switchMode('sign-in')}>
              I already have an account
            </button>
          </>
        )}
      </div>
    </Dialog>
  );
}
