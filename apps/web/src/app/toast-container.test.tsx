import { StrictMode } from 'react';
import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { notify } from '../lib/toast';
import Toasts from './toast-container';

describe('the toasts (issue 26: none is ever lost)', () => {
  it('shows a toast raised before its container mounted, through a development double mount (StrictMode), once', async () => {
    notify.success('Form submitted successfully');
    // Let the library's chunk arrive while nothing is mounted yet.
    await new Promise((resolve) => setTimeout(resolve, 50));
    render(
      <StrictMode>
        <Toasts />
      </StrictMode>,
    );
    expect(await screen.findByText('Form submitted successfully')).toBeTruthy();
    expect(screen.getAllByText('Form submitted successfully')).toHaveLength(1);

    // And one raised once it is mounted shows as well.
    notify.info('Your withdrawal request is being processed.');
    expect(await screen.findByText('Your withdrawal request is being processed.')).toBeTruthy();
  });
});
