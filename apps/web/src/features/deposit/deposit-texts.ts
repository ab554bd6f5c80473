/**
 * Issue 27: the deposit dialog's texts (namespace `deposit`). English is in this feature's chunk (shown at
 * once); French is fetched on demand. A component reads these texts with
 * `useDepositT()`, which waits (suspends) until they are there in the current language.
 */
import { DEPOSIT_EN } from '@shifumi/protocol/catalogue/en/deposit';
import { useT } from '../../lib/i18n/i18n';
import { addNamespace, useNamespace } from '../../lib/i18n/page-texts';

// Only this chunk lists them (home's first load does not pay for a page it may never open).
addNamespace('deposit', DEPOSIT_EN, {
  en: () => Promise.resolve(DEPOSIT_EN),
  fr: () => import('@shifumi/protocol/catalogue/fr/deposit').then((module) => module.DEPOSIT_FR),
});

export function useDepositT(): ReturnType<typeof useT> {
  useNamespace('deposit');
  return useT();
}
