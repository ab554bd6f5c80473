/**
 * Issue 19: the reality check — time played in this session and its net
 * result, with Continue and Stop playing. The host decides when it is due
 * (never during a game).
 */
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { formatDollars } from './responsible-gaming-text';
import styles from './responsible-gaming.module.css';

export interface RealityCheckDialogProps {
  minutesPlayed: number;
  netResultUsd: number;
  onContinue: () => void;
  onStop: () => void;
}

export function RealityCheckDialog({ minutesPlayed, netResultUsd, onContinue, onStop }: RealityCheckDialogProps) {
  const hours = Math.floor(minutesPlayed / 60);
  const minutes = minutesPlayed % 60;
  const duration = hours > 0 ? `${hours} h ${minutes} min` : `${minutes} min`;
  const result = netResultUsd === 0 ? 'even' : netResultUsd > 0 ? `up ${formatDollars(netResultUsd)}` : `down ${formatDollars(-netResultUsd)}`;
  return (
    <Dialog open onClose={onContinue} title="Reality check" size="small" role="alertdialog" hideCloseButton>
      <div className={styles.confirmBody}>
        <p>
          You have been playing for <strong>{duration}</strong> in this session.
        </p>
        <p>
          Your result in this session: <strong>{result}</strong>.
        </p>
      </div>
      <div className={styles.confirmActions}>
        <Button variant="secondary" onClick={onStop}>
          Stop playing
        </Button>
        <Button onClick={onContinue}>Continue</Button>
      </div>
    </Dialog>
  );
}
