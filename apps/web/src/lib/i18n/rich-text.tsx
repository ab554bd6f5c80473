/**
 * Issue 27: catalogue texts with elements in them, rendered as text, never as markup.
 * - `RichText`: words in bold, marked `<b>…</b>` in the message (how to play's rules); only the `<b>` marks become elements.
 * - `richText`: a sentence with elements in it (a link in the middle of a sentence), each language placing them where
 *   its grammar wants: `'I accept the {terms}'` / `'J’accepte les {terms}'` with `terms` a link.
 */
import { Fragment, type ReactNode } from 'react';
import type { MessageKey, translate } from './i18n';

export function RichText({ text }: { text: string }): ReactNode {
  // split() with a capturing group: even indexes are plain text, odd ones the bold words.
  return text.split(/<b>(.*?)<\/b>/).map((part, index) => (index % 2 === 1 ? <strong key={index}>{part}</strong> : part));
}

const MARK = '\u0000';

/** The message `key` with each placeholder named in `nodes` replaced by its element. */
export function richText(t: typeof translate, key: MessageKey, nodes: Record<string, ReactNode>): ReactNode[] {
  const marked = Object.fromEntries(Object.keys(nodes).map((name) => [name, `${MARK}${name}${MARK}`]));
  return t(key, marked)
    .split(new RegExp(`${MARK}(\\w+)${MARK}`))
    .map((part, index) => (index % 2 === 1 ? <Fragment key={index}>{nodes[part]}</Fragment> : part));
}
