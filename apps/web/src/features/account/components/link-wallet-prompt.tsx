/**
 * What both the light link-wallet step (linked-wallet.tsx) and the signing flow
 * (link-wallet-flow.tsx, a chunk of its own) show: their texts and the prompt
 * to connect a wallet — in a file of their own so that neither imports the other.
 */
import type { ButtonHTMLAttributes } from 'react';
import { Button } from '../../../components/ui/button';
import { useAccountT } from '../account-texts';
import styles from './account-page.module.css';

export interface LinkWalletFlowProps {
  /** The chain the server accepts signatures for. */
  chainId: number | undefined;
}

/** An address as the link button names it: `0x1234…abcd`. */
export function shortAddress(address: string): string {
  return `${address.slice(0, 6)}…${address.slice(-4)}`;
}

/** No wallet connected: why link one, and a button to connect it. */
export function LinkWalletPrompt(buttonProps: ButtonHTMLAttributes<HTMLButtonElement>) {
  const t = useAccountT();
  return (
    <>
      <p className={styles.muted}>{t('account.linkWallet.intro')}</p>
      <Button variant="secondary" size="small" {...buttonProps}>
        {t('account.linkWallet.connect')}
      </Button>
    </>
  );
}
