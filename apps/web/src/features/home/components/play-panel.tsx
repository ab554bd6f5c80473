/**
 * Bet amount, Play Now and Add Funds (spec S2 "Home page", S5 "Play").
 * Both buttons need an access token. Matchmaking and deposits are wired by
 * the play and money work; until then the buttons say so instead of
 * pretending.
 */
import { useId, useState } from 'react';
import { BET_AMOUNTS, TEXTS, type BetAmount } from '@shifumi/protocol';
import { Button } from '../../../components/ui/button';
import { Notice } from '../../../components/ui/notice';
import { useIsSignedIn } from '../../../lib/session-store';
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
    setInfo('Deposits are not open yet.');
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
    </section>
  );
}
