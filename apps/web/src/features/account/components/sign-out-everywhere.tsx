import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { userFacingMessage } from '../../../lib/api-error';
import { loadPage } from '../../../lib/page-navigation';
import { notify } from '../../../lib/toast';
import { useSignOutEverywhereMutation } from '../../../lib/account-api';
import { useAccountT } from '../account-texts';
import styles from './account-page.module.css';

/** Ends every session of the user (POST /api/auth/logout-all), after a confirmation. */
export function SignOutEverywhere() {
  const [confirming, setConfirming] = useState(false);
  const signOutEverywhere = useSignOutEverywhereMutation();
  const t = useAccountT();

  return (
    <>
      <p className={styles.muted}>{t('account.security.everywhereIntro')}</p>
      <Button variant="danger" size="small" onClick={() => setConfirming(true)}>
        {t('account.security.everywhereButton')}
      </Button>
      {confirming ? (
        <Dialog
          open
          onClose={() => setConfirming(false)}
          size="small"
          title={t('account.security.everywhereTitle')}
          description={t('account.security.everywhereText')}
        >
          <div className={styles.dialogActions}>
            <Button
              variant="danger"
              disabled={signOutEverywhere.isPending}
              aria-busy={signOutEverywhere.isPending || undefined}
              onClick={() =>
                signOutEverywhere.mutate(undefined, {
                  onSuccess: () => loadPage('/'),
                  onError: (error) => {
                    console.error('Signing out everywhere failed', error);
                    notify.error(userFacingMessage(error));
                  },
                })
              }
            >
              {t('account.security.everywhereConfirm')}
            </Button>
            <Button variant="secondary" onClick={() => setConfirming(false)}>
              {t('account.security.cancel')}
            </Button>
          </div>
        </Dialog>
      ) : null}
    </>
  );
}
