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
  loginRequestSchema,
  registerRequestSchema,
} from '@shifumi/protocol';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { Notice } from '../../../components/ui/notice';
import { Spinner } from '../../../components/ui/spinner';
import { TextField } from '../../../components/ui/text-field';
import { userFacingMessage } from '../../../lib/api-error';
import { reloadPage } from '../../../lib/page-navigation';
import { saveSession } from '../../../lib/session-store';
import { useLoginMutation, useRegisterMutation } from '../api/auth-api';
import styles from './auth-dialog.module.css';

export type AuthMode = 'sign-in' | 'sign-up';

export interface AuthDialogProps {
  initialMode?: AuthMode;
  initialReferralCode?: string;
  onClose: () => void;
}

export function AuthDialog({ initialMode = 'sign-in', initialReferralCode = '', onClose }: AuthDialogProps) {
  const [mode, setMode] = useState<AuthMode>(initialMode);
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [referralCode, setReferralCode] = useState(initialReferralCode);
  const [error, setError] = useState<string | null>(null);
  const [success, setSuccess] = useState<string | null>(null);
  const emailRef = useRef<HTMLInputElement>(null);
  const nameRef = useRef<HTMLInputElement>(null);
  // Set when the mode changes on the user's request: the first field of the new mode takes the focus.
  const focusFirstFieldRef = useRef(false);

  const loginMutation = useLoginMutation();
  const registerMutation = useRegisterMutation();
  const pending = loginMutation.isPending || registerMutation.isPending;

  function clearFields() {
    setName('');
    setEmail('');
    setPassword('');
    setReferralCode('');
  }

  function switchMode(next: AuthMode) {
    setMode(next);
    setError(null);
    setSuccess(null);
    focusFirstFieldRef.current = true;
  }

  useEffect(() => {
    if (!focusFirstFieldRef.current) return;
    focusFirstFieldRef.current = false;
    (mode === 'sign-up' ? nameRef.current : emailRef.current)?.focus();
  }, [mode]);

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
      onSuccess: (session) => {
        saveSession(session.accessToken, session.user, null);
        clearFields();
        onClose();
        reloadPage();
      },
      onError: fail,
    });
  }

  function handleSignUp(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setError(null);
    setSuccess(null);
    const parsed = registerRequestSchema.safeParse({ name, email, password, referralCode });
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

        {error ? <Notice tone="error">{error}</Notice> : null}

        <Button type="submit" block size="large" className={styles.submit} disabled={pending} aria-busy={pending || undefined}>
          {pending ? <Spinner size="small" /> : null}
          {signingIn ? 'Sign In' : 'Sign Up'}
        </Button>
        {signingIn ? null : (
          <p className={styles.legal}>By signing up you confirm you are of legal age to play for money where you live.</p>
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
