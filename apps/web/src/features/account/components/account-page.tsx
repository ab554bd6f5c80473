/**
 * /account (spec S2 "Account"). Signed-out visitors are sent to /.
 *
 * The available balance in $ (2 decimals, rounded down), who you are and
 * whether your e-mail is verified (a wallet-only account adds one here), the
 * linked wallet (or linking one), the referral code and link, the game
 * history, the withdraw form (button "Retirer"), deposits and withdrawals
 * with their status, and signing out everywhere.
 */
import { useEffect, useState } from 'react';
import { Navigate } from 'react-router';
import { REFERRAL_QUERY_PARAM } from '@shifumi/protocol';
import { Button } from '../../../components/ui/button';
import { CheckCircleIcon, AlertCircleIcon } from '../../../components/ui/icons';
import { Spinner } from '../../../components/ui/spinner';
import { userFacingMessage } from '../../../lib/api-error';
import { useSession } from '../../../lib/session-store';
import { copyWithToast } from '../../../lib/clipboard';
import { notify } from '../../../lib/toast';
import { useAccountQuery, useResendVerificationMutation } from '../api/account-api';
import { formatEthAmount, formatUsdAmount } from '../../../lib/money-format';
import { PRICE_UNAVAILABLE_TEXT, useUsablePrice } from '../../price/api/price-api';
import { DevelopmentPriceLabel } from '../../price/components/development-price-label';
import { useChainConfigQuery } from '../../../lib/chain-config';
import { AddEmailForm } from './add-email-form';
import { GameHistory } from './game-history';
import { LinkedWallet } from './linked-wallet';
import { MoneyActivity } from './money-activity';
import { SignOutEverywhere } from './sign-out-everywhere';
import { WithdrawForm } from './withdraw-form';
import styles from './account-page.module.css';
import { PageHeader } from '../../../components/ui/page-header';

function copyReferral(text: string, success: string) {
  void copyWithToast(text, success, (reason) => `Could not copy: ${reason}`);
}

