import { describe, expect, it, vi } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { lazyComponent } from './lazy-component';

function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((yes, no) => {
    resolve = yes;
    reject = no;
  });
  return { promise, resolve, reject };
}

const Greeting = ({ name }: { name: string }) => <p>Hello {name}</p>;

describe('a component in a chunk of its own', () => {
  it('suspends until its chunk arrives the first time, then renders at once without suspending', async () => {
    const chunk = deferred<typeof Greeting>();
    const load = vi.fn(() => chunk.promise);
    const Lazy = lazyComponent(load);

    const first = render(
      <Suspense fallback={<p>loading</p>}>
        <Lazy name="Ann" />
      </Suspense>,
    );
    expect(screen.getByText('loading')).toBeTruthy();
    await act(async () => chunk.resolve(Greeting));
    expect(screen.getByText('Hello Ann')).toBeTruthy();
    first.unmount();

    render(
      <Suspense fallback={<p>loading</p>}>
        <Lazy name="Bo" />
      </Suspense>,
    );
    expect(screen.queryByText('loading')).toBeNull();
    expect(screen.getByText('Hello Bo')).toBeTruthy();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('fetches its chunk once when preloaded (a hover), so that the press finds it', async () => {
    const load = vi.fn(async () => Greeting);
    const Lazy = lazyComponent(load);
    Lazy.preload();
    Lazy.preload();
    await vi.waitFor(() => expect(load).toHaveBeenCalledTimes(1));
    await Promise.resolve();
    render(<Lazy name="Cy" />);
    expect(screen.getByText('Hello Cy')).toBeTruthy();
  });

  it('asks for its chunk again after a failed preload (offline, a release in between)', async () => {
    const load = vi.fn<() => Promise<typeof Greeting>>().mockRejectedValueOnce(new Error('offline')).mockResolvedValue(Greeting);
    const Lazy = lazyComponent(load);
    Lazy.preload();
    await vi.waitFor(() => expect(load).toHaveBeenCalledTimes(1));
    await new Promise((resolve) => setTimeout(resolve, 0));
    Lazy.preload();
    await vi.waitFor(() => expect(load).toHaveBeenCalledTimes(2));
  });
});
