import { describe, expect, it } from 'vitest';
import { resolveThrow } from './rules';

describe('resolveThrow', () => {
  it('rock beats scissors, scissors beats paper, paper beats rock', () => {
    expect(resolveThrow('rock', 'scissors')).toBe('first');
    expect(resolveThrow('scissors', 'paper')).toBe('first');
    expect(resolveThrow('paper', 'rock')).toBe('first');
    expect(resolveThrow('scissors', 'rock')).toBe('second');
    expect(resolveThrow('paper', 'scissors')).toBe('second');
    expect(resolveThrow('rock', 'paper')).toBe('second');
  });

  it('the same choice is a draw', () => {
    for (const choice of ['rock', 'paper', 'scissors'] as const) expect(resolveThrow(choice, choice)).toBe('draw');
  });
});
