import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { TEXTS } from '@shifumi/protocol';
import { accountFixture, backgroundReads, configFixture, installFetch, jsonResponse } from '../test/fetch-mock';
import { renderApp, signInAs } from '../test/render-app';
import { explorerTransactionUrl } from './transaction-hash';

const DEPOSIT_HASH = `0x${'ab'.repeat(32)}`;
const WITHDRAWAL_HASH = `0x${'cd'.repeat(32)}`;
const account = accountFixture({
  deposits: [
    {
      txHash: DEPOSIT_HASH,
      amount: '0.5',
      status: 'credited',
      confirmations: 3,
      requiredConfirmations: 3,
      createdAt: '2026-11-23T10:00:00.000Z',
    },
  ],
  withdrawals: [
    {
      id: 'w-1',
      txHash: WITHDRAWAL_HASH,
      amount: '0.1',
      recipientAddress: '0x52908400098527886E0F7030069857D2E4169EE7',
      status: 'confirmed',
      createdAt: '2026-11-23T11:00:00.000Z',
      fee: '0.000063',
    },
  ],
});

function openAccount(explorerUrl: string | null) {
  signInAs();
  installFetch((request) =>
    request.url === '/api/config'
      ? jsonResponse(200, { ...configFixture, explorerUrl })
      : (backgroundReads(request, account) ?? jsonResponse(404, {})),
  );
  return renderApp('/account');
}

describe('transaction hashes (issue 14)', () => {
  it('builds the explorer address of a hash, or none without an explorer', () => {
    expect(explorerTransactionUrl('https://etherscan.io', '0x12')).toBe('https://etherscan.io/tx/0x12');
    expect(explorerTransactionUrl('https://etherscan.io/', '0x12')).toBe('https://etherscan.io/tx/0x12');
    expect(explorerTransactionUrl(null, '0x12')).toBeNull();
    expect(explorerTransactionUrl(undefined, '0x12')).toBeNull();
  });

  it('link to the block explorer when the server names one', async () => {
    openAccount('https://etherscan.io');
    const depositLink = await screen.findByRole('link', { name: `${TEXTS.explorerLink}: ${DEPOSIT_HASH}` });
    expect(depositLink.getAttribute('href')).toBe(`https://etherscan.io/tx/${DEPOSIT_HASH}`);
    expect(depositLink.getAttribute('rel')).toBe('noopener noreferrer');
    const withdrawalLink = screen.getByRole('link', { name: `${TEXTS.explorerLink}: ${WITHDRAWAL_HASH}` });
    expect(withdrawalLink.getAttribute('href')).toBe(`https://etherscan.io/tx/${WITHDRAWAL_HASH}`);
    expect(screen.queryByRole('button', { name: new RegExp(TEXTS.copyHash) })).toBeNull();
  });

  it('without an explorer: the hash alone, with a copy button that copies it whole', async () => {
    const { user } = openAccount(null);
    const copy = await screen.findByRole('button', { name: `${TEXTS.copyHash} ${DEPOSIT_HASH}` });
    expect(screen.queryByRole('link', { name: new RegExp(TEXTS.explorerLink) })).toBeNull();
    expect(within(copy.parentElement!).getByTitle(DEPOSIT_HASH).textContent).toBe('0xabab…abab');
    await user.click(copy);
    // user-event's clipboard stands in for the browser's.
    expect(await navigator.clipboard.readText()).toBe(DEPOSIT_HASH);
    expect(await screen.findByText(TEXTS.hashCopied)).toBeTruthy();
  });
});
