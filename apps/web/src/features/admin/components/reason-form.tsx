import { useState, type FormEvent } from 'react';
import { Button } from '../../../components/ui/button';
import styles from './admin.module.css';

/**
 * A one-line reason and a button: every staff action that changes something
 * asks why. With `disabledReason` (issue 23: the four-eyes rules) the form is
 * disabled and says why.
 */
export function ReasonForm({
  label,
  action,
  busy,
  onSubmit,
  variant = 'secondary',
  disabledReason,
}: {
  label: string;
  action: string;
  busy: boolean;
  onSubmit: (reason: string) => void;
  variant?: 'secondary' | 'danger' | 'primary';
  disabledReason?: string | undefined;
}) {
  const [reason, setReason] = useState('');
  function submit(event: FormEvent) {
    event.preventDefault();
    if (reason.trim() !== '' && disabledReason === undefined) onSubmit(reason.trim());
  }
  return (
    <form className={styles.reasonForm} onSubmit={submit}>
      <input
        aria-label={label}
        placeholder={label}
        value={reason}
        maxLength={500}
        disabled={disabledReason !== undefined}
        onChange={(event) => setReason(event.target.value)}
      />
      <Button
        type="submit"
        size="small"
        variant={variant}
        disabled={busy || reason.trim() === '' || disabledReason !== undefined}
      >
        {action}
      </Button>
      {disabledReason !== undefined ? <span className={styles.muted}>{disabledReason}</span> : null}
    </form>
  );
}
