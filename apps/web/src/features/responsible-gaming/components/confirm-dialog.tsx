/** A confirmation that says exactly what will happen, with an explicit choice. */
import type { ReactNode } from 'react';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { useT } from '../../../lib/i18n/i18n';
import './responsible-gaming-text';
import styles from './responsible-gaming.module.css';

export interface ConfirmDialogProps {
  title: string;
  children: ReactNode;
  confirmLabel: string;
  pending: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

export function ConfirmDialog({ title, children, confirmLabel, pending, onConfirm, onCancel }: ConfirmDialogProps) {
  const t = useT();
  return (
    <Dialog open onClose={onCancel} title={title} size="small" role="alertdialog" hideCloseButton>
      <div className={styles.confirmBody}>{children}</div>
      <div className={styles.confirmActions}>
        <Button variant="secondary" onClick={onCancel}>
          {t('responsibleGaming.section.cancel')}
        </Button>
        <Button onClick={onConfirm} disabled={pending} aria-busy={pending || undefined}>
          {confirmLabel}
        </Button>
      </div>
    </Dialog>
  );
}
