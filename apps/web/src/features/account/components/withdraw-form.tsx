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
 *
 * Issue 27: the amount is read as the player's language writes it (a decimal
 * comma and grouping spaces in French, grouping commas in English) and the
 * texts come from the catalogue (the spec's "Retirer" in English).
 */
import { useId, useRef, useState, type FormEvent, type RefObject } from 'react';
import { formatEth, parseEthAmount } from '@shifumi/money';
import { twoFactorCodeSchema, type WithdrawalFeeResponse } from '@shifumi/protocol';
import { useFormIssueText } from '../../../components/ui/form-issues';
import { Button } from '../../../components/ui/button';
import { Notice } from '../../../components/ui/notice';
import { TextField } from '../../../components/ui/text-field';
import { ApiError } from '../../../lib/api-error';
import { ChainDelayedNotice } from '../../../lib/chain-status';
import { INTL_LOCALES, translate, useLanguage } from '../../../lib/i18n/i18n';
import { notify } from '../../../lib/toast';
import { formatDecimalText, formatEthChargedText, formatUsdAmount } from '../../../lib/money-format';
import { useAccountT } from '../account-texts';
import { useCashoutMutation } from '../../../lib/account-api';
import { useWithdrawalFeeQuery } from '../api/withdrawal-fee-api';
import styles from './withdraw-form.module.css';
import { ConfirmWithdrawal, type Pending } from './withdraw-confirmation';

import { maximumWithdrawalWei, normalizeAmount, parseTypedAmount, withdrawalProblem, type Problem } from './withdrawal-rules';

/** aria-invalid and the problem's id, on the field a problem is about. */
type ProblemProps = { 'aria-invalid': true; 'aria-describedby': string } | Record<string, never>;

interface AmountRowProps {
  inputRef: RefObject<HTMLInputElement | null>;
  value: string;
  problemProps: ProblemProps;
  describedBy: string;
  /** The balance minus the fee; null when nothing can be withdrawn. */
  maximumWei: bigint | null;
  onChange: (value: string) => void;
}

/** The amount in ETH and its Max button (the balance minus the fee). */
function AmountRow({ inputRef, value, problemProps, describedBy, maximumWei, onChange }: AmountRowProps) {
  const t = useAccountT();
  const locale = INTL_LOCALES[useLanguage()];
  // Written as the player's language writes it (a decimal comma in French), which the form reads back.
  const maximum = maximumWei === null ? null : formatDecimalText(formatEth(maximumWei), locale);
  return (
    <div className={styles.amountRow}>
      <TextField
        label={t('account.withdraw.amount')}
        inputMode="decimal"
        autoComplete="off"
        className={styles.amountField}
        ref={inputRef}
        value={value}
        {...problemProps}
        aria-describedby={describedBy}
        onChange={(event) => onChange(event.target.value)}
      />
      <Button
        variant="secondary"
        className={styles.maxButton}
        disabled={maximum === null}
        aria-label={maximum === null ? t('account.withdraw.maxNothing') : t('account.withdraw.maxAmount', { amount: maximum })}
        onClick={() => {
          if (maximum === null) return;
          onChange(maximum);
          inputRef.current?.focus();
        }}
      >
        {t('account.withdraw.max')}
      </Button>
    </div>
  );
}

interface AddressFieldProps {
  inputRef: RefObject<HTMLInputElement | null>;
  value: string;
  activeAddresses: ReadonlyArray<{ address: string; label: string }>;
  problemProps: ProblemProps;
  onChange: (value: string) => void;
}

/** The recipient's address, with the address book's active addresses as suggestions. */
function AddressField({ inputRef, value, activeAddresses, problemProps, onChange }: AddressFieldProps) {
  const addressListId = useId();
  const t = useAccountT();
  return (
    <>
      <TextField
        label={t('account.withdraw.address')}
        autoComplete="off"
        spellCheck={false}
        placeholder="0x…"
        ref={inputRef}
        value={value}
        {...(activeAddresses.length > 0 ? { list: addressListId } : {})}
        {...problemProps}
        onChange={(event) => onChange(event.target.value)}
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
    </>
  );
}

/** The network fee charged on top of the amount, and the minimum. */
function FeeHint({ id, quote }: { id: string; quote: WithdrawalFeeResponse | null }) {
  const t = useAccountT();
  const locale = INTL_LOCALES[useLanguage()];
  return (
    <p id={id} className={styles.muted}>
      {quote
        ? t('account.withdraw.feeHint', {
            fee: formatEthChargedText(quote.fee, locale),
            minimum: formatDecimalText(quote.minimum, locale),
          })
        : t('account.withdraw.feeHintUnknown')}
    </p>
  );
}

/**
 * The request to confirm: the last one again when the player confirms the same
 * withdrawal (its idempotency key is reused), otherwise a new one.
 */
function requestToConfirm(
  last: Pending | null,
  amount: string,
  recipientAddress: string,
  quote: WithdrawalFeeResponse,
  amountWei: bigint,
): Pending {
  return last && last.amount === amount && last.recipientAddress === recipientAddress && last.fee === quote.fee
    ? last
    : { amount, recipientAddress, idempotencyKey: crypto.randomUUID(), fee: quote.fee, amountWei, feeWei: BigInt(quote.feeWei) };
}

/** Issue 13: the confirmation's two-factor code, when the account has two-factor on. */
function useConfirmationCode(enabled: boolean) {
  const [code, setCode] = useState('');
  const codeRef = useRef<HTMLInputElement>(null);
  const [codeError, setCodeError] = useState<string | null>(null);
  const issueText = useFormIssueText();
  return {
    /** The field's state, for the dialog; null without two-factor. */
    field: enabled ? { code, setCode, codeError, codeRef } : null,
    /** The code checked: `{ ok: true, code }` (undefined without two-factor), or `{ ok: false }` with its error shown. */
    read(): { ok: true; code: string | undefined } | { ok: false } {
      if (!enabled) return { ok: true, code: undefined };
      const parsed = twoFactorCodeSchema.safeParse(code);
      if (!parsed.success) {
        setCodeError(issueText(parsed.error));
        return { ok: false };
      }
      return { ok: true, code: parsed.data };
    },
    clear() {
      setCode('');
      setCodeError(null);
    },
  };
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

export function WithdrawForm({
  balanceWei,
  microUsdPerEth = null,
  twoFactorEnabled = false,
  activeAddresses = [],
}: WithdrawFormProps) {
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
  const confirmationCode = useConfirmationCode(twoFactorEnabled);
  const t = useAccountT();
  const language = useLanguage();

  /** aria-invalid and the message's id on the field the problem is about. */
  function problemProps(field: Problem['field']): ProblemProps {
    return problem && problem.field === field ? { 'aria-invalid': true as const, 'aria-describedby': problemId } : {};
  }

  function handleSubmit(event: FormEvent) {
    event.preventDefault();
    const found = quote
      ? withdrawalProblem(amount, address, balanceWei, quote, language)
      : { message: t('account.withdraw.feeUnavailable'), field: null };
    setProblem(found);
    if (found) {
      if (found.field !== null) (found.field === 'amount' ? amountRef : addressRef).current?.focus();
      if (!quote) void feeQuery.refetch();
      return;
    }
    const typed = normalizeAmount(amount, language);
    const parsed = typed === null ? null : parseEthAmount(typed);
    if (typed === null || !parsed?.ok || !quote) return;
    const request = requestToConfirm(last, typed, address.trim(), quote, parsed.wei);
    setLast(request);
    setConfirming(request);
  }

  function handleConfirm() {
    if (!confirming) return;
    const checked = confirmationCode.read();
    if (!checked.ok) return;
    const twoFactorCode = checked.code;
    setConfirming(null);
    confirmationCode.clear();
    cashout.mutate(
      {
        amount: confirming.amount,
        recipientAddress: confirming.recipientAddress,
        idempotencyKey: confirming.idempotencyKey,
        fee: confirming.fee,
        ...(twoFactorCode === undefined ? {} : { code: twoFactorCode }),
      },
      {
        onSuccess: (answer) => {
          // Issue 14: accepted is not paid; "completed" comes with the server's withdrawal_update.
          // Issue 26: one that waits for a person says so (the banner says why and until when).
          notify.info(translate(answer.status === 'review' ? 'account.withdraw.inReviewToast' : 'account.withdraw.info'));
          setAmount('');
          setAddress('');
          setProblem(null);
          setLast(null);
        },
        onError: (error) => {
          console.error('Withdrawal failed', error);
          notify.error(translate('account.withdraw.failure'));
          // The server's own words, when it gave any beyond the toast (e.g. a balance that changed meanwhile).
          const message = error instanceof ApiError && error.code !== 'email_not_verified' ? error.serverMessage : null;
          setProblem(message ? { message, field: null } : null);
        },
      },
    );
  }

  const maximumWei = maximumWithdrawalWei(balanceWei, quote);
  const typedAmount = parseTypedAmount(amount, language);

  return (
    <form className={styles.form} onSubmit={handleSubmit} noValidate>
      <ChainDelayedNotice />
      <AmountRow
        inputRef={amountRef}
        value={amount}
        problemProps={problemProps('amount')}
        describedBy={problem?.field === 'amount' ? `${problemId} ${amountUsdId} ${feeHintId}` : `${amountUsdId} ${feeHintId}`}
        maximumWei={maximumWei}
        onChange={(value) => {
          setAmount(value);
          setProblem(null);
        }}
      />
      <p id={amountUsdId} className={styles.amountUsd} data-testid="withdraw-amount-usd" aria-live="polite">
        {typedAmount.ok && microUsdPerEth !== null
          ? `≈ ${formatUsdAmount(typedAmount.wei, microUsdPerEth, INTL_LOCALES[language])}`
          : null}
      </p>
      <AddressField
        inputRef={addressRef}
        value={address}
        activeAddresses={activeAddresses}
        problemProps={problemProps('address')}
        onChange={(value) => {
          setAddress(value);
          setProblem(null);
        }}
      />
      <FeeHint id={feeHintId} quote={quote} />
      {problem ? (
        <Notice tone="error">
          <span id={problemId}>{problem.message}</span>
        </Notice>
      ) : null}
      <Button type="submit" disabled={cashout.isPending} aria-busy={cashout.isPending || undefined}>
        {t('account.withdraw.submit')}
      </Button>
      <ConfirmWithdrawal
        confirming={confirming}
        microUsdPerEth={microUsdPerEth}
        twoFactor={confirmationCode.field}
        confirmRef={confirmRef}
        onCancel={() => setConfirming(null)}
        onConfirm={handleConfirm}
      />
    </form>
  );
}
