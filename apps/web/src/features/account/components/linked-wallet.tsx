/**
 * The account's wallet (Sign-In With Ethereum): the linked address, or a way
 * to link the connected wallet by signing a SIWE message — preparing the
 * message, waiting for the signature, verifying it, with the spec's error text
 * at each step (a server refusal, such as an address another account holds,
 * is shown as the server says it). One address belongs to one account.
 */
import { useState } from 'react';
import { useConnectModal } from '@rainbow-me/rainbowkit';
import { useQueryClient } from '@tanstack/react-query';
import { TEXTS } from '@shifumi/protocol';
import type { Address } from 'viem';
import { useAccount, useSignMessage, useSwitchChain } from 'wagmi';
import { Button } from '../../../components/ui/button';
import { Notice } from '../../../components/ui/notice';
import { Spinner } from '../../../components/ui/spinner';
import { ApiError } from '../../../lib/api-error';
import { buildSiweMessage, fetchSiweNonce } from '../../../lib/siwe';
import { notify } from '../../../lib/toast';
import { accountQueryKey, linkWallet } from '../api/account-api';
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

type Step = 'idle' | 'preparing' | 'signing' | 'verifying';

export interface LinkedWalletProps {
  linkedAddress: string | null;
  /** The chain the server accepts signatures for. */
  chainId: number | undefined;
}

export function LinkedWallet({ linkedAddress, chainId }: LinkedWalletProps) {
  const account = useAccount();
  const { openConnectModal } = useConnectModal();
  const { switchChainAsync } = useSwitchChain();
  const { signMessageAsync } = useSignMessage();
  const queryClient = useQueryClient();
  const [step, setStep] = useState<Step>('idle');
  const [problem, setProblem] = useState<string | null>(null);

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

  async function link(address: Address) {
    setProblem(null);
    let message: string;
    try {
      setStep('preparing');
      const targetChain = chainId ?? account.chainId;
      if (targetChain === undefined) throw new Error('No chain to sign for');
      if (account.chainId !== targetChain) await switchChainAsync({ chainId: targetChain });
      message = buildSiweMessage({ address, chainId: targetChain, nonce: await fetchSiweNonce(), purpose: 'link' });
    } catch (error) {
      console.error('Preparing the wallet link failed', error);
      setProblem(TEXTS.walletPrepareError);
      setStep('idle');
      return;
    }
    let signature: string;
    try {
      setStep('signing');
      signature = await signMessageAsync({ message, account: address });
    } catch (error) {
      console.error('Signing the wallet link failed', error);
      setProblem(TEXTS.walletSignError);
      setStep('idle');
      return;
    }
    try {
      setStep('verifying');
      const answer = await linkWallet(message, signature);
      notify.success(answer.message);
      await queryClient.invalidateQueries({ queryKey: accountQueryKey });
    } catch (error) {
      console.error('The server refused the wallet link', error);
      setProblem(error instanceof ApiError && error.serverMessage ? error.serverMessage : TEXTS.walletVerifyError);
    } finally {
      setStep('idle');
    }
  }

  const busy = step !== 'idle';
  return (
    <>
      <p className={styles.muted}>{LINK_WALLET_TEXTS.intro}</p>
      {account.status === 'connected' ? (
        <Button variant="secondary" size="small" disabled={busy} aria-busy={busy || undefined} onClick={() => void link(account.address)}>
          {LINK_WALLET_TEXTS.link(account.address)}
        </Button>
      ) : (
        <Button variant="secondary" size="small" onClick={() => openConnectModal?.()} disabled={!openConnectModal}>
          {LINK_WALLET_TEXTS.connect}
        </Button>
      )}
      {busy ? (
        <p role="status" className={styles.muted}>
          <Spinner size="small" /> {LINK_WALLET_TEXTS[step]}
        </p>
      ) : null}
      {problem ? <Notice tone="error">{problem}</Notice> : null}
    </>
  );
}
