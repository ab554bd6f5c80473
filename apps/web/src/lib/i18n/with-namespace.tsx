/**
 * Issue 27: a page's own namespace, for a page whose chunk the router fetches
 * (routes.tsx): its content renders once its texts are there in the current
 * language (a spinner until then, a few milliseconds after the chunk). Later
 * languages are loaded by `activateLanguage` before the switch, so no second
 * wait. A failed load goes to the route's error boundary.
 */
import { useEffect, useState, type ReactNode } from 'react';
import { Spinner } from '../../components/ui/spinner';
import { loadNamespace, type Namespace, type NamespaceLoaders } from './i18n';

const ready = new Set<Namespace>();

export function WithNamespace({ name, loaders, children }: { name: Namespace; loaders: NamespaceLoaders; children: ReactNode }) {
  const [loaded, setLoaded] = useState(() => ready.has(name));
  const [, setFailure] = useState<unknown>(null);
  useEffect(() => {
    if (loaded) return undefined;
    let current = true;
    loadNamespace(name, loaders).then(
      () => {
        ready.add(name);
        if (current) setLoaded(true);
      },
      (error: unknown) => {
        if (current)
          setFailure(() => {
            throw error;
          });
      },
    );
    return () => {
      current = false;
    };
  }, [loaded, name, loaders]);
  return loaded ? <>{children}</> : <Spinner />;
}
