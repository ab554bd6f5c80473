/**
 * A place in a screen for something made with the wallet stack (a connect
 * button, the deposit-from-wallet form, the link-wallet step). Until the stack
 * is there the island shows its light `fallback`; once it is, the stack
 * renders `children` into the island through a portal, inside its providers
 * (wagmi, RainbowKit) — which are mounted once, beside the page, so loading
 * them never remounts the page a person is on.
 *
 * `children` render in the stack's tree, under the layout: they see the
 * router, the query client and the wallet hooks, not contexts provided
 * between the layout and the island.
 */
import { useId, useLayoutEffect, useState, type ReactNode } from 'react';
import { useWalletStackStore, useWalletStackValue } from './wallet-stack';
import styles from './wallet-island.module.css';

export interface WalletIslandProps {
  /** Made with the wallet stack; may suspend while its own code loads (the fallback shows meanwhile). */
  children: ReactNode;
  /** Light, without the stack: shown until the stack renders `children`. */
  fallback: ReactNode;
}

export function WalletIsland({ children, fallback }: WalletIslandProps) {
  const store = useWalletStackStore();
  const ready = useWalletStackValue((state) => state.status === 'ready');
  const id = useId();
  const [container, setContainer] = useState<HTMLDivElement | null>(null);

  // Every render hands the stack the latest children (their props change with the screen).
  useLayoutEffect(() => {
    if (ready && container) store.setIsland({ id, container, content: children, fallback });
  });
  useLayoutEffect(() => () => store.removeIsland(id), [store, id]);

  return (
    <>
      {ready ? null : fallback}
      <div ref={setContainer} className={styles.island} />
    </>
  );
}
