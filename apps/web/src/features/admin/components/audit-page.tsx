import { useState } from 'react';
import { useT } from '../../../lib/i18n/i18n';
import { useAudit } from '../api/admin-api';
import styles from './admin.module.css';
import { TableScroll } from './table-scroll';
import { QueryState } from './query-state';
import { dateOf } from './wei';

/** Every staff action and refused staff request, newest first. */
export function AuditPage() {
  const [filter, setFilter] = useState({ actor: '', action: '', target: '' });
  const audit = useAudit(filter);
  const t = useT();
  return (
    <section className={styles.page}>
      <h1 className={styles.title}>{t('admin.audit.title')}</h1>
      <div className={styles.filters}>
        {(['actor', 'action', 'target'] as const).map((field) => (
          <input
            key={field}
            aria-label={t(`admin.audit.${field}`)}
            placeholder={t(`admin.audit.${field}`)}
            value={filter[field]}
            onChange={(event) => setFilter({ ...filter, [field]: event.target.value })}
          />
        ))}
      </div>
      <QueryState query={audit}>
        {(data) => (
          <TableScroll label={t('admin.audit.title')}>
            <table className={styles.table}>
              <thead>
                <tr>
                  <th>{t('admin.audit.when')}</th>
                  <th>{t('admin.audit.who')}</th>
                  <th>{t('admin.audit.what')}</th>
                  <th>{t('admin.audit.on')}</th>
                  <th>{t('admin.audit.change')}</th>
                  <th>{t('admin.audit.reason')}</th>
                  <th>{t('admin.audit.ip')}</th>
                </tr>
              </thead>
              <tbody>
                {data.entries.map((entry) => (
                  <tr key={entry.id}>
                    <td>{dateOf(entry.at)}</td>
                    <td className={styles.mono}>
                      {entry.actor}
                      {entry.role ? ` (${entry.role})` : ''}
                    </td>
                    <td>{entry.action}</td>
                    <td className={styles.mono}>{entry.target ?? '—'}</td>
                    <td className={styles.mono}>
                      {JSON.stringify(entry.before)} → {JSON.stringify(entry.after)}
                    </td>
                    <td>{entry.reason ?? '—'}</td>
                    <td className={styles.mono}>{entry.ip ?? '—'}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </TableScroll>
        )}
      </QueryState>
    </section>
  );
}
