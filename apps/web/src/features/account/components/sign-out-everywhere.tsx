import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { userFacingMessage } from '../../../lib/api-error';
import { loadPage } from '../../../lib/page-navigation';
import { notify } from '../../../lib/toast';
import { useSignOutEverywhereMutation } from '../../../lib/account-api';
import styles from './account-page.module.css';

/** Ends every session of the user (POST /api/auth/logout-all), after a confirmation. */
export function SignOutEverywhere() {
  const [confirming, setConfirming] = useState(false);
  const signOutEverywhere = useSignOutEverywhereMutation();

  return (
    <>
      <p className={styles.muted}>Lost a device or signed in somewhere you should not have? End every session at once.</p>
      <Button variant="danger" size="small" onClick={() => setConfirming(true)}>
        Sign out of all devices
      </Button>
      {confirming ? (
        <Dialog
          open
          onClose={() => setConfirming(false)}
          size="small"
          title="Sign out of all devices?"
          description="Every browser and device signed in to your account, this one included, will have to sign in again."
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
              Sign out everywhere
            </Button>
            <Button variant="secondary" onClick={() => setConfirming(false)}>
              Cancel
            </Button>
          </div>
        </Dialog>
      ) : null}
    </>
  );
}
