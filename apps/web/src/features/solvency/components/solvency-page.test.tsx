import { buildLiabilityTree, proofOf, rootOf } from '@shifumi/fairness';
import { generateSigningSeed, nodeFairnessCrypto, parseSigningKey, publicKeyBase64 } from '@shifumi/fairness/node';
import { signedSnapshotOf } from '@shifumi/fairness/testing';
import { SOLVENCY_EN as TEXTS } from '@shifumi/protocol/catalogue/en/solvency';
import { SOLVENCY_FR } from '@shifumi/protocol/catalogue/fr/solvency';
import { SOLVENCY_TEXTS } from '@shifumi/protocol/solvency-texts';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { activateLanguage } from '../../../lib/i18n/i18n';
import { backgroundReads, installFetch, jsonResponse } from '../../../test/fetch-mock';
import { renderApp, signInAs, testUser } from '../../../test/render-app';

const key = parseSigningKey(generateSigningSeed());
const publicKey = publicKeyBase64(key);
const SNAPSHOT_ID = '44444444-4444-4444-8444-444444444444';
const tree = await buildLiabilityTree(nodeFairnessCrypto, [
  { userId: testUser.id, salt: '11'.repeat(32), amountWei: 5n * 10n ** 17n },
  { userId: 'someone-else', salt: '22'.repeat(32), amountWei: 10n ** 18n },
]);
const proof = proofOf(tree, SNAPSHOT_ID, testUser.id)!;
const cold = `0x${'c'.repeat(40)}`;
const snapshot = signedSnapshotOf(rootOf(tree.root), 2, key, {
  id: SNAPSHOT_ID,
  blockNumber: '1234',
  reserves: [{ address: cold, balanceWei: (3n * 10n ** 18n).toString(), signature: null }],
  totalWei: '0',
  ratio: '0.000000',
});
const history = [
  {
    id: SNAPSHOT_ID,
    at: snapshot.at,
    blockNumber: '1234',
    liabilitiesWei: snapshot.liabilities.root.sumWei,
    reservesWei: '0',
    ratio: '0.000000',
  },
  {
    id: '55555555-5555-4555-8555-555555555555',
    at: '2025-12-31T23:00:00.000Z',
    blockNumber: '1000',
    liabilitiesWei: '1',
    reservesWei: '2',
    ratio: '2.000000',
  },
];

function serve(proofBody: unknown = proof) {
  return installFetch((request) => {
    if (request.url === '/api/solvency') return jsonResponse(200, snapshot);
    if (request.url === '/api/solvency/history') return jsonResponse(200, history);
    if (request.url === '/api/fairness/key') return jsonResponse(200, { algorithm: 'Ed25519', publicKey });
    if (request.url === `/api/solvency/proof?snapshot=${SNAPSHOT_ID}`) return jsonResponse(200, proofBody);
    return backgroundReads(request) ?? jsonResponse(404, { message: 'Not found.' });
  });
}

