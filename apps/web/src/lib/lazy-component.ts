/**
 * A component in a chunk of its own: fetched the first time it is shown, or
 * earlier with `preload()` — when a person hovers or focuses what will show it
 * — so that it is there when they press. Once its chunk is there, a new
 * instance renders at once, without suspending; an instance mounted before
 * that suspends (its Suspense boundary shows a fallback) until the chunk
 * arrives.
 */
import { createElement, lazy, useState, type ComponentType, type LazyExoticComponent } from 'react';

export type PreloadableComponent<P extends object> = ComponentType<P> & {
  /** Starts fetching the chunk; a failure is left to the render, which shows it. */
  preload: () => void;
};

/** Every lazy component's loader, for `loadAllLazyComponents`. */
const loaders: (() => Promise<unknown>)[] = [];

export function lazyComponent<P extends object>(load: () => Promise<ComponentType<P>>): PreloadableComponent<P> {
  let loaded: ComponentType<P> | null = null;
  let loading: Promise<{ default: ComponentType<P> }> | null = null;
  const loadOnce = () => {
    loading ??= load().then(
      (Component) => {
        loaded = Component;
        return { default: Component };
      },
      (error: unknown) => {
        loading = null;
        throw error;
      },
    );
    return loading;
  };
  loaders.push(loadOnce);
  const Lazy: LazyExoticComponent<ComponentType<P>> = lazy(loadOnce);

  function Preloadable(props: P) {
    // Chosen once per instance: switching from the lazy wrapper to the loaded
    // component later would be a different element type, and remount it.
    const [Component] = useState<ComponentType<P>>(() => loaded ?? Lazy);
    return createElement(Component, props);
  }
  return Object.assign(Preloadable, {
    preload: () => {
      loadOnce().catch(() => undefined);
    },
  });
}

/**
 * Fetches the chunk of every lazy component, those the fetched chunks declare
 * included (tests render every screen at once with it, as a warm cache does).
 */
export async function loadAllLazyComponents(): Promise<void> {
  let done = 0;
  while (done < loaders.length) {
    const batch = loaders.slice(done);
    done = loaders.length;
    await Promise.all(batch.map((load) => load()));
  }
}
