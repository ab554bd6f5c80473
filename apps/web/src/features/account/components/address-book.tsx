/**
 * Issue 13: the withdrawal address book. Adding mails a confirmation link;
 * a confirmed address is active after the waiting time; the book turns on at
 * once and off after the waiting time (with the two-factor code when it is on).
 */
import { useState, type FormEvent } from 'react';
import { firstIssueMessage, twoFactorCodeSchema, withdrawalAddressRequestSchema } from '@shifumi/protocol';
import { Button } from '../../../components/ui/button';
import { Notice } from '../../../components/ui/notice';
import { TextField } from '../../../components/ui/text-field';
import { userFacingMessage } from '../../../lib/api-error';
import { notify } from '../../../lib/toast';
import {
  useAddressBookLockMutation,
  useAddWithdrawalAddressMutation,
  useRemoveWithdrawalAddressMutation,
  useWithdrawalAddressesQuery,
} from '../api/security-api';
import styles from './security-section.module.css';

function reportFailure(what: string) {
  return (failure: unknown) => {
    console.error(what, failure);
    notify.error(userFacingMessage(failure));
  };
}

export function AddressBook({ twoFactorEnabled }: { twoFactorEnabled: boolean }) {
  const book = useWithdrawalAddressesQuery(true);
  const add = useAddWithdrawalAddressMutation();
  const remove = useRemoveWithdrawalAddressMutation();
  const lock = useAddressBookLockMutation();
  const [address, setAddress] = useState('');
  const [label, setLabel] = useState('');
  const [lockCode, setLockCode] = useState('');
  const [error, setError] = useState<string | null>(null);

  function handleAdd(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = withdrawalAddressRequestSchema.safeParse({ address, label });
    if (!parsed.success) {
      setError(firstIssueMessage(parsed.error));
      return;
    }
    setError(null);
    add.mutate(parsed.data, {
      onSuccess: (answer) => {
        notify.success(answer.message);
        setAddress('');
        setLabel('');
      },
      onError: (failure) => {
        console.error('Adding a withdrawal address failed', failure);
        setError(userFacingMessage(failure));
      },
    });
  }

  function turnOff() {
    let code: string | undefined;
    if (twoFactorEnabled) {
      const parsed = twoFactorCodeSchema.safeParse(lockCode);
      if (!parsed.success) {
        setError(firstIssueMessage(parsed.error));
        return;
      }
      code = parsed.data;
    }
    setError(null);
    lock.mutate(code === undefined ? { enabled: false } : { enabled: false, code }, {
      onSuccess: (answer) => {
        notify.success(answer.message);
        setLockCode('');
      },
      onError: reportFailure('Turning the address book off failed'),
    });
  }

  const data = book.data;
  return (
    <>
      <p className={styles.muted}>
        {data?.enabled
          ? data.disablesAt
            ? `The address book is on until ${new Date(data.disablesAt).toLocaleString()}.`
            : 'The address book is on: withdrawals go only to its active addresses.'
          : 'Optional: allow withdrawals only to addresses you confirmed by e-mail, each active after a waiting time.'}
      </p>
      {data && data.addresses.length > 0 ? (
        <ul className={styles.list} aria-label="Withdrawal addresses">
          {data.addresses.map((entry) => (
            <li key={entry.id} className={styles.item}>
              <span className={styles.itemText}>
                <strong>
                  {entry.label}{' '}
                  <span className={`${styles.badge} ${entry.status === 'active' ? '' : styles.pending}`}>
                    {entry.status === 'active' ? 'Active' : entry.activeFrom ? `Active from ${new Date(entry.activeFrom).toLocaleString()}` : 'Waiting for confirmation'}
                  </span>
                </strong>
                <span className={`${styles.muted} ${styles.mono}`}>{entry.address}</span>
              </span>
              <Button
                variant="secondary"
                size="small"
                aria-label={`Remove ${entry.label}`}
                disabled={remove.isPending}
                onClick={() => remove.mutate(entry.id, { onSuccess: (answer) => notify.success(answer.message), onError: reportFailure('Removing an address failed') })}
              >
                Remove
              </Button>
            </li>
          ))}
        </ul>
      ) : null}
      <form className={styles.form} onSubmit={handleAdd} noValidate aria-label="Add a withdrawal address">
        <TextField label="Address" placeholder="0x…" spellCheck={false} autoComplete="off" value={address} onChange={(event) => setAddress(event.target.value)} />
        <TextField label="Label" autoComplete="off" value={label} onChange={(event) => setLabel(event.target.value)} />
        <div className={styles.actions}>
          <Button type="submit" size="small" variant="secondary" disabled={add.isPending} aria-busy={add.isPending || undefined}>
            Add address
          </Button>
        </div>
      </form>
      {data?.enabled ? (
        data.disablesAt ? null : (
          <div className={styles.form}>
            {twoFactorEnabled ? (
              <TextField label="Two-factor code to turn the book off" autoComplete="one-time-code" value={lockCode} onChange={(event) => setLockCode(event.target.value)} />
            ) : null}
            <div className={styles.actions}>
              <Button variant="secondary" size="small" disabled={lock.isPending} onClick={turnOff}>
                Turn the address book off
              </Button>
            </div>
          </div>
        )
      ) : data ? (
        <Button
          size="small"
          disabled={lock.isPending}
          onClick={() => lock.mutate({ enabled: true }, { onSuccess: (answer) => notify.success(answer.message), onError: reportFailure('Turning the address book on failed') })}
        >
          Turn the address book on
        </Button>
      ) : null}
      {error ? <Notice tone="error">{error}</Notice> : null}
    </>
  );
}
