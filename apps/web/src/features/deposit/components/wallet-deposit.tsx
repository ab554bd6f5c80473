/**
 * Deposit from the connected wallet: an amount in ETH sent by the wallet
 * (wagmi's sendTransaction) to the user's personal deposit address on the
 * deposit chain — switching the wallet to that chain first when needed —
 * then Pending, Confirmed or Failed with the transaction hash. The
 * transaction also appears in the wallet's account dialog (RainbowKit's recent
 * transactions). The server credits it like any deposit, after its
 * confirmations.
 *
 * Made with the wallet stack: a chunk of its own, rendered in the deposit
 * dialog's wallet island (wallet-deposit-island.tsx).
 */
import { useEffect, useId, useState, type FormEvent } from 'react';
import { useAddRecentTransaction, useConnectModal } from '@rainbow-me/rainbowkit';
import { useQueryClient } from '@tanstack/react-query';
import { formatEth, parseEthAmount } from '@shifumi/money';
import type { Address, Hash } from 'viem';
import { useAccount, useBalance, useSendTransaction, useSwitchChain, useWaitForTransactionReceipt } from 'wagmi';
import { Button } from '../../../components/ui/button';
import { Notice } from '../../../components/ui/notice';
import { TextField } from '../../../components/ui/text-field';
import { translate, useIntlLocale } from '../../../lib/i18n/i18n';
import { formatDecimalText, shortHash } from '../../../lib/money-format';
import { isUserRejection } from '../../../lib/wallet-errors';
import { ConnectWalletPrompt } from './connect-wallet-prompt';
import { useDepositT } from '../deposit-texts';
import styles from './wallet-deposit.module.css';

type Step = 'idle' | 'switching' | 'confirm-in-wallet' | 'sent';

const STATUS_TEXTS = {
  pending: 'deposit.wallet.pending',
  confirmed: 'deposit.wallet.confirmed',
  failed: 'deposit.wallet.failed',
} as const;

export interface WalletDepositProps {
  /** The user's personal deposit address. */
  depositAddress: Address;
  /** The chain deposits live on (the server's). */
  chainId: number;
}

export function WalletDeposit({ depositAddress, chainId }: WalletDepositProps) {
  const account = useAccount();
  const { openConnectModal } = useConnectModal();
  const { switchChainAsync } = useSwitchChain();
  const { sendTransactionAsync } = useSendTransaction();
  const addRecentTransaction = useAddRecentTransaction();
  const queryClient = useQueryClient();
  const walletBalance = useBalance({ address: account.address, chainId, query: { enabled: account.address !== undefined } });
  const [amount, setAmount] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [step, setStep] = useState<Step>('idle');
  const [hash, setHash] = useState<Hash | null>(null);
  const receipt = useWaitForTransactionReceipt({ hash: hash ?? undefined, chainId, query: { enabled: hash !== null } });
  const titleId = useId();
  const t = useDepositT();
  const locale = useIntlLocale();

  const confirmed = receipt.data?.status === 'success';
  const failed = receipt.data?.status === 'reverted' || receipt.isError;

  useEffect(() => {
    // Once mined, the server's watcher sees it: show it among the deposits in progress.
    if (confirmed) void queryClient.invalidateQueries({ queryKey: ['account'] });
  }, [confirmed, queryClient]);

  if (account.status !== 'connected') {
    return <ConnectWalletPrompt onClick={() => openConnectModal?.()} disabled={!openConnectModal} />;
  }

  const onDepositChain = account.chainId === chainId;
  const busy = step === 'switching' || step === 'confirm-in-wallet';

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setProblem(null);
    const parsed = parseEthAmount(amount);
    if (!parsed.ok) {
      setProblem(translate('deposit.wallet.invalidAmount'));
      return;
    }
    if (walletBalance.data && parsed.wei > walletBalance.data.value) {
      setProblem(translate('deposit.wallet.aboveWalletBalance'));
      return;
    }
    try {
      if (!onDepositChain) {
        setStep('switching');
        await switchChainAsync({ chainId });
      }
      setStep('confirm-in-wallet');
      const sent = await sendTransactionAsync({ to: depositAddress, value: parsed.wei, chainId });
      addRecentTransaction({
        hash: sent,
        description: translate('deposit.wallet.recentDescription', { amount: formatDecimalText(formatEth(parsed.wei), locale) }),
      });
      setHash(sent);
      setStep('sent');
      setAmount('');
    } catch (error) {
      console.error('The deposit from the wallet failed', error);
      setProblem(translate(isUserRejection(error) ? 'deposit.wallet.rejected' : 'deposit.wallet.oops'));
      setStep(hash === null ? 'idle' : 'sent');
    }
  }

  const status = hash === null ? null : confirmed ? 'confirmed' : failed ? 'failed' : 'pending';

  return (
    <section className={styles.section} aria-labelledby={titleId}>
      <h3 id={titleId} className={styles.title}>
        {t('deposit.wallet.title')}
      </h3>
      <form className={styles.form} onSubmit={(event) => void handleSubmit(event)} noValidate>
        <TextField
          label={t('deposit.wallet.amountLabel')}
          inputMode="decimal"
          autoComplete="off"
          placeholder="0.1"
          value={amount}
          onChange={(event) => setAmount(event.target.value)}
          error={problem}
          hint={
            walletBalance.data
              ? t('deposit.wallet.inWallet', { amount: formatDecimalText(formatEth(walletBalance.data.value), locale) })
              : undefined
          }
          disabled={busy}
          className={styles.amount}
        />
        <Button type="submit" disabled={busy} aria-busy={busy || undefined} className={styles.send}>
          {t(onDepositChain ? 'deposit.wallet.send' : 'deposit.wallet.switchAndSend')}
        </Button>
      </form>
      {step === 'switching' ? <Notice tone="info">{t('deposit.wallet.switching')}</Notice> : null}
      {step === 'confirm-in-wallet' ? <Notice tone="info">{t('deposit.wallet.confirmInWallet')}</Notice> : null}
      {hash !== null && status !== null ? (
        <p className={styles.transaction} data-testid="wallet-deposit-status">
          <span className={`${styles.status} ${styles[status]}`}>{t(STATUS_TEXTS[status])}</span>
          <span className={styles.hash} title={hash}>
            {shortHash(hash)}
          </span>
          {status === 'confirmed' ? <span className={styles.note}>{t('deposit.wallet.creditedAfter')}</span> : null}
        </p>
      ) : null}
    </section>
  );
}
