/**
 * The logout confirmation (spec S4 "Auth form"): French title, question and
 * Oui / Non. Oui signs out, disconnects the wallet (logging out ends the
 * wallet session too; a wallet remembered but not loaded is forgotten) and
 * reloads; Non closes.
 */
import { useRef } from 'react';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { reloadPage } from '../../../lib/page-navigation';
import { useWalletStackStore } from '../../../lib/wallet-stack';
import { useSignOutMutation } from '../api/auth-api';
import { useAuthT } from '../auth-texts';
import styles from './logout-dialog.module.css';

export function LogoutDialog({ onClose }: { onClose: () => void }) {
  const noRef = useRef<HTMLButtonElement>(null);
  const signOut = useSignOutMutation();
  const wallet = useWalletStackStore();
  const t = useAuthT();

  async function disconnectWalletThenReload() {
    try {
      await wallet.disconnect();
    } catch (error) {
      console.error('The wallet could not be disconnected', error);
    }
    reloadPage();
  }

  return (
    <Dialog
      open
      onClose={onClose}
      size="small"
      // The spec's French words in every language: marked as French for screen readers.
      title={<span lang="fr">{t('auth.logout.title')}</span>}
      description={<span lang="fr">{t('auth.logout.question')}</span>}
      hideCloseButton
      initialFocusRef={noRef}
    >
      <div className={styles.actions} lang="fr">
        <Button
          variant="primary"
          disabled={signOut.isPending}
          aria-busy={signOut.isPending || undefined}
          onClick={() => signOut.mutate(undefined, { onSettled: () => void disconnectWalletThenReload() })}
        >
          {t('auth.logout.yes')}
        </Button>
        <Button ref={noRef} variant="secondary" onClick={onClose} disabled={signOut.isPending}>
          {t('auth.logout.no')}
        </Button>
      </div>
    </Dialog>
  );
}
