/**
 * The live game screen, /search-game (spec S2 "Game screen", S4 "Round and
 * game"). It opens only with the navigation state of a game found in this
 * page and not over; otherwise (no state, a reload, the browser's Back to a
 * finished game) it sends the user to /. The server is the referee: the
 * countdown is read from its deadline, results come from its `game_result`
 * and `round_end`; leaving mid-game forfeits (see use-leave-guard).
 */
import { useEffect, useRef, useState } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router';
import type { z } from 'zod';
import { characterSchema, gameFoundSchema } from '@shifumi/protocol';
import { formatBetUsd } from '../../../lib/money-format';
import { loadNamespace, translate, useT } from '../../../lib/i18n/i18n';
import { GAME_TEXTS } from '../../../lib/i18n/page-namespaces';
import { useRealtimeStatus } from '../../../lib/realtime-status';
import { useSession } from '../../../lib/session-store';
import { isGameOpen, useGameView } from '../game-store';
import { canChoose, isRunning, type GameView } from '../game-state';
import { useGame } from '../hooks/use-game';
import { useLeaveGuard } from '../hooks/use-leave-guard';
import { useEndedWhileAway } from '../hooks/use-ended-while-away';
import { onGameFound } from '../../../lib/matchmaking';
import { Arena } from './arena';
import { ChoiceButtons } from './choice-buttons';
import { GameOverPopup } from './game-over-popup';
import { Reactions } from './reactions';
import { Scoreboard } from './scoreboard';
import { SoundToggle } from '../../../lib/sound-toggle';
import { playSound } from '../sound';
import styles from './game-page.module.css';

// Issue 27: the screen's texts come with its chunk (the module is ready once they are).
await loadNamespace('game', GAME_TEXTS);

/**
 * The navigation state (spec S2: room, character, opponent character, amount;
 * plus the opponent and the stake): the protocol's `game_found` and the
 * player's own character.
 */
const gameStartSchema = gameFoundSchema.extend({ character: characterSchema });
type GameStartState = z.infer<typeof gameStartSchema>;

export function GamePage() {
  const location = useLocation();
  const me = useSession().user?.id;
  const parsed = gameStartSchema.safeParse(location.state);
  if (!parsed.success || !me) return <Navigate to="/" replace />;
  // A new game (Play Again) is a new screen.
  return <OpenGame key={parsed.data.room} start={parsed.data} me={me} />;
}

function OpenGame({ start, me }: { start: GameStartState; me: string }) {
  // Read once: the game closes when it ends, and its screen stays until the player leaves it.
  const [open] = useState(() => isGameOpen(start.room));
  const view = useGameView(start.room);
  if (!open || !view) return <Navigate to="/" replace />;
  return <GameScreen start={start} me={me} view={view} />;
}

function resultText(view: GameView): string {
  if (view.reveal && !view.reveal.shuffling) return translate(`game.result.${view.reveal.outcome}`);
  if (view.reveal) return translate('game.result.revealing');
  if (view.end) return translate('game.result.over');
  if (view.deadline === null) return translate('game.result.waitingForRound');
  if (view.myChoice) return translate('game.result.waitingForOpponent');
  return translate('game.result.choose');
}

/** Scrolls `element` into the visible area below the sticky header, only when part of it is out of view. */
function bringIntoView(element: HTMLElement): void {
  const box = element.getBoundingClientRect();
  const header = document.querySelector('header')?.getBoundingClientRect().bottom ?? 0;
  if (box.top >= header && box.bottom <= window.innerHeight) return;
  if (typeof element.scrollIntoView !== 'function') return;
  const smooth = !window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
  element.scrollIntoView({ block: 'start', behavior: smooth ? 'smooth' : 'auto' });
}

function GameScreen({ start, me, view }: { start: GameStartState; me: string; view: GameView }) {
  const t = useT();
  const navigate = useNavigate();
  const { secondsLeft, choose } = useGame(start.room, view);
  useLeaveGuard(start.room, isRunning(view), formatBetUsd(start.amount));
  // Issue 14: a game the server ended while the connection was away (a forfeit past the grace) is told on return.
  useEndedWhileAway(start.room, isRunning(view), formatBetUsd(start.amount));

  // Issue 14: a match found is heard (this screen opens with it, once per game).
  useEffect(() => playSound('matchFound'), []);

  // Play Again: the next game found opens its own screen in place of this one.
  useEffect(() => onGameFound((next) => void navigate('/search-game', { state: next, replace: true })), [navigate]);

  const open = canChoose(view);
  const connection = useRealtimeStatus('authenticated');
  // Issue 26: a round's reveal and its result are seen, even when a phone's page was scrolled to the message box.
  const arenaRef = useRef<HTMLDivElement>(null);
  const revealStep = view.reveal ? `${view.reveal.id}:${view.reveal.shuffling ? 'shuffling' : 'shown'}` : null;
  useEffect(() => {
    if (revealStep !== null && arenaRef.current) bringIntoView(arenaRef.current);
  }, [revealStep]);
  return (
    <div className={styles.page}>
      <h1 className="visually-hidden">{t('game.heading', { name: start.opponent.name })}</h1>
      {/* Issue 14: at 1440 × 900 the reactions sit beside the board, all in view without scrolling. */}
      <div className={styles.board}>
        <div ref={arenaRef} className={styles.arenaGroup} data-testid="game-arena">
          <Scoreboard
            opponentName={start.opponent.name}
            myScore={view.scores[me] ?? 0}
            opponentScore={view.scores[start.opponent.id] ?? 0}
            round={view.round}
            secondsLeft={view.reveal || view.end ? null : secondsLeft}
            waitingForMe={open}
            amount={start.amount}
            stakeEth={start.stakeEth}
          />
          {connection !== 'live' && isRunning(view) ? (
            <div className={styles.reconnecting} role="status" data-testid="game-reconnecting">
              {t('game.reconnecting')}
            </div>
          ) : null}
          <Arena
            character={start.character}
            opponentCharacter={start.opponentCharacter}
            reveal={view.reveal}
            myChoice={view.myChoice}
            opponentLocked={view.opponentLocked}
            opponentConnected={view.opponentConnected}
            sealCheck={view.sealCheck}
          />
          <p
            className={`${styles.result} ${view.reveal && !view.reveal.shuffling ? styles[view.reveal.outcome] : ''}`}
            aria-live="polite"
            data-testid="round-result"
          >
            {resultText(view)}
          </p>
        </div>
        <ChoiceButtons enabled={open} chosen={view.myChoice} onChoose={choose} />
        <p role="status" className={styles.status}>
          {view.error && !view.popup ? view.error : null}
        </p>
      </div>
      <div className={styles.social}>
        <Reactions room={start.room} />
        <div className={styles.soundRow}>
          <SoundToggle />
        </div>
      </div>
      {view.popup ? (
        <GameOverPopup
          room={start.room}
          end={view.popup}
          character={start.character}
          amount={start.amount}
          scores={[view.scores[me] ?? 0, view.scores[start.opponent.id] ?? 0]}
          stakeEth={start.stakeEth}
          onGoHome={() => void navigate('/home')}
        />
      ) : null}
    </div>
  );
}