describe('/solvency', () => {
  beforeEach(() => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
  });

  it('shows the ratio (red below 1), both totals, the block, the uncounted cold address and the history chart; asks a visitor to sign in', async () => {
    serve();
    renderApp('/solvency');
    // The page's texts are a namespace fetched with it (issue 27): the first import is slow in the tests.
    expect(await screen.findByRole('heading', { level: 1, name: TEXTS.title }, { timeout: 10_000 })).toBeTruthy();
    await waitFor(() => expect(screen.getByTestId('solvency-ratio').textContent).toContain('0.000000'));
    expect(screen.getByText(TEXTS.notCovered)).toBeTruthy();
    expect(screen.getByTestId('solvency-liabilities').textContent).toContain('1.5 ETH');
    expect(screen.getByText('1234')).toBeTruthy();
    expect(screen.getByText(TEXTS.notCounted)).toBeTruthy();
    await waitFor(() =>
      expect(
        screen.getByRole('img', { name: 'Ratio of reserves to liabilities over the last 2 snapshots; the line marks 1.' }),
      ).toBeTruthy(),
    );
    expect(screen.getByText(TEXTS.signInToVerify)).toBeTruthy();
    expect(screen.queryByRole('button', { name: TEXTS.verifyButton })).toBeNull();
  });

  it("verifies a signed-in player's balance in this browser, every check passing, with their amount", async () => {
    signInAs();
    serve();
    const { user } = renderApp('/solvency');
    await user.click(await screen.findByRole('button', { name: TEXTS.verifyButton }));
    const list = await screen.findByRole('list', { name: TEXTS.checksHeading }, { timeout: 10_000 });
    expect(screen.getAllByRole('status').some((element) => element.textContent?.includes(TEXTS.allPassed))).toBe(true);
    expect(within(list).getAllByRole('listitem')).toHaveLength(6);
    expect(screen.getByTestId('solvency-your-amount').textContent).toBe('0.5 ETH');
  });

  it("fails somebody else's proof: the leaf is not the signed-in player's", async () => {
    signInAs();
    serve(proofOf(tree, SNAPSHOT_ID, 'someone-else'));
    const { user } = renderApp('/solvency');
    await user.click(await screen.findByRole('button', { name: TEXTS.verifyButton }));
    const list = await screen.findByRole('list', { name: TEXTS.checksHeading }, { timeout: 10_000 });
    expect(screen.getByRole('alert').textContent).toContain('1 check failed: this proof does not show your balance is counted.');
    expect(list.querySelector('[data-check="leaf"]')!.textContent).toContain(SOLVENCY_TEXTS.otherUser('someone-else'));
  });

  it('fails a proof whose amount was changed, saying why', async () => {
    signInAs();
    serve({ ...proof, amountWei: (BigInt(proof.amountWei) + 1n).toString() });
    const { user } = renderApp('/solvency');
    await user.click(await screen.findByRole('button', { name: TEXTS.verifyButton }));
    const list = await screen.findByRole('list', { name: TEXTS.checksHeading }, { timeout: 10_000 });
    expect(screen.getByRole('alert').textContent).toContain('2 checks failed: this proof does not show your balance is counted.');
    const leaf = list.querySelector('[data-check="leaf"]')!;
    expect(leaf.textContent).toContain(SOLVENCY_TEXTS.leafMismatch);
    expect(list.querySelector('[data-check="root"]')!.textContent).toContain(TEXTS.fail);
  });

  it("speaks French when French is chosen (issue 27): somebody else's proof fails, saying why in French, amounts written the French way", async () => {
    await activateLanguage('fr');
    try {
      signInAs();
      serve(proofOf(tree, SNAPSHOT_ID, 'someone-else'));
      const { user } = renderApp('/solvency');
      await user.click(await screen.findByRole('button', { name: SOLVENCY_FR.verifyButton }, { timeout: 10_000 }));
      const list = await screen.findByRole('list', { name: SOLVENCY_FR.checksHeading }, { timeout: 10_000 });
      expect(screen.getByRole('alert').textContent).toContain(
        '1 vérification a échoué : cette preuve ne montre pas que votre solde est compté.',
      );
      const leaf = list.querySelector('[data-check="leaf"]')!;
      expect(leaf.textContent).toContain(SOLVENCY_FR.checks.leaf.title);
      expect(leaf.textContent).toContain(
        "La preuve concerne l'utilisateur someone-else, pas vous : elle ne dit rien de votre solde.",
      );
      expect(list.querySelector('[data-check="path"]')!.textContent).toContain(
        // A tree of two: a path of one step, said by the plural's "one".
        "L'unique étape du chemin a des sommes positives ou nulles qui tombent juste.",
      );
      expect(screen.getByTestId('solvency-liabilities').textContent).toContain('1,5 ETH');
    } finally {
      await activateLanguage('en');
    }
  });
});
