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
import { TEXTS } from '@shifumi/protocol/texts';
import type { Address, Hash } from 'viem';
import { useAccount, useBalance, useSendTransaction, useSwitchChain, useWaitForTransactionReceipt } from 'wagmi';
import { Button } from '../../../components/ui/button';
import { Notice } from '../../../components/ui/notice';
import { TextField } from '../../../components/ui/text-field';
import { shortHash } from '../../../lib/money-format';
import { isUserRejection } from '../../../lib/wallet-errors';
import { ConnectWalletPrompt } from './connect-wallet-prompt';
import { WALLET_DEPOSIT_TEXTS } from './wallet-deposit-texts';
import styles from './wallet-deposit.module.css';

type Step = 'idle' | 'switching' | 'confirm-in-wallet' | 'sent';

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
      setProblem(WALLET_DEPOSIT_TEXTS.invalidAmount);
      return;
    }
    if (walletBalance.data && parsed.wei > walletBalance.data.value) {
      setProblem(WALLET_DEPOSIT_TEXTS.aboveWalletBalance);
      return;
    }
    try {
      if (!onDepositChain) {
        setStep('switching');
        await switchChainAsync({ chainId });
      }
      setStep('confirm-in-wallet');
      const sent = await sendTransactionAsync({ to: depositAddress, value: parsed.wei, chainId });
      addRecentTransaction({ hash: sent, description: WALLET_DEPOSIT_TEXTS.recentDescription(formatEth(parsed.wei)) });
      setHash(sent);
      setStep('sent');
      setAmount('');
    } catch (error) {
      console.error('The deposit from the wallet failed', error);
      setProblem(isUserRejection(error) ? WALLET_DEPOSIT_TEXTS.rejected : TEXTS.walletOops);
      setStep(hash === null ? 'idle' : 'sent');
    }
  }

  const status = hash === null ? null : confirmed ? 'confirmed' : failed ? 'failed' : 'pending';

  return (
    <section className={styles.section} aria-labelledby={titleId}>
      <h3 id={titleId} className={styles.title}>
        {WALLET_DEPOSIT_TEXTS.title}
      </h3>
      <form className={styles.form} onSubmit={(event) => void handleSubmit(event)} noValidate>
        <TextField
          label={WALLET_DEPOSIT_TEXTS.amountLabel}
          inputMode="decimal"
          autoComplete="off"
          placeholder="0.1"
          value={amount}
          onChange={(event) => setAmount(event.target.value)}
          error={problem}
          hint={walletBalance.data ? `In your wallet: ${formatEth(walletBalance.data.value)} ETH` : undefined}
          disabled={busy}
          className={styles.amount}
        />
        <Button type="submit" disabled={busy} aria-busy={busy || undefined} className={styles.send}>
          {onDepositChain ? WALLET_DEPOSIT_TEXTS.send : WALLET_DEPOSIT_TEXTS.switchAndSend}
        </Button>
      </form>
      {step === 'switching' ? <Notice tone="info">{WALLET_DEPOSIT_TEXTS.switching}</Notice> : null}
      {step === 'confirm-in-wallet' ? <Notice tone="info">{WALLET_DEPOSIT_TEXTS.confirmInWallet}</Notice> : null}
      {hash !== null && status !== null ? (
        <p className={styles.transaction} data-testid="wallet-deposit-status">
          <span className={`${styles.status} ${styles[status]}`}>{WALLET_DEPOSIT_TEXTS[status]}</span>
          <span className={styles.hash} title={hash}>
            {shortHash(hash)}
          </span>
          {status === 'confirmed' ? <span className={styles.note}>{WALLET_DEPOSIT_TEXTS.creditedAfter}</span> : null}
        </p>
      ) : null}
    </section>
  );
}
