/**
 * Issue 26: after a sign-out the server forced (a freeze, with staff's reason;
 * a sign-out everywhere), the page that follows the reload says why, until the
 * player dismisses it. The alert said it too, but an alert can go unseen.
 */
import { useEffect, useState } from 'react';
import { Button } from '../components/ui/button';
import { CloseIcon } from '../components/ui/icons';
import { useT } from '../lib/i18n/i18n';
import { forgetSignedOutMessage, readSignedOutMessage } from '../lib/signed-out-message';
import styles from './forfeit-banner.module.css';

export function SignedOutNotice() {
  const t = useT();
  const [message, setMessage] = useState(readSignedOutMessage);
  useEffect(() => {
    if (message !== null) forgetSignedOutMessage();
  }, [message]);
  if (message === null) return null;
  return (
    <div role="alert" className={`${styles.banner} ${styles.lost}`} data-testid="signed-out-notice">
      <p>
        <strong>{t('shell.signedOut.title')}.</strong> {message}
      </p>
      <Button variant="ghost" size="icon" aria-label={t('shell.dismiss')} onClick={() => setMessage(null)}>
        <CloseIcon />
      </Button>
    </div>
  );
}
