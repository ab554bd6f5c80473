import { Suspense, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { CHARACTER_NAMES, CharacterArt } from '../../../components/ui/character-art';
import { lazyComponent } from '../../../lib/lazy-component';
import { useSelectedCharacter } from '../../../lib/selected-character';
import styles from './character-hero.module.css';
import { useT } from '../../../lib/i18n/i18n';

/** The 2x2 picker, a chunk of its own: fetched when Change Character is hovered, focused or pressed. */
const CharacterPickerDialog = lazyComponent(() =>
  import('./character-picker-dialog').then((module) => module.CharacterPickerDialog),
);

/**
 * The hero: the player's character and the Change Character button. The
 * heading and the character, drawn inline in SVG, are the page's largest
 * paint: nothing they need waits for data or for another chunk.
 */
export function CharacterHero() {
  const [character, setCharacter] = useSelectedCharacter();
  const [pickerOpen, setPickerOpen] = useState(false);
  const name = CHARACTER_NAMES[character];
  const t = useT();

  return (
    <section className={styles.hero} aria-labelledby="hero-title">
      <div className={styles.copy}>
        <p className={styles.eyebrow}>{t('home.hero.eyebrow')}</p>
        <h1 id="hero-title" className={styles.title}>
          {t('home.hero.titleStart')}
          <span className={styles.highlight}>{t('home.hero.titleHighlight')}</span>
        </h1>
        <p className={styles.lead}>{t('home.hero.lead')}</p>
      </div>
      <div className={styles.stage}>
        <div className={styles.halo} aria-hidden="true" />
        <CharacterArt character={character} size={220} label={t('home.hero.characterLabel', { name })} className={styles.art} />
        <p className={styles.name}>{name}</p>
        <Button
          variant="secondary"
          onClick={() => setPickerOpen(true)}
          onPointerEnter={CharacterPickerDialog.preload}
          onFocus={CharacterPickerDialog.preload}
        >
          {t('home.hero.changeCharacter')}
        </Button>
      </div>
      {pickerOpen ? (
        <Suspense fallback={null}>
          <CharacterPickerDialog selected={character} onSelect={setCharacter} onClose={() => setPickerOpen(false)} />
        </Suspense>
      ) : null}
    </section>
  );
}
