/**
 * Issue 27: the account status banner's texts (namespace `status`). English is in this feature's chunk (shown at
 * once); French is fetched on demand. A component reads these texts with
 * `useStatusT()`, which waits (suspends) until they are there in the current language.
 */
import { STATUS_EN } from '@shifumi/protocol/catalogue/en/status';
import { useT } from '../../lib/i18n/i18n';
import { addNamespace, useNamespace } from '../../lib/i18n/page-texts';

// Only this chunk lists them (home's first load does not pay for a page it may never open).
addNamespace('status', STATUS_EN, {
  en: () => Promise.resolve(STATUS_EN),
  fr: () => import('@shifumi/protocol/catalogue/fr/status').then((module) => module.STATUS_FR),
});

export function useStatusT(): ReturnType<typeof useT> {
  useNamespace('status');
  return useT();
}
