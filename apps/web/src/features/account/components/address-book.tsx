/**
 * Issue 13: the withdrawal address book. Adding mails a confirmation link;
 * a confirmed address is active after the waiting time; the book turns on at
 * once and off after the waiting time (with the two-factor code when it is on).
 */
import { useState, type FormEvent } from 'react';
import { twoFactorCodeSchema, withdrawalAddressRequestSchema } from '@shifumi/protocol';
import { useFormIssueText } from '../../../components/ui/form-issues';
import { Button } from '../../../components/ui/button';
import { Notice } from '../../../components/ui/notice';
import { TextField } from '../../../components/ui/text-field';
import { TwoFactorCodeField } from '../../../components/ui/two-factor-code-field';
import { useIntlLocale } from '../../../lib/i18n/i18n';
import { userFacingMessage } from '../../../lib/api-error';
import { notify } from '../../../lib/toast';
import {
  useAddressBookLockMutation,
  useAddWithdrawalAddressMutation,
  useRemoveWithdrawalAddressMutation,
  useWithdrawalAddressesQuery,
} from '../api/security-api';
import { useAccountT } from '../account-texts';
import styles from './security-section.module.css';

function reportFailure(what: string) {
  return (failure: unknown) => {
    console.error(what, failure);
    notify.error(userFacingMessage(failure));
  };
}

type AddressBookData = NonNullable<ReturnType<typeof useWithdrawalAddressesQuery>['data']>;

/** The book's addresses, each with its state and a Remove button. */
function AddressList({ addresses }: { addresses: AddressBookData['addresses'] }) {
  const remove = useRemoveWithdrawalAddressMutation();
  const t = useAccountT();
  const locale = useIntlLocale();
  return (
    <ul className={styles.list} aria-label={t('account.addressBook.listLabel')}>
      {addresses.map((entry) => (
        <li key={entry.id} className={styles.item}>
          <span className={styles.itemText}>
            <strong>
              {entry.label}{' '}
              <span className={`${styles.badge} ${entry.status === 'active' ? '' : styles.pending}`}>
                {entry.status === 'active'
                  ? t('account.addressBook.active')
                  : entry.activeFrom
                    ? t('account.addressBook.activeFrom', { when: new Date(entry.activeFrom).toLocaleString(locale) })
                    : t('account.addressBook.waiting')}
              </span>
            </strong>
            <span className={`${styles.muted} ${styles.mono}`}>{entry.address}</span>
          </span>
          <Button
            variant="secondary"
            size="small"
            aria-label={t('account.addressBook.removeLabel', { label: entry.label })}
            disabled={remove.isPending}
            onClick={() =>
              remove.mutate(entry.id, {
                onSuccess: (answer) => notify.success(answer.message),
                onError: reportFailure('Removing an address failed'),
              })
            }
          >
            {t('account.addressBook.remove')}
          </Button>
        </li>
      ))}
    </ul>
  );
}

interface BookSwitchProps {
  data: AddressBookData;
  twoFactorEnabled: boolean;
  /** A code that does not parse: shown under the book. */
  setError: (error: string | null) => void;
}

/** Turning the book on (at once), or off (after the waiting time, with the two-factor code when it is on). */
function BookSwitch({ data, twoFactorEnabled, setError }: BookSwitchProps) {
  const lock = useAddressBookLockMutation();
  const [lockCode, setLockCode] = useState('');
  const issueText = useFormIssueText();
  const t = useAccountT();

  function turnOff() {
    let code: string | undefined;
    if (twoFactorEnabled) {
      const parsed = twoFactorCodeSchema.safeParse(lockCode);
      if (!parsed.success) {
        setError(issueText(parsed.error));
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

  if (!data.enabled) {
    return (
      <Button
        size="small"
        disabled={lock.isPending}
        onClick={() =>
          lock.mutate(
            { enabled: true },
            {
              onSuccess: (answer) => notify.success(answer.message),
              onError: reportFailure('Turning the address book on failed'),
            },
          )
        }
      >
        {t('account.addressBook.turnOn')}
      </Button>
    );
  }
  return data.disablesAt ? null : (
    <div className={styles.form}>
      {twoFactorEnabled ? (
        <TwoFactorCodeField label={t('account.addressBook.codeToTurnOff')} value={lockCode} onChange={setLockCode} />
      ) : null}
      <div className={styles.actions}>
        <Button variant="secondary" size="small" disabled={lock.isPending} onClick={turnOff}>
          {t('account.addressBook.turnOff')}
        </Button>
      </div>
    </div>
  );
}

export function AddressBook({ twoFactorEnabled }: { twoFactorEnabled: boolean }) {
  const book = useWithdrawalAddressesQuery(true);
  const add = useAddWithdrawalAddressMutation();
  const [address, setAddress] = useState('');
  const [label, setLabel] = useState('');
  const [error, setError] = useState<string | null>(null);
  const t = useAccountT();
  const issueText = useFormIssueText();
  const locale = useIntlLocale();

  function handleAdd(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = withdrawalAddressRequestSchema.safeParse({ address, label });
    if (!parsed.success) {
      setError(issueText(parsed.error));
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

  const data = book.data;
  return (
    <>
      <p className={styles.muted}>
        {data?.enabled
          ? data.disablesAt
            ? t('account.addressBook.onUntil', { when: new Date(data.disablesAt).toLocaleString(locale) })
            : t('account.addressBook.on')
          : t('account.addressBook.off')}
      </p>
      {data && data.addresses.length > 0 ? <AddressList addresses={data.addresses} /> : null}
      <form className={styles.form} onSubmit={handleAdd} noValidate aria-label={t('account.addressBook.addLabel')}>
        <TextField
          label={t('account.addressBook.address')}
          placeholder="0x…"
          spellCheck={false}
          autoComplete="off"
          value={address}
          onChange={(event) => setAddress(event.target.value)}
        />
        <TextField
          label={t('account.addressBook.label')}
          autoComplete="off"
          value={label}
          onChange={(event) => setLabel(event.target.value)}
        />
        <div className={styles.actions}>
          <Button type="submit" size="small" variant="secondary" disabled={add.isPending} aria-busy={add.isPending || undefined}>
            {t('account.addressBook.add')}
          </Button>
        </div>
      </form>
      {data ? <BookSwitch data={data} twoFactorEnabled={twoFactorEnabled} setError={setError} /> : null}
      {error ? <Notice tone="error">{error}</Notice> : null}
    </>
  );
}
