/**
 * The three hands, drawn for this app: a fist (rock), an open hand (paper)
 * and two fingers up (scissors), with a cuff in the accent colour.
 *
 * Each hand is a set of simple shapes drawn twice: first thick and dark (the
 * outline of the whole silhouette), then filled in skin on top, so that only
 * the outer edge is outlined; the lines between the fingers come last.
 */
import type { JSX } from 'react';
import type { Choice } from '@shifumi/protocol';

const SKIN = '#f6c9a0';
const SHADE = '#d99c6c';
const LINE = '#1d2233';
const CUFF = '#7aa2ff';

interface HandDrawing {
  /** The silhouette: palm, fingers, wrist. */
  shapes: JSX.Element;
  /** Drawn over the silhouette: finger gaps, creases, a thumb in front. */
  details: JSX.Element;
}

const ROCK: HandDrawing = {
  shapes: (
    <>
      <rect x="24" y="26" width="13.5" height="30" rx="6.75" />
      <rect x="37.5" y="22" width="13.5" height="32" rx="6.75" />
      <rect x="51" y="23" width="13.5" height="32" rx="6.75" />
      <rect x="64.5" y="28" width="12.5" height="28" rx="6.25" />
      <rect x="24" y="38" width="53" height="46" rx="15" />
      <rect x="37" y="78" width="28" height="12" />
    </>
  ),
  details: (
    <>
      <path d="M37.5 30v14M51 28v14M64.5 31v13" stroke={LINE} strokeWidth="2.5" />
      <path d="M30.75 40v-4M44.25 37v-5M57.75 38v-5M70.75 42v-4" stroke={SHADE} strokeWidth="2.5" />
      <rect x="19" y="53" width="40" height="13" rx="6.5" fill={SKIN} stroke={LINE} strokeWidth="3" />
      <path d="M41 75h20" stroke={SHADE} strokeWidth="2.5" />
    </>
  ),
};

const PAPER: HandDrawing = {
  shapes: (
    <>
      <rect x="27" y="20" width="11.5" height="44" rx="5.75" />
      <rect x="39" y="9" width="11.5" height="52" rx="5.75" />
      <rect x="51" y="11" width="11.5" height="50" rx="5.75" />
      <rect x="63" y="21" width="10.5" height="42" rx="5.25" />
      <rect x="27" y="46" width="47" height="40" rx="14" />
      <rect x="21" y="48" width="12" height="34" rx="6" transform="rotate(-38 27 82)" />
      <rect x="37" y="78" width="27" height="12" />
    </>
  ),
  details: (
    <>
      <path d="M38.8 28v22M50.7 20v28M62.6 24v26" stroke={LINE} strokeWidth="2.5" />
      <path d="M38 64q12 7 26 0M42 73q8 3 17-1" stroke={SHADE} strokeWidth="2.5" />
    </>
  ),
};

const SCISSORS: HandDrawing = {
  shapes: (
    <>
      <rect x="33" y="8" width="12" height="46" rx="6" transform="rotate(-14 39 52)" />
      <rect x="49" y="8" width="12" height="46" rx="6" transform="rotate(12 55 52)" />
      <rect x="51" y="34" width="13" height="22" rx="6.5" />
      <rect x="64" y="37" width="12" height="20" rx="6" />
      <rect x="25" y="42" width="52" height="42" rx="15" />
      <rect x="37" y="78" width="28" height="12" />
    </>
  ),
  details: (
    <>
      <path d="M64 40v8" stroke={LINE} strokeWidth="2.5" />
      <path d="M57.5 44v-4M70 46v-4" stroke={SHADE} strokeWidth="2.5" />
      <rect x="20" y="56" width="39" height="13" rx="6.5" fill={SKIN} stroke={LINE} strokeWidth="3" />
      <path d="M41 76h20" stroke={SHADE} strokeWidth="2.5" />
    </>
  ),
};

const HANDS: Record<Choice, HandDrawing> = { rock: ROCK, paper: PAPER, scissors: SCISSORS };

export interface HandArtProps {
  choice: Choice;
  size?: number;
  /** Pointing the other way (the opponent's side). */
  mirrored?: boolean;
  /** The accessible name; without one the drawing is decorative. */
  label?: string;
}

export function HandArt({ choice, size = 72, mirrored = false, label }: HandArtProps) {
  const hand = HANDS[choice];
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 100 100"
      role={label ? 'img' : undefined}
      aria-label={label}
      aria-hidden={label ? undefined : true}
      data-choice={choice}
      style={mirrored ? { transform: 'scaleX(-1)' } : undefined}
    >
      <g fill={LINE} stroke={LINE} strokeWidth="6" strokeLinejoin="round">
        {hand.shapes}
      </g>
      <g fill={SKIN}>{hand.shapes}</g>
      <g fill="none" strokeLinecap="round">
        {hand.details}
      </g>
      <rect x="33" y="86" width="35" height="10" rx="3" fill={CUFF} stroke={LINE} strokeWidth="3" />
    </svg>
  );
}
