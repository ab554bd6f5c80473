/**
 * Issue 24: a search is never silent. While searching: the elapsed time;
 * after 15 s, one click each to search where someone waits, challenge a
 * friend or practise; after 30 s, in plain words, that nobody now waiting can
 * be matched with this player. Matching is immediate when two tickets of one
 * stake can play each other, so a search still unmatched after 30 s has only
 * players it can never meet beside it (or nobody): the words say so without
 * saying why (decision 032).
 */
import { useEffect, useState, type ReactNode } from 'react';
import type { BetAmount } from '@shifumi/protocol/constants';
import { loadNamespace, useT } from '../../../lib/i18n/i18n';
import { LOBBY_TEXTS } from '../../../lib/i18n/page-namespaces';
import { Button } from '../../../components/ui/button';
import { useLobby } from '../../../lib/lobby';
import styles from './search-status.module.css';

// Issue 27: the search's texts (and its offers') come with this chunk: the module is ready once they are.
await loadNamespace('lobby', LOBBY_TEXTS);

/** Offers appear after this long without a match. */
export const SEARCH_OFFERS_AFTER_MS = 15_000;
/** The "cannot be matched now" words appear after this long. */
export const SEARCH_UNMATCHABLE_AFTER_MS = 30_000;

/** Time since the search began: this status is shown from the moment the search starts until it ends. */
function useElapsedMs(since?: number): number {
  const [start] = useState(() => since ?? Date.now());
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), 1_000);
    return () => window.clearInterval(timer);
  }, []);
  return Math.max(0, now - start);
}

export interface SearchStatusProps {
  amount: BetAmount;
  /** When the search began (default: when this status first showed). */
  since?: number;
  /** Cancel and search at another stake. */
  onSearchAt(amount: BetAmount): void;
  /** Extra offers (challenge a friend, practise), composed by the page. */
  children?: ReactNode;
}

export function SearchStatus({ amount, since, onSearchAt, children }: SearchStatusProps) {
  const t = useT();
  const elapsed = useElapsedMs(since);
  const lobby = useLobby();
  // The other stake with the most players waiting, if any.
  const elsewhere = lobby?.stakes
    .filter((stake) => stake.amount !== amount && stake.waiting > 0)
    .sort((first, second) => second.waiting - first.waiting)[0];
  return (
    <div className={styles.status}>
      <p role="status" className={styles.looking}>
        {t('lobby.search.looking', { amount })}
      </p>
      <p className={styles.elapsed} data-testid="search-elapsed">
        {t('lobby.search.elapsed', { seconds: Math.floor(elapsed / 1_000) })}
      </p>
      {elapsed >= SEARCH_UNMATCHABLE_AFTER_MS ? (
        <p className={styles.unmatchable} role="alert">
          {t('lobby.search.cannotBeMatched')}
        </p>
      ) : null}
      {elapsed >= SEARCH_OFFERS_AFTER_MS ? (
        <div className={styles.offers} data-testid="search-offers">
          <p className={styles.offersTitle}>{t('lobby.search.offersTitle')}</p>
          {elsewhere ? (
            <Button variant="secondary" block onClick={() => onSearchAt(elsewhere.amount)}>
              {t('lobby.search.playAtStake', { amount: elsewhere.amount, waiting: elsewhere.waiting })}
            </Button>
          ) : null}
          {children}
        </div>
      ) : null}
    </div>
  );
}
