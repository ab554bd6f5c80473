/**
 * The wallet control of the navigation bar. Until the wallet stack is loaded
 * it is our own light Connect Wallet button: a press loads the stack and opens
 * RainbowKit's connect dialog, a hover or a focus fetches the stack's code
 * ahead. Once the stack is there, RainbowKit's connect button takes its place
 * (wallet-stack.tsx: address, chain, wrong network, account dialog).
 */
import { Button } from '../../../components/ui/button';
import { useT } from '../../../lib/i18n/i18n';
import { lazyComponent } from '../../../lib/lazy-component';
import { useIsExtraSmallScreen } from '../../../lib/use-media-query';
import { WalletIsland } from '../../../lib/wallet-island';
import { useConnectWalletButton } from '../../../lib/wallet-stack';
import styles from './wallet-button.module.css';

const StackConnectButton = lazyComponent(() => import('../wallet-stack').then((module) => module.NavigationConnectButton));

function LightConnectButton({ label }: { label: string }) {
  const connect = useConnectWalletButton();
  return (
    <Button size="small" className={styles.connect} {...connect}>
      {label}
    </Button>
  );
}

export function WalletButton() {
  const compact = useIsExtraSmallScreen();
  const t = useT();
  return (
    <WalletIsland fallback={<LightConnectButton label={t(compact ? 'shell.wallet.short' : 'shell.wallet.connect')} />}>
      <StackConnectButton compact={compact} />
    </WalletIsland>
  );
}
