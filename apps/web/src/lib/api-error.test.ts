import { describe, expect, it } from 'vitest';
import { SERVER_TEXTS } from '@shifumi/protocol';
import { apiErrorFromResponse } from './api-error';

function response(status: number, body: string): Response {
  return new Response(body, { status, headers: { 'content-type': 'application/json' } });
}

describe('apiErrorFromResponse', () => {
  it('keeps the refusal code and the sentence of a `{ code, message }` body', async () => {
    const error = await apiErrorFromResponse(
      response(409, JSON.stringify({ code: 'email_taken', message: SERVER_TEXTS.emailTaken })),
    );
    expect(error).toMatchObject({ status: 409, code: 'email_taken', serverMessage: SERVER_TEXTS.emailTaken });
  });

  it('has no code for a value that is not a code, a body without one, or no JSON at all', async () => {
    expect((await apiErrorFromResponse(response(400, JSON.stringify({ code: 'Made up!', message: 'x' })))).code).toBeNull();
    expect((await apiErrorFromResponse(response(400, JSON.stringify({ code: 42, message: 'x' })))).code).toBeNull();
    // A well-formed code this build does not know (a newer server's) is kept: it equals none the web branches on.
    expect((await apiErrorFromResponse(response(400, JSON.stringify({ code: 'made_up', message: 'x' })))).code).toBe('made_up');
    expect((await apiErrorFromResponse(response(400, JSON.stringify({ message: 'x' })))).code).toBeNull();
    expect((await apiErrorFromResponse(response(502, '<html>bad gateway</html>'))).code).toBeNull();
  });
});
