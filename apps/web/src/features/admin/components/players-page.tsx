import { useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Button } from '../../../components/ui/button';
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
  function submit(event: FormEvent) {
    event.preventDefault();
    setParams(text.trim() === '' ? {} : { q: text.trim() });
  }
  return (
    <section className={styles.page}>
      <h1 className={styles.title}>Players</h1>
      <form className={styles.filters} onSubmit={submit}>
        <input aria-label="Search players" placeholder="E-mail, name, address, user id or transaction hash" value={text} onChange={(event) => setText(event.target.value)} />
        <Button type="submit" size="small">
          Search
        </Button>
      </form>
      {q === '' ? null : (
        <QueryState query={results}>
          {(data) =>
            data.players.length === 0 ? (
              <p className={styles.muted}>Nobody matches.</p>
            ) : (
              <TableScroll label="Players">
<table className={styles.table}>
                <thead>
                  <tr>
                    <th>Name</th>
                    <th>E-mail</th>
                    <th>Deposit address</th>
                    <th>Matched</th>
                    <th>Since</th>
                  </tr>
                </thead>
                <tbody>
                  {data.players.map((player) => (
                    <tr key={player.userId}>
                      <td>
                        <Link to={`/admin/players/${player.userId}`}>{player.name}</Link>
                        {player.frozen ? ' (frozen)' : ''}
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