export function AccountPage() {
  const session = useSession();
  const signedIn = session.accessToken !== null;
  const account = useAccountQuery(signedIn);
  const resend = useResendVerificationMutation();
  const price = useUsablePrice();
  const chainConfig = useChainConfigQuery(signedIn);
  const [replacingEmail, setReplacingEmail] = useState(false);

  useEffect(() => {
    // Spec S8: a failure to load the account is only logged.
    if (account.error) console.error('Could not load the account', account.error);
  }, [account.error]);

  if (!signedIn) return <Navigate to="/" replace />;

  const balanceWei = account.data ? BigInt(account.data.balanceWei) : null;

  const user = account.data?.user ?? session.user;
  const referralCode = account.data?.referralCode ?? null;
  const referralLink = referralCode ? `${window.location.origin}/?${REFERRAL_QUERY_PARAM}=${encodeURIComponent(referralCode)}` : null;

  return (
    <div className={styles.page}>
      <PageHeader title="My account">{user ? `Signed in as ${user.name}.` : null}</PageHeader>

      {account.isPending ? (
        <p role="status" className={styles.loading}>
          <Spinner size="small" /> Loading your account…
        </p>
      ) : null}

      <div className={styles.grid}>
        <section className={`${styles.card} ${styles.balance}`} aria-labelledby="account-balance">
          <h2 id="account-balance" className={styles.cardTitle}>
            Available balance
          </h2>
          <p className={styles.balanceValue}>
            <span data-testid="account-balance-usd">
              {balanceWei === null ? '—' : price ? formatUsdAmount(balanceWei, price.microUsdPerEth) : PRICE_UNAVAILABLE_TEXT}
            </span>
            {balanceWei !== null && price?.source === 'development' ? <DevelopmentPriceLabel /> : null}
          </p>
          {balanceWei === null ? null : (
            <p className={styles.muted} data-testid="account-balance-eth">
              {formatEthAmount(balanceWei)}
            </p>
          )}
        </section>

        <section className={styles.card} aria-labelledby="account-profile">
          <h2 id="account-profile" className={styles.cardTitle}>
            Profile
          </h2>
          <dl className={styles.details}>
            <div>
              <dt>Name</dt>
              <dd>{user?.name ?? '—'}</dd>
            </div>
            <div>
              <dt>E-mail</dt>
              <dd className={styles.email}>{user?.email ?? '—'}</dd>
            </div>
            <div>
              <dt>E-mail status</dt>
              <dd>
                {account.data?.user.email === null ? (
                  <span className={`${styles.badge} ${styles.unverified}`}>
                    <AlertCircleIcon width={16} height={16} /> No e-mail address
                  </span>
                ) : account.data ? (
                  account.data.emailVerified ? (
                    <span className={`${styles.badge} ${styles.verified}`}>
                      <CheckCircleIcon width={16} height={16} /> Verified
                    </span>
                  ) : (
                    <span className={`${styles.badge} ${styles.unverified}`}>
                      <AlertCircleIcon width={16} height={16} /> Not verified
                    </span>
                  )
                ) : (
                  '—'
                )}
              </dd>
            </div>
          </dl>
          {account.data && account.data.user.email === null ? (
            <div className={styles.verifyBox}>
              <p className={styles.muted}>Add an e-mail address: withdrawals need a verified one, and we write to it about your account.</p>
              <AddEmailForm replacing={false} />
            </div>
          ) : null}
          {account.data && account.data.user.email !== null && !account.data.emailVerified ? (
            <div className={styles.verifyBox}>
              <p className={styles.muted}>Withdrawals need a verified e-mail address. Check your inbox for our link, or ask for a new one.</p>
              <div className={styles.actionsRow}>
                <Button
                  variant="secondary"
                  size="small"
                  disabled={resend.isPending}
                  aria-busy={resend.isPending || undefined}
                  onClick={() =>
                    resend.mutate(undefined, {
                      onSuccess: (answer) => notify.success(answer.message),
                      onError: (error) => {
                        console.error('Resending the verification e-mail failed', error);
                        notify.error(userFacingMessage(error));
                      },
                    })
                  }
                >
                  Resend verification e-mail
                </Button>
                {replacingEmail ? null : (
                  <Button variant="ghost" size="small" onClick={() => setReplacingEmail(true)}>
                    Use another address
                  </Button>
                )}
              </div>
              {replacingEmail ? <AddEmailForm replacing /> : null}
            </div>
          ) : null}
        </section>

        <section className={styles.card} aria-labelledby="account-wallet">
          <h2 id="account-wallet" className={styles.cardTitle}>
            Wallet
          </h2>
          {account.data ? <LinkedWallet linkedAddress={account.data.linkedAddress} chainId={chainConfig.data?.chain.id} /> : null}
        </section>

        <section className={styles.card} aria-labelledby="account-referral">
          <h2 id="account-referral" className={styles.cardTitle}>
            Referral
          </h2>
          <p className={styles.muted}>Invite friends with your code or your link.</p>
          <dl className={styles.details}>
            <div>
              <dt>Your code</dt>
              <dd className={styles.copyRow}>
                <span className={styles.code}>{referralCode ?? '—'}</span>
                <Button
                  variant="secondary"
                  size="small"
                  disabled={!referralCode}
                  onClick={() => referralCode && copyReferral(referralCode, 'Referral code copied to clipboard!')}
                >
                  Copy
                </Button>
              </dd>
            </div>
            {referralLink ? (
              <div>
                <dt>Your link</dt>
                <dd className={styles.copyRow}>
                  <input
                    className={styles.link}
                    readOnly
                    value={referralLink}
                    aria-label="Referral link"
                    onFocus={(event) => event.target.select()}
                  />
                  <Button
                    variant="secondary"
                    size="small"
                    onClick={() => copyReferral(referralLink, 'Referral link copied to clipboard!')}
                  >
                    Copy link
                  </Button>
                </dd>
              </div>
            ) : null}
          </dl>
        </section>

        <section className={`${styles.card} ${styles.wide}`} aria-labelledby="account-history">
          <h2 id="account-history" className={styles.cardTitle}>
            Game history
          </h2>
          <GameHistory items={account.data?.gameHistory ?? []} />
        </section>

        <section className={styles.card} aria-labelledby="account-withdraw">
          <h2 id="account-withdraw" className={styles.cardTitle}>
            Withdraw
          </h2>
          <p className={styles.muted}>Send ETH from your balance to an Ethereum address. Withdrawals need a verified e-mail.</p>
          {balanceWei === null ? null : <WithdrawForm balanceWei={balanceWei} />}
        </section>

        <section className={`${styles.card} ${styles.wide}`} aria-labelledby="account-activity">
          <h2 id="account-activity" className={styles.cardTitle}>
            Deposits and withdrawals
          </h2>
          <MoneyActivity deposits={account.data?.deposits ?? []} withdrawals={account.data?.withdrawals ?? []} />
        </section>

        <section className={styles.card} aria-labelledby="account-security">
          <h2 id="account-security" className={styles.cardTitle}>
            Security
          </h2>
          <SignOutEverywhere />
        </section>
      </div>
    </div>
  );
}
