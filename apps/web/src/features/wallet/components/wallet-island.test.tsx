import { describe, expect, it } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import { WalletIslands } from './wallet-islands';
import { WalletIsland } from '../../../lib/wallet-island';
import { WalletStackProvider, WalletStackStore } from '../../../lib/wallet-stack';

function Screen({ store, amount }: { store: WalletStackStore; amount: number }) {
  return (
    <WalletStackProvider value={store}>
      <section aria-label="screen">
        <WalletIsland fallback={<p>light stand-in</p>}>
          <p>made with the stack: {amount}</p>
        </WalletIsland>
      </section>
      {/* What the stack renders once loaded, beside the screen. */}
      {store.getState().status === 'ready' ? <WalletIslands /> : null}
    </WalletStackProvider>
  );
}

describe('a wallet island', () => {
  it('shows its light stand-in until the stack is ready, then what the stack renders, in its place, with the latest props', () => {
    const store = new WalletStackStore({ requested: true });
    const view = render(<Screen store={store} amount={1} />);
    expect(screen.getByText('light stand-in')).toBeTruthy();
    expect(screen.queryByText(/made with the stack/)).toBeNull();

    act(() => store.markReady());
    view.rerender(<Screen store={store} amount={1} />);

    expect(screen.queryByText('light stand-in')).toBeNull();
    const content = screen.getByText('made with the stack: 1');
    // In the screen's DOM, where the island is, though rendered by another tree.
    expect(screen.getByRole('region', { name: 'screen' }).contains(content)).toBe(true);

    view.rerender(<Screen store={store} amount={2} />);
    expect(screen.getByText('made with the stack: 2')).toBeTruthy();

    view.unmount();
    expect(store.getState().islands).toEqual([]);
  });
});

describe('the wallet stack store', () => {
  it('loads once asked, opens the connect dialog on each press, and loads again after a failure', () => {
    const store = new WalletStackStore();
    expect(store.getState()).toMatchObject({ status: 'idle', restore: false, connectRequests: 0 });
    store.openConnect();
    expect(store.getState()).toMatchObject({ status: 'loading', connectRequests: 1 });
    store.markFailed();
    store.request();
    expect(store.getState().status).toBe('loading');
    store.markReady();
    store.openConnect();
    expect(store.getState()).toMatchObject({ status: 'ready', connectRequests: 2 });
  });
});
