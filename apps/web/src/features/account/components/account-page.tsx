/**
 * /account (spec S2 "Account"). Signed-out visitors are sent to /.
 *
 * The available balance in $ (2 decimals, rounded down), who you are and
 * whether your e-mail is verified (a wallet-only account adds one here), the
 * linked wallet (or linking one), the referral code and link, the game
 * history, the withdraw form (button "Retirer"), deposits and withdrawals
 * with their status, and signing out everywhere.
 */
import { useEffect, useState, type ReactNode } from 'react';
import { Link, Navigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { REFERRAL_QUERY_PARAM, TEXTS } from '@shifumi/protocol';
import { SOLVENCY_TEXTS } from '@shifumi/protocol/solvency-texts';
import { Button } from '../../../components/ui/button';
import { CheckCircleIcon, AlertCircleIcon } from '../../../components/ui/icons';
import { Spinner } from '../../../components/ui/spinner';
import { userFacingMessage } from '../../../lib/api-error';
import { useSession } from '../../../lib/session-store';
import { copyWithToast } from '../../../lib/clipboard';
import { notify } from '../../../lib/toast';
import { accountQueryKey, useAccountQuery, useResendVerificationMutation } from '../../../lib/account-api';
import { WITHDRAWAL_WINDOW_EVENT } from '../../../lib/withdrawal-updates';
import { Notice } from '../../../components/ui/notice';
import { formatEthAmount, formatUsdAmount } from '../../../lib/money-format';
import { PRICE_UNAVAILABLE_TEXT, useUsablePrice } from '../../../lib/price-api';
import { DevelopmentPriceLabel } from '../../../components/ui/development-price-label';
import { useChainConfigQuery } from '../../../lib/chain-config';
import { AddEmailForm } from './add-email-form';
import { GameHistory } from './game-history';
import { LinkedWallet } from './linked-wallet';
import { MoneyActivity } from './money-activity';
import { SecuritySection } from './security-section';
import { useSecurityQuery, useWithdrawalAddressesQuery } from '../api/security-api';
import { WithdrawForm } from './withdraw-form';
import styles from './account-page.module.css';
import { PageHeader } from '../../../components/ui/page-header';

function copyReferral(text: string, success: string) {
  void copyWithToast(text, success, (reason) => `Could not copy: ${reason}`);
}

export interface AccountPageProps {
  /** Issue 19's Responsible gaming section, composed in app/ (a feature does not import another). */
  responsibleGaming?: ReactNode;
}

export function AccountPage({ responsibleGaming }: AccountPageProps = {}) {
  const session = useSession();
  const signedIn = session.accessToken !== null;
  const account = useAccountQuery(signedIn);
  const resend = useResendVerificationMutation();
  const price = useUsablePrice();
  const chainConfig = useChainConfigQuery(signedIn);
  const [replacingEmail, setReplacingEmail] = useState(false);
  // Issue 13: the withdraw form asks for the code with two-factor on, and offers the address book's active addresses.
  const security = useSecurityQuery(signedIn);
  const addressBook = useWithdrawalAddressesQuery(signedIn);

  const queryClient = useQueryClient();
  useEffect(() => {
    // Issue 14: a withdrawal confirmed or failed on chain: its row's status (and the balance) are read again.
    const refresh = () => void queryClient.invalidateQueries({ queryKey: accountQueryKey });
    window.addEventListener(WITHDRAWAL_WINDOW_EVENT, refresh);
    return () => window.removeEventListener(WITHDRAWAL_WINDOW_EVENT, refresh);
  }, [queryClient]);

  useEffect(() => {
    // Spec S8: a failure to load the account is only logged.
    if (account.error) console.error('Could not load the account', account.error);
  }, [account.error]);

  if (!signedIn) return <Navigate to="/" replace />;

  const balanceWei = account.data ? BigInt(account.data.balanceWei) : null;
  // Issue 19: the part a deposit limit holds is not playable (it can be withdrawn).
  const heldWei = account.data ? BigInt(account.data.heldWei) : 0n;

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
          {/* Issue 28: the player can check that this balance is counted in the house's published liabilities. */}
          <p className={styles.muted}>
            <Link to="/solvency">{SOLVENCY_TEXTS.page.accountLink}</Link>
          </p>
          {balanceWei === null || heldWei === 0n ? null : (
            <dl className={styles.details} data-testid="account-balance-parts">
              <div>
                <dt>Playable</dt>
                <dd>{price ? formatUsdAmount(balanceWei - heldWei, price.microUsdPerEth) : formatEthAmount(balanceWei - heldWei)}</dd>
              </div>
              <div>
                <dt>Held by your deposit limit</dt>
                <dd>{price ? formatUsdAmount(heldWei, price.microUsdPerEth) : formatEthAmount(heldWei)}</dd>
              </div>
            </dl>
          )}
          {balanceWei === null || heldWei === 0n ? null : (
            <p className={styles.muted}>The held part becomes playable as your deposits leave the limit's window. You can withdraw it at any time.</p>
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
          {account.data && account.data.user.email !== null && account.data.emailVerified ? (
            // Issue 23: a verified address changes too (with the password), once the new one is confirmed by its link.
            replacingEmail ? (
              <div className={styles.verifyBox}>
                <p className={styles.muted}>Your current address stays until you open the link we send to the new one.</p>
                <AddEmailForm replacing />
              </div>
            ) : (
              <div className={styles.actionsRow}>
                <Button variant="ghost" size="small" onClick={() => setReplacingEmail(true)}>
                  Change e-mail address
                </Button>
              </div>
            )
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
            {account.data ? (
              // Issue 14: how many players signed up with the code.
              <div>
                <dt>Players who signed up with it</dt>
                <dd data-testid="referral-count">{account.data.referralCount}</dd>
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
          {account.data && (account.data.user.email === null || !account.data.emailVerified) ? (
            // Issue 14: an unverified user sees why before filling the form.
            <Notice tone="info">{account.data.user.email === null ? TEXTS.withdrawalNeedsEmail : TEXTS.withdrawalNeedsVerifiedEmail}</Notice>
          ) : balanceWei === null ? null : (
            <WithdrawForm
              balanceWei={balanceWei}
              microUsdPerEth={price?.microUsdPerEth ?? null}
              twoFactorEnabled={security.data?.twoFactorEnabled ?? false}
              activeAddresses={(addressBook.data?.addresses ?? []).filter((entry) => entry.status === 'active')}
            />
          )}
        </section>

        <section className={`${styles.card} ${styles.wide}`} aria-labelledby="account-activity">
          <h2 id="account-activity" className={styles.cardTitle}>
            Deposits and withdrawals
          </h2>
          <MoneyActivity deposits={account.data?.deposits ?? []} withdrawals={account.data?.withdrawals ?? []} />
        </section>

        {responsibleGaming ? (
          <section className={`${styles.card} ${styles.wide}`} aria-labelledby="account-responsible-gaming">
            <h2 id="account-responsible-gaming" className={styles.cardTitle}>
              Responsible gaming
            </h2>
            {responsibleGaming}
          </section>
        ) : null}

        <section className={`${styles.card} ${styles.wide}`} aria-labelledby="account-security">
          <h2 id="account-security" className={styles.cardTitle}>
            Security
          </h2>
          <SecuritySection />
        </section>
      </div>
    </div>
  );
}
