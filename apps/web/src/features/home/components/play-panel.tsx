/**
 * Bet amount, Play Now and Add Funds (spec S2 "Home page", S5 "Play").
 * Both buttons need an access token. Add Funds opens the deposit dialog;
 * matchmaking is wired by the play work, until then Play Now says so instead
 * of pretending.
 */
import { useId, useState } from 'react';
import { BET_AMOUNTS, TEXTS, type BetAmount } from '@shifumi/protocol';
import { Button } from '../../../components/ui/button';
import { Notice } from '../../../components/ui/notice';
import { useIsSignedIn } from '../../../lib/session-store';
import { useAccountQuery } from '../../account/api/account-api';
import { DepositDialog } from '../../deposit/components/deposit-dialog';
import { BalanceBox } from './balance-box';
import { OnlinePlayers } from './online-players';
import styles from './play-panel.module.css';

function parseAmount(value: string): BetAmount | null {
  const amount = Number(value);
  return (BET_AMOUNTS as readonly number[]).includes(amount) ? (amount as BetAmount) : null;
}

export function PlayPanel() {
  const signedIn = useIsSignedIn();
  const amountId = useId();
  const errorId = useId();
  const [amount, setAmount] = useState<BetAmount | null>(null);
  const [amountError, setAmountError] = useState<string | null>(null);
  const [info, setInfo] = useState<string | null>(null);
  const [depositOpen, setDepositOpen] = useState(false);
  const account = useAccountQuery(signedIn);

  function handlePlay() {
    setInfo(null);
    if (amount === null) {
      setAmountError(TEXTS.selectAmount);
      return;
    }
    setAmountError(null);
    setInfo('Matchmaking is not open yet. Your balance has not been touched.');
  }

  function handleAddFunds() {
    setInfo(null);
    setDepositOpen(true);
  }

  return (
    <section className={styles.panel} aria-labelledby="play-panel-title">
      <div className={styles.header}>
        <h2 id="play-panel-title" className={styles.title}>
          Play a match
        </h2>
        <OnlinePlayers />
      </div>

      <BalanceBox />

      <div className={styles.field}>
        <label htmlFor={amountId} className={styles.label}>
          Bet amount
        </label>
        <select
          id={amountId}
          className={styles.select}
          value={amount ?? ''}
          aria-invalid={amountError ? true : undefined}
          aria-describedby={amountError ? errorId : undefined}
          onChange={(event) => {
            setAmount(parseAmount(event.target.value));
            setAmountError(null);
            setInfo(null);
          }}
        >
          <option value="">Select an amount</option>
          {BET_AMOUNTS.map((option) => (
            <option key={option} value={option}>
              {option} USDT
            </option>
          ))}
        </select>
        {amountError ? (
          <p id={errorId} role="alert" className={styles.error}>
            {amountError}
          </p>
        ) : null}
      </div>

      <div className={styles.actions}>
        <Button size="large" block disabled={!signedIn} onClick={handlePlay}>
          Play Now
        </Button>
        <Button variant="secondary" size="large" block disabled={!signedIn} onClick={handleAddFunds}>
          Add Funds
        </Button>
      </div>

      {info ? <Notice tone="info">{info}</Notice> : null}
      {signedIn ? null : <p className={styles.hint}>Sign in to play and to add funds.</p>}
      {signedIn ? (
        <DepositDialog
          open={depositOpen}
          onClose={() => setDepositOpen(false)}
          address={account.data?.user.walletAddress ?? null}
          deposits={account.data?.deposits ?? []}
        />
      ) : null}
    </section>
  );
}
