/** Issue 13: the auth dialog's forgotten-password mode — the e-mail, then the server's message. */
import { forgotPasswordRequestSchema } from '@shifumi/protocol';
import { useForgotPasswordMutation } from '../api/auth-api';
import { useAuthT } from '../auth-texts';
import { EmailField, ModeForm, useFocusFirst, useFormSubmit, type ModeProps } from './auth-form-parts';

export function ForgotPasswordForm({ fields, setField, success, setSuccess, switchMode, focusFirst }: ModeProps) {
  const emailRef = useFocusFirst(focusFirst);
  const forgot = useForgotPasswordMutation();
  const t = useAuthT();
  const { error, submit, fail } = useFormSubmit('Password reset request failed', () => setSuccess(null));

  return (
    <ModeForm
      onSubmit={(event) =>
        submit(event, forgotPasswordRequestSchema, { email: fields.email }, (input) =>
          forgot.mutate(input.email, { onSuccess: (answer) => setSuccess(answer.message), onError: fail }),
        )
      }
      success={success}
      error={error}
      pending={forgot.isPending}
      submitLabel={t('auth.sendLink')}
      switchTo={{ label: t('auth.backToSignIn'), onClick: () => switchMode('sign-in') }}
    >
      <EmailField inputRef={emailRef} value={fields.email} onChange={(value) => setField('email', value)} />
    </ModeForm>
  );
}
