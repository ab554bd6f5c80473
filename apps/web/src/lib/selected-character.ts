/**
 * The character the player picked (spec S3.09): kept in localStorage under
 * `selectedCharacter`, Character1 by default. Shared by home and game.
 */
import { useSyncExternalStore } from 'react';
import { CHARACTERS, DEFAULT_CHARACTER, STORAGE_KEYS, type Character } from '@shifumi/protocol/constants';

const listeners = new Set<() => void>();

function isCharacter(value: string | null): value is Character {
  return value !== null && (CHARACTERS as readonly string[]).includes(value);
}

export function getSelectedCharacter(): Character {
  try {
    const stored = window.localStorage.getItem(STORAGE_KEYS.selectedCharacter);
    return isCharacter(stored) ? stored : DEFAULT_CHARACTER;
  } catch {
    return DEFAULT_CHARACTER;
  }
}

export function setSelectedCharacter(character: Character): void {
  try {
    window.localStorage.setItem(STORAGE_KEYS.selectedCharacter, character);
  } catch (error) {
    console.error('Could not remember the character', error);
  }
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || event.key === STORAGE_KEYS.selectedCharacter) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

export function useSelectedCharacter(): [Character, (character: Character) => void] {
  const character = useSyncExternalStore(subscribe, getSelectedCharacter, () => DEFAULT_CHARACTER);
  return [character, setSelectedCharacter];
}
