/**
 * Issue 27: the shared pieces' texts (namespace `ui`). English is in this feature's chunk (shown at
 * once); French is fetched on demand. A component reads these texts with
 * `useUiT()`, which waits (suspends) until they are there in the current language.
 */
import { UI_EN } from '@shifumi/protocol/catalogue/en/ui';
import { useT } from '../../lib/i18n/i18n';
import { addNamespace, useNamespace } from '../../lib/i18n/page-texts';

// Only this chunk lists them (home's first load does not pay for a page it may never open).
addNamespace('ui', UI_EN, {
  en: () => Promise.resolve(UI_EN),
  fr: () => import('@shifumi/protocol/catalogue/fr/ui').then((module) => module.UI_FR),
});

export function useUiT(): ReturnType<typeof useT> {
  useNamespace('ui');
  return useT();
}
