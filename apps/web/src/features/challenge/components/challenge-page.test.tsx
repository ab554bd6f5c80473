import { afterEach, describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { LOBBY_TEXTS } from '@shifumi/protocol/lobby-texts';
import { LOBBY_EN } from '@shifumi/protocol/catalogue/en/lobby';
import type { ChallengeView } from '@shifumi/protocol';
import { backgroundReads, installFetch, jsonResponse } from '../../../test/fetch-mock';
import { renderApp, signInAs } from '../../../test/render-app';
import { setRealtimeStatus } from '../../../lib/realtime-status';

const ID = 'AbCdEfGhIjKlMnOpQrStUv';
const open: ChallengeView = {
  id: ID,
  amount: 20,
  challenger: { name: 'Ann', character: 'Character2' },
  status: 'open',
  expiresAt: '2030-01-01T00:00:00.000Z',
};

function serve(view: ChallengeView | null, accept?: (body: unknown) => Response) {
  return installFetch((request) => {
    if (request.url === `/api/challenges/${ID}` && request.method === 'GET')
      return view ? jsonResponse(200, view) : jsonResponse(404, { message: LOBBY_TEXTS.challengeNotFound });
    if (request.url === `/api/challenges/${ID}/accept` && accept) return accept(request.body);
    return backgroundReads(request) ?? jsonResponse(404, {});
  });
}

afterEach(() => setRealtimeStatus('authenticated', 'offline'));

describe('the challenge page (issue 24)', () => {
  it('tells a visitor who challenges them, for how much, and offers sign in and sign up', async () => {
    serve(open);
    renderApp(`/challenge/${ID}`);
    expect(await screen.findByRole('heading', { name: 'Ann challenges you to 20 USDT' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Sign up' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Accept' })).toBeNull();
  });

  it('accepts with the selected character, and shows a refusal in the server’s words', async () => {
    signInAs();
    setRealtimeStatus('authenticated', 'live');
    window.localStorage.setItem('selectedCharacter', 'Character3');
    const bodies: unknown[] = [];
    serve(open, (body) => {
      bodies.push(body);
      return jsonResponse(409, { message: LOBBY_TEXTS.challengerAway });
    });
    const { user } = renderApp(`/challenge/${ID}`);
    await user.click(await screen.findByRole('button', { name: 'Accept' }));
    expect(await screen.findByText(LOBBY_TEXTS.challengerAway)).toBeTruthy();
    expect(bodies).toEqual([{ character: 'Character3' }]);
  });

  it('says when the challenge is taken, cancelled, expired or unknown', async () => {
    for (const [status, text] of [
      ['accepted', LOBBY_EN.challenge.taken],
      ['cancelled', LOBBY_EN.challenge.cancelled],
      ['expired', LOBBY_EN.challenge.expired],
    ] as const) {
      serve({ ...open, status });
      const view = renderApp(`/challenge/${ID}`);
      expect(await screen.findByText(text)).toBeTruthy();
      expect(screen.queryByRole('button', { name: 'Accept' })).toBeNull();
      view.unmount();
    }
    serve(null);
    renderApp(`/challenge/${ID}`);
    await waitFor(() => expect(screen.getByText(LOBBY_EN.challenge.unknown)).toBeTruthy());
  });
});
