/**
 * The live game screen, /search-game (spec S2 "Game screen", S4 "Round and
 * game"). Without its navigation state it sends the user to /. The server is
 * the referee: the countdown is read from its deadline, results come from its
 * `game_result` and `round_end`, and leaving (navigating away, reload) is a
 * deliberate forfeit sent as `leave_game`.
 */
import { useEffect, useRef, useState } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router';
import {
  BET_AMOUNTS,
  CHARACTERS,
  CHOICES,
  POPUP_DELAY_MS,
  REVEAL_ANIMATION_MS,
  REVEAL_SWAP_MS,
  TEXTS,
  type BetAmount,
  type Character,
  type Choice,
  type GameResultEvent,
} from '@shifumi/protocol';
import { Button } from '../../../components/ui/button';
import { CharacterArt, CHARACTER_NAMES } from '../../../components/ui/character-art';
import { CHOICE_LABELS, HandArt } from '../../../components/ui/hand-art';
import { onServerEvent } from '../../../lib/game-events';
import { useSession } from '../../../lib/session-store';
import { emitToServer } from '../../../lib/socket';
import { cancelSearch, onGameFound, searchGame, useMatchmaking, type GameStart } from '../matchmaking';
import { playWinSound } from '../sound';
import { Reactions } from './reactions';
import styles from './game-page.module.css';

/** The navigation state the screen needs (spec S2: room, character, opponent character, amount). */
function readStart(state: unknown): GameStart | null {
  if (typeof state !== 'object' || state === null) return null;
  const start = state as Partial<GameStart>;
  if (typeof start.room !== 'string' || typeof start.amount !== 'number') return null;
  if (!CHARACTERS.includes(start.character as Character) || !CHARACTERS.includes(start.opponentCharacter as Character)) return null;
  if (typeof start.opponent !== 'object' || start.opponent === null || typeof start.opponent.id !== 'string') return null;
  return start as GameStart;
}

export function GamePage() {
  const location = useLocation();
  const start = readStart(location.state);
  if (!start) return <Navigate to="/" replace />;
  // A new game (Play Again) is a new screen: all round state starts afresh.
  return <GameScreen key={start.room} start={start} />;
}

interface Reveal {
  mine: Choice;
  theirs: Choice;
  outcome: 'win' | 'lose' | 'draw';
  shuffling: boolean;
}

interface Popup {
  won: boolean;
  opponentLeft: boolean;
}

/** Rooms whose screen is mounted (React may unmount and remount a screen at once in development). */
const mountedRooms = new Set<string>();

