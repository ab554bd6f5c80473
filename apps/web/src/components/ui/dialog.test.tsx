import { describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { createPortal } from 'react-dom';
import { Dialog } from './dialog';

/**
 * A dialog whose last control is rendered into a slot of the dialog by a
 * component elsewhere in the tree (through a portal), as a wallet island is.
 * React also dispatches a key pressed there along the page's own ancestors
 * (the portal's container is inside the dialog), so the dialog's keys work.
 */
function DialogWithIsland({ onClose }: { onClose: () => void }) {
  const [slot, setSlot] = useState<HTMLDivElement | null>(null);
  return (
    <>
      <Dialog open onClose={onClose} title="Deposit Funds">
        <button type="button">First</button>
        <div ref={setSlot} />
      </Dialog>
      {slot ? createPortal(<input aria-label="Amount (ETH)" />, slot) : null}
    </>
  );
}

describe('the dialog with content rendered from elsewhere', () => {
  it('closes on Escape and keeps Tab inside from that content too', async () => {
    const user = userEvent.setup();
    const onClose = vi.fn();
    render(<DialogWithIsland onClose={onClose} />);
    // Something focusable after the dialog: without the trap, Tab from its last control would land there.
    const outside = document.body.appendChild(document.createElement('button'));

    const amount = screen.getByRole('textbox', { name: 'Amount (ETH)' });
    amount.focus();
    await user.tab();
    // The last control: Tab wraps to the first one of the dialog (the × button).
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Close' }));

    amount.focus();
    await user.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalledTimes(1);
    outside.remove();
  });
});
