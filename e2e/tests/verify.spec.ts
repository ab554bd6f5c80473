import { createHash, generateKeyPairSync, sign } from 'node:crypto';
import { expect, test } from '@playwright/test';

/**
 * /verify in Chromium (issue 17): a transcript signed here, with node:crypto
 * and a canonical JSON of our own (sorted keys; the transcript holds only
 * ASCII strings, integers, null and arrays, for which that is RFC 8785), is
 * checked by the page with the browser's Web Crypto — an independent
 * implementation of both sides.
 */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value).sort(([left], [right]) => (left < right ? -1 : left > right ? 1 : 0));
    return `{${entries.map(([key, item]) => `${JSON.stringify(key)}:${canonical(item)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

const room = 'e2e-verify-room';
const ana = 'a1a1a1a1-1111-4111-8111-111111111111';
const ben = 'b2b2b2b2-2222-4222-8222-222222222222';
const salt = (fill: string) => fill.repeat(64);
const seal = (round: number, userId: string, choice: string, saltHex: string) =>
  createHash('sha256').update(`shifumi-commit-v1|${room}|${round}|${userId}|${choice}|${saltHex}`, 'utf8').digest('hex');
const sealed = (round: number, userId: string, choice: string, saltHex: string, lockedAt: string) => ({
  mode: 'sealed',
  choice,
  commitment: seal(round, userId, choice, saltHex),
  salt: saltHex,
  lockedAt,
});

const unsigned = {
  version: 1,
  room,
  players: [
    { id: ana, name: 'Ana' },
    { id: ben, name: 'Ben' },
  ],
  // $5 at $3000 per ETH, rounded up to the wei.
  stakeWei: '1666666666666667',
  amountUsdt: 5,
  price: '3000',
  rounds: [
    {
      round: 1,
      startedAt: '2026-11-24T10:00:00.000Z',
      deadline: '2026-11-24T10:00:10.000Z',
      results: {
        [ana]: sealed(1, ana, 'rock', salt('1'), '2026-11-24T10:00:02.000Z'),
        [ben]: sealed(1, ben, 'scissors', salt('2'), '2026-11-24T10:00:03.000Z'),
      },
      winnerId: ana,
    },
    {
      round: 2,
      startedAt: '2026-11-24T10:00:16.000Z',
      deadline: '2026-11-24T10:00:26.000Z',
      results: {
        [ana]: sealed(2, ana, 'paper', salt('3'), '2026-11-24T10:00:18.000Z'),
        [ben]: { mode: 'auto', choice: 'rock', lockedAt: null },
      },
      winnerId: ana,
    },
  ],
  winnerId: ana,
  payoutWei: '3333333333333334',
  endedAt: '2026-11-24T10:00:27.000Z',
  ledgerTransfers: ['stake-1', 'settle-1'],
};
const { privateKey, publicKey } = generateKeyPairSync('ed25519');
const rawPublicKey = publicKey.export({ format: 'der', type: 'spki' }).subarray(12).toString('base64');
const transcript = {
  ...unsigned,
  signature: sign(null, Buffer.from(canonical(unsigned), 'utf8'), privateKey).toString('base64'),
};

test('a player opens /verify and sees every check of a signed transcript pass, and a changed one fail', async ({ page }) => {
  await page.goto('/verify');
  await expect(page.getByRole('heading', { level: 1, name: 'Verify a game' })).toBeVisible();

  // The server's own key arrives from GET /api/fairness/key; this transcript was signed with another one.
  const keyField = page.getByLabel("Shifumi's public key");
  await expect(keyField).toHaveValue(/^[A-Za-z0-9+/]{43}=$/);
  await keyField.fill(rawPublicKey);

  await page.getByLabel('Transcript (JSON)').fill(JSON.stringify(transcript, null, 2));
  await page.getByRole('button', { name: 'Check the transcript' }).click();
  await expect(
    page.getByText('All 7 checks passed: this game is exactly as Shifumi signed it, and it followed the rules.'),
  ).toBeVisible();
  const checks = page.getByRole('list', { name: 'Checks' }).getByRole('listitem');
  await expect(checks).toHaveCount(7);
  await expect(page.locator('[data-check="signature"]')).toContainText(
    'The signature is valid for this transcript and this key.',
  );
  await expect(page.getByRole('heading', { name: 'Checks' })).toBeFocused();

  const tampered = structuredClone(transcript);
  tampered.rounds[0]!.results[ben] = { ...tampered.rounds[0]!.results[ben]!, choice: 'paper' };
  await page.getByLabel('Transcript (JSON)').fill(JSON.stringify(tampered));
  await page.getByRole('button', { name: 'Check the transcript' }).click();
  await expect(page.getByText('3 of 7 checks failed: do not trust this transcript as it is.')).toBeVisible();
  for (const id of ['signature', 'commitments', 'rounds'])
    await expect(page.locator(`[data-check="${id}"]`)).toContainText('Failed');
  await expect(page.locator('[data-check="payout"]')).toContainText('Passed');
});

test('/verify fits a 375 px screen', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto('/verify');
  await page.getByLabel('Transcript (JSON)').fill(JSON.stringify(transcript));
  await page.getByLabel("Shifumi's public key").fill(rawPublicKey);
  await page.getByRole('button', { name: 'Check the transcript' }).click();
  await expect(page.getByRole('list', { name: 'Checks' }).getByRole('listitem')).toHaveCount(7);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
});
