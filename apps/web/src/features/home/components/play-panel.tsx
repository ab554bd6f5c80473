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
import { formatEthFixed, stakeFor } from '@shifumi/money';
import { BET_AMOUNTS, type BetAmount } from '@shifumi/protocol/constants';
import { translate, useT } from '../../../lib/i18n/i18n';
import { addFundsDialog } from '../../../lib/add-funds-dialog';
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
import { requestSignIn } from '../../../lib/sign-in-request';
import styles from './play-panel.module.css';

const GAME_SCREEN_PATH = '/search-game';

// Issue 24: the search's clock and offers, fetched with the first search (home's first load stays within budget).
const SearchStatus = lazyComponent(() => import('./search-status').then((module) => module.SearchStatus));

function parseAmount(value: string): BetAmount | null {
  const amount = Number(value);
  return (BET_AMOUNTS as readonly number[]).includes(amount) ? (amount as BetAmount) : null;
}

/** Play Now's checks (an amount, a balance that covers it at the live price), then the search; a game found opens the game screen. */
function usePlay(balanceWei: string | undefined, setAmount: (amount: BetAmount | null) => void) {
  const price = useUsablePrice();
  const [character] = useSelectedCharacter();
  const navigate = useNavigate();

  useEffect(() => onGameFound((start) => void navigate(GAME_SCREEN_PATH, { state: start })), [navigate]);

  function play(chosen: BetAmount | null) {
    if (chosen === null) {
      showMatchmakingError(translate('home.play.selectAmount'));
      return;
    }
    if (price && balanceWei !== undefined) {
      const needed = stakeFor(chosen, price.microUsdPerEth);
      if (BigInt(balanceWei) < needed) {
        showMatchmakingError(translate('home.play.insufficientBalance', { eth: formatEthFixed(needed, 6, 'up') }));
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
    play(other);
  }

  return { play, searchAt };
}

interface BetAmountFieldProps {
  amount: BetAmount | null;
  disabled: boolean;
  /** The matchmaking's refusal, shown under the selector. */
  error: string | null;
  lobby: ReturnType<typeof useLobby>;
  onChange: (amount: BetAmount | null) => void;
}

/** The bet amount selector (with who waits at each stake) and the refusal under it. */
function BetAmountField({ amount, disabled, error, lobby, onChange }: BetAmountFieldProps) {
  const t = useT();
  const amountId = useId();
  const errorId = useId();
  return (
    <div className={styles.field}>
      <label htmlFor={amountId} className={styles.label}>
        {t('home.play.betAmount')}
      </label>
      <select
        id={amountId}
        className={styles.select}
        value={amount ?? ''}
        disabled={disabled}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        onChange={(event) => onChange(parseAmount(event.target.value))}
      >
        <option value="">{t('home.play.chooseAmount')}</option>
        {BET_AMOUNTS.map((option) => {
          // Issue 24: who is waiting at each stake, once the lobby is known.
          const waiting = waitingAt(lobby, option);
          return (
            <option key={option} value={option}>
              {option} USDT{waiting === undefined ? '' : ` · ${t('home.play.waiting', { count: waiting })}`}
            </option>
          );
        })}
      </select>
      {error ? (
        <p id={errorId} role="alert" className={styles.error}>
          {error}
        </p>
      ) : null}
    </div>
  );
}

export interface PlayPanelProps {
  /** Issue 24: more offers for a long search (composed by the app). */
  searchOffers?: ((amount: BetAmount) => ReactNode) | undefined;
}

export function PlayPanel({ searchOffers }: PlayPanelProps = {}) {
  const t = useT();
  const signedIn = useIsSignedIn();
  const connectionHintId = useId();
  const [amount, setAmount] = useState<BetAmount | null>(getRememberedBet);
  const [depositOpen, setDepositOpen] = useState(false);
  const DepositDialog = addFundsDialog();
  const account = useAccountQuery(signedIn);
  const matchmaking = useMatchmaking();
  const live = useRealtimeStatus('authenticated') === 'live';
  const searching = matchmaking.status === 'searching';
  const lobby = useLobby();
  const waitingHere = amount === null ? undefined : waitingAt(lobby, amount);
  const { play, searchAt } = usePlay(account.data?.balanceWei, setAmount);

  return (
    <section className={styles.panel} aria-labelledby="play-panel-title">
      <div className={styles.header}>
        <h2 id="play-panel-title" className={styles.title}>
          {t('home.play.title')}
        </h2>
        <OnlinePlayers />
      </div>

      <BalanceBox />

      <BetAmountField
        amount={amount}
        disabled={searching}
        error={matchmaking.error}
        lobby={lobby}
        onChange={(chosen) => {
          setAmount(chosen);
          rememberBet(chosen);
          showMatchmakingError(null);
        }}
      />

      <p className={styles.waiting} data-testid="lobby-waiting" aria-live="polite">
        {amount !== null && waitingHere !== undefined ? t('home.play.waitingAt', { count: waitingHere, amount }) : null}
      </p>

      <div className={styles.actions}>
        {searching ? (
          <Button size="large" block variant="danger" onClick={cancelSearch}>
            {t('home.play.cancel')}
          </Button>
        ) : (
          <Button
            size="large"
            block
            disabled={!signedIn || !live}
            aria-describedby={signedIn && !live ? connectionHintId : undefined}
            onClick={() => play(amount)}
            data-preload={GAME_SCREEN_PATH}
          >
            {t('home.play.playNow')}
          </Button>
        )}
        <Button
          variant="secondary"
          size="large"
          block
          disabled={!signedIn}
          onClick={() => setDepositOpen(true)}
          onPointerEnter={DepositDialog.preload}
          onFocus={DepositDialog.preload}
        >
          {t('home.play.addFunds')}
        </Button>
      </div>

      {/* Issue 24: practice, free, for visitors too. */}
      <p className={styles.practice}>
        <Link to="/practice">{t('home.play.practice')}</Link>
      </p>

      {searching && matchmaking.request ? (
        <Suspense
          fallback={
            <p role="status" className={styles.hint}>
              {t('home.play.searching', { amount: matchmaking.request.amount })}
            </p>
          }
        >
          <SearchStatus amount={matchmaking.request.amount} onSearchAt={searchAt}>
            {searchOffers?.(matchmaking.request.amount)}
          </SearchStatus>
        </Suspense>
      ) : null}
      {signedIn ? null : (
        // Issue 26: the hint is the way in — it opens the sign-in dialog.
        <p className={styles.hint}>
          <button type="button" className={styles.hintButton} onClick={requestSignIn}>
            {t('home.play.signInHint')}
          </button>
        </p>
      )}
      {signedIn && !searching ? (
        // Its line is kept while live: the connection opening after the first paint moves nothing.
        <p
          id={connectionHintId}
          className={`${styles.hint} ${styles.connectionHint}`}
          aria-live="polite"
          data-testid="play-connection-hint"
        >
          {live ? null : t('home.play.needsConnection')}
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
