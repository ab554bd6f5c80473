/**
 * Issue 19: the reality check — time played in this session and its net
 * result, with Continue and Stop playing. The host decides when it is due
 * (never during a game).
 */
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { useT } from '../../../lib/i18n/i18n';
import { RichText } from '../../../lib/i18n/rich-text';
import { formatDollars } from './responsible-gaming-text';
import styles from './responsible-gaming.module.css';

export interface RealityCheckDialogProps {
  minutesPlayed: number;
  netResultUsd: number;
  onContinue: () => void;
  onStop: () => void;
}

export function RealityCheckDialog({ minutesPlayed, netResultUsd, onContinue, onStop }: RealityCheckDialogProps) {
  const t = useT();
  const hours = Math.floor(minutesPlayed / 60);
  const minutes = minutesPlayed % 60;
  const duration =
    hours > 0
      ? t('responsibleGaming.check.hoursAndMinutes', { hours, minutes })
      : t('responsibleGaming.check.minutes', { minutes });
  const result =
    netResultUsd === 0
      ? t('responsibleGaming.check.even')
      : netResultUsd > 0
        ? t('responsibleGaming.check.up', { amount: formatDollars(netResultUsd) })
        : t('responsibleGaming.check.down', { amount: formatDollars(-netResultUsd) });
  return (
    <Dialog open onClose={onContinue} title={t('responsibleGaming.check.title')} size="small" role="alertdialog" hideCloseButton>
      <div className={styles.confirmBody}>
        <p>
          <RichText text={t('responsibleGaming.check.played', { duration })} />
        </p>
        <p>
          <RichText text={t('responsibleGaming.check.result', { result })} />
        </p>
      </div>
      <div className={styles.confirmActions}>
        <Button variant="secondary" onClick={onStop}>
          {t('responsibleGaming.check.stop')}
        </Button>
        <Button onClick={onContinue}>{t('responsibleGaming.check.continue')}</Button>
      </div>
    </Dialog>
  );
}
