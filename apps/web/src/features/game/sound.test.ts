import { describe, expect, it, vi } from 'vitest';
import { playWinSound } from './sound';

describe('winner sound', () => {
  it('is silent, without an error, where Web Audio is missing (jsdom)', () => {
    expect('AudioContext' in window).toBe(false);
    const warn = vi.spyOn(console, 'warn');
    expect(() => playWinSound()).not.toThrow();
    expect(warn).not.toHaveBeenCalled();
  });

  it('a browser that refuses to play only logs a warning', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    vi.stubGlobal(
      'AudioContext',
      class {
        constructor() {
          throw new Error('not allowed');
        }
      },
    );
    expect(() => playWinSound()).not.toThrow();
    expect(warn).toHaveBeenCalledWith('A game sound could not play', expect.any(Error));
  });
});

describe('game sounds (issue 14)', () => {
  it('play nothing while muted, and the setting is remembered in local storage', async () => {
    const { playSound } = await import('./sound');
    const { setSoundMuted, isSoundMuted } = await import('../../lib/sound-preference');
    let oscillators = 0;
    vi.stubGlobal(
      'AudioContext',
      class {
        currentTime = 0;
        destination = {};
        createOscillator() {
          oscillators += 1;
          return { type: '', frequency: { value: 0 }, connect: (node: unknown) => node, start() {}, stop() {} };
        }
        createGain() {
          return { gain: { setValueAtTime() {}, exponentialRampToValueAtTime() {} }, connect: (node: unknown) => node };
        }
      },
    );
    setSoundMuted(true);
    expect(isSoundMuted()).toBe(true);
    expect(window.localStorage.getItem('shifumi.soundMuted')).toBe('true');
    for (const sound of ['matchFound', 'tick', 'win', 'lose', 'draw'] as const) playSound(sound);
    expect(oscillators).toBe(0);
    setSoundMuted(false);
    expect(window.localStorage.getItem('shifumi.soundMuted')).toBeNull();
    for (const sound of ['matchFound', 'tick', 'win', 'lose', 'draw'] as const) playSound(sound);
    // 2 + 1 + 4 + 3 + 2 notes.
    expect(oscillators).toBe(12);
  });
});
