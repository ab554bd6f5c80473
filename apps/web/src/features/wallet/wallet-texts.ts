/**
 * Issue 27: the wallet stack's dialogs' texts (namespace `wallet`). English is in this feature's chunk (shown at
 * once); French is fetched on demand. A component reads these texts with
 * `useWalletT()`, which waits (suspends) until they are there in the current language.
 */
import { WALLET_EN } from '@shifumi/protocol/catalogue/en/wallet';
import { useT } from '../../lib/i18n/i18n';
import { addNamespace, useNamespace } from '../../lib/i18n/page-texts';

// Only this chunk lists them (home's first load does not pay for a page it may never open).
addNamespace('wallet', WALLET_EN, {
  en: () => Promise.resolve(WALLET_EN),
  fr: () => import('@shifumi/protocol/catalogue/fr/wallet').then((module) => module.WALLET_FR),
});

export function useWalletT(): ReturnType<typeof useT> {
  useNamespace('wallet');
  return useT();
}
