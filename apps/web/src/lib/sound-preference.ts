/**
 * Whether the game's sounds are muted (issue 14), remembered across visits in
 * local storage. Sounds play by default; the toggle (sound-toggle.tsx) on the
 * home and game screens changes it, and every open tab follows.
 */
import { useSyncExternalStore } from 'react';

export const SOUND_MUTED_STORAGE_KEY = 'shifumi.soundMuted';

const listeners = new Set<() => void>();

export function isSoundMuted(): boolean {
  try {
    return window.localStorage.getItem(SOUND_MUTED_STORAGE_KEY) === 'true';
  } catch {
    return false;
  }
}

export function setSoundMuted(muted: boolean): void {
  try {
    if (muted) window.localStorage.setItem(SOUND_MUTED_STORAGE_KEY, 'true');
    else window.localStorage.removeItem(SOUND_MUTED_STORAGE_KEY);
  } catch (error) {
    console.error('Could not remember the sound setting', error);
  }
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  // Another tab changed it.
  const onStorage = (event: StorageEvent) => {
    if (event.key === SOUND_MUTED_STORAGE_KEY || event.key === null) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

export function useSoundMuted(): boolean {
  return useSyncExternalStore(subscribe, isSoundMuted, () => false);
}
