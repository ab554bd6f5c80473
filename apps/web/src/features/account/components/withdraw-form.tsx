/**
 * The withdraw form (spec S2 "Account", S5 "Withdrawal", S8): amount and
 * address checked in the spec's order with its texts, a confirm dialog that
 * states both, then the request with an Idempotency-Key, the info toast, and
 * the success or failure toast.
 */
import { useRef, useState, type FormEvent } from 'react';
import { parseEthAmount } from '@shifumi/money';
import { isValidEthereumAddress, TEXTS } from '@shifumi/protocol';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { TextField } from '../../../components/ui/text-field';
import { userFacingMessage } from '../../../lib/api-error';
import { notify } from '../../../lib/toast';
import { useCashoutMutation } from '../api/account-api';
import styles from './withdraw-form.module.css';

interface Pending {
  amount: string;
  recipientAddress: string;
  idempotencyKey: string;
}

/** The first rule the input breaks, in the spec's order, or null. */
export function withdrawalProblem(amount: string, address: string, balanceWei: bigint): string | null {
  const parsed = parseEthAmount(amount);
  if (!parsed.ok) return TEXTS.withdrawalInvalidAmount;
  if (parsed.wei > balanceWei) return TEXTS.withdrawalAboveBalance;
  if (address.trim() === '') return TEXTS.withdrawalAddressMissing;
  if (!isValidEthereumAddress(address.trim())) return TEXTS.withdrawalAddressInvalid;
  return null;
}

export function WithdrawForm({ balanceWei }: { balanceWei: bigint }) {
  const [amount, setAmount] = useState('');
  const [address, setAddress] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  /** The request awaiting confirmation (the dialog is open while set). */
  const [confirming, setConfirming] = useState<Pending | null>(null);
  /** The last confirmed-or-offered request: confirming the same one again reuses its key. */
  const [last, setLast] = useState<Pending | null>(null);
  const cashout = useCashoutMutation();
  const confirmRef = useRef<HTMLButtonElement>(null);

  function handleSubmit(event: FormEvent) {
    event.preventDefault();
    const found = withdrawalProblem(amount, address, balanceWei);
    setProblem(found);
    if (found) return;
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
        const message = userFacingMessage(error);
        setProblem(message === TEXTS.withdrawalFailure ? null : message);
      },
    });
  }

  return (
    <form className={styles.form} onSubmit={handleSubmit} noValidate>
      <TextField
        label="Amount (ETH)"
        inputMode="decimal"
        autoComplete="off"
        value={amount}
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
        value={address}
        onChange={(event) => {
          setAddress(event.target.value);
          setProblem(null);
        }}
      />
      {problem ? (
        <p role="alert" className={styles.error}>
          {problem}
        </p>
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
