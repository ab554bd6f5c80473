/**
 * "Send from your wallet" while no wallet is connected: the hint and a button
 * to connect one. Light (no wallet stack): the deposit dialog shows it until
 * the stack is loaded, and the form itself shows it while no wallet is
 * connected.
 */
import { useId, type ButtonHTMLAttributes } from 'react';
import { Button } from '../../../components/ui/button';
import { useDepositT } from '../deposit-texts';
import styles from './wallet-deposit.module.css';

export function ConnectWalletPrompt(buttonProps: ButtonHTMLAttributes<HTMLButtonElement>) {
  const titleId = useId();
  const t = useDepositT();
  return (
    <section className={styles.section} aria-labelledby={titleId}>
      <h3 id={titleId} className={styles.title}>
        {t('deposit.wallet.title')}
      </h3>
      <p className={styles.hint}>{t('deposit.wallet.connectHint')}</p>
      <Button variant="secondary" {...buttonProps}>
        {t('deposit.wallet.connect')}
      </Button>
    </section>
  );
}
