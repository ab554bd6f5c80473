/**
 * The withdraw form (spec S2 "Account", S5 "Withdrawal", S8): amount and
 * address checked in the spec's order with its texts, a confirm dialog that
 * states both, then the request with an Idempotency-Key, the info toast, and
 * the success or failure toast.
 */
import { useId, useRef, useState, type FormEvent } from 'react';
import { parseEthAmount } from '@shifumi/money';
import { isValidEthereumAddress, TEXTS } from '@shifumi/protocol';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { Notice } from '../../../components/ui/notice';
import { TextField } from '../../../components/ui/text-field';
import { ApiError } from '../../../lib/api-error';
import { notify } from '../../../lib/toast';
import { useCashoutMutation } from '../api/account-api';
import styles from './withdraw-form.module.css';

interface Pending {
  amount: string;
  recipientAddress: string;
  idempotencyKey: string;
}

interface Problem {
  message: string;
  /** The field to fix; null for a refusal of the server that is about neither. */
  field: 'amount' | 'address' | null;
}

/** The first rule the input breaks, in the spec's order, or null. */
export function withdrawalProblem(amount: string, address: string, balanceWei: bigint): Problem | null {
  const parsed = parseEthAmount(amount);
  if (!parsed.ok) return { message: TEXTS.withdrawalInvalidAmount, field: 'amount' };
  // Compared in wei: the `balance` number is for display only.
  if (parsed.wei > balanceWei) return { message: TEXTS.withdrawalAboveBalance, field: 'amount' };
  if (address.trim() === '') return { message: TEXTS.withdrawalAddressMissing, field: 'address' };
  if (!isValidEthereumAddress(address.trim())) return { message: TEXTS.withdrawalAddressInvalid, field: 'address' };
  return null;
}

export function WithdrawForm({ balanceWei }: { balanceWei: bigint }) {
  const [amount, setAmount] = useState('');
  const [address, setAddress] = useState('');
  const [problem, setProblem] = useState<Problem | null>(null);
  /** The request awaiting confirmation (the dialog is open while set). */
  const [confirming, setConfirming] = useState<Pending | null>(null);
  /** The last confirmed-or-offered request: confirming the same one again reuses its key. */
  const [last, setLast] = useState<Pending | null>(null);
  const cashout = useCashoutMutation();
  const confirmRef = useRef<HTMLButtonElement>(null);
  const amountRef = useRef<HTMLInputElement>(null);
  const addressRef = useRef<HTMLInputElement>(null);
  const problemId = useId();

  /** aria-invalid and the message's id on the field the problem is about. */
  function problemProps(field: Problem['field']) {
    return problem && problem.field === field ? { 'aria-invalid': true as const, 'aria-describedby': problemId } : {};
  }

  function handleSubmit(event: FormEvent) {
    event.preventDefault();
    const found = withdrawalProblem(amount, address, balanceWei);
    setProblem(found);
    if (found) {
      (found.field === 'amount' ? amountRef : addressRef).current?.focus();
      return;
    }
    const request =
      last && last.amount === amount.trim() && last.recipientAddress === address.trim()
        ? last
        : { amount: amount.trim(), recipientAddress: address.trim(), idempotencyKey: crypto.randomUUID() };
    setLast(request);
    setConfirming(request);
  }

  function handleConfirm() {
    if (!confirming) return;
    const request = confirming;
    setConfirming(null);
    notify.info(TEXTS.withdrawalInfo);
    cashout.mutate(request, {
      onSuccess: () => {
        notify.success(TEXTS.withdrawalSuccess);
        setAmount('');
        setAddress('');
        setProblem(null);
        setLast(null);
      },
      onError: (error) => {
        console.error('Withdrawal failed', error);
        notify.error(TEXTS.withdrawalFailure);
        // The server's own words, when it gave any beyond the toast (e.g. a balance that changed meanwhile).
        const message = error instanceof ApiError ? error.serverMessage : null;
        setProblem(message && message !== TEXTS.withdrawalFailure ? { message, field: null } : null);
      },
    });
  }

  return (
    <form className={styles.form} onSubmit={handleSubmit} noValidate>
      <TextField
        label="Amount (ETH)"
        inputMode="decimal"
        autoComplete="off"
        ref={amountRef}
        value={amount}
        {...problemProps('amount')}
        onChange={(event) => {
          setAmount(event.target.value);
          setProblem(null);
        }}
      />
      <TextField
        label="Ethereum address"
        autoComplete="off"
        spellCheck={false}
        placeholder="0x…"
        ref={addressRef}
        value={address}
        {...problemProps('address')}
        onChange={(event) => {
          setAddress(event.target.value);
          setProblem(null);
        }}
      />
      {problem ? (
        <Notice tone="error">
          <span id={problemId}>{problem.message}</span>
        </Notice>
      ) : null}
      <Button type="submit" disabled={cashout.isPending} aria-busy={cashout.isPending || undefined}>
        Retirer
      </Button>
      <Dialog
        open={confirming !== null}
        onClose={() => setConfirming(null)}
        title="Confirm the withdrawal"
        role="alertdialog"
        size="small"
        initialFocusRef={confirmRef}
      >
        {confirming ? (
          <div className={styles.confirm}>
            <p>
              Send <strong>{confirming.amount} ETH</strong> to
            </p>
            <p className={styles.address}>{confirming.recipientAddress}</p>
            <p className={styles.muted}>A payment on chain cannot be reversed. Check the address.</p>
            <div className={styles.actions}>
              <Button variant="secondary" onClick={() => setConfirming(null)}>
                Cancel
              </Button>
              <Button ref={confirmRef} onClick={handleConfirm}>
                Confirm withdrawal
              </Button>
            </div>
          </div>
        ) : null}
      </Dialog>
    </form>
  );
}
