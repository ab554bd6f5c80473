/**
 * Issue 13, folded into one by issue 27: the field of a two-factor code — the
 * authenticator's 6 digits or a recovery code — wherever one is asked (the
 * sign-in's code step, a wallet sign-in, a withdrawal, the account's security
 * settings). The browser and the phone offer the code they received
 * (`one-time-code`); letters are allowed (recovery codes), spell-checking is not.
 */
import type { Ref } from 'react';
import { TextField } from './text-field';
import { useUiT } from './ui-texts';

export interface TwoFactorCodeFieldProps {
  value: string;
  onChange: (value: string) => void;
  /** The field's label; "Two-factor code" by default. */
  label?: string;
  error?: string | null;
  disabled?: boolean;
  required?: boolean;
  ref?: Ref<HTMLInputElement>;
}

export function TwoFactorCodeField({ value, onChange, label, error, disabled, required, ref }: TwoFactorCodeFieldProps) {
  const t = useUiT();
  return (
    <TextField
      ref={ref}
      label={label ?? t('ui.twoFactorCode.label')}
      name="code"
      autoComplete="one-time-code"
      inputMode="text"
      spellCheck={false}
      required={required}
      disabled={disabled}
      value={value}
      error={error}
      onChange={(event) => onChange(event.target.value)}
    />
  );
}
