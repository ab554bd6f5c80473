import { generateSigningSeed, parseSigningKey, publicKeyBase64, signTranscript } from '@shifumi/fairness/node';
import { buildTranscript, randomSalt } from '@shifumi/fairness/testing';
import { formatEth } from '@shifumi/money';
import { VERIFY_EN as TEXTS } from '@shifumi/protocol/catalogue/en/verify';
import { VERIFY_FR } from '@shifumi/protocol/catalogue/fr/verify';
import { FAIRNESS_TEXTS } from '@shifumi/protocol/fairness-texts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { backgroundReads, installFetch, jsonResponse } from '../../../test/fetch-mock';
import { activateLanguage } from '../../../lib/i18n/i18n';
import { renderApp } from '../../../test/render-app';

const ALL_SEVEN_PASSED = 'All 7 checks passed: this game is exactly as Shifumi signed it, and it followed the rules.';
const THREE_OF_SEVEN_FAILED = '3 of 7 checks failed: do not trust this transcript as it is.';
const key = parseSigningKey(generateSigningSeed());
const publicKey = publicKeyBase64(key);
const ana = { id: 'a1a1a1a1-1111-4111-8111-111111111111', name: 'Ana' };
const ben = { id: 'b2b2b2b2-2222-4222-8222-222222222222', name: 'Ben' };
const transcript = signTranscript(
  buildTranscript({
    room: 'c3c3c3c3-3333-4333-8333-333333333333',
    players: [ana, ben],
    amountUsdt: 5,
    price: '3000',
    plays: [
      [
        { mode: 'sealed', choice: 'rock', salt: randomSalt() },
        { mode: 'sealed', choice: 'scissors', salt: randomSalt() },
      ],
      [
        { mode: 'sealed', choice: 'paper', salt: randomSalt() },
        { mode: 'sealed', choice: 'rock', salt: randomSalt() },
      ],
    ],
    ledgerTransfers: ['t1', 't2', 't3'],
  }),
  key,
);

function serveKey(answer: () => Response = () => jsonResponse(200, { algorithm: 'Ed25519', publicKey })) {
  return installFetch((request) => {
    if (request.url === '/api/fairness/key') return answer();
    return backgroundReads(request) ?? jsonResponse(404, { message: 'Not found.' });
  });
}

function checkItems() {
  return within(screen.getByRole('list', { name: TEXTS.resultsHeading })).getAllByRole('listitem');
}

async function pasteAndCheck(user: ReturnType<typeof renderApp>['user'], text: string) {
  const field = screen.getByLabelText(TEXTS.transcriptLabel);
  // Typing JSON character by character would take long and user-event reads braces as key names: paste it.
  await user.click(field);
  await user.paste(text);
  await user.click(screen.getByRole('button', { name: TEXTS.check }));
}

/** Checking a transcript (SHA-256, Ed25519) in jsdom takes a while on a loaded machine. */
const SLOW_CHECK = { timeout: 10_000 };

/** Waits until the verdict's heading has the focus, as the page gives it after a check. */
async function verdictFocused(): Promise<void> {
  await waitFor(() => expect(document.activeElement?.id).toBe('verify-summary'));
}

