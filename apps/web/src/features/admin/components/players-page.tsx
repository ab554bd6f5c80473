import { useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Button } from '../../../components/ui/button';
import { useT } from '../../../lib/i18n/i18n';
import { usePlayerSearch } from '../api/admin-api';
import styles from './admin.module.css';
import { TableScroll } from './table-scroll';
import { QueryState } from './query-state';
import { dateOf } from './wei';

/** Search by e-mail, name, wallet or deposit address, user id or transaction hash. */
export function PlayersPage() {
  const [params, setParams] = useSearchParams();
  const q = params.get('q') ?? '';
  const [text, setText] = useState(q);
  const results = usePlayerSearch(q);
  const t = useT();
  function submit(event: FormEvent) {
    event.preventDefault();
    setParams(text.trim() === '' ? {} : { q: text.trim() });
  }
  return (
    <section className={styles.page}>
      <h1 className={styles.title}>{t('admin.players.title')}</h1>
      <form className={styles.filters} onSubmit={submit}>
        <input
          aria-label={t('admin.players.searchLabel')}
          placeholder={t('admin.players.searchPlaceholder')}
          value={text}
          onChange={(event) => setText(event.target.value)}
        />
        <Button type="submit" size="small">
          {t('admin.players.search')}
        </Button>
      </form>
      {q === '' ? null : (
        <QueryState query={results}>
          {(data) =>
            data.players.length === 0 ? (
              <p className={styles.muted}>{t('admin.players.empty')}</p>
            ) : (
              <TableScroll label={t('admin.players.title')}>
                <table className={styles.table}>
                  <thead>
                    <tr>
                      <th>{t('admin.players.name')}</th>
                      <th>{t('admin.players.email')}</th>
                      <th>{t('admin.players.depositAddress')}</th>
                      <th>{t('admin.players.matched')}</th>
                      <th>{t('admin.players.since')}</th>
                    </tr>
                  </thead>
                  <tbody>
                    {data.players.map((player) => (
                      <tr key={player.userId}>
                        <td>
                          <Link to={`/admin/players/${player.userId}`}>{player.name}</Link>
                          {player.frozen ? t('admin.players.frozenMark') : ''}
                        </td>
                        <td>{player.email ?? '—'}</td>
                        <td className={styles.mono}>{player.walletAddress ?? '—'}</td>
                        <td>{player.matched}</td>
                        <td>{dateOf(player.createdAt)}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </TableScroll>
            )
          }
        </QueryState>
      )}
    </section>
  );
}
