/**
 * The search icon and its field (spec S2): Enter only logs the text; no
 * search is performed yet.
 */
import { useId, useRef, useState, type FormEvent } from 'react';
import { Button } from '../components/ui/button';
import { SearchIcon } from '../components/ui/icons';
import { useT } from '../lib/i18n/i18n';
import styles from './search-control.module.css';

export function SearchControl() {
  const t = useT();
  const [open, setOpen] = useState(false);
  const [text, setText] = useState('');
  const fieldId = useId();
  const toggleRef = useRef<HTMLButtonElement>(null);

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    console.log(text);
  }

  return (
    <div className={styles.search}>
      <Button
        ref={toggleRef}
        variant="ghost"
        size="icon"
        aria-label={t('shell.search.open')}
        aria-expanded={open}
        aria-controls={fieldId}
        onClick={() => setOpen((value) => !value)}
      >
        <SearchIcon />
      </Button>
      {open ? (
        <form role="search" className={styles.panel} onSubmit={handleSubmit}>
          <input
            id={fieldId}
            type="search"
            className={styles.field}
            aria-label={t('shell.search.field')}
            placeholder={t('shell.search.placeholder')}
            autoComplete="off"
            autoFocus
            value={text}
            onChange={(event) => setText(event.target.value)}
            onKeyDown={(event) => {
              if (event.key === 'Escape') {
                event.preventDefault();
                setOpen(false);
                toggleRef.current?.focus();
              }
            }}
          />
        </form>
      ) : null}
    </div>
  );
}
