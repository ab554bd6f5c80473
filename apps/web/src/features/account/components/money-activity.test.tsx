import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import type { WithdrawalItem } from '@shifumi/protocol';
import { MoneyActivity } from './money-activity';

const withdrawal = (overrides: Partial<WithdrawalItem>): WithdrawalItem => ({
  id: 'w1',
  txHash: null,
  amount: '0.1',
  recipientAddress: `0x${'ab'.repeat(20)}`,
  status: 'rejected',
  createdAt: '2026-11-20T09:00:00.000Z',
  fee: '0.000021',
  ...overrides,
});

describe('money activity: a rejected withdrawal (issue 26)', () => {
  it('says "rejected" once, with staff\'s reason', () => {
    render(<MoneyActivity deposits={[]} withdrawals={[withdrawal({ rejectReason: 'Address on a sanctions list' })]} />);
    const line = screen.getByText(/^Rejected/);
    expect(line.textContent).toBe('Rejected, amount and fee returned: Address on a sanctions list');
    expect(line.textContent?.match(/Rejected/gi)).toHaveLength(1);
  });

  it('without a reason, the status alone', () => {
    render(<MoneyActivity deposits={[]} withdrawals={[withdrawal({ id: 'w2' })]} />);
    expect(screen.getByText(/^Rejected/).textContent).toBe('Rejected, amount and fee returned');
  });
});
