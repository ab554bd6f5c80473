/**
 * A labelled input or textarea with an optional hint and error, wired for
 * assistive technology (label, aria-describedby, aria-invalid).
 */
import { useId, type InputHTMLAttributes, type ReactNode, type Ref, type TextareaHTMLAttributes } from 'react';
import styles from './text-field.module.css';

interface FieldChrome {
  label: string;
  hint?: string;
  error?: string | null;
}

function describedBy(...ids: Array<string | false | undefined>): string | undefined {
  const joined = ids.filter(Boolean).join(' ');
  return joined === '' ? undefined : joined;
}

interface FieldChromeProps extends FieldChrome {
  inputId: string;
  className?: string;
  /** Renders the control with the ids and ARIA attributes the chrome computed. */
  children: (aria: {
    id: string;
    className: string | undefined;
    'aria-invalid'?: true;
    'aria-describedby'?: string;
  }) => ReactNode;
}

/** Label, hint and error around one control; shared by inputs and textareas. */
function FieldFrame({ label, hint, error, inputId, className, children }: FieldChromeProps) {
  const hintId = `${inputId}-hint`;
  const errorId = `${inputId}-error`;
  return (
    <div className={`${styles.field} ${className ?? ''}`}>
      <label htmlFor={inputId} className={styles.label}>
        {label}
      </label>
      {children({
        id: inputId,
        className: styles.control,
        'aria-invalid': error ? true : undefined,
        'aria-describedby': describedBy(hint && hintId, error ? errorId : undefined),
      })}
      {hint ? (
        <p id={hintId} className={styles.hint}>
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} className={styles.error}>
          {error}
        </p>
      ) : null}
    </div>
  );
}

export interface TextFieldProps extends InputHTMLAttributes<HTMLInputElement>, FieldChrome {
  ref?: Ref<HTMLInputElement>;
}

export function TextField({ label, hint, error, id, className, ...inputProps }: TextFieldProps) {
  const generatedId = useId();
  return (
    <FieldFrame label={label} hint={hint} error={error} inputId={id ?? generatedId} className={className}>
      {(aria) => <input {...aria} {...inputProps} />}
    </FieldFrame>
  );
}

export interface TextAreaFieldProps extends TextareaHTMLAttributes<HTMLTextAreaElement>, FieldChrome {
  ref?: Ref<HTMLTextAreaElement>;
}

export function TextAreaField({ label, hint, error, id, className, ...textareaProps }: TextAreaFieldProps) {
  const generatedId = useId();
  return (
    <FieldFrame label={label} hint={hint} error={error} inputId={id ?? generatedId} className={className}>
      {(aria) => <textarea {...aria} {...textareaProps} />}
    </FieldFrame>
  );
}
