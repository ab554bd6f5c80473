/**
 * Pieces the auth dialog's modes share (issue 25: one component per mode):
 * the fields they carry from one mode to the next, the form's frame (the
 * notices, the submit button, the link to another mode), the e-mail and
 * password fields, the first field's focus, and the parse-then-send step
 * with its error.
 */
import { useEffect, useRef, useState, type FormEvent, type ReactNode, type Ref } from 'react';
import type { z } from 'zod';
import { Button } from '../../../components/ui/button';
import { useFormIssueText } from '../../../components/ui/form-issues';
import { Notice } from '../../../components/ui/notice';
import { Spinner } from '../../../components/ui/spinner';
import { TextField } from '../../../components/ui/text-field';
import { userFacingMessage } from '../../../lib/api-error';
import { useAuthT } from '../auth-texts';
import styles from './auth-dialog.module.css';

export type AuthMode = 'sign-in' | 'sign-up';
/** Issue 13: besides the two modes a caller opens, the forgotten-password form and the sign-in's code step. */
export type DialogMode = AuthMode | 'forgot' | 'code';

/** What the player typed, kept when they switch between modes (an e-mail typed to sign in is there to reset the password). */
export interface AuthFields {
  name: string;
  email: string;
  password: string;
  referralCode: string;
  ageConfirmed: boolean;
  termsAccepted: boolean;
}

export function emptyFields(referralCode = ''): AuthFields {
  return { name: '', email: '', password: '', referralCode, ageConfirmed: false, termsAccepted: false };
}

/** What every mode's form gets from the dialog. */
export interface ModeProps {
  fields: AuthFields;
  setField: <K extends keyof AuthFields>(key: K, value: AuthFields[K]) => void;
  /** The green message carried into this mode (sign-up done, link sent). */
  success: string | null;
  setSuccess: (message: string | null) => void;
  switchMode: (mode: DialogMode) => void;
  /** True when the player switched to this mode: its first field takes the focus. */
  focusFirst: boolean;
}

/**
 * A form's submit: clears the messages, checks the input with `schema`
 * (the first issue is the error), then sends it; a failure shows the
 * server's words or the generic text, and is logged as `failureLabel`.
 */
export function useFormSubmit(failureLabel: string, clearSuccess: () => void) {
  const [error, setError] = useState<string | null>(null);
  const issueText = useFormIssueText();
  function submit<T>(event: FormEvent<HTMLFormElement>, schema: z.ZodType<T>, input: unknown, send: (value: T) => void) {
    event.preventDefault();
    setError(null);
    clearSuccess();
    const parsed = schema.safeParse(input);
    if (!parsed.success) {
      setError(issueText(parsed.error));
      return;
    }
    send(parsed.data);
  }
  function fail(failure: unknown) {
    console.error(failureLabel, failure);
    setError(userFacingMessage(failure));
  }
  return { error, setError, submit, fail };
}

/** The first field of a mode the player switched to takes the focus: give it this ref. */
export function useFocusFirst(focusFirst: boolean) {
  const ref = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (focusFirst) ref.current?.focus();
  }, [focusFirst]);
  return ref;
}

export function EmailField({
  value,
  onChange,
  inputRef,
}: {
  value: string;
  onChange: (value: string) => void;
  inputRef?: Ref<HTMLInputElement>;
}) {
  const t = useAuthT();
  return (
    <TextField
      ref={inputRef}
      label={t('auth.email')}
      name="email"
      type="email"
      autoComplete="email"
      inputMode="email"
      required
      value={value}
      onChange={(event) => onChange(event.target.value)}
    />
  );
}

export function SuccessNotice({ message }: { message: string | null }) {
  return message ? <Notice tone="success">{message}</Notice> : null;
}

export function ErrorNotice({ message }: { message: string | null }) {
  return message ? <Notice tone="error">{message}</Notice> : null;
}

export function SubmitButton({ pending, children }: { pending: boolean; children: ReactNode }) {
  return (
    <Button type="submit" block size="large" className={styles.submit} disabled={pending} aria-busy={pending || undefined}>
      {pending ? <Spinner size="small" /> : null}
      {children}
    </Button>
  );
}

/** Under the form: a sentence (optional) and the button to another mode. */
export function ModeSwitch({ lead, label, onClick }: { lead?: string; label: string; onClick: () => void }) {
  return (
    <div className={styles.switch}>
      {lead ? <span>{lead}</span> : null}
      <button type="button" className={styles.switchButton} onClick={onClick}>
        {label}
      </button>
    </div>
  );
}

export function PasswordField({
  label,
  name = 'password',
  value,
  onChange,
  autoComplete,
  hint,
}: {
  label?: string;
  name?: string;
  value: string;
  onChange: (value: string) => void;
  autoComplete: 'current-password' | 'new-password';
  hint?: string;
}) {
  const t = useAuthT();
  return (
    <TextField
      label={label ?? t('auth.password')}
      name={name}
      type="password"
      autoComplete={autoComplete}
      required
      hint={hint}
      value={value}
      onChange={(event) => onChange(event.target.value)}
    />
  );
}

export interface ModeFormProps {
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  /** The green message carried into this mode, above the fields. */
  success: string | null;
  /** The form's error, above the submit button. */
  error: string | null;
  pending: boolean;
  submitLabel: string;
  /** The fields. */
  children: ReactNode;
  /** Under the submit button, inside the form. */
  after?: ReactNode;
  /** The link to another mode, under the form. */
  switchTo: { lead?: string; label: string; onClick: () => void };
}

/** A mode's form: the green message, the fields, the error, the submit button, then the link to another mode. */
export function ModeForm({ onSubmit, success, error, pending, submitLabel, children, after, switchTo }: ModeFormProps) {
  return (
    <>
      <form className={styles.form} noValidate onSubmit={onSubmit}>
        <SuccessNotice message={success} />
        {children}
        <ErrorNotice message={error} />
        <SubmitButton pending={pending}>{submitLabel}</SubmitButton>
        {after}
      </form>
      <ModeSwitch {...switchTo} />
    </>
  );
}
