/**
 * Reactions and quick messages (spec S2, S4, S5.04): a picker of emoji and a
 * box for a message of at most 50 characters (blank ones are not sent). Mine
 * and my opponent's each show for 3 s; a single character (one grapheme: an
 * emoji with its modifiers counts as one) is shown big, as an emoji, longer
 * content as a text bubble. Always rendered as text, never as markup.
 */
import { useCallback, useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { QUICK_MESSAGE_MAX_LENGTH, REACTION_DISPLAY_MS } from '@shifumi/protocol';
import { Button } from '../../../components/ui/button';
import { onServerEvent } from '../../../lib/game-events';
import { emitToServer } from '../../../lib/socket';
import { useT } from '../../../lib/i18n/i18n';
import styles from './reactions.module.css';

export const REACTION_CHOICES = ['👍', '😂', '😮', '😡', '🔥', '🤝'] as const;

const segmenter =
  typeof Intl !== 'undefined' && 'Segmenter' in Intl ? new Intl.Segmenter(undefined, { granularity: 'grapheme' }) : null;

/** One grapheme. */
export function isSingleCharacter(content: string): boolean {
  const count = segmenter ? [...segmenter.segment(content)].length : [...content].length;
  return count === 1;
}

/** The content to send, or null when it must not be sent (blank, or too long). */
export function quickMessageContent(input: string): string | null {
  const trimmed = input.trim();
  return trimmed === '' || trimmed.length > QUICK_MESSAGE_MAX_LENGTH ? null : trimmed;
}

/** Shows the latest content for REACTION_DISPLAY_MS. */
function useTransient(): [string | null, (content: string) => void] {
  const [content, setContent] = useState<string | null>(null);
  const timer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(timer.current), []);
  const show = useCallback((next: string) => {
    setContent(next);
    window.clearTimeout(timer.current);
    timer.current = window.setTimeout(() => setContent(null), REACTION_DISPLAY_MS);
  }, []);
  return [content, show];
}

function Bubble({ content, who }: { content: string; who: 'mine' | 'theirs' }) {
  const t = useT();
  const emoji = isSingleCharacter(content);
  return (
    <p className={`${styles.said} ${who === 'mine' ? styles.mine : styles.theirs}`}>
      <span className="visually-hidden">{t(`game.reactions.${who}`)}</span>
      <span className={emoji ? styles.emoji : styles.bubble} data-testid={`reaction-${who}`} data-kind={emoji ? 'emoji' : 'text'}>
        {content}
      </span>
    </p>
  );
}

/** How long a refused message's note stays (issue 26): long enough to read, then it goes. */
export const REFUSAL_DISPLAY_MS = 4_000;

export function Reactions({ room }: { room: string }) {
  const t = useT();
  const [mine, showMine] = useTransient();
  const [theirs, showTheirs] = useTransient();
  const [message, setMessage] = useState('');
  const [refusal, setRefusal] = useState<string | null>(null);
  const refusalTimer = useRef<number | undefined>(undefined);
  const messageId = useId();
  const counterId = useId();

  useEffect(() => onServerEvent('reaction_received', ({ content }) => showTheirs(content)), [showTheirs]);
  useEffect(() => () => window.clearTimeout(refusalTimer.current), []);

  function refuse(reason: string) {
    setRefusal(reason);
    window.clearTimeout(refusalTimer.current);
    refusalTimer.current = window.setTimeout(() => setRefusal(null), REFUSAL_DISPLAY_MS);
  }

  function send(input: string, kind: 'reaction' | 'message', onSent?: () => void): void {
    const content = quickMessageContent(input);
    if (content === null) return;
    setRefusal(null);
    window.clearTimeout(refusalTimer.current);
    // Issue 14: shown as sent only once the server says so; a refusal says why (for a few seconds, issue 26).
    emitToServer('send_reaction', { room, content, kind }, (answer) => {
      if (answer.ok) {
        showMine(content);
        onSent?.();
      } else refuse(answer.message);
    });
  }

  function handleSubmit(event: FormEvent) {
    event.preventDefault();
    const typed = message;
    // Issue 26: the box empties only once the server took the message, and only if nothing new was typed since.
    send(typed, 'message', () => setMessage((current) => (current === typed ? '' : current)));
  }

  const sendable = quickMessageContent(message) !== null;
  return (
    <section className={styles.reactions} aria-label={t('game.reactions.label')}>
      <div className={styles.bubbles} aria-live="polite">
        {mine ? <Bubble content={mine} who="mine" /> : null}
        {theirs ? <Bubble content={theirs} who="theirs" /> : null}
      </div>
      {refusal ? (
        <p role="alert" className={styles.refusal}>
          {t('game.reactions.notSent', { reason: refusal })}
        </p>
      ) : null}
      <div className={styles.picker} role="group" aria-label={t('game.reactions.picker')}>
        {REACTION_CHOICES.map((emoji) => (
          <button
            key={emoji}
            type="button"
            className={styles.reaction}
            onClick={() => send(emoji, 'reaction')}
            aria-label={t('game.reactions.react', { emoji })}
          >
            {emoji}
          </button>
        ))}
      </div>
      <form className={styles.message} onSubmit={handleSubmit}>
        <label htmlFor={messageId} className="visually-hidden">
          {t('game.reactions.message')}
        </label>
        <input
          id={messageId}
          className={styles.messageInput}
          value={message}
          maxLength={QUICK_MESSAGE_MAX_LENGTH}
          placeholder={t('game.reactions.message')}
          autoComplete="off"
          aria-describedby={counterId}
          onChange={(event) => setMessage(event.target.value)}
        />
        <span id={counterId} className={styles.counter}>
          {message.trim().length}/{QUICK_MESSAGE_MAX_LENGTH}
        </span>
        <Button type="submit" variant="secondary" disabled={!sendable}>
          {t('game.reactions.send')}
        </Button>
      </form>
    </section>
  );
}
