/**
 * Issue 27: a page's namespace whose English its own chunk carries, so that
 * it shows at once (tests included), the other languages fetched on demand —
 * in the current language as soon as the chunk runs, and in each language
 * chosen afterwards (`activateLanguage` loads every namespace in use). Built
 * on `loadNamespace` alone: home's first load carries none of it.
 */
import { use } from 'react';
import { flattenMessages } from '@shifumi/protocol/catalogue/types';
import { currentLanguage, i18n, loadNamespace, useLanguage, type Namespace, type NamespaceLoaders } from './i18n';

/** The fetch of each namespace in each language, by `language:name`: one however many components ask. */
const pending = new Map<string, Promise<void>>();
/** A key of each namespace: present in the active catalogue once the namespace is there in its language. */
const probes = new Map<Namespace, string>();
const loadersOf = new Map<Namespace, NamespaceLoaders>();

function load(name: Namespace): Promise<void> {
  const key = `${currentLanguage()}:${name}`;
  let loading = pending.get(key);
  if (!loading) {
    loading = loadNamespace(name, loadersOf.get(name) as NamespaceLoaders);
    // A failed fetch is tried again at the next render that needs it.
    loading.catch(() => pending.delete(key));
    pending.set(key, loading);
  }
  return loading;
}

/** Registers a namespace with its English (now) and its loaders (the other languages, on demand). */
export function addNamespace(name: Namespace, english: object, loaders: NamespaceLoaders): void {
  const messages = flattenMessages(english, `${name}.`);
  probes.set(name, Object.keys(messages)[0] ?? '');
  loadersOf.set(name, loaders);
  i18n.load('en', messages);
  void load(name).catch(() => undefined);
}

/**
 * For a component that reads a namespace added with `addNamespace`: suspends
 * (the nearest Suspense boundary shows its fallback) while its texts in the
 * current language are on their way, so that no key shows.
 */
export function useNamespace(name: Namespace): void {
  useLanguage();
  if ((probes.get(name) ?? '') in i18n.messages) return;
  use(load(name));
}
