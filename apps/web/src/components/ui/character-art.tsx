/**
 * The four playable characters (spec S3.09), drawn for this app.
 * Shared by the home page's picker and, later, the game screen.
 */
import type { JSX } from 'react';
import type { Character } from '@shifumi/protocol';

/** Display names; the stored value stays `Character1`…`Character4`. */
export const CHARACTER_NAMES: Record<Character, string> = {
  Character1: 'Pebble',
  Character2: 'Origami',
  Character3: 'Snips',
  Character4: 'Nova',
};

const INK = '#1d2233';

function Shadow() {
  return <ellipse cx="100" cy="188" rx="58" ry="7" fill="#000" opacity="0.28" />;
}

function Pebble() {
  return (
    <>
      <Shadow />
      <path d="M100 32c44 0 70 32 70 78 0 44-30 72-70 72s-70-28-70-72c0-46 26-78 70-78z" fill="#f4a259" />
      <path d="M38 128c8 32 34 54 62 54s54-22 62-54c-14 24-38 36-62 36s-48-12-62-36z" fill="#dc8640" />
      <path d="M33 84c42-15 92-15 134 0l-3 17c-40-13-88-13-128 0z" fill="#e63946" />
      <path d="M162 86l22-10-5 15 11 11-25-5z" fill="#e63946" />
      <ellipse cx="78" cy="118" rx="12" ry="14" fill="#fff" />
      <ellipse cx="122" cy="118" rx="12" ry="14" fill="#fff" />
      <circle cx="80" cy="120" r="7" fill={INK} />
      <circle cx="120" cy="120" r="7" fill={INK} />
      <circle cx="83" cy="116" r="2.5" fill="#fff" />
      <circle cx="123" cy="116" r="2.5" fill="#fff" />
      <ellipse cx="60" cy="140" rx="9" ry="5" fill="#ff6f6f" opacity="0.55" />
      <ellipse cx="140" cy="140" rx="9" ry="5" fill="#ff6f6f" opacity="0.55" />
      <path d="M88 143q12 12 24 0" stroke={INK} strokeWidth="4.5" fill="none" strokeLinecap="round" />
      <circle cx="34" cy="126" r="17" fill="#f4a259" stroke="#dc8640" strokeWidth="3" />
      <path d="M25 120h16M25 127h16" stroke="#b96a2b" strokeWidth="3" strokeLinecap="round" />
    </>
  );
}

function Origami() {
  return (
    <>
      <Shadow />
      <path d="M48 40h88l26 26v106a12 12 0 0 1-12 12H48a12 12 0 0 1-12-12V52a12 12 0 0 1 12-12z" fill="#5ed3b3" />
      <path d="M136 40v18a8 8 0 0 0 8 8h18z" fill="#b9f3e3" />
      <path d="M58 156h84M58 168h56" stroke="#3aae8e" strokeWidth="5" strokeLinecap="round" />
      <path d="M52 14l40 12-40 12 9-12z" fill="#ffffff" />
      <path d="M61 26h31" stroke="#cfd8ea" strokeWidth="2" />
      <circle cx="76" cy="102" r="19" fill="#fff" stroke="#24324f" strokeWidth="5" />
      <circle cx="124" cy="102" r="19" fill="#fff" stroke="#24324f" strokeWidth="5" />
      <path d="M95 100q5-5 10 0" stroke="#24324f" strokeWidth="5" fill="none" strokeLinecap="round" />
      <circle cx="79" cy="104" r="6.5" fill="#24324f" />
      <circle cx="121" cy="104" r="6.5" fill="#24324f" />
      <path d="M86 132q14 11 28 0" stroke="#24324f" strokeWidth="4.5" fill="none" strokeLinecap="round" />
      <ellipse cx="58" cy="130" rx="8" ry="4.5" fill="#ff8fab" opacity="0.6" />
      <ellipse cx="142" cy="130" rx="8" ry="4.5" fill="#ff8fab" opacity="0.6" />
    </>
  );
}

function Snips() {
  return (
    <>
      <Shadow />
      <circle cx="62" cy="48" r="20" fill="none" stroke="#ff7eb6" strokeWidth="11" />
      <circle cx="138" cy="48" r="20" fill="none" stroke="#ff7eb6" strokeWidth="11" />
      <ellipse cx="100" cy="120" rx="67" ry="64" fill="#a78bfa" />
      <ellipse cx="100" cy="146" rx="38" ry="28" fill="#c9b8ff" />
      <ellipse cx="78" cy="108" rx="12" ry="14" fill="#fff" />
      <circle cx="80" cy="110" r="7" fill="#2a1f4a" />
      <circle cx="83" cy="106" r="2.5" fill="#fff" />
      <path d="M112 108q12-11 24 0" stroke="#2a1f4a" strokeWidth="5" fill="none" strokeLinecap="round" />
      <path d="M80 128q20 24 40 0z" fill="#2a1f4a" />
      <rect x="94" y="128" width="12" height="7" rx="1.5" fill="#fff" />
      <ellipse cx="58" cy="130" rx="8" ry="4.5" fill="#ff7eb6" opacity="0.55" />
      <ellipse cx="142" cy="130" rx="8" ry="4.5" fill="#ff7eb6" opacity="0.55" />
    </>
  );
}

function Nova() {
  return (
    <>
      <Shadow />
      <circle cx="100" cy="114" r="68" fill="#ffd166" />
      <path d="M36 98c0-40 28-64 64-64s64 24 64 64z" fill="#4cc9f0" />
      <path d="M118 92h66a7 7 0 0 1 0 14h-66z" fill="#2f9fc4" />
      <path d="M100 50l5 11 12 1-9 8 3 12-11-6-11 6 3-12-9-8 12-1z" fill="#ffffff" />
      <circle cx="80" cy="122" r="8" fill="#2b2d42" />
      <circle cx="120" cy="122" r="8" fill="#2b2d42" />
      <circle cx="83" cy="119" r="2.5" fill="#fff" />
      <circle cx="123" cy="119" r="2.5" fill="#fff" />
      <circle cx="66" cy="138" r="2.5" fill="#e09a2f" />
      <circle cx="72" cy="144" r="2.5" fill="#e09a2f" />
      <circle cx="60" cy="145" r="2.5" fill="#e09a2f" />
      <circle cx="134" cy="138" r="2.5" fill="#e09a2f" />
      <circle cx="128" cy="144" r="2.5" fill="#e09a2f" />
      <circle cx="140" cy="145" r="2.5" fill="#e09a2f" />
      <path d="M84 142q16 24 32 0z" fill="#9d2a3a" />
      <path d="M92 150q8 6 16 0" stroke="#ff8fa3" strokeWidth="4" fill="none" strokeLinecap="round" />
    </>
  );
}

const ART: Record<Character, () => JSX.Element> = {
  Character1: Pebble,
  Character2: Origami,
  Character3: Snips,
  Character4: Nova,
};

export interface CharacterArtProps {
  character: Character;
  size?: number;
  /** When set, the picture is announced with this text; otherwise it is decorative. */
  label?: string;
  className?: string;
}

export function CharacterArt({ character, size = 160, label, className }: CharacterArtProps) {
  const Art = ART[character];
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 200 200"
      className={className}
      focusable="false"
      {...(label ? { role: 'img', 'aria-label': label } : { 'aria-hidden': true })}
    >
      <Art />
    </svg>
  );
}
