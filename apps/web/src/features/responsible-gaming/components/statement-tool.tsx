/** Issue 19: the statement tool — every movement of the balance in a period, downloaded as CSV. */
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { downloadStatement } from '../api/responsible-gaming-api';
import { useT } from '../../../lib/i18n/i18n';
import './responsible-gaming-text';
import styles from './responsible-gaming.module.css';

function isoDay(date: Date): string {
  return date.toISOString().slice(0, 10);
}

export function StatementTool({ failed }: { failed: (error: unknown) => void }) {
  const t = useT();
  const [from, setFrom] = useState(() => isoDay(new Date(Date.now() - 30 * 86_400_000)));
  const [to, setTo] = useState(() => isoDay(new Date()));
  const [downloading, setDownloading] = useState(false);

  async function download() {
    setDownloading(true);
    try {
      await downloadStatement(from, to);
    } catch (error) {
      failed(error);
    } finally {
      setDownloading(false);
    }
  }

  return (
    <div className={styles.tool}>
      <h3 className={styles.toolTitle}>{t('responsibleGaming.statement.title')}</h3>
      <p className={styles.muted}>{t('responsibleGaming.statement.text')}</p>
      <div className={styles.inline}>
        <label className={styles.field}>
          <span>{t('responsibleGaming.statement.from')}</span>
          <input type="date" value={from} onChange={(event) => setFrom(event.target.value)} />
        </label>
        <label className={styles.field}>
          <span>{t('responsibleGaming.statement.to')}</span>
          <input type="date" value={to} onChange={(event) => setTo(event.target.value)} />
        </label>
        <Button
          size="small"
          variant="secondary"
          onClick={() => void download()}
          disabled={downloading}
          aria-busy={downloading || undefined}
        >
          {t('responsibleGaming.statement.download')}
        </Button>
      </div>
    </div>
  );
}