describe('/verify', () => {
  beforeEach(() => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
  });

  it('fills in the server’s key and lists every check of a valid transcript with ✓', async () => {
    const { requests } = serveKey();
    const { user } = renderApp('/verify');
    // The page's texts are a namespace fetched with it (issue 27): the first import is slow in the tests.
    expect(await screen.findByRole('heading', { level: 1, name: TEXTS.title }, { timeout: 10_000 })).toBeTruthy();
    await waitFor(() => expect((screen.getByLabelText(TEXTS.keyLabel) as HTMLInputElement).value).toBe(publicKey));

    await pasteAndCheck(user, JSON.stringify(transcript, null, 2));

    await waitFor(() => expect(screen.getByText(ALL_SEVEN_PASSED)).toBeTruthy(), SLOW_CHECK);
    const items = checkItems();
    expect(items.map((item) => item.querySelector('h3')?.textContent)).toEqual(
      Object.values(TEXTS.checks)
        .map((entry) => `${entry.title}${TEXTS.passed}`)
        .sort((left, right) => order(left) - order(right)),
    );
    for (const item of items) expect(item.textContent).toContain('✓');
    expect(screen.getByText('Ana reached 2 round wins first.')).toBeTruthy();
    // Issue 26: amounts in ETH, the exact wei on hover; the command line only in a "for developers" disclosure.
    const payout = items.find((item) => item.getAttribute('data-check') === 'payout')!;
    const payoutDetail = within(payout).getByText(/ETH, as the result says\.$/);
    expect(payoutDetail.textContent).toBe(`${formatEth(BigInt(transcript.payoutWei))} ETH, as the result says.`);
    expect(payoutDetail.getAttribute('title')).toBe(`${transcript.payoutWei} wei`);
    const stake = items.find((item) => item.getAttribute('data-check') === 'stake')!;
    expect(
      within(stake)
        .getByText(/^The stake of/)
        .getAttribute('title'),
    ).toBe(`${transcript.stakeWei} wei`);
    for (const item of items) expect(item.textContent).not.toMatch(/\d wei/);
    const developers = screen.getByText(TEXTS.offlineSummary).closest('details')!;
    expect(developers.open).toBe(false);
    expect(within(developers).getByText(TEXTS.offlineCommand).tagName).toBe('CODE');
    expect(document.body.textContent?.match(/npm run verify:game/g)).toHaveLength(1);
    // The transcript never leaves the browser: the only request of the page is the key.
    expect(
      requests
        .filter((request) => request.url.startsWith('/api/fairness') || request.method !== 'GET')
        .map((request) => request.url),
    ).toEqual(['/api/fairness/key']);
  });

  it('marks a tampered transcript’s failing checks with ✗ and says not to trust it', async () => {
    serveKey();
    const { user } = renderApp('/verify');
    await waitFor(() => expect((screen.getByLabelText(TEXTS.keyLabel) as HTMLInputElement).value).toBe(publicKey));
    const tampered = structuredClone(transcript);
    tampered.rounds[0]!.results[ben.id]!.choice = 'paper';

    await pasteAndCheck(user, JSON.stringify(tampered));

    await waitFor(() => expect(screen.getByText(THREE_OF_SEVEN_FAILED)).toBeTruthy());
    const failed = checkItems().filter((item) => item.textContent?.includes('✗'));
    expect(failed.map((item) => item.getAttribute('data-check'))).toEqual(['signature', 'commitments', 'rounds']);
    expect(screen.getByText('Round 1: the choice and salt of Ben do not give back the commitment.')).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toContain(THREE_OF_SEVEN_FAILED);
  });

  it('says what is wrong with empty or non-JSON input, and checks nothing', async () => {
    serveKey();
    const { user } = renderApp('/verify');
    await user.click(screen.getByRole('button', { name: TEXTS.check }));
    expect(screen.getByText(TEXTS.empty)).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByLabelText(TEXTS.transcriptLabel));
    await pasteAndCheck(user, 'not json');
    expect(screen.getByText(TEXTS.notJson)).toBeTruthy();
    expect(screen.getByLabelText(TEXTS.transcriptLabel).getAttribute('aria-invalid')).toBe('true');
    expect(screen.queryByRole('list', { name: TEXTS.resultsHeading })).toBeNull();
  });

  it('checks an uploaded transcript file at once', async () => {
    serveKey();
    renderApp('/verify');
    await waitFor(() => expect((screen.getByLabelText(TEXTS.keyLabel) as HTMLInputElement).value).toBe(publicKey));
    const file = new File([JSON.stringify(transcript)], 'game.json', { type: 'application/json' });
    fireEvent.change(screen.getByLabelText(TEXTS.fileLabel), { target: { files: [file] } });
    await waitFor(() => expect(screen.getByText(ALL_SEVEN_PASSED)).toBeTruthy(), SLOW_CHECK);
    expect((screen.getByLabelText(TEXTS.transcriptLabel) as HTMLTextAreaElement).value).toBe(JSON.stringify(transcript));
  });

  it('without the server’s key, says so; a pasted key is used instead, and a wrong one fails the signature', async () => {
    serveKey(() => jsonResponse(503, { message: 'Something went wrong on our side. Please try again.' }));
    const { user } = renderApp('/verify');
    await waitFor(() => expect(screen.getByText(TEXTS.keyUnavailable)).toBeTruthy(), { timeout: 5_000 });

    await pasteAndCheck(user, JSON.stringify(transcript));
    await waitFor(() => expect(screen.getByText(FAIRNESS_TEXTS.signatureNoKey)).toBeTruthy(), SLOW_CHECK);
    // The verdict takes the focus (on the next frame): only then type the key, or it lands on the verdict.
    await verdictFocused();

    await user.click(screen.getByLabelText(TEXTS.keyLabel));
    await user.paste(publicKeyBase64(parseSigningKey(generateSigningSeed())));
    await user.click(screen.getByRole('button', { name: TEXTS.check }));
    await waitFor(() => expect(screen.getByText(FAIRNESS_TEXTS.signatureInvalid)).toBeTruthy(), SLOW_CHECK);
    await verdictFocused();

    await user.clear(screen.getByLabelText(TEXTS.keyLabel));
    await user.paste(publicKey);
    await user.click(screen.getByRole('button', { name: TEXTS.check }));
    await waitFor(() => expect(screen.getByText(ALL_SEVEN_PASSED)).toBeTruthy(), SLOW_CHECK);
  });
});

