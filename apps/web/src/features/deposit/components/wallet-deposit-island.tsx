/**
 * The deposit dialog's "Send from your wallet" part, in a wallet island: until
 * the wallet stack is loaded, a light prompt whose button loads it and opens
 * the connect dialog; once it is, the form (wallet-deposit.tsx, a chunk of its
 * own). A wallet already connected — restored after a reload — shows the form
 * as soon as the stack is there.
 */
import { lazyComponent } from '../../../lib/lazy-component';
import { WalletIsland } from '../../../lib/wallet-island';
import { useConnectWalletButton } from '../../../lib/wallet-stack';
import { ConnectWalletPrompt } from './connect-wallet-prompt';
import type { WalletDepositProps } from './wallet-deposit';

const WalletDeposit = lazyComponent<WalletDepositProps>(() => import('./wallet-deposit').then((module) => module.WalletDeposit));

function LightPrompt() {
  return <ConnectWalletPrompt {...useConnectWalletButton()} />;
}

export function WalletDepositIsland(props: WalletDepositProps) {
  return (
    <WalletIsland fallback={<LightPrompt />}>
      <WalletDeposit {...props} />
    </WalletIsland>
  );
}
