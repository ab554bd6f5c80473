/**
 * The wallet stack on demand (decision 011): RainbowKit, wagmi, viem and all
 * they pull in are not part of the first load. This is the light side that
 * any screen may use — ask for the stack, open the connect dialog, place a
 * wallet island (wallet-island.tsx) — while
 * features/wallet/components/wallet-host.tsx fetches the stack and mounts it
 * when it is asked for:
 *
 * - a press on Connect Wallet (ours, light, until the stack is there) loads it
 *   and opens RainbowKit's connect dialog in the same interaction;
 * - hovering or focusing such a control fetches the code ahead (`prefetch`);
 * - at start, only when this browser had a wallet connected (the connector is
 *   remembered in localStorage) or holds a session bound to a wallet, the
 *   stack loads and reconnects that wallet.
 *
 * One store per app (App creates it), so that every test starts afresh.
 */
import { createContext, useContext, useSyncExternalStore, type ReactNode } from 'react';
import { STORAGE_KEYS } from '@shifumi/protocol/constants';

export type WalletStackStatus = 'idle' | 'loading' | 'ready' | 'failed';

/** Something a screen shows with the wallet stack, rendered by the stack into `container`. */
export interface WalletIslandEntry {
  id: string;
  container: HTMLElement;
  content: ReactNode;
  /** What the island shows while the stack (or the content's own code) loads. */
  fallback: ReactNode;
}

export interface WalletStackState {
  status: WalletStackStatus;
  /** The stack was asked for at start to reconnect the wallet this browser had connected. */
  restore: boolean;
  /** Counts the requests to open the connect dialog; the stack answers each once. */
  connectRequests: number;
  islands: readonly WalletIslandEntry[];
}

export interface WalletStackOptions {
  /** Load the stack at once and reconnect the remembered wallet. */
  restore?: boolean;
  /** Load the stack at once, without reconnecting anything (tests hand the stack in ready). */
  requested?: boolean;
}

export class WalletStackStore {
  private state: WalletStackState;
  private readonly listeners = new Set<() => void>();
  private prefetcher: (() => Promise<unknown>) | null = null;
  private disconnector: (() => Promise<void>) | null = null;

  constructor({ restore = false, requested = false }: WalletStackOptions = {}) {
    this.state = { status: restore || requested ? 'loading' : 'idle', restore, connectRequests: 0, islands: [] };
  }

  readonly getState = (): WalletStackState => this.state;

  readonly subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  };

  private update(patch: Partial<WalletStackState>): void {
    this.state = { ...this.state, ...patch };
    for (const listener of this.listeners) listener();
  }

  /** Loads the stack (again after a failure); nothing more once it is loading or ready. */
  request(): void {
    if (this.state.status === 'idle' || this.state.status === 'failed') this.update({ status: 'loading' });
  }

  /** Connect Wallet: the stack if needed, then RainbowKit's connect dialog. */
  openConnect(): void {
    const status = this.state.status === 'idle' || this.state.status === 'failed' ? 'loading' : this.state.status;
    this.update({ status, connectRequests: this.state.connectRequests + 1 });
  }

  /** Fetches the stack's code without mounting it: a hover or a focus says a press may follow. */
  prefetch(): void {
    this.prefetcher?.().catch(() => undefined);
  }

  /** Disconnects the wallet if the stack has one connected, and forgets it in any case (logout). */
  async disconnect(): Promise<void> {
    rememberWalletConnector(null);
    await this.disconnector?.();
  }

  // The host's side.

  markReady(): void {
    if (this.state.status !== 'ready') this.update({ status: 'ready' });
  }

  markFailed(): void {
    this.update({ status: 'failed' });
  }

  setPrefetcher(prefetcher: (() => Promise<unknown>) | null): void {
    this.prefetcher = prefetcher;
  }

  setDisconnector(disconnector: (() => Promise<void>) | null): void {
    this.disconnector = disconnector;
  }

  // The islands' side.

  setIsland(entry: WalletIslandEntry): void {
    const index = this.state.islands.findIndex((island) => island.id === entry.id);
    const islands =
      index === -1 ? [...this.state.islands, entry] : this.state.islands.map((island, at) => (at === index ? entry : island));
    this.update({ islands });
  }

  removeIsland(id: string): void {
    if (!this.state.islands.some((island) => island.id === id)) return;
    this.update({ islands: this.state.islands.filter((island) => island.id !== id) });
  }
}

/** The wagmi connector id of the wallet this browser had connected, if any. */
export function rememberedWalletConnector(): string | null {
  try {
    return window.localStorage.getItem(STORAGE_KEYS.walletConnector) || null;
  } catch {
    return null;
  }
}

export function rememberWalletConnector(connectorId: string | null): void {
  try {
    if (connectorId) window.localStorage.setItem(STORAGE_KEYS.walletConnector, connectorId);
    else window.localStorage.removeItem(STORAGE_KEYS.walletConnector);
  } catch (error) {
    console.error('Could not remember the wallet', error);
  }
}

/**
 * The store for a page just opened: it reconnects at start only when a wallet
 * was connected before, or when the session is bound to a wallet (its wallet
 * must be watched: the session ends when that wallet goes).
 */
export function createWalletStackStore(sessionWallet: string | null): WalletStackStore {
  return new WalletStackStore({ restore: rememberedWalletConnector() !== null || sessionWallet !== null });
}

const WalletStackContext = createContext<WalletStackStore | null>(null);

export const WalletStackProvider = WalletStackContext.Provider;

export function useWalletStackStore(): WalletStackStore {
  const store = useContext(WalletStackContext);
  if (!store) throw new Error('useWalletStackStore needs a WalletStackProvider (App provides it)');
  return store;
}

export function useWalletStack(): WalletStackState {
  const store = useWalletStackStore();
  return useSyncExternalStore(store.subscribe, store.getState, store.getState);
}

/** One value of the state (a string, a number, a boolean): the component renders again only when it changes. */
export function useWalletStackValue<T extends string | number | boolean>(select: (state: WalletStackState) => T): T {
  const store = useWalletStackStore();
  const read = () => select(store.getState());
  return useSyncExternalStore(store.subscribe, read, read);
}

/**
 * The props of a light "Connect a wallet" button of any screen: a press loads
 * the stack and opens the connect dialog, a hover or a focus fetches the code
 * ahead, and the button says it is busy while the stack loads for it.
 */
export function useConnectWalletButton() {
  const store = useWalletStackStore();
  const busy = useWalletStackValue((state) => state.status === 'loading' && state.connectRequests > 0);
  const prefetch = () => store.prefetch();
  return {
    onClick: () => store.openConnect(),
    onPointerEnter: prefetch,
    onFocus: prefetch,
    'aria-busy': busy || undefined,
  };
}