const ORDER = ['format', 'signature', 'commitments', 'rounds', 'winner', 'stake', 'payout'] as const;
function order(heading: string): number {
  return ORDER.findIndex((id) => heading.startsWith(TEXTS.checks[id].title));
}

describe('/verify?game=<room> (opened from the account history)', () => {
  it("loads that game's transcript from the server and checks it at once", async () => {
    const { requests } = installFetch((request) => {
      if (request.url === '/api/fairness/key') return jsonResponse(200, { algorithm: 'Ed25519', publicKey });
      if (request.url === `/api/games/${transcript.room}/transcript`) return jsonResponse(200, transcript);
      return backgroundReads(request) ?? jsonResponse(404, { message: 'Not found.' });
    });
    renderApp(`/verify?game=${transcript.room}`);
    await waitFor(() => expect(checkItems()).toHaveLength(7));
    expect(checkItems().every((item) => item.textContent?.includes(TEXTS.passed))).toBe(true);
    expect(screen.getByText(ALL_SEVEN_PASSED)).toBeTruthy();
    expect((screen.getByLabelText(TEXTS.transcriptLabel) as HTMLTextAreaElement).value).toContain(transcript.signature);
    expect(requests.some((request) => request.url === `/api/games/${transcript.room}/transcript`)).toBe(true);
  });

  it('speaks French when French is chosen (issue 27): the checks, their verdicts and why each passed, a draw included', async () => {
    await activateLanguage('fr');
    try {
      serveKey();
      const { user } = renderApp('/verify');
      expect(await screen.findByRole('heading', { level: 1, name: VERIFY_FR.title }, { timeout: 10_000 })).toBeTruthy();
      await waitFor(() => expect((screen.getByLabelText(VERIFY_FR.keyLabel) as HTMLInputElement).value).toBe(publicKey));
      // A round's winner changed: the rules say a draw, said in French inside the French sentence.
      const tampered = structuredClone(transcript);
      tampered.rounds[1]!.winnerId = 'draw';
      await user.click(screen.getByLabelText(VERIFY_FR.transcriptLabel));
      await user.paste(JSON.stringify(tampered));
      await user.click(screen.getByRole('button', { name: VERIFY_FR.check }));
      const list = await screen.findByRole('list', { name: VERIFY_FR.resultsHeading }, SLOW_CHECK);
      const rounds = within(list)
        .getAllByRole('listitem')
        .find((item) => item.getAttribute('data-check') === 'rounds')!;
      expect(within(rounds).getByRole('heading').textContent).toBe(`${VERIFY_FR.checks.rounds.title}${VERIFY_FR.failed}`);
      expect(within(rounds).getByText('Manche 2 : le compte rendu indique égalité, les règles indiquent Ana.')).toBeTruthy();
      const commitments = within(list)
        .getAllByRole('listitem')
        .find((item) => item.getAttribute('data-check') === 'commitments')!;
      expect(within(commitments).getByText('Les 4 choix scellés correspondent tous à leur sceau.')).toBeTruthy();
      // Amounts inside the sentences as French writes them: a decimal comma (decision 063).
      const payout = within(list)
        .getAllByRole('listitem')
        .find((item) => item.getAttribute('data-check') === 'payout')!;
      const payoutEth = formatEth(BigInt(transcript.payoutWei));
      expect(payoutEth).toContain('.');
      expect(within(payout).getByText(`${payoutEth.replace('.', ',')} ETH, conformément au résultat.`)).toBeTruthy();
      expect(document.body.textContent).not.toContain(TEXTS.checks.rounds.title);
    } finally {
      await activateLanguage('en');
    }
  });

  it('says what is wrong with a malformed transcript in French, not in the schema’s English (issue 27)', async () => {
    await activateLanguage('fr');
    try {
      serveKey();
      const { user } = renderApp('/verify');
      expect(await screen.findByRole('heading', { level: 1, name: VERIFY_FR.title }, { timeout: 10_000 })).toBeTruthy();
      const { price: _price, ...withoutPrice } = transcript;
      await user.click(screen.getByLabelText(VERIFY_FR.transcriptLabel));
      await user.paste(JSON.stringify(withoutPrice));
      await user.click(screen.getByRole('button', { name: VERIFY_FR.check }));
      const list = await screen.findByRole('list', { name: VERIFY_FR.resultsHeading }, SLOW_CHECK);
      const format = within(list)
        .getAllByRole('listitem')
        .find((item) => item.getAttribute('data-check') === 'format')!;
      expect(within(format).getByText(`price : ${VERIFY_FR.details.problems.missing}`)).toBeTruthy();
      expect(format.textContent).not.toMatch(/expected|received|Invalid/);
    } finally {
      await activateLanguage('en');
    }
  });
});
