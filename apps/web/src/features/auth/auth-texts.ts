/**
 * Issue 27: the auth dialog's and mailed-link pages' texts (namespace `auth`). English is in this feature's chunk (shown at
 * once); French is fetched on demand. A component reads these texts with
 * `useAuthT()`, which waits (suspends) until they are there in the current language.
 */
import { AUTH_EN } from '@shifumi/protocol/catalogue/en/auth';
import { useT } from '../../lib/i18n/i18n';
import { addNamespace, useNamespace } from '../../lib/i18n/page-texts';

// Only this chunk lists them (home's first load does not pay for a page it may never open).
addNamespace('auth', AUTH_EN, {
  en: () => Promise.resolve(AUTH_EN),
  fr: () => import('@shifumi/protocol/catalogue/fr/auth').then((module) => module.AUTH_FR),
});

export function useAuthT(): ReturnType<typeof useT> {
  useNamespace('auth');
  return useT();
}
