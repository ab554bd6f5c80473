/**
 * Rock / Paper / Scissors (spec S2 "Game screen"): live while the round is
 * open and nothing is chosen; once a hand is chosen all three lock, the chosen
 * one marked.
 */
import { CHOICES, type Choice } from '@shifumi/protocol';
import { HandArt } from '../../../components/ui/hand-art';
import { useT } from '../../../lib/i18n/i18n';
import styles from './choice-buttons.module.css';

export interface ChoiceButtonsProps {
  enabled: boolean;
  chosen: Choice | 'hidden' | null;
  onChoose: (choice: Choice) => void;
}

export function ChoiceButtons({ enabled, chosen, onChoose }: ChoiceButtonsProps) {
  const t = useT();
  return (
    <div className={styles.choices} role="group" aria-label={t('game.choices.label')}>
      {CHOICES.map((choice) => (
        <button
          key={choice}
          type="button"
          className={`${styles.choice} ${chosen === choice ? styles.chosen : ''}`}
          disabled={!enabled}
          aria-pressed={chosen === choice}
          onClick={() => onChoose(choice)}
        >
          <HandArt choice={choice} size={56} />
          <span>{t(`game.choices.${choice}`)}</span>
        </button>
      ))}
    </div>
  );
}
