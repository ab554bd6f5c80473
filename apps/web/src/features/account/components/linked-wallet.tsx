/**
 * The account's wallet (Sign-In With Ethereum): the linked address, or a way
 * to link a wallet. Linking needs the wallet stack: until it is loaded, a
 * light prompt whose button loads it and opens the connect dialog; once it is,
 * the signing flow (link-wallet-flow.tsx, a chunk of its own) in a wallet
 * island.
 */
import type { ButtonHTMLAttributes } from 'react';
import { Button } from '../../../components/ui/button';
import { lazyComponent } from '../../../lib/lazy-component';
import { WalletIsland } from '../../../lib/wallet-island';
import { useConnectWalletButton } from '../../../lib/wallet-stack';
import type { LinkWalletFlowProps } from './link-wallet-flow';
import styles from './account-page.module.css';

export const LINK_WALLET_TEXTS = {
  intro: 'Link a wallet to sign in with it (Sign-In With Ethereum) as well as with your e-mail.',
  linkedIntro: 'You can sign in with this wallet from the Connect Wallet button.',
  connect: 'Connect a wallet',
  link: (address: string) => `Link ${address.slice(0, 6)}…${address.slice(-4)}`,
  preparing: 'Preparing the message…',
  signing: 'Waiting for your signature in the wallet…',
  verifying: 'Verifying the signature…',
} as const;

const LinkWalletFlow = lazyComponent<LinkWalletFlowProps>(() => import('./link-wallet-flow').then((module) => module.LinkWalletFlow));

/** No wallet connected: why link one, and a button to connect it. */
export function LinkWalletPrompt(buttonProps: ButtonHTMLAttributes<HTMLButtonElement>) {
  return (
    <>
      <p className={styles.muted}>{LINK_WALLET_TEXTS.intro}</p>
      <Button variant="secondary" size="small" {...buttonProps}>
        {LINK_WALLET_TEXTS.connect}
      </Button>
    </>
  );
}

function LightPrompt() {
  return <LinkWalletPrompt {...useConnectWalletButton()} />;
}

export interface LinkedWalletProps {
  linkedAddress: string | null;
  /** The chain the server accepts signatures for. */
  chainId: number | undefined;
}

export function LinkedWallet({ linkedAddress, chainId }: LinkedWalletProps) {
  if (linkedAddress) {
    return (
      <>
        <p className={styles.muted}>{LINK_WALLET_TEXTS.linkedIntro}</p>
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
