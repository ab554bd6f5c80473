/**
 * Toast notifications. Everything imports them from here so the app uses the
 * unstyled build of react-toastify (its default build injects a <style> tag,
 * which the Content-Security-Policy forbids); the stylesheet is bundled instead.
 *
 * The library is not part of the first load: the first toast fetches it and
 * asks the app to mount its container (`useToastsWanted`). A toast is handed
 * to react-toastify only once a container is mounted and has stayed mounted
 * (issue 26): until then it waits here, so that neither a container still
 * loading nor React's development double mount (StrictMode mounts, unmounts
 * and mounts again) can drop it.
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

type Delivery = (toastify: Toastify) => void;
/** Toasts raised while no container is mounted, in order. */
const waiting: Delivery[] = [];
let mountedContainers = 0;
let flushScheduled = false;

/** Hands `deliver` to react-toastify now if a container is there, or once one is. */
function deliverWhenMounted(toastify: Toastify, deliver: Delivery): void {
  if (mountedContainers > 0 && waiting.length === 0) deliver(toastify);
  else {
    waiting.push(deliver);
    scheduleFlush(toastify);
  }
}

function scheduleFlush(toastify: Toastify): void {
  if (flushScheduled) return;
  flushScheduled = true;
  // A task later: a development double mount has settled by then (it happens within one commit).
  setTimeout(() => {
    flushScheduled = false;
    if (mountedContainers === 0) return;
    for (const deliver of waiting.splice(0)) deliver(toastify);
  }, 0);
}

let loadedToastify: Toastify | null = null;

/**
 * Called by the toast container (app/toast-container.tsx) when it mounts;
 * the function it returns, when it unmounts. Waiting toasts are shown once a
 * container has stayed mounted.
 */
export function toastContainerMounted(): () => void {
  mountedContainers += 1;
  if (loadedToastify) scheduleFlush(loadedToastify);
  return () => {
    mountedContainers -= 1;
  };
}

function withToastify(deliver: Delivery, describe: () => string): void {
  loadToasts().then(
    (toastify) => {
      loadedToastify = toastify;
      deliverWhenMounted(toastify, deliver);
    },
    // Never silent: the message at least reaches the console.
    (error: unknown) => console.error(describe(), error),
  );
}

function show(kind: Kind, message: string): void {
  withToastify(
    ({ toast }) => toast[kind](message),
    () => `A ${kind} toast could not be shown: ${message}`,
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
  withToastify(
    ({ toast }) => {
      const options = { type: done ? ('success' as const) : ('info' as const), autoClose: done ? undefined : (false as const) };
      if (toast.isActive(id)) toast.update(id, { render: message, ...options });
      else toast(message, { toastId: id, ...options });
    },
    () => `A toast could not be shown: ${message}`,
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