function GameScreen({ start }: { start: GameStart }) {
  const navigate = useNavigate();
  const me = useSession().user?.id ?? '';
  const opponentId = start.opponent.id;
  const room = start.room;
  const [round, setRound] = useState(1);
  const [deadline, setDeadline] = useState<number | null>(null);
  const [now, setNow] = useState(() => Date.now());
  const [scores, setScores] = useState<Record<string, number>>({ [me]: 0, [opponentId]: 0 });
  const [myChoice, setMyChoice] = useState<Choice | 'locked' | null>(null);
  const [opponentLocked, setOpponentLocked] = useState(false);
  const [opponentConnected, setOpponentConnected] = useState(true);
  const [reveal, setReveal] = useState<Reveal | null>(null);
  const [shuffleIndex, setShuffleIndex] = useState(0);
  const [popup, setPopup] = useState<Popup | null>(null);
  const [status, setStatus] = useState<string | null>(null);
  const over = useRef(false);
  const pendingScores = useRef<Record<string, number> | null>(null);
  const gameOverAfterReveal = useRef<string | 'draw' | null>(null);
  const timers = useRef<number[]>([]);
  /** Counts new_round events: a reveal that ends after the next round started must not cover it. */
  const roundSeq = useRef(0);
  const matchmaking = useMatchmaking();

  function later(callback: () => void, ms: number) {
    timers.current.push(window.setTimeout(callback, ms));
  }

  // Server events of this game.
  useEffect(() => {
    const offs = [
      onServerEvent('new_round', (event) => {
        roundSeq.current += 1;
        setRound(event.round);
        setDeadline(event.deadline);
        setMyChoice(null);
        setOpponentLocked(false);
        setReveal(null);
      }),
      onServerEvent('opponent_choice_locked', (event) => {
        if (event.room === room) setOpponentLocked(true);
      }),
      onServerEvent('opponent_connection', (event) => {
        if (event.room === room) setOpponentConnected(event.connected);
      }),
      onServerEvent('game_state', (event) => {
        if (event.room !== room) return;
        setRound(event.round);
        setDeadline(event.deadline);
        setScores(event.scores);
        setMyChoice((current) => (event.choiceLocked ? (current ?? 'locked') : null));
      }),
      onServerEvent('game_result', (event: GameResultEvent) => {
        if (event.player1Id !== me && event.player2Id !== me) return;
        const mine = event.player1Id === me ? event.player1Choice : event.player2Choice;
        const theirs = event.player1Id === me ? event.player2Choice : event.player1Choice;
        const outcome = event.winnerId === 'draw' ? 'draw' : event.winnerId === me ? 'win' : 'lose';
        setReveal({ mine, theirs, outcome, shuffling: true });
        const seq = roundSeq.current;
        later(() => {
          if (seq === roundSeq.current) setReveal({ mine, theirs, outcome, shuffling: false });
          if (pendingScores.current) setScores(pendingScores.current);
          if (outcome === 'win') playWinSound();
          const winner = gameOverAfterReveal.current;
          if (winner !== null) later(() => setPopup({ won: winner === me, opponentLeft: false }), POPUP_DELAY_MS);
        }, REVEAL_ANIMATION_MS);
      }),
      onServerEvent('round_end', (event) => {
        if (!(me in event.scores)) return;
        pendingScores.current = event.scores;
        if (event.gameOver) {
          over.current = true;
          gameOverAfterReveal.current = event.winnerId ?? 'draw';
        }
      }),
      onServerEvent('game_dead', (event) => {
        if (event.room !== room) return;
        over.current = true;
        setPopup({ won: true, opponentLeft: true });
      }),
      onServerEvent('error', (event) => {
        setStatus(event.message);
      }),
    ];
    return () => offs.forEach((off) => off());
  }, [me, room]);

  // Play Again: the next game found opens its own screen.
  useEffect(() => onGameFound((next) => navigate('/search-game', { state: next, replace: true })), [navigate]);

  // The clock: redrawn often, the deadline comes from the server.
  useEffect(() => {
    const interval = window.setInterval(() => setNow(Date.now()), 200);
    const pending = timers.current;
    return () => {
      window.clearInterval(interval);
      pending.forEach((timer) => window.clearTimeout(timer));
    };
  }, []);

  // The shuffle: a new hand every 100 ms while revealing.
  useEffect(() => {
    if (!reveal?.shuffling) return;
    const interval = window.setInterval(() => setShuffleIndex((index) => index + 1), REVEAL_SWAP_MS);
    return () => window.clearInterval(interval);
  }, [reveal?.shuffling]);

  // Leaving forfeits: a reload warns first; navigating away sends leave_game.
  useEffect(() => {
    mountedRooms.add(room);
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      if (over.current) return;
      event.preventDefault();
      event.returnValue = 'The game will be lost.';
    };
    const onPageHide = () => {
      if (!over.current) emitToServer('leave_game', { room });
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    window.addEventListener('pagehide', onPageHide);
    return () => {
      window.removeEventListener('beforeunload', onBeforeUnload);
      window.removeEventListener('pagehide', onPageHide);
      mountedRooms.delete(room);
      window.setTimeout(() => {
        if (!mountedRooms.has(room) && !over.current) emitToServer('leave_game', { room });
      }, 0);
    };
  }, [room]);

  const secondsLeft = deadline === null ? null : Math.max(0, Math.ceil((deadline - now) / 1000));
  const canChoose = myChoice === null && reveal === null && popup === null && !over.current && deadline !== null;

  function choose(choice: Choice) {
    if (!canChoose) return;
    setMyChoice(choice);
    emitToServer('make_choice', { room, choice });
  }

  // At 0 without a choice, rock is chosen (the server plays rock too).
  useEffect(() => {
    if (secondsLeft === 0 && canChoose) choose('rock');
  });

  const betAmount = (BET_AMOUNTS as readonly number[]).includes(start.amount) ? (start.amount as BetAmount) : null;
  const shuffled = CHOICES[shuffleIndex % CHOICES.length]!;
  const opponentShuffled = CHOICES[(shuffleIndex + 1) % CHOICES.length]!;
  const resultText = reveal && !reveal.shuffling ? (reveal.outcome === 'win' ? 'You Win' : reveal.outcome === 'lose' ? 'You Lose' : 'Draw') : null;

  return (
    <div className={styles.page}>
      <section className={styles.scoreboard} aria-label="Score">
        <div className={styles.side}>
          <span className={styles.name}>You</span>
          <span className={styles.score} data-testid="my-score">
            {scores[me] ?? 0}
          </span>
        </div>
        <div className={styles.center}>
          <span className={styles.round}>Round {round}</span>
          <span className={styles.timer} role="timer" aria-label="Seconds left" data-testid="countdown">
            {secondsLeft ?? '–'}
          </span>
          <span className={styles.stake}>
            Bet ${start.amount} · {start.stakeEth} ETH
          </span>
        </div>
        <div className={styles.side}>
          <span className={styles.name}>{start.opponent.name}</span>
          <span className={styles.score} data-testid="opponent-score">
            {scores[opponentId] ?? 0}
          </span>
        </div>
      </section>

      <section className={styles.arena} aria-label="Players">
        <figure className={styles.fighter}>
          <CharacterArt character={start.character} size={150} label={CHARACTER_NAMES[start.character]} />
          <div className={styles.hand} aria-live="polite">
            {reveal ? <HandArt choice={reveal.shuffling ? shuffled : reveal.mine} label={reveal.shuffling ? undefined : `You played ${CHOICE_LABELS[reveal.mine]}`} /> : null}
          </div>
        </figure>
        <span className={styles.versus} aria-hidden="true">
          VS
        </span>
        <figure className={styles.fighter}>
          <CharacterArt character={start.opponentCharacter} size={150} label={CHARACTER_NAMES[start.opponentCharacter]} />
          <div className={styles.hand}>
            {reveal ? (
              <HandArt
                choice={reveal.shuffling ? opponentShuffled : reveal.theirs}
                mirrored
                label={reveal.shuffling ? undefined : `Opponent played ${CHOICE_LABELS[reveal.theirs]}`}
              />
            ) : null}
          </div>
          <figcaption className={styles.caption}>
            {!opponentConnected ? <span className={styles.disconnected}>Disconnected</span> : opponentLocked && !reveal ? 'Has chosen' : ' '}
          </figcaption>
        </figure>
      </section>

      <p className={styles.result} aria-live="assertive" data-testid="round-result">
        {resultText ?? (reveal ? 'Revealing…' : myChoice ? 'Choice locked. Waiting for your opponent…' : 'Make your choice')}
      </p>

      <div className={styles.choices} role="group" aria-label="Your choice">
        {CHOICES.map((choice) => (
          <button
            key={choice}
            type="button"
            className={`${styles.choice} ${myChoice === choice ? styles.chosen : ''}`}
            disabled={!canChoose}
            aria-pressed={myChoice === choice}
            onClick={() => choose(choice)}
          >
            <HandArt choice={choice} size={56} />
            <span>{CHOICE_LABELS[choice]}</span>
          </button>
        ))}
      </div>

      {status ? (
        <p role="status" className={styles.status}>
          {status}
        </p>
      ) : null}

      <Reactions room={room} />

      {popup ? (
        <div className={styles.popupBackdrop}>
          <div role="dialog" aria-modal="true" aria-labelledby="game-over-title" className={styles.popup}>
            <h2 id="game-over-title" className={popup.won ? styles.win : styles.lose}>
              {popup.won ? `You Win +$${start.amount}` : `You Lose -$${start.amount}`}
            </h2>
            {popup.opponentLeft ? <p>{TEXTS.opponentLeft}</p> : null}
            {matchmaking.error ? (
              <p role="alert" className={styles.status}>
                {matchmaking.error}
              </p>
            ) : null}
            <div className={styles.popupActions}>
              {matchmaking.status === 'searching' ? (
                <Button variant="danger" onClick={cancelSearch}>
                  Cancel
                </Button>
              ) : (
                <Button onClick={() => betAmount !== null && searchGame(start.character, betAmount)} disabled={betAmount === null}>
                  Play Again
                </Button>
              )}
              <Button variant="secondary" onClick={() => navigate('/home')}>
                Go Home
              </Button>
            </div>
          </div>
        </div>
      ) : null}
    </div>
  );
}
