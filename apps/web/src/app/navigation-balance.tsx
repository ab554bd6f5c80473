/**
 * The balance in the navigation bar (issue 14), on every page for a signed-in
 * player: ETH or USD, toggled on click as on home. It reads the account query,
 * which the layout's live-balance hook updates from each `balance` event.
 */
import { useAccountQuery } from '../lib/account-api';
import { formatEthAmount, formatUsdAmount } from '../lib/money-format';
import { PRICE_UNAVAILABLE_TEXT, useUsablePrice } from '../lib/price-api';
import { useIsSignedIn } from '../lib/session-store';
import { useBalanceCurrency } from '../lib/balance-currency';
import { DEVELOPMENT_PRICE_TEXT } from '../components/ui/development-price-label';
import { useIntlLocale, useT } from '../lib/i18n/i18n';
import styles from './navigation-balance.module.css';

export function NavigationBalance({ className = '' }: { className?: string }) {
  // A visitor has no balance: nothing is shown, and nothing (not even the price) is fetched for it.
  return useIsSignedIn() ? <SignedInBalance className={className} /> : null;
}

function SignedInBalance({ className }: { className: string }) {
  const account = useAccountQuery(true);
  const price = useUsablePrice();
  const [currency, toggleCurrency] = useBalanceCurrency();
  const t = useT();
  const locale = useIntlLocale();

  const wei = account.data ? BigInt(account.data.balanceWei) : null;
  const shown =
    wei === null
      ? '—'
      : currency === 'ETH'
        ? formatEthAmount(wei, locale)
        : price
          ? formatUsdAmount(wei, price.microUsdPerEth, locale)
          : PRICE_UNAVAILABLE_TEXT;
  const next = currency === 'ETH' ? 'USD' : 'ETH';
  const developmentPrice = currency === 'USD' && price?.source === 'development';
  return (
    <button
      type="button"
      className={`${styles.balance} ${className}`}
      disabled={wei === null}
      onClick={toggleCurrency}
      // The name starts with what it shows (WCAG 2.5.3), then says what a press does.
      aria-label={
        developmentPrice
          ? t('shell.balance.nameWithDevelopmentPrice', { shown, development: DEVELOPMENT_PRICE_TEXT, currency: next })
          : t('shell.balance.name', { shown, currency: next })
      }
      title={t('shell.balance.showIn', { currency: next })}
    >
      <span className={styles.label}>{t('shell.balance.label')}</span>{' '}
      <span className={styles.value} data-testid="nav-balance-value">
        {shown}
      </span>
    </button>
  );
}
