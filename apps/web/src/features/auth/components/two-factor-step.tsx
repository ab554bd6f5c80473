/** Issue 13: the sign-in's second step — the authenticator's code or a recovery code, for the challenge the password opened. */
import { useState } from 'react';
import { twoFactorCodeSchema, type SessionResponse } from '@shifumi/protocol';
import { TwoFactorCodeField } from '../../../components/ui/two-factor-code-field';
import { useLoginSecondStepMutation } from '../api/auth-api';
import { useAuthT } from '../auth-texts';
import { ModeForm, useFocusFirst, useFormSubmit, type ModeProps } from './auth-form-parts';

export interface TwoFactorStepProps extends Pick<ModeProps, 'success' | 'switchMode' | 'focusFirst'> {
  challenge: string;
  signedIn: (session: SessionResponse) => void;
}

export function TwoFactorStep({ success, switchMode, focusFirst, challenge, signedIn }: TwoFactorStepProps) {
  const codeRef = useFocusFirst(focusFirst);
  const [code, setCode] = useState('');
  const secondStep = useLoginSecondStepMutation();
  const t = useAuthT();
  // The code step keeps the message it was opened with (none today): only the error is cleared on submit.
  const { error, submit, fail } = useFormSubmit('Sign-in failed', () => undefined);

  return (
    <ModeForm
      onSubmit={(event) =>
        submit(event, twoFactorCodeSchema, code, (value) =>
          secondStep.mutate({ challenge, code: value }, { onSuccess: signedIn, onError: fail }),
        )
      }
      success={success}
      error={error}
      pending={secondStep.isPending}
      submitLabel={t('auth.verify')}
      switchTo={{ label: t('auth.backToSignIn'), onClick: () => switchMode('sign-in') }}
    >
      <TwoFactorCodeField ref={codeRef} label={t('auth.code')} required value={code} onChange={setCode} />
    </ModeForm>
  );
}
