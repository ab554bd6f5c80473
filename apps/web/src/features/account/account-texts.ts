/**
 * Issue 27: the account page's texts (namespace `account`). English is in this feature's chunk (shown at
 * once); French is fetched on demand. A component reads these texts with
 * `useAccountT()`, which waits (suspends) until they are there in the current language.
 */
import { ACCOUNT_EN } from '@shifumi/protocol/catalogue/en/account';
import { useT } from '../../lib/i18n/i18n';
import { addNamespace, useNamespace } from '../../lib/i18n/page-texts';

// Only this chunk lists them (home's first load does not pay for a page it may never open).
addNamespace('account', ACCOUNT_EN, {
  en: () => Promise.resolve(ACCOUNT_EN),
  fr: () => import('@shifumi/protocol/catalogue/fr/account').then((module) => module.ACCOUNT_FR),
});

export function useAccountT(): ReturnType<typeof useT> {
  useNamespace('account');
  return useT();
}
