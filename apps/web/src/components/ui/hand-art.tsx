/**
 * The three hands, drawn for this app: a fist (rock), an open hand (paper)
 * and two fingers (scissors), in one style with the characters.
 */
import type { JSX } from 'react';
import type { Choice } from '@shifumi/protocol';

const SKIN = '#f6c9a0';
const SHADE = '#d99c6c';
const LINE = '#1d2233';

function Rock() {
  return (
    <>
      <rect x="22" y="40" width="56" height="44" rx="18" fill={SKIN} stroke={LINE} strokeWidth="3" />
      <path d="M30 40v-6a8 8 0 0 1 16 0v6M46 38v-8a8 8 0 0 1 16 0v8M62 40v-6a8 8 0 0 1 14 2v8" fill={SKIN} stroke={LINE} strokeWidth="3" />
      <path d="M22 60c-8 0-10 14 0 16" fill={SKIN} stroke={LINE} strokeWidth="3" />
      <path d="M34 70h30" stroke={SHADE} strokeWidth="3" strokeLinecap="round" />
    </>
  );
}

function Paper() {
  return (
    <>
      <path d="M30 88V44a6 6 0 0 1 12 0v-22a6 6 0 0 1 12 0v-4a6 6 0 0 1 12 0v8a6 6 0 0 1 12 0v50c0 10-8 18-18 18H46c-10 0-16-6-16-16z" fill={SKIN} stroke={LINE} strokeWidth="3" strokeLinejoin="round" />
      <path d="M30 62l-10-10a6 6 0 0 0-8 8l16 20" fill={SKIN} stroke={LINE} strokeWidth="3" strokeLinejoin="round" />
      <path d="M42 44v20M54 22v40M66 26v36" stroke={SHADE} strokeWidth="2.5" strokeLinecap="round" />
    </>
  );
}

function Scissors() {
  return (
    <>
      <path d="M40 52L30 14a6 6 0 0 1 11-3l11 36" fill={SKIN} stroke={LINE} strokeWidth="3" strokeLinejoin="round" />
      <path d="M52 48l12-36a6 6 0 0 1 11 4L66 54" fill={SKIN} stroke={LINE} strokeWidth="3" strokeLinejoin="round" />
      <rect x="28" y="48" width="50" height="40" rx="16" fill={SKIN} stroke={LINE} strokeWidth="3" />
      <path d="M28 66c-8 0-10 12 0 14" fill={SKIN} stroke={LINE} strokeWidth="3" />
      <path d="M40 70h28" stroke={SHADE} strokeWidth="3" strokeLinecap="round" />
    </>
  );
}

const HANDS: Record<Choice, () => JSX.Element> = { rock: Rock, paper: Paper, scissors: Scissors };

export const CHOICE_LABELS: Record<Choice, string> = { rock: 'Rock', paper: 'Paper', scissors: 'Scissors' };

export function HandArt({ choice, size = 72, mirrored = false, label }: { choice: Choice; size?: number; mirrored?: boolean; label?: string }) {
  const Hand = HANDS[choice];
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 100 100"
      role={label ? 'img' : undefined}
      aria-label={label}
      aria-hidden={label ? undefined : true}
      style={mirrored ? { transform: 'scaleX(-1)' } : undefined}
    >
      <Hand />
    </svg>
  );
}
