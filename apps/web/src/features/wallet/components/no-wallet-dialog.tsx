/**
 * Issue 14: the connect dialog when this browser has no wallet to offer (no
 * browser wallet, no WalletConnect project id): how to get one, rather than
 * RainbowKit's dialog with a lonely option. Coinbase Wallet (its own SDK)
 * stays one press away.
 */
import { TEXTS } from '@shifumi/protocol/texts';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import styles from './no-wallet-dialog.module.css';

const WALLET_SITES = [
  { name: 'MetaMask', href: 'https://metamask.io/download/' },
  { name: 'Rainbow', href: 'https://rainbow.me/' },
] as const;

export function NoWalletDialog({ open, onClose, onUseCoinbase }: { open: boolean; onClose: () => void; onUseCoinbase: () => void }) {
  return (
    <Dialog open={open} onClose={onClose} title={TEXTS.noWalletTitle} description={TEXTS.noWalletText} size="small">
      <ul className={styles.links}>
        {WALLET_SITES.map((site) => (
          <li key={site.name}>
            <a href={site.href} target="_blank" rel="noopener noreferrer" className={styles.link}>
              Get {site.name}
            </a>
          </li>
        ))}
      </ul>
      <div className={styles.actions}>
        <Button variant="secondary" onClick={onUseCoinbase}>
          {TEXTS.noWalletCoinbase}
        </Button>
        <Button onClick={onClose}>Close</Button>
      </div>
    </Dialog>
  );
}
