/**
 * Linking the connected wallet to the account by signing a Sign-In With
 * Ethereum message — preparing the message, waiting for the signature,
 * verifying it, with the spec's error text at each step (a server refusal,
 * such as an address another account holds, is shown as the server says it).
 * One address belongs to one account.
 *
 * Made with the wallet stack: a chunk of its own, rendered in the account
 * page's wallet island (linked-wallet.tsx).
 */
import { useState } from 'react';
import { useConnectModal } from '@rainbow-me/rainbowkit';
import { useQueryClient } from '@tanstack/react-query';
import type { Address } from 'viem';
import { useAccount, useSignMessage, useSwitchChain } from 'wagmi';
import { Button } from '../../../components/ui/button';
import { Notice } from '../../../components/ui/notice';
import { Spinner } from '../../../components/ui/spinner';
import { ApiError } from '../../../lib/api-error';
import { buildSiweMessage, fetchSiweLinkNonce } from '../../../lib/siwe';
import { notify } from '../../../lib/toast';
import { accountQueryKey, linkWallet } from '../../../lib/account-api';
import { translate } from '../../../lib/i18n/i18n';
import { useAccountT } from '../account-texts';
import { LinkWalletPrompt, shortAddress, type LinkWalletFlowProps } from './link-wallet-prompt';
import styles from './account-page.module.css';

type Step = 'idle' | 'preparing' | 'signing' | 'verifying';

const STEP_TEXTS = {
  preparing: 'account.linkWallet.preparing',
  signing: 'account.linkWallet.signing',
  verifying: 'account.linkWallet.verifying',
} as const;

export type { LinkWalletFlowProps };

export function LinkWalletFlow({ chainId }: LinkWalletFlowProps) {
  const account = useAccount();
  const { openConnectModal } = useConnectModal();
  const { switchChainAsync } = useSwitchChain();
  const { signMessageAsync } = useSignMessage();
  const queryClient = useQueryClient();
  const [step, setStep] = useState<Step>('idle');
  const [problem, setProblem] = useState<string | null>(null);
  const t = useAccountT();

  async function link(address: Address) {
    setProblem(null);
    let message: string;
    try {
      setStep('preparing');
      const targetChain = chainId ?? account.chainId;
      if (targetChain === undefined) throw new Error('No chain to sign for');
      if (account.chainId !== targetChain) await switchChainAsync({ chainId: targetChain });
      message = buildSiweMessage({ address, chainId: targetChain, nonce: await fetchSiweLinkNonce(), purpose: 'link' });
    } catch (error) {
      console.error('Preparing the wallet link failed', error);
      setProblem(translate('account.linkWallet.prepareError'));
      setStep('idle');
      return;
    }
    let signature: string;
    try {
      setStep('signing');
      signature = await signMessageAsync({ message, account: address });
    } catch (error) {
      console.error('Signing the wallet link failed', error);
      setProblem(translate('account.linkWallet.signError'));
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
      setProblem(
        error instanceof ApiError && error.serverMessage ? error.serverMessage : translate('account.linkWallet.verifyError'),
      );
    } finally {
      setStep('idle');
    }
  }

  const notice = problem ? <Notice tone="error">{problem}</Notice> : null;
  if (account.status !== 'connected') {
    return (
      <>
        <LinkWalletPrompt onClick={() => openConnectModal?.()} disabled={!openConnectModal} />
        {notice}
      </>
    );
  }

  const busy = step !== 'idle';
  return (
    <>
      <p className={styles.muted}>{t('account.linkWallet.intro')}</p>
      <Button
        variant="secondary"
        size="small"
        disabled={busy}
        aria-busy={busy || undefined}
        onClick={() => void link(account.address)}
      >
        {t('account.linkWallet.link', { address: shortAddress(account.address) })}
      </Button>
      {step !== 'idle' ? (
        <p role="status" className={styles.muted}>
          <Spinner size="small" /> {t(STEP_TEXTS[step])}
        </p>
      ) : null}
      {notice}
    </>
  );
}
