import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import type { WithdrawalItem } from '@shifumi/protocol';
import { formatWhen } from './account-status-banner';
import { MoneyActivity, type WithdrawalReview } from './money-activity';

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

describe('money activity: a withdrawal in review (issue 26, item 3)', () => {
  const review: WithdrawalReview = {
    kind: 'withdrawal_review',
    withdrawalId: 'w3',
    amount: '1.5',
    reason: 'Above the review threshold of 1 ETH.',
    since: '2026-11-20T09:00:00.000Z',
    expectedBy: '2026-11-21T09:00:00.000Z',
  };

  it('says "In review", why, and by when staff usually decide', () => {
    render(
      <MoneyActivity
        deposits={[]}
        withdrawals={[withdrawal({ id: 'w3', status: 'review', amount: '1.5' })]}
        reviews={new Map([['w3', review]])}
      />,
    );
    expect(screen.getByText('In review', { exact: true })).toBeTruthy();
    expect(screen.getByTestId('withdrawal-review-note').textContent).toBe(
      `Above the review threshold of 1 ETH. Shifumi staff usually decide within 24 hours, by ${formatWhen(review.expectedBy)}.`,
    );
  });

  it('a row of another status, or one whose review is not read yet, has no note', () => {
    render(
      <MoneyActivity
        deposits={[]}
        withdrawals={[withdrawal({ id: 'w3', status: 'confirmed' }), withdrawal({ id: 'w4', status: 'review' })]}
        reviews={new Map([['w3', review]])}
      />,
    );
    expect(screen.getByText('In review', { exact: true })).toBeTruthy();
    expect(screen.queryByTestId('withdrawal-review-note')).toBeNull();
  });
});
