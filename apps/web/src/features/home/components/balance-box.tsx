/**
 * The balance (spec S2 "Home page"): a button that toggles between ETH and
 * USD on click. USD comes from the server's price, rounded down to cents; a
 * development price is labelled, a stale or missing one shows no dollars.
 */
import { useState } from 'react';
import { useIsSignedIn } from '../../../lib/session-store';
import { formatEthAmount, formatUsdAmount } from '../../../lib/money-format';
import { useAccountQuery } from '../../account/api/account-api';
import { useUsablePrice } from '../../price/api/price-api';
import styles from './balance-box.module.css';

export function BalanceBox() {
  const signedIn = useIsSignedIn();
  const account = useAccountQuery(signedIn);
  const price = useUsablePrice();
  const [currency, setCurrency] = useState<'ETH' | 'USD'>('ETH');

  if (!signedIn || !account.data) {
    return (
      <div className={styles.box}>
        <span className={styles.label}>Balance</span>
        <span className={styles.value}>—</span>
      </div>
    );
  }
  const wei = BigInt(account.data.balanceWei);
  const shown =
    currency === 'ETH' ? formatEthAmount(wei) : price ? formatUsdAmount(wei, price.microUsdPerEth) : 'Price unavailable';
  const next = currency === 'ETH' ? 'USD' : 'ETH';
  return (
    <button
      type="button"
      className={`${styles.box} ${styles.toggle}`}
      onClick={() => setCurrency(next)}
      aria-label={`Balance ${shown}. Show in ${next}`}
    >
      <span className={styles.label}>Balance</span>
      <span className={styles.amount}>
        <span className={styles.value} data-testid="balance-value">
          {shown}
        </span>
        {currency === 'USD' && price?.source === 'development' ? <span className={styles.devPrice}>development price</span> : null}
        <span className={styles.hint}>Show in {next}</span>
      </span>
    </button>
  );
}
