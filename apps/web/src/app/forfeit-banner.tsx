/**
 * The screen after a forfeit says what happened, once (issue 14): the notice
 * recorded when the game was left (lib/forfeit-notice.ts) is taken by the
 * first screen that is not the game's, and stays until the player dismisses
 * it or moves on.
 */
import { useEffect, useState } from 'react';
import { useLocation } from 'react-router';
import { TEXTS } from '@shifumi/protocol/texts';
import { Button } from '../components/ui/button';
import { CloseIcon } from '../components/ui/icons';
import { consumeForfeit, usePendingForfeit, type ForfeitNotice } from '../lib/forfeit-notice';
import styles from './forfeit-banner.module.css';

const GAME_PATH = '/search-game';

export function ForfeitBanner() {
  const { pathname } = useLocation();
  const pending = usePendingForfeit();
  const [shown, setShown] = useState<{ notice: ForfeitNotice; pathname: string } | null>(null);

  if (shown && shown.pathname !== pathname) setShown(null);

  useEffect(() => {
    if (!pending || pathname === GAME_PATH) return;
    setShown({ notice: pending, pathname });
    consumeForfeit();
  }, [pending, pathname]);

  if (!shown) return null;
  const { notice } = shown;
  return (
    <div role="status" className={`${styles.banner} ${styles[notice.outcome]}`} data-testid="forfeit-notice">
      <p>
        {notice.outcome === 'won'
          ? TEXTS.forfeitWon(notice.amount)
          : notice.reason === 'connection'
            ? TEXTS.forfeitConnectionLost(notice.amount)
            : TEXTS.forfeitLost(notice.amount)}
      </p>
      <Button variant="ghost" size="icon" aria-label={TEXTS.dismiss} onClick={() => setShown(null)}>
        <CloseIcon />
      </Button>
    </div>
  );
}
