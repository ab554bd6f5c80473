/**
 * Issue 26: the console's menu. A column beside the pages on a wide screen;
 * on a phone one row that scrolls sideways (never three rows of links), with
 * a fade and a "›" button at the end while sections are hidden to the right,
 * so that nobody misses them. The current section is scrolled into the row;
 * focusing a hidden link scrolls it into view.
 */
import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { useLocation } from 'react-router';
import { useT } from '../../../lib/i18n/i18n';
import styles from './admin.module.css';

export function ConsoleNav({ who, children }: { who: ReactNode; children: ReactNode }) {
  const t = useT();
  const links = useRef<HTMLDivElement>(null);
  const [hiddenToTheRight, setHiddenToTheRight] = useState(false);
  const measure = useCallback(() => {
    const element = links.current;
    if (element) setHiddenToTheRight(element.scrollLeft + element.clientWidth < element.scrollWidth - 1);
  }, []);
  const { pathname } = useLocation();
  // The current section in view in the row (a game's page, reached from a list, is under Games far right).
  useEffect(() => {
    const element = links.current;
    const current = element?.querySelector<HTMLElement>('[aria-current="page"]');
    if (!element || !current || element.scrollWidth <= element.clientWidth) return;
    const start = current.offsetLeft - element.offsetLeft;
    const end = start + current.offsetWidth;
    if (start < element.scrollLeft || end > element.scrollLeft + element.clientWidth)
      element.scrollLeft = Math.max(0, start - element.clientWidth / 4);
    measure();
  }, [pathname, measure]);
  useEffect(() => {
    measure();
    const element = links.current;
    if (!element || typeof ResizeObserver === 'undefined') return undefined;
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, [measure]);
  return (
    <nav className={styles.nav} aria-label={t('admin.nav.label')}>
      <span className={styles.role}>{who}</span>
      <div className={styles.navScroller} data-more={hiddenToTheRight}>
        <div ref={links} className={styles.navLinks} onScroll={measure}>
          {children}
        </div>
        {hiddenToTheRight ? (
          <button
            type="button"
            className={styles.navMore}
            aria-label={t('admin.nav.more')}
            onClick={() => links.current?.scrollBy({ left: links.current.clientWidth * 0.7, behavior: 'smooth' })}
          >
            ›
          </button>
        ) : null}
      </div>
    </nav>
  );
}
