/**
 * Renders each wallet island (lib/wallet-island.tsx) into its place in the
 * page, inside the stack's providers. An island's content may suspend while
 * its own chunk loads: the island's light fallback shows meanwhile.
 */
import { Suspense } from 'react';
import { createPortal } from 'react-dom';
import { useWalletStack } from '../../../lib/wallet-stack';

export function WalletIslands() {
  const { islands } = useWalletStack();
  return (
    <>
      {islands.map((island) =>
        createPortal(<Suspense fallback={island.fallback}>{island.content}</Suspense>, island.container, island.id),
      )}
    </>
  );
}
