import { SERVER_TEXTS, TEXTS } from '@shifumi/protocol';
import { desc } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contactMessages } from '../src/infra/db/schema/index';
import { postJson } from './support/api';
import { createTestApp, TEST_SUPPORT_EMAIL, type TestApp } from './support/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

describe('POST /api/submit-form', () => {
  it('stores the message and mails it to SUPPORT_EMAIL with Reply-To set to the sender (201)', async () => {
    const message = `Hello,\nmy deposit <b>did not</b> arrive. ${'é'.repeat(10)}`;
    const response = await postJson(t, '/api/submit-form', { name: 'Ann Player', email: 'Ann@Example.com', message });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({ message: TEXTS.contactSuccess });

    const [stored] = await t.db.select().from(contactMessages).orderBy(desc(contactMessages.createdAt)).limit(1);
    expect(stored).toMatchObject({ name: 'Ann Player', email: 'ann@example.com', message });

    const mail = await t.smtp.waitForMail((candidate) => candidate.to.includes(TEST_SUPPORT_EMAIL));
    expect(mail.headers.get('reply-to')).toBe('ann@example.com');
    expect(mail.decoded).toContain('Ann Player');
    expect(mail.decoded).toContain('&lt;b&gt;did not&lt;/b&gt;');
  });

  it('accepts exactly 5000 characters', async () => {
    const response = await postJson(t, '/api/submit-form', { name: 'A', email: 'a@example.com', message: 'x'.repeat(5000) });
    expect(response.statusCode).toBe(201);
  });

  it.each([
    ['a missing name', { email: 'a@example.com', message: 'Hi' }, 'Full Name is required.'],
    ['a missing e-mail', { name: 'A', message: 'Hi' }, 'E-mail is required.'],
    ['a bad e-mail', { name: 'A', email: 'a@', message: 'Hi' }, 'Please enter a valid e-mail address.'],
    ['a missing message', { name: 'A', email: 'a@example.com' }, 'Message is required.'],
    ['a blank message', { name: 'A', email: 'a@example.com', message: '  \n ' }, 'Message is required.'],
    [
      'a 5001-character message',
      { name: 'A', email: 'a@example.com', message: 'x'.repeat(5001) },
      'Message must be at most 5000 characters.',
    ],
    ['a message of the wrong type', { name: 'A', email: 'a@example.com', message: ['Hi'] }, 'Message must be text.'],
  ])('refuses %s with 400, storing and sending nothing', async (_case, body, message) => {
    const rowsBefore = await t.count('contact_messages');
    const mailsBefore = await t.count('mail_outbox');
    const response = await postJson(t, '/api/submit-form', body);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ code: 'invalid_input', message });
    expect(await t.count('contact_messages')).toBe(rowsBefore);
    expect(await t.count('mail_outbox')).toBe(mailsBefore);
  });

  it('answers the generic 4xx shape for a non-JSON body', async () => {
    const response = await t.app.fastify.inject({
      method: 'POST',
      url: '/api/submit-form',
      headers: { 'content-type': 'text/plain' },
      payload: 'name=A&email=a@example.com&message=hi',
    });
    expect(response.statusCode).toBe(415);
    expect(response.json()).toEqual({ code: 'unsupported_media_type', message: SERVER_TEXTS.unsupportedMediaType });
  });
});
