/**
 * Issue 24: `/practice` — a whole game against a bot, free, for visitors too:
 * the game screen's own board (scoreboard, arena, hands, reveal, popup) on a
 * game the browser runs (practice.ts). "Practice — no money" is on every
 * screen of it. A search started before keeps going: a game found opens its
 * screen (practising while waiting).
 */
import { useEffect, useMemo, useReducer, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { cancelSearch, onGameFound, useMatchmaking } from '../../../lib/matchmaking';
import { useSelectedCharacter } from '../../../lib/selected-character';
import { SoundToggle } from '../../../lib/sound-toggle';
import { loadNamespace, translate, useT } from '../../../lib/i18n/i18n';
import { GAME_TEXTS } from '../../../lib/i18n/page-namespaces';
import { canChoose, gameReducer, initialGameView, type GameEnd, type GameView } from '../game-state';
import { useGame } from '../hooks/use-game';
import { botCharacter, createPracticeGame, PRACTICE_BOT, PRACTICE_ME, PRACTICE_ROOM, type PracticeGame } from '../practice';
import { Arena } from './arena';
import { ChoiceButtons } from './choice-buttons';
import { Scoreboard } from './scoreboard';
import styles from './practice-page.module.css';

// Issue 27: the game's texts come with this page's chunk (the module is ready once they are).
await loadNamespace('game', GAME_TEXTS);

function resultText(view: GameView): string {
  if (view.reveal && !view.reveal.shuffling) return translate(`game.result.${view.reveal.outcome}`);
  if (view.reveal) return translate('game.result.revealing');
  if (view.end) return translate('game.result.over');
  if (view.myChoice) return translate('game.result.waitingForBot');
  return translate('game.result.choose');
}

function PracticeLabel() {
  const t = useT();
  return (
    <p className={styles.label} data-testid="practice-label">
      {t('game.practice.label')}
    </p>
  );
}

function PracticeOverPopup({
  end,
  scores,
  onPlayAgain,
  onGoHome,
}: {
  end: GameEnd;
  scores: [number, number];
  onPlayAgain: () => void;
  onGoHome: () => void;
}) {
  const t = useT();
  const title = t(`game.result.${end.outcome}`);
  return (
    <Dialog
      open
      onClose={() => undefined}
      hideCloseButton
      size="small"
      title={<span className={styles[end.outcome]}>{title}</span>}
    >
      <div className={styles.popupBody}>
        <PracticeLabel />
        <p data-testid="practice-final-score">{t('game.over.finalScore', { mine: scores[0], theirs: scores[1] })}</p>
        <div className={styles.actions}>
          <Button onClick={onPlayAgain}>{t('game.over.playAgain')}</Button>
          <Button variant="secondary" onClick={onGoHome}>
            {t('game.over.goHome')}
          </Button>
        </div>
      </div>
    </Dialog>
  );
}

function PracticeGameScreen({ onPlayAgain }: { onPlayAgain: () => void }) {
  const t = useT();
  const navigate = useNavigate();
  const [character] = useSelectedCharacter();
  const [opponentCharacter] = useState(() => botCharacter());
  const [view, dispatch] = useReducer(gameReducer, undefined, () => initialGameView(PRACTICE_ME, PRACTICE_BOT));
  const game = useRef<PracticeGame | null>(null);
  useEffect(() => {
    const practice = createPracticeGame({ dispatch });
    game.current = practice;
    return () => practice.stop();
  }, []);
  const driver = useMemo(
    () => ({
      dispatch,
      send: (round: number, choice: Parameters<PracticeGame['choose']>[1]) => game.current?.choose(round, choice),
    }),
    [],
  );
  const { secondsLeft, choose } = useGame(PRACTICE_ROOM, view, driver);
  const open = canChoose(view);
  const scores: [number, number] = [view.scores[PRACTICE_ME] ?? 0, view.scores[PRACTICE_BOT] ?? 0];
  return (
    <>
      <div className={styles.board}>
        <Scoreboard
          opponentName={t('game.practice.bot')}
          myScore={scores[0]}
          opponentScore={scores[1]}
          round={view.round}
          secondsLeft={view.reveal || view.end ? null : secondsLeft}
          waitingForMe={open}
          amount={0}
          stakeEth="0"
          stakeLabel={t('game.practice.label')}
        />
        <Arena
          character={character}
          opponentCharacter={opponentCharacter}
          reveal={view.reveal}
          myChoice={view.myChoice}
          opponentLocked={view.opponentLocked}
          opponentConnected
        />
        <p
          className={`${styles.result} ${view.reveal && !view.reveal.shuffling ? styles[view.reveal.outcome] : ''}`}
          aria-live="polite"
          data-testid="round-result"
        >
          {resultText(view)}
        </p>
        <ChoiceButtons enabled={open} chosen={view.myChoice} onChoose={choose} />
        <div className={styles.soundRow}>
          <SoundToggle />
        </div>
      </div>
      {view.popup ? (
        <PracticeOverPopup end={view.popup} scores={scores} onPlayAgain={onPlayAgain} onGoHome={() => void navigate('/home')} />
      ) : null}
    </>
  );
}

export function PracticePage() {
  const t = useT();
  const navigate = useNavigate();
  const [gameNumber, setGameNumber] = useState(0);
  const matchmaking = useMatchmaking();
  // Practising while waiting: a game found opens its screen.
  useEffect(() => onGameFound((start) => void navigate('/search-game', { state: start })), [navigate]);
  return (
    <div className={styles.page}>
      <h1 className={styles.title}>
        {t('game.practice.title')} <span className="visually-hidden">{t('game.practice.againstBot')}</span>
      </h1>
      <PracticeLabel />
      {matchmaking.status === 'searching' && matchmaking.request ? (
        <div className={styles.searching} role="status">
          <span>{t('game.practice.stillSearching', { amount: matchmaking.request.amount })}</span>
          <Button size="small" variant="secondary" onClick={cancelSearch}>
            {t('game.practice.cancel')}
          </Button>
        </div>
      ) : null}
      <PracticeGameScreen key={gameNumber} onPlayAgain={() => setGameNumber((value) => value + 1)} />
    </div>
  );
}
