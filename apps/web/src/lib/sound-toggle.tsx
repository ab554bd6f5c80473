/** Issue 14: the sounds' mute toggle, a switch remembered across visits (sound-preference.ts). */
import { setSoundMuted, useSoundMuted } from './sound-preference';
import { useT } from './i18n/i18n';
import styles from './sound-toggle.module.css';

function SpeakerIcon({ muted }: { muted: boolean }) {
  return (
    <svg
      width="20"
      height="20"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
    >
      <path d="M11 5 6 9H2v6h4l5 4V5z" />
      {muted ? (
        <>
          <line x1="23" y1="9" x2="17" y2="15" />
          <line x1="17" y1="9" x2="23" y2="15" />
        </>
      ) : (
        <path d="M15.5 8.5a5 5 0 0 1 0 7M19 5a10 10 0 0 1 0 14" />
      )}
    </svg>
  );
}

export function SoundToggle({ className = '' }: { className?: string }) {
  const t = useT();
  const muted = useSoundMuted();
  return (
    <button
      type="button"
      role="switch"
      aria-checked={!muted}
      className={`${styles.toggle} ${className}`}
      onClick={() => setSoundMuted(!muted)}
      title={muted ? t('game.sound.off') : t('game.sound.on')}
    >
      <SpeakerIcon muted={muted} />
      <span>{t('game.sound.label')}</span>
    </button>
  );
}
