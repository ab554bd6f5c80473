/**
 * The wallet control of the navigation bar: RainbowKit's connect button. It
 * opens the connect dialog (and its Sign-In With Ethereum step for visitors),
 * shows the connected address (or ENS name) which opens the account dialog,
 * the chain which opens the chain dialog, and 'Wrong network' on an
 * unsupported chain. On extra-small screens it keeps to a short label and the
 * account's avatar so the bar fits in one line.
 */
import { ConnectButton } from '@rainbow-me/rainbowkit';
import { useIsExtraSmallScreen } from '../../../lib/use-media-query';

export function WalletButton() {
  const compact = useIsExtraSmallScreen();
  return (
    <ConnectButton
      label={compact ? 'Wallet' : 'Connect Wallet'}
      accountStatus={{ smallScreen: 'avatar', largeScreen: 'address' }}
      chainStatus={{ smallScreen: 'none', largeScreen: 'icon' }}
      showBalance={false}
    />
  );
}
