/**
 * Deposit Funds (spec S2 "Deposit dialog"): an ETH tab (only ETH is offered),
 * the personal deposit address read-only with Copy and its two toasts, a QR
 * code of the address at size 150, and the note. Below: which chain, how many
 * confirmations, sending from the connected wallet, and the deposits in
 * progress.
 *
 * A chunk of its own (with the QR code), fetched when Add Funds is first
 * pressed or hovered; the part that sends from a wallet loads the wallet stack
 * when it is used.
 */
import { QRCodeSVG } from 'qrcode.react';
import { useId } from 'react';
import type { Address } from 'viem';
import type { DepositItem } from '@shifumi/protocol';
import { DEPOSIT_QR_SIZE } from '@shifumi/protocol/constants';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { Notice } from '../../../components/ui/notice';
import { CopyIcon } from '../../../components/ui/icons';
import { copyWithToast } from '../../../lib/clipboard';
import { translate, useIntlLocale } from '../../../lib/i18n/i18n';
import { formatDecimalText } from '../../../lib/money-format';
import { useDepositT } from '../deposit-texts';
import { TransactionHash } from '../../../lib/transaction-hash';
import { useChainConfigQuery } from '../../../lib/chain-config';
import { ChainDelayedNotice } from '../../../lib/chain-status';
import { WalletDepositIsland } from './wallet-deposit-island';
import styles from './deposit-dialog.module.css';

export interface DepositDialogProps {
  open: boolean;
  onClose: () => void;
  /** The user's personal deposit address; null while the account loads or when it could not be loaded. */
  address: string | null;
  /** Whether the account (and so the address) is still loading. */
  loading: boolean;
  deposits: readonly DepositItem[];
}

/** `0x1234…` as `0x1234`, `5678`, … : groups of four characters after the prefix (issue 26). */
export function addressGroups(address: string): string[] {
  const prefix = address.startsWith('0x') ? '0x' : '';
  const digits = address.slice(prefix.length);
  const groups = digits.match(/.{1,4}/g) ?? [];
  return groups.map((group, index) => (index === 0 ? prefix + group : group));
}

export function DepositDialog({ open, onClose, address, loading, deposits }: DepositDialogProps) {
  const config = useChainConfigQuery(open);
  const tabId = useId();
  const panelId = useId();
  const addressId = useId();
  const inProgress = deposits.filter((deposit) => deposit.status === 'pending');
  const recent = deposits.slice(0, 3);
  const t = useDepositT();
  const locale = useIntlLocale();

  return (
    <Dialog open={open} onClose={onClose} title={t('deposit.title')} size="medium">
      <div role="tablist" aria-label={t('deposit.currency')} className={styles.tabs}>
        <button type="button" role="tab" id={tabId} aria-selected="true" aria-controls={panelId} className={styles.tab}>
          ETH
        </button>
      </div>
      <div role="tabpanel" id={panelId} aria-labelledby={tabId} className={styles.panel}>
        <ChainDelayedNotice enabled={open} />
        <label htmlFor={addressId} className={styles.label}>
          {t('deposit.addressLabel')}
        </label>
        <div className={styles.addressRow}>
          {/* Issue 26: the whole address at every width, in groups of four to check by eye (Copy copies it plain). */}
          <output id={addressId} className={styles.address} data-testid="deposit-address">
            {address ? (
              addressGroups(address).map((group, index) => (
                <span key={index} className={styles.addressGroup}>
                  {group}
                </span>
              ))
            ) : (
              <span className={styles.addressPlaceholder}>{t(loading ? 'deposit.loading' : 'deposit.unavailable')}</span>
            )}
          </output>
          <Button
            variant="secondary"
            disabled={!address}
            onClick={() =>
              address && void copyWithToast(address, t('deposit.copied'), (reason) => translate('deposit.copyFailed', { reason }))
            }
          >
            <CopyIcon width={16} height={16} aria-hidden="true" /> {t('deposit.copy')}
          </Button>
        </div>
        {address ? (
          <div className={styles.qr}>
            <QRCodeSVG value={address} size={DEPOSIT_QR_SIZE} level="M" marginSize={2} title={t('deposit.qrTitle')} />
          </div>
        ) : null}
        <Notice tone="info">{t('deposit.note')}</Notice>
        {config.data ? (
          <p className={styles.chain}>
            {t('deposit.network')} <strong>{config.data.chain.name}</strong>
            {config.data.chain.development ? <span className={styles.devBadge}>{t('deposit.developmentChain')}</span> : null}
            {t('deposit.creditedAfter', { count: config.data.depositConfirmations })}
          </p>
        ) : null}
        {address && config.data ? (
          <WalletDepositIsland depositAddress={address as Address} chainId={config.data.chain.id} />
        ) : null}
        {recent.length > 0 ? (
          <section aria-label={t('deposit.recentLabel')} className={styles.deposits}>
            <h3 className={styles.depositsTitle}>{t(inProgress.length > 0 ? 'deposit.inProgress' : 'deposit.recent')}</h3>
            <ul className={styles.list}>
              {recent.map((deposit, index) => (
                <li key={deposit.txHash ?? `internal-${index}`} className={styles.item}>
                  <span className={styles.amount}>{formatDecimalText(deposit.amount, locale)} ETH</span>
                  <span className={styles.hash}>
                    {deposit.txHash ? <TransactionHash hash={deposit.txHash} /> : t('deposit.internalTransfer')}
                  </span>
                  <span className={deposit.status === 'credited' ? styles.credited : styles.pending}>
                    {deposit.status === 'credited'
                      ? t('deposit.credited')
                      : t('deposit.pending', { confirmations: deposit.confirmations, required: deposit.requiredConfirmations })}
                  </span>
                </li>
              ))}
            </ul>
          </section>
        ) : null}
      </div>
    </Dialog>
  );
}
