/**
 * Issue 19: shows the reality check at the interval the player chose, counted
 * from the start of this browser session, but never during a game: a reminder
 * due in a game waits for its end, and one open when a game starts (found by a
 * search running meanwhile) steps aside until that game ends. Stop playing leaves the queue and opens the
 * account page. Composes the game, account and responsible-gaming features.
 */
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { useAccountQuery } from '../lib/account-api';
import { hasRunningGame, useHasRunningGame } from '../features/game/game-store';
import { cancelSearch } from '../lib/matchmaking';
import { useLimitsQuery } from '../features/responsible-gaming/api/responsible-gaming-api';
import { RealityCheckDialog } from '../features/responsible-gaming/components/reality-check-dialog';

const SESSION_STARTED_KEY = 'shifumi.session-started-at';
const LAST_SHOWN_KEY = 'shifumi.reality-check-shown-at';
const CHECK_EVERY_MS = 5_000;

function readTime(key: string): number | null {
  const value = Number(window.sessionStorage.getItem(key));
  return Number.isFinite(value) && value > 0 ? value : null;
}

function sessionStart(): number {
  const known = readTime(SESSION_STARTED_KEY);
  if (known !== null) return known;
  const now = Date.now();
  window.sessionStorage.setItem(SESSION_STARTED_KEY, String(now));
  return now;
}

export function RealityCheckHost() {
  const limits = useLimitsQuery(true);
  const account = useAccountQuery(true);
  const navigate = useNavigate();
  const [due, setDue] = useState(false);
  const gameRunning = useHasRunningGame();
  const minutes = limits.data?.realityCheckMinutes ?? 0;

  useEffect(() => {
    if (minutes === 0) return;
    const startedAt = sessionStart();
    const timer = window.setInterval(() => {
      const last = readTime(LAST_SHOWN_KEY) ?? startedAt;
      if (Date.now() - last >= minutes * 60_000 && !hasRunningGame()) setDue(true);
    }, CHECK_EVERY_MS);
    return () => window.clearInterval(timer);
  }, [minutes]);

  if (!due || gameRunning) return null;
  const startedAt = sessionStart();
  const netResultUsd = (account.data?.gameHistory ?? [])
    .filter((game) => Date.parse(game.date) >= startedAt)
    .reduce((sum, game) => sum + (game.result === 'Victory' ? game.amount : game.result === 'Defeat' ? -game.amount : 0), 0);
  const close = () => {
    window.sessionStorage.setItem(LAST_SHOWN_KEY, String(Date.now()));
    setDue(false);
  };
  return (
    <RealityCheckDialog
      minutesPlayed={Math.floor((Date.now() - startedAt) / 60_000)}
      netResultUsd={netResultUsd}
      onContinue={close}
      onStop={() => {
        close();
        cancelSearch();
        void navigate('/account');
      }}
    />
  );
}
