/**
 * The withdraw form (spec S2 "Account", S5 "Withdrawal", S8): amount and
 * address checked in the spec's order with its texts, a confirm dialog that
 * states both, then the request with an Idempotency-Key, the info toast, and
 * the success or failure toast.
 *
 * Issue 12: the network fee is charged on top of the amount. The form says so
 * under the amount, refuses an amount below the minimum or one whose total
 * exceeds the balance, and the confirm dialog shows what the recipient gets,
 * the fee and the total debited, in ETH and USD, before its confirm button.
 * The fee shown is sent with the request: the server never charges more.
 *
 * Issue 14: a Max button (the balance minus the fee), the amount in USD as it
 * is typed, a decimal comma read as a decimal point, and the destination in
 * full in the confirmation.
 */
import { useId, useRef, useState, type FormEvent } from 'react';
import { formatEth, parseEthAmount } from '@shifumi/money';
import { firstIssueMessage, isValidEthereumAddress, SERVER_TEXTS, TEXTS, twoFactorCodeSchema, type WithdrawalFeeResponse } from '@shifumi/protocol';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { Notice } from '../../../components/ui/notice';
import { TextField } from '../../../components/ui/text-field';
import { ApiError } from '../../../lib/api-error';
import { ChainDelayedNotice } from '../../../lib/chain-status';
import { notify } from '../../../lib/toast';
import { formatEthCharged, formatUsdAmount } from '../../../lib/money-format';
import { useCashoutMutation } from '../../../lib/account-api';
import { useWithdrawalFeeQuery } from '../api/withdrawal-fee-api';
import styles from './withdraw-form.module.css';

interface Pending {
  amount: string;
  recipientAddress: string;
  idempotencyKey: string;
  /** The fee shown when confirming (ETH) and the amounts in wei, for the dialog. */
  fee: string;
  amountWei: bigint;
  feeWei: bigint;
}

interface Problem {
  message: string;
  /** The field to fix; null for a refusal of the server that is about neither. */
  field: 'amount' | 'address' | null;
}

/**
 * The amount as typed, with a decimal comma read as a decimal point ("0,5" is
 * 0.5). Only a lone comma without a point: "1,000.5" stays as typed (and is refused).
 */
export function normalizeAmount(input: string): string {
  const trimmed = input.trim();
  return !trimmed.includes('.') && trimmed.split(',').length === 2 ? trimmed.replace(',', '.') : trimmed;
}

/** The most that can be withdrawn: the balance minus the fee; null when nothing can. */
export function maximumWithdrawalWei(balanceWei: bigint, quote: WithdrawalFeeResponse | null): bigint | null {
  if (!quote) return null;
  const maximum = balanceWei - BigInt(quote.feeWei);
  return maximum > 0n ? maximum : null;
}

/**
 * The first rule the input breaks, in the spec's order, or null. With the fee
 * quote (issue 12): the minimum, then the amount plus the fee against the
 * balance.
 */
export function withdrawalProblem(amount: string, address: string, balanceWei: bigint, quote?: WithdrawalFeeResponse | null): Problem | null {
  const parsed = parseEthAmount(normalizeAmount(amount));
  if (!parsed.ok) return { message: TEXTS.withdrawalInvalidAmount, field: 'amount' };
  // Compared in wei: the `balance` number is for display only.
  if (parsed.wei > balanceWei) return { message: TEXTS.withdrawalAboveBalance, field: 'amount' };
  if (quote) {
    const minimum = parseEthAmount(quote.minimum);
    if (minimum.ok && parsed.wei < minimum.wei) return { message: SERVER_TEXTS.withdrawalBelowMinimum(quote.minimum), field: 'amount' };
    if (parsed.wei + BigInt(quote.feeWei) > balanceWei) return { message: SERVER_TEXTS.withdrawalAboveBalanceWithFee(quote.fee), field: 'amount' };
  }
  if (address.trim() === '') return { message: TEXTS.withdrawalAddressMissing, field: 'address' };
  if (!isValidEthereumAddress(address.trim())) return { message: TEXTS.withdrawalAddressInvalid, field: 'address' };
  return null;
}

