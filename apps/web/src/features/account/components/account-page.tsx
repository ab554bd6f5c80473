/**
 * /account (spec S2 "Account"). Signed-out visitors are sent to /.
 *
 * The available balance in $ (2 decimals, rounded down), who you are and
 * whether your e-mail is verified (a wallet-only account adds one here), the
 * linked wallet (or linking one), the referral code and link, the game
 * history, the withdraw form (button "Retirer"), deposits and withdrawals
 * with their status, and signing out everywhere.
 *
 * Issue 26 (item 9): in sections a player can jump to (Overview, Withdrawals,
 * History, Limits, Security) from a menu beside them on a wide screen, under
 * the header on a phone; two columns where the cards are small.
 */
import { useEffect, type CSSProperties, type HTMLAttributes, type ReactNode } from 'react';
import { Link, Navigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import type { AccountResponse } from '@shifumi/protocol';
import { Spinner } from '../../../components/ui/spinner';
import { useSession } from '../../../lib/session-store';
import { accountQueryKey, useAccountQuery } from '../../../lib/account-api';
import { WITHDRAWAL_WINDOW_EVENT } from '../../../lib/withdrawal-updates';
import { Notice } from '../../../components/ui/notice';
import { formatEthAmount, formatUsdAmount } from '../../../lib/money-format';
import { useUsablePrice } from '../../../lib/price-api';
import { useIntlLocale } from '../../../lib/i18n/i18n';
import { useAccountT } from '../account-texts';
import { DevelopmentPriceLabel } from '../../../components/ui/development-price-label';
import { useChainConfigQuery } from '../../../lib/chain-config';
import { PageHeader } from '../../../components/ui/page-header';
import { useSecurityQuery, useWithdrawalAddressesQuery } from '../api/security-api';
import { ACCOUNT_SECTIONS, AccountSectionsNav, showSection, useCurrentSection, useHeaderHeight } from './account-sections-nav';
import { GameHistory } from './game-history';
import { LinkedWallet } from './linked-wallet';
import { MoneyActivity, useWithdrawalReviews } from './money-activity';
import { ProfileCard } from './profile-card';
import { ReferralCard } from './referral-card';
import { SecuritySection } from './security-section';
import { WithdrawForm } from './withdraw-form';
import styles from './account-page.module.css';

/** A card of the page: a section named by its heading. */
function AccountCard({
  headingId,
  title,
  className = styles.card,
  children,
  ...section
}: { headingId: string; title: string; children: ReactNode } & HTMLAttributes<HTMLElement>) {
  return (
    <section {...section} className={className} aria-labelledby={headingId}>
      <h2 id={headingId} className={styles.cardTitle}>
        {title}
      </h2>
      {children}
    </section>
  );
}

/** The page's effects: rows read again when a withdrawal moves, a failed load logged, /account#section opened there. */
function useAccountPageEffects(signedIn: boolean, accountError: Error | null) {
  const queryClient = useQueryClient();
  useEffect(() => {
    // Issue 14: a withdrawal confirmed or failed on chain: its row's status (and the balance) are read again.
    const refresh = () => void queryClient.invalidateQueries({ queryKey: accountQueryKey });
    window.addEventListener(WITHDRAWAL_WINDOW_EVENT, refresh);
    return () => window.removeEventListener(WITHDRAWAL_WINDOW_EVENT, refresh);
  }, [queryClient]);

  useEffect(() => {
    // Spec S8: a failure to load the account is only logged.
    if (accountError) console.error('Could not load the account', accountError);
  }, [accountError]);

  useEffect(() => {
    // Issue 26: /account#limits (the account status banner's link) opens the page at that section.
    const id = window.location.hash.slice(1);
    if (signedIn && ACCOUNT_SECTIONS.some((section) => section.id === id)) showSection(id, false);
  }, [signedIn]);
}

type Price = ReturnType<typeof useUsablePrice>;

/** The available balance in $ (and ETH), and the part a deposit limit holds. */
function BalanceCard({ balanceWei, heldWei, price }: { balanceWei: bigint | null; heldWei: bigint; price: Price }) {
  const t = useAccountT();
  const locale = useIntlLocale();
  const usd = (wei: bigint, microUsdPerEth: bigint) => formatUsdAmount(wei, microUsdPerEth, locale);
  return (
    <AccountCard headingId="account-balance" title={t('account.page.balance')} className={`${styles.card} ${styles.balance}`}>
      <p className={styles.balanceValue}>
        <span data-testid="account-balance-usd">
          {balanceWei === null ? '—' : price ? usd(balanceWei, price.microUsdPerEth) : t('account.page.priceUnavailable')}
        </span>
        {balanceWei !== null && price?.source === 'development' ? <DevelopmentPriceLabel /> : null}
      </p>
      {balanceWei === null ? null : (
        <p className={styles.muted} data-testid="account-balance-eth">
          {formatEthAmount(balanceWei, locale)}
        </p>
      )}
      {/* Issue 28: the player can check that this balance is counted in the house's published liabilities. */}
      <p className={styles.muted}>
        <Link to="/solvency">{t('account.page.solvencyLink')}</Link>
      </p>
      {balanceWei === null || heldWei === 0n ? null : (
        <dl className={styles.details} data-testid="account-balance-parts">
          <div>
            <dt>{t('account.page.playable')}</dt>
            <dd>{price ? usd(balanceWei - heldWei, price.microUsdPerEth) : formatEthAmount(balanceWei - heldWei, locale)}</dd>
          </div>
          <div>
            <dt>{t('account.page.heldByLimit')}</dt>
            <dd>{price ? usd(heldWei, price.microUsdPerEth) : formatEthAmount(heldWei, locale)}</dd>
          </div>
        </dl>
      )}
      {balanceWei === null || heldWei === 0n ? null : <p className={styles.muted}>{t('account.page.heldNote')}</p>}
    </AccountCard>
  );
}

/** The withdraw form, or why there is none yet (no e-mail, or not verified). */
function WithdrawCard({
  account,
  balanceWei,
  price,
}: {
  account: AccountResponse | undefined;
  balanceWei: bigint | null;
  price: Price;
}) {
  // Issue 13: the withdraw form asks for the code with two-factor on, and offers the address book's active addresses.
  const security = useSecurityQuery(true);
  const addressBook = useWithdrawalAddressesQuery(true);
  const t = useAccountT();
  return (
    <AccountCard headingId="account-withdraw" title={t('account.page.withdraw')}>
      <p className={styles.muted}>{t('account.page.withdrawIntro')}</p>
      {account && (account.user.email === null || !account.emailVerified) ? (
        // Issue 14: an unverified user sees why before filling the form.
        <Notice tone="info">
          {t(account.user.email === null ? 'account.page.withdrawalNeedsEmail' : 'account.page.withdrawalNeedsVerifiedEmail')}
        </Notice>
      ) : balanceWei === null ? null : (
        <WithdrawForm
          balanceWei={balanceWei}
          microUsdPerEth={price?.microUsdPerEth ?? null}
          twoFactorEnabled={security.data?.twoFactorEnabled ?? false}
          activeAddresses={(addressBook.data?.addresses ?? []).filter((entry) => entry.status === 'active')}
        />
      )}
    </AccountCard>
  );
}

export interface AccountPageProps {
  /** Issue 19's Responsible gaming section, composed in app/ (a feature does not import another). */
  responsibleGaming?: ReactNode;
}

export function AccountPage({ responsibleGaming }: AccountPageProps = {}) {
  const session = useSession();
  const signedIn = session.accessToken !== null;
  const account = useAccountQuery(signedIn);
  const price = useUsablePrice();
  const chainConfig = useChainConfigQuery(signedIn);
  useAccountPageEffects(signedIn, account.error);
  // Issue 26: a withdrawal in review says why and by when (the account status banner's query).
  const reviews = useWithdrawalReviews(signedIn);
  const headerHeight = useHeaderHeight();
  const current = useCurrentSection(signedIn);
  const t = useAccountT();

  if (!signedIn) return <Navigate to="/" replace />;

  const balanceWei = account.data ? BigInt(account.data.balanceWei) : null;
  // Issue 19: the part a deposit limit holds is not playable (it can be withdrawn).
  const heldWei = account.data ? BigInt(account.data.heldWei) : 0n;

  const user = account.data?.user ?? session.user;
  const referralCode = account.data?.referralCode ?? null;

  return (
    <div className={styles.page}>
      <PageHeader title={t('account.page.title')}>{user ? t('account.page.signedInAs', { name: user.name }) : null}</PageHeader>

      {account.isPending ? (
        <p role="status" className={styles.loading}>
          <Spinner size="small" /> {t('account.page.loading')}
        </p>
      ) : null}

      <div className={styles.layout} style={{ '--account-sticky-top': `${headerHeight}px` } as CSSProperties}>
        <AccountSectionsNav current={current} />
        <div className={styles.sections}>
          <div id="overview" tabIndex={-1} className={`${styles.group} ${styles.grid}`}>
            <BalanceCard balanceWei={balanceWei} heldWei={heldWei} price={price} />
            <ProfileCard account={account.data} user={user} />
            <AccountCard headingId="account-wallet" title={t('account.page.wallet')}>
              {account.data ? (
                <LinkedWallet linkedAddress={account.data.linkedAddress} chainId={chainConfig.data?.chain.id} />
              ) : null}
            </AccountCard>
            <ReferralCard referralCode={referralCode} referralCount={account.data?.referralCount} />
          </div>

          <div id="withdrawals" tabIndex={-1} className={`${styles.group} ${styles.grid}`}>
            <WithdrawCard account={account.data} balanceWei={balanceWei} price={price} />
            <AccountCard headingId="account-activity" title={t('account.page.activity')}>
              <MoneyActivity
                deposits={account.data?.deposits ?? []}
                withdrawals={account.data?.withdrawals ?? []}
                reviews={reviews}
              />
            </AccountCard>
          </div>

          <div id="history" tabIndex={-1} className={styles.group}>
            <AccountCard headingId="account-history" title={t('account.page.history')}>
              <GameHistory items={account.data?.gameHistory ?? []} />
            </AccountCard>
          </div>

          {responsibleGaming ? (
            <AccountCard
              id="limits"
              tabIndex={-1}
              className={`${styles.group} ${styles.card}`}
              headingId="account-responsible-gaming"
              title={t('account.page.responsibleGaming')}
            >
              {responsibleGaming}
            </AccountCard>
          ) : null}

          <div id="security" tabIndex={-1} className={styles.group}>
            <AccountCard headingId="account-security" title={t('account.page.security')}>
              <SecuritySection />
            </AccountCard>
          </div>
        </div>
      </div>
    </div>
  );
}
