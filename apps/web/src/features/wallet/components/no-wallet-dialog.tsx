/**
 * Issue 14: the connect dialog when this browser has no wallet to offer (no
 * browser wallet, no WalletConnect project id): how to get one, rather than
 * RainbowKit's dialog with a lonely option. Coinbase Wallet (its own SDK)
 * stays one press away.
 */
import { Suspense } from 'react';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { useWalletT } from '../wallet-texts';
import styles from './no-wallet-dialog.module.css';

const WALLET_SITES = [
  { name: 'MetaMask', href: 'https://metamask.io/download/' },
  { name: 'Rainbow', href: 'https://rainbow.me/' },
] as const;

interface NoWalletDialogProps {
  open: boolean;
  onClose: () => void;
  onUseCoinbase: () => void;
}

export function NoWalletDialog(props: NoWalletDialogProps) {
  // Its own boundary, shown only when open: the stack has none above it, and the dialog waits for its texts.
  return props.open ? (
    <Suspense fallback={null}>
      <NoWalletContent {...props} />
    </Suspense>
  ) : null;
}

function NoWalletContent({ open, onClose, onUseCoinbase }: NoWalletDialogProps) {
  const t = useWalletT();
  return (
    <Dialog open={open} onClose={onClose} title={t('wallet.noWallet.title')} description={t('wallet.noWallet.text')} size="small">
      <ul className={styles.links}>
        {WALLET_SITES.map((site) => (
          <li key={site.name}>
            <a href={site.href} target="_blank" rel="noopener noreferrer" className={styles.link}>
              {t('wallet.noWallet.get', { wallet: site.name })}
            </a>
          </li>
        ))}
      </ul>
      <div className={styles.actions}>
        <Button variant="secondary" onClick={onUseCoinbase}>
          {t('wallet.noWallet.coinbase')}
        </Button>
        <Button onClick={onClose}>{t('shell.close')}</Button>
      </div>
    </Dialog>
  );
}