/** ETH exactly, and dollars when the price is usable. */
/**
 * An amount of the confirmation, with at most 6 decimals (issue 14): what the player pays
 * (the fee, the total) rounded up, what the recipient gets rounded down, so the figures
 * shown never flatter the withdrawal; the exact amount on hover.
 */
function Money({ wei, microUsdPerEth, rounding }: { wei: bigint; microUsdPerEth: bigint | null; rounding: 'up' | 'down' }) {
  return (
    <>
      <strong title={`${formatEth(wei)} ETH`}>{formatEth(wei, { decimals: 6, rounding })} ETH</strong>
      {microUsdPerEth === null ? null : <span className={styles.usd}> ≈ {formatUsdAmount(wei, microUsdPerEth)}</span>}
    </>
  );
}

export interface WithdrawFormProps {
  balanceWei: bigint;
  /** Issue 12: the ETH price, to show the amounts in USD too. */
  microUsdPerEth?: bigint | null;
  /** Issue 13: the confirmation asks for a two-factor code. */
  twoFactorEnabled?: boolean;
  /** Issue 13: the address book's active addresses, offered as suggestions. */
  activeAddresses?: ReadonlyArray<{ address: string; label: string }>;
}

export function WithdrawForm({ balanceWei, microUsdPerEth = null, twoFactorEnabled = false, activeAddresses = [] }: WithdrawFormProps) {
  const feeQuery = useWithdrawalFeeQuery();
  const quote = feeQuery.data ?? null;
  const feeHintId = useId();
  const amountUsdId = useId();
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
  const addressListId = useId();
  const [code, setCode] = useState('');
  const codeRef = useRef<HTMLInputElement>(null);
  const [codeError, setCodeError] = useState<string | null>(null);

  /** aria-invalid and the message's id on the field the problem is about. */
  function problemProps(field: Problem['field']) {
    return problem && problem.field === field ? { 'aria-invalid': true as const, 'aria-describedby': problemId } : {};
  }

  function handleSubmit(event: FormEvent) {
    event.preventDefault();
    const found = quote
      ? withdrawalProblem(amount, address, balanceWei, quote)
      : { message: SERVER_TEXTS.feeUnavailable, field: null };
    setProblem(found);
    if (found) {
      if (found.field !== null) (found.field === 'amount' ? amountRef : addressRef).current?.focus();
      if (!quote) void feeQuery.refetch();
      return;
    }
    const typed = normalizeAmount(amount);
    const parsed = parseEthAmount(typed);
    if (!parsed.ok || !quote) return;
    const request =
      last && last.amount === typed && last.recipientAddress === address.trim() && last.fee === quote.fee
        ? last
        : {
            amount: typed,
            recipientAddress: address.trim(),
            idempotencyKey: crypto.randomUUID(),
            fee: quote.fee,
            amountWei: parsed.wei,
            feeWei: BigInt(quote.feeWei),
          };
    setLast(request);
    setConfirming(request);
  }

  function handleConfirm() {
    if (!confirming) return;
    let twoFactorCode: string | undefined;
    if (twoFactorEnabled) {
      const parsed = twoFactorCodeSchema.safeParse(code);
      if (!parsed.success) {
        setCodeError(firstIssueMessage(parsed.error));
        return;
      }
      twoFactorCode = parsed.data;
    }
    const request = twoFactorCode === undefined ? confirming : { ...confirming, code: twoFactorCode };
    setConfirming(null);
    setCode('');
    setCodeError(null);
    cashout.mutate(
      {
        amount: request.amount,
        recipientAddress: request.recipientAddress,
        idempotencyKey: request.idempotencyKey,
        fee: request.fee,
        ...(twoFactorCode === undefined ? {} : { code: twoFactorCode }),
      },
      {
      onSuccess: () => {
        // Issue 14: accepted is not paid; "completed" comes with the server's withdrawal_update.
        notify.info(TEXTS.withdrawalInfo);
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

  const maximumWei = maximumWithdrawalWei(balanceWei, quote);
  const typedAmount = parseEthAmount(normalizeAmount(amount));

  return (
    <form className={styles.form} onSubmit={handleSubmit} noValidate>
      <ChainDelayedNotice />
      <div className={styles.amountRow}>
        <TextField
          label="Amount (ETH)"
          inputMode="decimal"
          autoComplete="off"
          className={styles.amountField}
          ref={amountRef}
          value={amount}
          {...problemProps('amount')}
          aria-describedby={problem?.field === 'amount' ? `${problemId} ${amountUsdId} ${feeHintId}` : `${amountUsdId} ${feeHintId}`}
          onChange={(event) => {
            setAmount(event.target.value);
            setProblem(null);
          }}
        />
        <Button
          variant="secondary"
          className={styles.maxButton}
          disabled={maximumWei === null}
          aria-label={maximumWei === null ? 'Max: nothing to withdraw after the fee' : `Max: ${formatEth(maximumWei)} ETH, your balance minus the network fee`}
          onClick={() => {
            if (maximumWei === null) return;
            setAmount(formatEth(maximumWei));
            setProblem(null);
            amountRef.current?.focus();
          }}
        >
          Max
        </Button>
      </div>
      <p id={amountUsdId} className={styles.amountUsd} data-testid="withdraw-amount-usd" aria-live="polite">
        {typedAmount.ok && microUsdPerEth !== null ? `≈ ${formatUsdAmount(typedAmount.wei, microUsdPerEth)}` : null}
      </p>
      <TextField
        label="Ethereum address"
        autoComplete="off"
        spellCheck={false}
        placeholder="0x…"
        ref={addressRef}
        value={address}
        {...(activeAddresses.length > 0 ? { list: addressListId } : {})}
        {...problemProps('address')}
        onChange={(event) => {
          setAddress(event.target.value);
          setProblem(null);
        }}
      />
      {activeAddresses.length > 0 ? (
        <datalist id={addressListId}>
          {activeAddresses.map((entry) => (
            <option key={entry.address} value={entry.address}>
              {entry.label}
            </option>
          ))}
        </datalist>
      ) : null}
      <p id={feeHintId} className={styles.muted}>
        {quote
          ? `A network fee of ${formatEthCharged(quote.fee)} is charged on top of the amount. Minimum ${quote.minimum} ETH.`
          : 'A network fee is charged on top of the amount.'}
      </p>
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
        initialFocusRef={twoFactorEnabled ? codeRef : confirmRef}
      >
        {confirming ? (
          <div className={styles.confirm}>
            <dl className={styles.summary}>
              <div>
                <dt>The recipient gets</dt>
                <dd data-testid="withdrawal-recipient-gets">
                  <Money wei={confirming.amountWei} microUsdPerEth={microUsdPerEth} rounding="down" />
                </dd>
              </div>
              <div>
                <dt>Network fee</dt>
                <dd data-testid="withdrawal-fee">
                  <Money wei={confirming.feeWei} microUsdPerEth={microUsdPerEth} rounding="up" />
                </dd>
              </div>
              <div className={styles.total}>
                <dt>Total debited</dt>
                <dd data-testid="withdrawal-total">
                  <Money wei={confirming.amountWei + confirming.feeWei} microUsdPerEth={microUsdPerEth} rounding="up" />
                </dd>
              </div>
            </dl>
            <p>To</p>
            <p className={styles.address} data-testid="withdrawal-destination">
              {confirming.recipientAddress}
            </p>
            <p className={styles.muted}>A payment on chain cannot be reversed. Check the address.</p>
            {twoFactorEnabled ? (
              <TextField
                ref={codeRef}
                label="Two-factor code"
                autoComplete="one-time-code"
                spellCheck={false}
                value={code}
                error={codeError}
                onChange={(event) => setCode(event.target.value)}
              />
            ) : null}
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
