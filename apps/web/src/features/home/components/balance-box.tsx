/**
 * The balance (spec S2 "Home page"): a button that toggles between ETH and
 * USD on click. USD comes from the server's price, rounded down to cents; a
 * development price is labelled, a stale or missing one shows no dollars.
 * Signed out (or while the account loads) it shows a neutral placeholder.
 */
import { useIsSignedIn } from '../../../lib/session-store';
import { useBalanceCurrency } from '../../../lib/balance-currency';
import { formatEthAmount, formatUsdAmount } from '../../../lib/money-format';
import { useAccountQuery } from '../../../lib/account-api';
import { PRICE_UNAVAILABLE_TEXT, useUsablePrice } from '../../../lib/price-api';
import { DevelopmentPriceLabel } from '../../../components/ui/development-price-label';
import styles from './balance-box.module.css';
import { useIntlLocale, useT } from '../../../lib/i18n/i18n';

export function BalanceBox() {
  const signedIn = useIsSignedIn();
  const t = useT();
  const locale = useIntlLocale();
  const account = useAccountQuery(signedIn);
  const price = useUsablePrice();
  const [currency, toggleCurrency] = useBalanceCurrency();

  if (!signedIn || !account.data) {
    return (
      <div className={styles.box}>
        <span className={styles.label}>{t('home.balance.label')}</span>
        <span className={`${styles.value} ${styles.placeholder}`}>—</span>
      </div>
    );
  }
  const wei = BigInt(account.data.balanceWei);
  const shown =
    currency === 'ETH'
      ? formatEthAmount(wei, locale)
      : price
        ? formatUsdAmount(wei, price.microUsdPerEth, locale)
        : PRICE_UNAVAILABLE_TEXT;
  const developmentPrice = currency === 'USD' && price?.source === 'development';
  const next = currency === 'ETH' ? 'USD' : 'ETH';
  return (
    <button type="button" className={`${styles.box} ${styles.toggle}`} onClick={toggleCurrency}>
      {/* Its name is what it shows (WCAG 2.5.3: voice-control users say what they see); the spaces keep the parts apart when read as one. */}
      <span className={styles.label}>{t('home.balance.label')}</span>{' '}
      <span className={styles.amount}>
        <span className={styles.value} data-testid="balance-value">
          {shown}
        </span>{' '}
        {developmentPrice ? <DevelopmentPriceLabel /> : null}{' '}
        <span className={styles.hint}>{t('home.balance.showIn', { currency: next })}</span>
      </span>
    </button>
  );
}
