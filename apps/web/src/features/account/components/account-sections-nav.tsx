/**
 * Issue 26 (item 9): the account page's sections a player can jump to. On a
 * wide screen a column of links beside the page; on a phone a row of links
 * that stays under the (sticky) header and scrolls sideways inside itself.
 * A link scrolls its section into view and moves the focus there (keyboard
 * and screen-reader users land where sighted ones do); the address keeps the
 * section (`/account#limits`), which opens the page there.
 *
 * Issue 27 (item 3): on a phone the row says that it scrolls — its edges fade
 * where more links are hidden, with an arrow on that side — and the link of
 * the section in view is scrolled into the row.
 */
import { useCallback, useEffect, useState, type MouseEvent } from 'react';
import { useAccountT } from '../account-texts';
import styles from './account-sections-nav.module.css';

export const ACCOUNT_SECTIONS = [
  { id: 'overview', label: 'account.sections.overview' },
  { id: 'withdrawals', label: 'account.sections.withdrawals' },
  { id: 'history', label: 'account.sections.history' },
  { id: 'limits', label: 'account.sections.limits' },
  { id: 'security', label: 'account.sections.security' },
] as const;
export type AccountSectionId = (typeof ACCOUNT_SECTIONS)[number]['id'];

function prefersReducedMotion(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;
}

/** What the player does that ends the pin of their last jump: scrolling, touching, clicking or typing themselves. */
const PLAYER_INPUTS = ['wheel', 'touchstart', 'pointerdown', 'keydown'] as const;
let releasePin: (() => void) | null = null;

/**
 * Keeps a section where a jump put it while the page fills in. The account's lists, the
 * responsible-gaming tools and the security panel each arrive on their own, most of them above the
 * section a player jumps to: a smooth scroll aims at where the section was when it started, and
 * whatever arrives later pushes the section down, out of view (a jump made as the page opens, or on
 * a slow connection, landed on the wrong section). So every change of the page's height puts the
 * section back under the sticky bars, until the player scrolls or acts themselves.
 */
function pinSection(target: HTMLElement): void {
  releasePin?.();
  if (typeof ResizeObserver === 'undefined') return;
  let reported = false;
  const observer = new ResizeObserver(() => {
    // observe() reports the size once at the start: the jump's own scroll is under way then.
    if (!reported) {
      reported = true;
      return;
    }
    if (target.isConnected) target.scrollIntoView({ block: 'start', behavior: 'auto' });
    else release();
  });
  const release = () => {
    observer.disconnect();
    for (const type of PLAYER_INPUTS) window.removeEventListener(type, release, true);
    if (releasePin === release) releasePin = null;
  };
  observer.observe(document.body);
  for (const type of PLAYER_INPUTS) window.addEventListener(type, release, { capture: true, passive: true });
  releasePin = release;
}

/** Brings a section into view (below the sticky header and menu), gives it the focus, and keeps it there while the page loads. */
export function showSection(id: string, smooth: boolean): boolean {
  const target = document.getElementById(id);
  if (!target) return false;
  target.scrollIntoView({ block: 'start', behavior: smooth && !prefersReducedMotion() ? 'smooth' : 'auto' });
  target.focus({ preventScroll: true });
  pinSection(target);
  return true;
}

/** The sticky header's height, followed as it changes (its rows wrap differently at each width). */
export function useHeaderHeight(): number {
  const [height, setHeight] = useState(64);
  useEffect(() => {
    const header = document.querySelector('header');
    if (!header) return;
    const update = () => setHeight(Math.round(header.getBoundingClientRect().height));
    update();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(update);
    observer.observe(header);
    return () => observer.disconnect();
  }, []);
  return height;
}

