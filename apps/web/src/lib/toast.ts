/**
 * Toast notifications. Everything imports them from here so the app uses the
 * unstyled build of react-toastify (its default build injects a <style> tag,
 * which the Content-Security-Policy forbids); the stylesheet is bundled instead.
 *
 * The library is not part of the first load: the first toast fetches it and
 * asks the app to mount its container (`useToastsWanted`); react-toastify
 * keeps a toast shown before its container mounts and shows it then.
 */
import { useSyncExternalStore } from 'react';
import type * as ToastifyExports from 'react-toastify/unstyled';

type Toastify = typeof ToastifyExports;
type Kind = 'success' | 'error' | 'info';

let loading: Promise<Toastify> | null = null;
let wanted = false;
const listeners = new Set<() => void>();

function loadToasts(): Promise<Toastify> {
  if (!wanted) {
    wanted = true;
    for (const listener of listeners) listener();
  }
  loading ??= import('react-toastify/unstyled').catch((error: unknown) => {
    loading = null;
    throw error;
  });
  return loading;
}

function show(kind: Kind, message: string): void {
  loadToasts().then(
    ({ toast }) => toast[kind](message),
    // Never silent: the message at least reaches the console.
    (error: unknown) => console.error(`A ${kind} toast could not be shown: ${message}`, error),
  );
}

export const notify = {
  success: (message: string) => show('success', message),
  error: (message: string) => show('error', message),
  info: (message: string) => show('info', message),
};

/**
 * Issue 14: one toast that changes as something progresses (a deposit's
 * confirmations): shown with `id` the first time, updated in place after.
 * It stays while `done` is false, and closes on its own once done.
 */
export function notifyProgress(id: string, message: string, done: boolean): void {
  loadToasts().then(
    ({ toast }) => {
      const options = { type: done ? ('success' as const) : ('info' as const), autoClose: done ? undefined : (false as const) };
      if (toast.isActive(id)) toast.update(id, { render: message, ...options });
      else toast(message, { toastId: id, ...options });
    },
    (error: unknown) => console.error(`A toast could not be shown: ${message}`, error),
  );
}

/** Whether a toast has been asked for: the app then mounts the container. */
export function useToastsWanted(): boolean {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => wanted,
    () => false,
  );
}
