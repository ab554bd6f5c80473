/** The auth dialog's sign-up mode (spec S4 "Auth form", S8.02): on success, the green message and back to sign-in with empty fields. */
import { PASSWORD_MIN_LENGTH, registerRequestSchema } from '@shifumi/protocol';
import { AgeAndTermsChecks } from '../../../components/ui/age-and-terms-checks';
import { TextField } from '../../../components/ui/text-field';
import { useRegisterMutation } from '../api/auth-api';
import { useAuthT } from '../auth-texts';
import { EmailField, ModeForm, PasswordField, useFocusFirst, useFormSubmit, type ModeProps } from './auth-form-parts';
import styles from './auth-dialog.module.css';

export interface SignUpFormProps extends ModeProps {
  signedUp: () => void;
}

export function SignUpForm({ fields, setField, success, setSuccess, switchMode, focusFirst, signedUp }: SignUpFormProps) {
  const nameRef = useFocusFirst(focusFirst);
  const register = useRegisterMutation();
  const t = useAuthT();
  const { error, submit, fail } = useFormSubmit('Sign-up failed', () => setSuccess(null));

  return (
    <ModeForm
      onSubmit={(event) =>
        submit(event, registerRequestSchema, { ...fields }, (input) =>
          register.mutate(input, { onSuccess: signedUp, onError: fail }),
        )
      }
      success={success}
      error={error}
      pending={register.isPending}
      submitLabel={t('auth.signUp')}
      after={<p className={styles.legal}>{t('auth.adultsOnly')}</p>}
      switchTo={{ lead: t('auth.alreadyRegistered'), label: t('auth.haveAccount'), onClick: () => switchMode('sign-in') }}
    >
      <TextField
        ref={nameRef}
        label={t('auth.name')}
        name="name"
        autoComplete="name"
        required
        value={fields.name}
        onChange={(event) => setField('name', event.target.value)}
      />
      <EmailField value={fields.email} onChange={(value) => setField('email', value)} />
      <PasswordField
        autoComplete="new-password"
        hint={t('auth.passwordHint', { min: PASSWORD_MIN_LENGTH })}
        value={fields.password}
        onChange={(value) => setField('password', value)}
      />
      <TextField
        label={t('auth.referralCode')}
        name="referralCode"
        autoComplete="off"
        autoCapitalize="characters"
        spellCheck={false}
        hint={t('auth.referralHint')}
        value={fields.referralCode}
        onChange={(event) => setField('referralCode', event.target.value)}
      />
      <AgeAndTermsChecks
        ageConfirmed={fields.ageConfirmed}
        termsAccepted={fields.termsAccepted}
        onAgeConfirmed={(value) => setField('ageConfirmed', value)}
        onTermsAccepted={(value) => setField('termsAccepted', value)}
      />
    </ModeForm>
  );
}
