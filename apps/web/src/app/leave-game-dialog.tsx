/**
 * "Leave and lose $5?" (issue 14): asked when the player leaves a running
 * game through the app's own links or the browser's Back (lib/leave-guard.ts).
 * Stay is the default focus: a stray Enter keeps the game.
 */
import { useRef } from 'react';
import { TEXTS } from '@shifumi/protocol/texts';
import { Button } from '../components/ui/button';
import { Dialog } from '../components/ui/dialog';
import { confirmLeave, stayInGame, useLeaveRequest } from '../lib/leave-guard';
import styles from './leave-game-dialog.module.css';

export function LeaveGameDialog() {
  const request = useLeaveRequest();
  const stayRef = useRef<HTMLButtonElement>(null);
  if (!request) return null;
  return (
    <Dialog
      open
      role="alertdialog"
      onClose={stayInGame}
      size="small"
      hideCloseButton
      initialFocusRef={stayRef}
      title={TEXTS.leaveGameTitle(request.amount)}
      description={TEXTS.leaveGameText}
    >
      <div className={styles.actions}>
        <Button variant="danger" onClick={confirmLeave}>
          {TEXTS.leaveGameLeave}
        </Button>
        <Button ref={stayRef} variant="primary" onClick={stayInGame}>
          {TEXTS.leaveGameStay}
        </Button>
      </div>
    </Dialog>
  );
}
