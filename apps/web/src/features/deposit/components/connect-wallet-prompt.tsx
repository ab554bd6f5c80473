/**
 * "Send from your wallet" while no wallet is connected: the hint and a button
 * to connect one. Light (no wallet stack): the deposit dialog shows it until
 * the stack is loaded, and the form itself shows it while no wallet is
 * connected.
 */
import { useId, type ButtonHTMLAttributes } from 'react';
import { Button } from '../../../components/ui/button';
import { WALLET_DEPOSIT_TEXTS } from './wallet-deposit-texts';
import styles from './wallet-deposit.module.css';

export function ConnectWalletPrompt(buttonProps: ButtonHTMLAttributes<HTMLButtonElement>) {
  const titleId = useId();
  return (
    <section className={styles.section} aria-labelledby={titleId}>
      <h3 id={titleId} className={styles.title}>
        {WALLET_DEPOSIT_TEXTS.title}
      </h3>
      <p className={styles.hint}>{WALLET_DEPOSIT_TEXTS.connectHint}</p>
      <Button variant="secondary" {...buttonProps}>
        {WALLET_DEPOSIT_TEXTS.connect}
      </Button>
    </section>
  );
}
