/**
 * The account's wallet (Sign-In With Ethereum): the linked address, or a way
 * to link a wallet. Linking needs the wallet stack: until it is loaded, a
 * light prompt whose button loads it and opens the connect dialog; once it is,
 * the signing flow (link-wallet-flow.tsx, a chunk of its own) in a wallet
 * island.
 */
import { lazyComponent } from '../../../lib/lazy-component';
import { WalletIsland } from '../../../lib/wallet-island';
import { useConnectWalletButton } from '../../../lib/wallet-stack';
import { useAccountT } from '../account-texts';
import { LinkWalletPrompt, type LinkWalletFlowProps } from './link-wallet-prompt';
import styles from './account-page.module.css';

const LinkWalletFlow = lazyComponent<LinkWalletFlowProps>(() =>
  import('./link-wallet-flow').then((module) => module.LinkWalletFlow),
);

function LightPrompt() {
  return <LinkWalletPrompt {...useConnectWalletButton()} />;
}

export interface LinkedWalletProps {
  linkedAddress: string | null;
  /** The chain the server accepts signatures for. */
  chainId: number | undefined;
}

export function LinkedWallet({ linkedAddress, chainId }: LinkedWalletProps) {
  const t = useAccountT();
  if (linkedAddress) {
    return (
      <>
        <p className={styles.muted}>{t('account.linkWallet.linkedIntro')}</p>
        <p className={styles.address} data-testid="linked-address">
          {linkedAddress}
        </p>
      </>
    );
  }
  return (
    <WalletIsland fallback={<LightPrompt />}>
      <LinkWalletFlow chainId={chainId} />
    </WalletIsland>
  );
}
