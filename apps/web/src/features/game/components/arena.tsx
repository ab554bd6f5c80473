/**
 * The two players face to face (spec S2 "Game screen"): both characters with
 * VS between them and, under each, the hand: shuffling every 100 ms during
 * the 4 s reveal, then the real one. Under the opponent: that they have
 * chosen, or that they are disconnected; once their hand is shown, whether
 * it matches the seal they locked (issue 17, checked in this browser).
 */
import { useEffect, useState } from 'react';
import { CHOICES, REVEAL_SWAP_MS, type Character, type Choice } from '@shifumi/protocol';
import { CharacterArt, CHARACTER_NAMES } from '../../../components/ui/character-art';
import { HandArt } from '../../../components/ui/hand-art';
import { useT } from '../../../lib/i18n/i18n';
import type { Reveal } from '../game-state';
import styles from './arena.module.css';

export interface ArenaProps {
  character: Character;
  opponentCharacter: Character;
  reveal: Reveal | null;
  myChoice: Choice | 'hidden' | null;
  opponentLocked: boolean;
  opponentConnected: boolean;
  /** The opponent's seal in the result shown, checked; null when their choice was not sealed. */
  sealCheck?: 'verified' | 'failed' | null;
}

/** A step counter that moves every REVEAL_SWAP_MS while `active`. */
function useShuffleStep(active: boolean): number {
  const [step, setStep] = useState(0);
  useEffect(() => {
    if (!active) return;
    const interval = window.setInterval(() => setStep((current) => current + 1), REVEAL_SWAP_MS);
    return () => window.clearInterval(interval);
  }, [active]);
  return step;
}

function shuffled(step: number): Choice {
  return CHOICES[step % CHOICES.length]!;
}

export function Arena({
  character,
  opponentCharacter,
  reveal,
  myChoice,
  opponentLocked,
  opponentConnected,
  sealCheck = null,
}: ArenaProps) {
  const t = useT();
  const shuffling = reveal?.shuffling === true;
  const step = useShuffleStep(shuffling);

  let myHand = null;
  let theirHand = null;
  if (reveal && shuffling) {
    myHand = <HandArt choice={shuffled(step)} />;
    theirHand = <HandArt choice={shuffled(step + 1)} mirrored />;
  } else if (reveal) {
    myHand = <HandArt choice={reveal.mine} label={t('game.arena.myHand', { choice: t(`game.choices.${reveal.mine}`) })} />;
    theirHand = (
      <HandArt
        choice={reveal.theirs}
        mirrored
        label={t('game.arena.opponentHand', { choice: t(`game.choices.${reveal.theirs}`) })}
      />
    );
  } else if (myChoice && myChoice !== 'hidden') {
    myHand = (
      <span className={styles.pending}>
        <HandArt choice={myChoice} size={56} />
      </span>
    );
  }

  // One grid: the characters with VS between them, each hand under its character.
  return (
    <section className={styles.arena} aria-label={t('game.arena.label')}>
      <CharacterArt
        className={styles.character}
        character={character}
        size={150}
        label={t('game.arena.me', { character: CHARACTER_NAMES[character] })}
      />
      <span className={styles.versus} aria-hidden="true">
        {t('game.arena.versus')}
      </span>
      <CharacterArt
        className={styles.character}
        character={opponentCharacter}
        size={150}
        label={t('game.arena.opponent', { character: CHARACTER_NAMES[opponentCharacter] })}
      />
      <div className={styles.side}>
        <div className={styles.hand} data-testid="my-hand">
          {myHand}
        </div>
      </div>
      <span aria-hidden="true" />
      <div className={styles.side}>
        <div className={styles.hand} data-testid="opponent-hand">
          {theirHand}
        </div>
        <p className={styles.caption} aria-live="polite">
          {!opponentConnected ? (
            <span className={styles.disconnected}>{t('game.arena.disconnected')}</span>
          ) : opponentLocked && !reveal ? (
            <span className={styles.locked}>{t('game.arena.opponentChose')}</span>
          ) : reveal && !shuffling && sealCheck === 'verified' ? (
            <span className={styles.sealed} data-testid="seal-check" title={t('game.arena.sealVerifiedLabel')}>
              {t('game.arena.sealVerified')}
            </span>
          ) : reveal && !shuffling && sealCheck === 'failed' ? (
            <span className={styles.sealFailed} data-testid="seal-check" title={t('game.arena.sealFailedLabel')}>
              {t('game.arena.sealFailed')}
            </span>
          ) : null}
        </p>
      </div>
    </section>
  );
}
