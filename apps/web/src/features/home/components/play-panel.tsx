/**
 * Bet amount, Play Now / Cancel and Add Funds (spec S2 "Home page", S4
 * "Matchmaking", S5 "Play"). Both buttons need an access token. Play Now checks
 * the amount and that the balance covers the bet at the live price, then
 * searches; the server's refusals show under the amount selector; a game found
 * opens the game screen. Add Funds opens the deposit dialog.
 *
 * The game screen and the deposit dialog are chunks of their own: Play Now
 * fetches the game screen when hovered, focused or pressed (a game may be
 * found within a second), Add Funds its dialog when hovered or focused.
 */
import { Suspense, useEffect, useId, useState, type ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import { formatEthFixed, usdToWei } from '@shifumi/money';
import { BET_AMOUNTS, type BetAmount } from '@shifumi/protocol/constants';
import { TEXTS } from '@shifumi/protocol/texts';
import { addFundsDialog } from '../../../lib/add-funds-dialog';
import { LOBBY_HOME_TEXTS as LOBBY_TEXTS } from '@shifumi/protocol/lobby-home-texts';
import { useLobby, waitingAt } from '../../../lib/lobby';
import { lazyComponent } from '../../../lib/lazy-component';
import { getRememberedBet, rememberBet } from '../../../lib/remembered-bet';
import { preloadRoute } from '../../../lib/route-preload';
import { useSelectedCharacter } from '../../../lib/selected-character';
import { cancelSearch, onGameFound, searchGame, showMatchmakingError, useMatchmaking } from '../../../lib/matchmaking';
import { useUsablePrice } from '../../../lib/price-api';
import { Button } from '../../../components/ui/button';
import { useRealtimeStatus } from '../../../lib/realtime-status';
import { useIsSignedIn } from '../../../lib/session-store';
import { useAccountQuery } from '../../../lib/account-api';
import { BalanceBox } from './balance-box';
import { OnlinePlayers } from './online-players';
import styles from './play-panel.module.css';

const GAME_SCREEN_PATH = '/search-game';

// Issue 24: the search's clock and offers, fetched with the first search (home's first load stays within budget).
const SearchStatus = lazyComponent(() => import('./search-status').then((module) => module.SearchStatus));


function parseAmount(value: string): BetAmount | null {
  const amount = Number(value);
  return (BET_AMOUNTS as readonly number[]).includes(amount) ? (amount as BetAmount) : null;
}

export interface PlayPanelProps {
  /** Issue 24: more offers for a long search (composed by the app). */
  searchOffers?: ((amount: BetAmount) => ReactNode) | undefined;
}

export function PlayPanel({ searchOffers }: PlayPanelProps = {}) {
  const signedIn = useIsSignedIn();
  const amountId = useId();
  const errorId = useId();
  const connectionHintId = useId();
  const [amount, setAmount] = useState<BetAmount | null>(getRememberedBet);
  const [depositOpen, setDepositOpen] = useState(false);
  const DepositDialog = addFundsDialog();
  const account = useAccountQuery(signedIn);
  const price = useUsablePrice();
  const [character] = useSelectedCharacter();
  const matchmaking = useMatchmaking();
  const live = useRealtimeStatus('authenticated') === 'live';
  const navigate = useNavigate();
  const amountError = matchmaking.error;
  const searching = matchmaking.status === 'searching';
  const lobby = useLobby();
  const waitingHere = amount === null ? undefined : waitingAt(lobby, amount);

  useEffect(() => onGameFound((start) => void navigate(GAME_SCREEN_PATH, { state: start })), [navigate]);

  function handlePlay(chosen: BetAmount | null = amount) {
    if (chosen === null) {
      showMatchmakingError(TEXTS.selectAmount);
      return;
    }
    if (price && account.data) {
      const needed = usdToWei(chosen, price.microUsdPerEth, 'up');
      if (BigInt(account.data.balanceWei) < needed) {
        showMatchmakingError(TEXTS.insufficientBalance(formatEthFixed(needed, 6, 'up')));
        return;
      }
    }
    preloadRoute(GAME_SCREEN_PATH);
    searchGame(character, chosen);
  }

  /** Issue 24: cancel and search where someone waits. */
  function searchAt(other: BetAmount) {
    cancelSearch();
    setAmount(other);
    rememberBet(other);
    handlePlay(other);
  }

  function handleAddFunds() {
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
          disabled={searching}
          aria-invalid={amountError ? true : undefined}
          aria-describedby={amountError ? errorId : undefined}
          onChange={(event) => {
            const chosen = parseAmount(event.target.value);
            setAmount(chosen);
            rememberBet(chosen);
            showMatchmakingError(null);
          }}
        >
          <option value="">Select an amount</option>
          {BET_AMOUNTS.map((option) => {
            // Issue 24: who is waiting at each stake, once the lobby is known.
            const waiting = waitingAt(lobby, option);
            return (
              <option key={option} value={option}>
                {option} USDT{waiting === undefined ? '' : ` · ${LOBBY_TEXTS.waiting(waiting)}`}
              </option>
            );
          })}
        </select>
        {amountError ? (
          <p id={errorId} role="alert" className={styles.error}>
            {amountError}
          </p>
        ) : null}
      </div>

      <p className={styles.waiting} data-testid="lobby-waiting" aria-live="polite">
        {amount !== null && waitingHere !== undefined ? `${LOBBY_TEXTS.waiting(waitingHere)} at ${amount} USDT` : null}
      </p>

      <div className={styles.actions}>
        {searching ? (
          <Button size="large" block variant="danger" onClick={cancelSearch}>
            Cancel
          </Button>
        ) : (
          <Button
            size="large"
            block
            disabled={!signedIn || !live}
            aria-describedby={signedIn && !live ? connectionHintId : undefined}
            onClick={() => handlePlay()}
            data-preload={GAME_SCREEN_PATH}
          >
            Play Now
          </Button>
        )}
        <Button
          variant="secondary"
          size="large"
          block
          disabled={!signedIn}
          onClick={handleAddFunds}
          onPointerEnter={DepositDialog.preload}
          onFocus={DepositDialog.preload}
        >
          Add Funds
        </Button>
      </div>

      {/* Issue 24: practice, free, for visitors too. */}
      <p className={styles.practice}>
        <Link to="/practice">{LOBBY_TEXTS.practice}</Link>
      </p>

      {searching && matchmaking.request ? (
        <Suspense
          fallback={
            <p role="status" className={styles.hint}>
              Looking for an opponent at {matchmaking.request.amount} USDT…
            </p>
          }
        >
          <SearchStatus amount={matchmaking.request.amount} onSearchAt={searchAt}>
            {searchOffers?.(matchmaking.request.amount)}
          </SearchStatus>
        </Suspense>
      ) : null}
      {signedIn ? null : <p className={styles.hint}>Sign in to play and to add funds.</p>}
      {signedIn && !searching ? (
        // Its line is kept while live: the connection opening after the first paint moves nothing.
        <p id={connectionHintId} className={`${styles.hint} ${styles.connectionHint}`} aria-live="polite" data-testid="play-connection-hint">
          {live ? null : TEXTS.playNeedsConnection}
        </p>
      ) : null}
      {signedIn && depositOpen ? (
        // Its own boundary: while the dialog's chunk loads, the page stays as it is.
        <Suspense fallback={null}>
          <DepositDialog
            open
            onClose={() => setDepositOpen(false)}
            address={account.data?.user.walletAddress ?? null}
            loading={account.isPending}
            deposits={account.data?.deposits ?? []}
          />
        </Suspense>
      ) : null}
    </section>
  );
}
