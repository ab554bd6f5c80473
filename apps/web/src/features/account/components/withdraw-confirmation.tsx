/**
 * The withdrawal's confirmation (issues 12, 13, 14): what the recipient gets,
 * the network fee and the total debited, in ETH and USD, the address in full,
 * the two-factor code when the account has it; confirm or cancel.
 */
import type { RefObject } from 'react';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { TwoFactorCodeField } from '../../../components/ui/two-factor-code-field';
import { useIntlLocale } from '../../../lib/i18n/i18n';
import { formatEthAmount, formatEthCharged, formatEthExact, formatUsdAmount } from '../../../lib/money-format';
import { useAccountT } from '../account-texts';
import styles from './withdraw-form.module.css';

/** A withdrawal request awaiting (or given) confirmation. */
export interface Pending {
  amount: string;
  recipientAddress: string;
  idempotencyKey: string;
  /** The fee shown when confirming (ETH) and the amounts in wei, for the dialog. */
  fee: string;
  amountWei: bigint;
  feeWei: bigint;
}

/**
 * An amount of the confirmation, with at most 6 decimals (issue 14): what the player pays
 * (the fee, the total) rounded up, what the recipient gets rounded down, so the figures
 * shown never flatter the withdrawal; the exact amount on hover.
 */
function Money({ wei, microUsdPerEth, rounding }: { wei: bigint; microUsdPerEth: bigint | null; rounding: 'up' | 'down' }) {
  const locale = useIntlLocale();
  return (
    <>
      <strong title={formatEthExact(wei, locale)}>
        {rounding === 'up' ? formatEthCharged(wei, locale) : formatEthAmount(wei, locale)}
      </strong>
      {microUsdPerEth === null ? null : <span className={styles.usd}> ≈ {formatUsdAmount(wei, microUsdPerEth, locale)}</span>}
    </>
  );
}

interface ConfirmWithdrawalProps {
  /** The request to confirm; the dialog is open while set. */
  confirming: Pending | null;
  microUsdPerEth: bigint | null;
  /** The two-factor code's field, when the account has two-factor on. */
  twoFactor: {
    code: string;
    setCode: (code: string) => void;
    codeError: string | null;
    codeRef: RefObject<HTMLInputElement | null>;
  } | null;
  confirmRef: RefObject<HTMLButtonElement | null>;
  onCancel: () => void;
  onConfirm: () => void;
}

/** The confirmation: what the recipient gets, the fee, the total, the address; the code when asked; confirm or cancel. */
export function ConfirmWithdrawal({
  confirming,
  microUsdPerEth,
  twoFactor,
  confirmRef,
  onCancel,
  onConfirm,
}: ConfirmWithdrawalProps) {
  const t = useAccountT();
  return (
    <Dialog
      open={confirming !== null}
      onClose={onCancel}
      title={t('account.withdraw.confirmTitle')}
      role="alertdialog"
      size="small"
      initialFocusRef={twoFactor ? twoFactor.codeRef : confirmRef}
    >
      {confirming ? (
        <div className={styles.confirm}>
          <dl className={styles.summary}>
            <div>
              <dt>{t('account.withdraw.recipientGets')}</dt>
              <dd data-testid="withdrawal-recipient-gets">
                <Money wei={confirming.amountWei} microUsdPerEth={microUsdPerEth} rounding="down" />
              </dd>
            </div>
            <div>
              <dt>{t('account.withdraw.fee')}</dt>
              <dd data-testid="withdrawal-fee">
                <Money wei={confirming.feeWei} microUsdPerEth={microUsdPerEth} rounding="up" />
              </dd>
            </div>
            <div className={styles.total}>
              <dt>{t('account.withdraw.total')}</dt>
              <dd data-testid="withdrawal-total">
                <Money wei={confirming.amountWei + confirming.feeWei} microUsdPerEth={microUsdPerEth} rounding="up" />
              </dd>
            </div>
          </dl>
          <p>{t('account.withdraw.to')}</p>
          <p className={styles.address} data-testid="withdrawal-destination">
            {confirming.recipientAddress}
          </p>
          <p className={styles.muted}>{t('account.withdraw.irreversible')}</p>
          {twoFactor ? (
            <TwoFactorCodeField
              ref={twoFactor.codeRef}
              value={twoFactor.code}
              error={twoFactor.codeError}
              onChange={twoFactor.setCode}
            />
          ) : null}
          <div className={styles.actions}>
            <Button variant="secondary" onClick={onCancel}>
              {t('account.withdraw.cancel')}
            </Button>
            <Button ref={confirmRef} onClick={onConfirm}>
              {t('account.withdraw.confirm')}
            </Button>
          </div>
        </div>
      ) : null}
    </Dialog>
  );
}
