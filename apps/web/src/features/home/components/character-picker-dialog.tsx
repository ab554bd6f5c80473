/**
 * The 2x2 character picker (spec S2 "Home page"). Choosing closes it; the
 * choice is kept in localStorage by the selected-character store.
 */
import { useRef } from 'react';
import { CHARACTERS, type Character } from '@shifumi/protocol/constants';
import { CHARACTER_NAMES, CharacterArt } from '../../../components/ui/character-art';
import { Dialog } from '../../../components/ui/dialog';
import { useT } from '../../../lib/i18n/i18n';
import styles from './character-picker-dialog.module.css';

export interface CharacterPickerDialogProps {
  selected: Character;
  onSelect: (character: Character) => void;
  onClose: () => void;
}

export function CharacterPickerDialog({ selected, onSelect, onClose }: CharacterPickerDialogProps) {
  const t = useT();
  const selectedRef = useRef<HTMLButtonElement>(null);
  return (
    <Dialog
      open
      onClose={onClose}
      title={t('home.hero.pickerTitle')}
      description={t('home.hero.pickerText')}
      size="medium"
      initialFocusRef={selectedRef}
    >
      <ul className={styles.grid}>
        {CHARACTERS.map((character) => {
          const isSelected = character === selected;
          return (
            <li key={character}>
              <button
                ref={isSelected ? selectedRef : undefined}
                type="button"
                className={`${styles.option} ${isSelected ? styles.selected : ''}`}
                aria-pressed={isSelected}
                onClick={() => {
                  onSelect(character);
                  onClose();
                }}
              >
                <CharacterArt character={character} size={112} />
                <span className={styles.name}>
                  {CHARACTER_NAMES[character]}
                  {isSelected ? (
                    <span className={styles.check} aria-hidden="true">
                      {' '}
                      ✓
                    </span>
                  ) : null}
                </span>
              </button>
            </li>
          );
        })}
      </ul>
    </Dialog>
  );
}
