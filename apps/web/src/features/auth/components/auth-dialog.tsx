/**
 * The sign-in / sign-up modal (spec S4 "Auth form", S8.01, S8.02).
 *
 * Opens in sign-in mode (or sign-up when a referral link asked for it).
 * Sign-up success: the green message, empty fields, back to sign-in.
 * Sign-in success: session stored, form closed and cleared, page reloaded.
 * Failure: the server's message when it sent one, otherwise the generic text.
 *
 * Issue 25: one component per mode (sign-in, sign-up, forgotten password,
 * the code step) with the pieces they share in `auth-form-parts.tsx`; this
 * one keeps what crosses modes: the mode, the fields typed, the green message.
 */
import { useState } from 'react';
import type { SessionResponse } from '@shifumi/protocol';
import { Dialog } from '../../../components/ui/dialog';
import { reloadPage } from '../../../lib/page-navigation';
import { adoptAccountLanguage } from '../../../lib/i18n/account-language';
import { translate, type MessageKey } from '../../../lib/i18n/i18n';
import { saveSession } from '../../../lib/session-store';
import { useAuthT } from '../auth-texts';
import { emptyFields, type AuthFields, type AuthMode, type DialogMode, type ModeProps } from './auth-form-parts';
import { ForgotPasswordForm } from './forgot-password-form';
import { SignInForm } from './sign-in-form';
import { SignUpForm } from './sign-up-form';
import { TwoFactorStep } from './two-factor-step';

export type { AuthMode };

const HEADINGS: Record<DialogMode, { title: MessageKey; description: MessageKey }> = {
  'sign-in': { title: 'auth.headings.signIn', description: 'auth.headings.signInText' },
  'sign-up': { title: 'auth.headings.signUp', description: 'auth.headings.signUpText' },
  forgot: { title: 'auth.headings.forgot', description: 'auth.headings.forgotText' },
  code: { title: 'auth.headings.code', description: 'auth.headings.codeText' },
};

export interface AuthDialogProps {
  initialMode?: AuthMode;
  initialReferralCode?: string;
  onClose: () => void;
}

interface DialogState {
  mode: DialogMode;
  /** The code step's challenge, once the password was right. */
  challenge: string | null;
  success: string | null;
  /** Set once the player moved to another mode: each new mode's first field takes the focus. */
  focusFirst: boolean;
}

export function AuthDialog({ initialMode = 'sign-in', initialReferralCode = '', onClose }: AuthDialogProps) {
  const [state, setState] = useState<DialogState>({ mode: initialMode, challenge: null, success: null, focusFirst: false });
  const [fields, setFields] = useState<AuthFields>(() => emptyFields(initialReferralCode));
  const t = useAuthT();

  function switchMode(mode: DialogMode) {
    setState((current) => ({ ...current, mode, success: null, focusFirst: true }));
  }

  function signedIn(session: SessionResponse) {
    // Issue 27: the account's language first (this browser then remembers it), then the session and at once the
    // reload, so that the page reloads in that language and nothing shows it signed in before (a dialog opened in
    // between would be closed by the reload).
    void adoptAccountLanguage(session.accessToken).then(() => {
      saveSession(session.accessToken, session.user, null);
      setFields(emptyFields());
      onClose();
      reloadPage();
    });
  }

  const shared: ModeProps = {
    fields,
    setField: (key, value) => setFields((current) => ({ ...current, [key]: value })),
    success: state.success,
    setSuccess: (success) => setState((current) => ({ ...current, success })),
    switchMode,
    focusFirst: state.focusFirst,
  };
  const { title, description } = HEADINGS[state.mode];

  return (
    <Dialog open onClose={onClose} size="small" title={t(title)} description={t(description)}>
      {state.mode === 'sign-in' ? (
        <SignInForm
          {...shared}
          signedIn={signedIn}
          codeNeeded={(challenge) => setState({ mode: 'code', challenge, success: null, focusFirst: true })}
        />
      ) : state.mode === 'sign-up' ? (
        <SignUpForm
          {...shared}
          signedUp={() => {
            setFields(emptyFields());
            setState({ mode: 'sign-in', challenge: null, success: translate('auth.signUpSuccess'), focusFirst: true });
          }}
        />
      ) : state.mode === 'forgot' ? (
        <ForgotPasswordForm {...shared} />
      ) : state.challenge === null ? null : (
        <TwoFactorStep
          success={state.success}
          switchMode={switchMode}
          focusFirst={state.focusFirst}
          challenge={state.challenge}
          signedIn={signedIn}
        />
      )}
    </Dialog>
  );
}
