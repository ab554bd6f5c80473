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
import { TEXTS } from '@shifumi/protocol/texts';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { Notice } from '../../../components/ui/notice';
import { CopyIcon } from '../../../components/ui/icons';
import { copyWithToast } from '../../../lib/clipboard';
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

  return (
    <Dialog open={open} onClose={onClose} title="Deposit Funds" size="medium">
      <div role="tablist" aria-label="Currency" className={styles.tabs}>
        <button type="button" role="tab" id={tabId} aria-selected="true" aria-controls={panelId} className={styles.tab}>
          ETH
        </button>
      </div>
      <div role="tabpanel" id={panelId} aria-labelledby={tabId} className={styles.panel}>
        <ChainDelayedNotice enabled={open} />
        <label htmlFor={addressId} className={styles.label}>
          Your ETH deposit address
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
              <span className={styles.addressPlaceholder}>{loading ? 'Loading…' : 'Unavailable, please try again later'}</span>
            )}
          </output>
          <Button
            variant="secondary"
            disabled={!address}
            onClick={() => address && void copyWithToast(address, TEXTS.addressCopied, TEXTS.addressCopyFailed)}
          >
            <CopyIcon width={16} height={16} aria-hidden="true" /> Copy
          </Button>
        </div>
        {address ? (
          <div className={styles.qr}>
            <QRCodeSVG value={address} size={DEPOSIT_QR_SIZE} level="M" marginSize={2} title="QR code of your deposit address" />
          </div>
        ) : null}
        <Notice tone="info">
          Send only ETH to this address. Use the Copy button to avoid typing mistakes: anything else sent here may be lost.
        </Notice>
        {config.data ? (
          <p className={styles.chain}>
            Network: <strong>{config.data.chain.name}</strong>
            {config.data.chain.development ? <span className={styles.devBadge}>development chain</span> : null} · credited after{' '}
            {config.data.depositConfirmations} confirmation{config.data.depositConfirmations === 1 ? '' : 's'}
          </p>
        ) : null}
        {address && config.data ? <WalletDepositIsland depositAddress={address as Address} chainId={config.data.chain.id} /> : null}
        {recent.length > 0 ? (
          <section aria-label="Your recent deposits" className={styles.deposits}>
            <h3 className={styles.depositsTitle}>{inProgress.length > 0 ? 'Deposits in progress' : 'Recent deposits'}</h3>
            <ul className={styles.list}>
              {recent.map((deposit, index) => (
                <li key={deposit.txHash ?? `internal-${index}`} className={styles.item}>
                  <span className={styles.amount}>{deposit.amount} ETH</span>
                  <span className={styles.hash}>{deposit.txHash ? <TransactionHash hash={deposit.txHash} /> : 'internal transfer'}</span>
                  <span className={deposit.status === 'credited' ? styles.credited : styles.pending}>
                    {deposit.status === 'credited'
                      ? 'Credited'
                      : `Pending ${deposit.confirmations}/${deposit.requiredConfirmations} confirmations`}
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
