/**
 * What both the light link-wallet step (linked-wallet.tsx) and the signing flow
 * (link-wallet-flow.tsx, a chunk of its own) show: their texts and the prompt
 * to connect a wallet — in a file of their own so that neither imports the other.
 */
import type { ButtonHTMLAttributes } from 'react';
import { Button } from '../../../components/ui/button';
import styles from './account-page.module.css';

export interface LinkWalletFlowProps {
  /** The chain the server accepts signatures for. */
  chainId: number | undefined;
}

export const LINK_WALLET_TEXTS = {
  intro: 'Link a wallet to sign in with it (Sign-In With Ethereum) as well as with your e-mail.',
  linkedIntro: 'You can sign in with this wallet from the Connect Wallet button.',
  connect: 'Connect a wallet',
  link: (address: string) => `Link ${address.slice(0, 6)}…${address.slice(-4)}`,
  preparing: 'Preparing the message…',
  signing: 'Waiting for your signature in the wallet…',
  verifying: 'Verifying the signature…',
} as const;

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

