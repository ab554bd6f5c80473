/**
 * The game's sounds (issue 14), synthesised with Web Audio (nothing recorded,
 * nothing downloaded): a match found, each of the clock's last 3 seconds, and
 * a round won, lost or drawn. None while muted (sound-preference.ts, the
 * player's toggle). Silent where Web Audio is missing (jsdom, old browsers) or
 * where the browser refuses to play.
 */
import { isSoundMuted } from '../../lib/sound-preference';

export type GameSound = 'matchFound' | 'tick' | 'win' | 'lose' | 'draw';

interface Note {
  hz: number;
  /** Start, from the sound's start (s). */
  at: number;
  /** Length (s). */
  length: number;
  type?: OscillatorType;
  volume?: number;
}

/** Each sound as notes: rising for good news, falling for bad, short for the clock. */
export const SOUND_NOTES: Record<GameSound, readonly Note[]> = {
  matchFound: [
    { hz: 659.25, at: 0, length: 0.14 },
    { hz: 987.77, at: 0.12, length: 0.24 },
  ],
  tick: [{ hz: 880, at: 0, length: 0.07, type: 'square', volume: 0.06 }],
  win: [523.25, 659.25, 783.99, 1046.5].map((hz, index) => ({ hz, at: index * 0.09, length: 0.22 })),
  lose: [392, 329.63, 261.63].map((hz, index) => ({
    hz,
    at: index * 0.14,
    length: 0.26,
    type: 'sawtooth' as const,
    volume: 0.08,
  })),
  draw: [
    { hz: 440, at: 0, length: 0.16 },
    { hz: 440, at: 0.2, length: 0.16 },
  ],
};

let context: AudioContext | null = null;

export function playSound(sound: GameSound): void {
  if (isSoundMuted()) return;
  const AudioContextClass = typeof window !== 'undefined' ? window.AudioContext : undefined;
  if (!AudioContextClass) return;
  try {
    const audio = (context ??= new AudioContextClass());
    // A context made without a click of the player's starts suspended in some browsers.
    if (audio.state === 'suspended')
      audio.resume().catch((error: unknown) => console.warn('A game sound could not start', error));
    const start = audio.currentTime;
    for (const note of SOUND_NOTES[sound]) {
      const oscillator = audio.createOscillator();
      const gain = audio.createGain();
      oscillator.type = note.type ?? 'triangle';
      oscillator.frequency.value = note.hz;
      const at = start + note.at;
      gain.gain.setValueAtTime(0.0001, at);
      gain.gain.exponentialRampToValueAtTime(note.volume ?? 0.18, at + 0.02);
      gain.gain.exponentialRampToValueAtTime(0.0001, at + note.length);
      oscillator.connect(gain).connect(audio.destination);
      oscillator.start(at);
      oscillator.stop(at + note.length + 0.03);
    }
  } catch (error) {
    console.warn('A game sound could not play', error);
  }
}

/** The winner's sound (kept for its callers). */
export function playWinSound(): void {
  playSound('win');
}
