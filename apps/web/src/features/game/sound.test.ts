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
    expect(warn).toHaveBeenCalledWith('The win sound could not play', expect.any(Error));
  });
});
