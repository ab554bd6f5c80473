/**
 * Reactions and quick messages (spec S2, S4, S5.04): a picker of emoji and a
 * box for a message of at most 50 characters (blank ones are not sent). Mine
 * and my opponent's each show for 3 s; a single character is shown big, as an
 * emoji, longer content as a text bubble. Always rendered as text.
 */
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { QUICK_MESSAGE_MAX_LENGTH, REACTION_DISPLAY_MS } from '@shifumi/protocol';
import { Button } from '../../../components/ui/button';
import { onServerEvent } from '../../../lib/game-events';
import { emitToServer } from '../../../lib/socket';
import styles from './game-page.module.css';

export const REACTION_CHOICES = ['👍', '😂', '😮', '😡', '🔥', '🤝'] as const;

/** One grapheme (an emoji with its modifiers counts as one). */
export function isSingleCharacter(content: string): boolean {
  const segmenter = typeof Intl !== 'undefined' && 'Segmenter' in Intl ? new Intl.Segmenter(undefined, { granularity: 'grapheme' }) : null;
  const count = segmenter ? [...segmenter.segment(content)].length : [...content].length;
  return count === 1;
}

function Bubble({ content, who }: { content: string; who: 'mine' | 'theirs' }) {
  return (
    <span className={`${isSingleCharacter(content) ? styles.emoji : styles.bubble} ${who === 'mine' ? styles.mine : styles.theirs}`} data-testid={`reaction-${who}`}>
      {content}
    </span>
  );
}

export function Reactions({ room }: { room: string }) {
  const [mine, setMine] = useState<string | null>(null);
  const [theirs, setTheirs] = useState<string | null>(null);
  const [message, setMessage] = useState('');
  const messageId = useId();
  const mineTimer = useRef<number | undefined>(undefined);
  const theirsTimer = useRef<number | undefined>(undefined);

  useEffect(
    () =>
      onServerEvent('reaction_received', ({ content }) => {
        setTheirs(content);
        window.clearTimeout(theirsTimer.current);
        theirsTimer.current = window.setTimeout(() => setTheirs(null), REACTION_DISPLAY_MS);
      }),
    [],
  );
  useEffect(
    () => () => {
      window.clearTimeout(mineTimer.current);
      window.clearTimeout(theirsTimer.current);
    },
    [],
  );

  function send(content: string) {
    const trimmed = content.trim();
    if (trimmed === '' || trimmed.length > QUICK_MESSAGE_MAX_LENGTH) return false;
    emitToServer('send_reaction', { room, content: trimmed });
    setMine(trimmed);
    window.clearTimeout(mineTimer.current);
    mineTimer.current = window.setTimeout(() => setMine(null), REACTION_DISPLAY_MS);
    return true;
  }

  function handleSubmit(event: FormEvent) {
    event.preventDefault();
    if (send(message)) setMessage('');
  }

  return (
    <section className={styles.reactions} aria-label="Reactions">
      <div className={styles.bubbles} aria-live="polite">
        {mine ? <Bubble content={mine} who="mine" /> : null}
        {theirs ? <Bubble content={theirs} who="theirs" /> : null}
      </div>
      <div className={styles.picker} role="group" aria-label="Send a reaction">
        {REACTION_CHOICES.map((emoji) => (
          <button key={emoji} type="button" className={styles.reaction} onClick={() => send(emoji)} aria-label={`React ${emoji}`}>
            {emoji}
          </button>
        ))}
      </div>
      <form className={styles.message} onSubmit={handleSubmit}>
        <label htmlFor={messageId} className={styles.visuallyHidden}>
          Quick message
        </label>
        <input
          id={messageId}
          className={styles.messageInput}
          value={message}
          maxLength={QUICK_MESSAGE_MAX_LENGTH}
          placeholder="Quick message"
          onChange={(event) => setMessage(event.target.value)}
        />
        <Button type="submit" variant="secondary" disabled={message.trim() === ''}>
          Send
        </Button>
      </form>
    </section>
  );
}