/** The section in view (the last whose top passed under the sticky bars), for the menu's `aria-current`. */
export function useCurrentSection(enabled: boolean): AccountSectionId | null {
  const [current, setCurrent] = useState<AccountSectionId | null>(null);
  useEffect(() => {
    if (!enabled || typeof IntersectionObserver === 'undefined') return;
    const visible = new Set<string>();
    const observer = new IntersectionObserver(
      (entries) => {
        for (const entry of entries) {
          if (entry.isIntersecting) visible.add(entry.target.id);
          else visible.delete(entry.target.id);
        }
        const first = ACCOUNT_SECTIONS.find((section) => visible.has(section.id));
        if (first) setCurrent(first.id);
      },
      // The band under the header and the menu, down to the middle of the window.
      { rootMargin: '-120px 0px -50% 0px' },
    );
    for (const section of ACCOUNT_SECTIONS) {
      const element = document.getElementById(section.id);
      if (element) observer.observe(element);
    }
    return () => observer.disconnect();
  }, [enabled]);
  return current;
}

/** Whether a row scrolled sideways hides links before its start and past its end (a pixel of rounding allowed). */
export function hiddenEdges(row: { scrollLeft: number; scrollWidth: number; clientWidth: number }): {
  start: boolean;
  end: boolean;
} {
  if (row.scrollWidth <= row.clientWidth + 1) return { start: false, end: false };
  return { start: row.scrollLeft > 1, end: row.scrollLeft + row.clientWidth < row.scrollWidth - 1 };
}

/** The row's hidden edges, followed as it scrolls and as its width changes. */
function useHiddenEdges(list: HTMLUListElement | null) {
  const [edges, setEdges] = useState({ start: false, end: false });
  const update = useCallback(() => {
    if (!list) return;
    const next = hiddenEdges(list);
    setEdges((previous) => (previous.start === next.start && previous.end === next.end ? previous : next));
  }, [list]);
  useEffect(() => {
    if (!list) return;
    update();
    list.addEventListener('scroll', update, { passive: true });
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(update);
    observer?.observe(list);
    return () => {
      list.removeEventListener('scroll', update);
      observer?.disconnect();
    };
  }, [list, update]);
  return { edges, update };
}

export function AccountSectionsNav({ current }: { current: AccountSectionId | null }) {
  // Leaving the page ends the pin of its last jump.
  useEffect(() => () => releasePin?.(), []);
  const t = useAccountT();
  const [list, setList] = useState<HTMLUListElement | null>(null);
  const { edges, update } = useHiddenEdges(list);
  useEffect(() => {
    // On a phone the row scrolls sideways inside itself: it follows the section in view, so that Limits or
    // Security, past the right edge at 375 px, show when the player is there. Only the row scrolls, never the page.
    const nav = list;
    const link = nav?.querySelector<HTMLElement>('[aria-current="true"]');
    if (!nav || !link || nav.scrollWidth <= nav.clientWidth) return;
    const start = link.offsetLeft;
    const end = start + link.offsetWidth;
    if (start >= nav.scrollLeft && end <= nav.scrollLeft + nav.clientWidth) return;
    nav.scrollTo({ left: start - (nav.clientWidth - link.offsetWidth) / 2, behavior: 'auto' });
    update();
  }, [current, list, update]);
  function jump(event: MouseEvent<HTMLAnchorElement>, id: string) {
    if (!showSection(id, true)) return;
    event.preventDefault();
    // The address says where the player is, without a navigation (the router would scroll back to the top).
    window.history.replaceState(window.history.state, '', `#${id}`);
  }
  return (
    <nav
      aria-label={t('account.sections.label')}
      className={styles.nav}
      data-hidden-start={edges.start || undefined}
      data-hidden-end={edges.end || undefined}
    >
      <ul ref={setList} className={styles.list}>
        {ACCOUNT_SECTIONS.map((section) => (
          <li key={section.id}>
            <a
              href={`#${section.id}`}
              className={styles.link}
              aria-current={current === section.id ? 'true' : undefined}
              onClick={(event) => jump(event, section.id)}
            >
              {t(section.label)}
            </a>
          </li>
        ))}
      </ul>
      {/* Where links are hidden, an arrow over the faded edge says the row scrolls (the links themselves are all in the list for a screen reader). */}
      {edges.start ? (
        <span className={`${styles.more} ${styles.moreStart}`} aria-hidden="true">
          ‹
        </span>
      ) : null}
      {edges.end ? (
        <span className={`${styles.more} ${styles.moreEnd}`} aria-hidden="true">
          ›
        </span>
      ) : null}
    </nav>
  );
}
