/**
 * The mails the app sends. Each has a plain-text body carrying every link in
 * full (the log mailer prints it) and a small HTML body with escaped input.
 */
import type { MailMessage } from '../../infra/mailer/mailer';

function escapeHtml(value: string): string {
  return value
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');
}

export function verificationMail(input: { to: string; name: string; link: string }): MailMessage {
  const text = [
    `Hello ${input.name},`,
    '',
    'Please confirm your e-mail address for Shifumi by opening this link:',
    input.link,
    '',
    'The link is valid for 24 hours. If you did not create an account, ignore this mail.',
  ].join('\n');
  const html = [
    `<p>Hello ${escapeHtml(input.name)},</p>`,
    '<p>Please confirm your e-mail address for Shifumi by opening this link:</p>',
    `<p><a href="${escapeHtml(input.link)}">${escapeHtml(input.link)}</a></p>`,
    '<p>The link is valid for 24 hours. If you did not create an account, ignore this mail.</p>',
  ].join('\n');
  return { to: input.to, subject: 'Confirm your e-mail address', text, html };
}

/** Issue 23: the link that moves an account to a new address (the current one stays until it is opened). */
export function emailChangeMail(input: { to: string; name: string; link: string }): MailMessage {
  const lines = [
    `Hello ${input.name},`,
    '',
    'You asked to use this address for your Shifumi account. Open this link to confirm it:',
    input.link,
    '',
    'The link is valid for 24 hours. Until you open it, your account keeps its current address. If you did not ask for this, ignore this mail.',
  ];
  const html = lines
    .map((line) => (line === input.link ? `<p><a href="${escapeHtml(line)}">${escapeHtml(line)}</a></p>` : line === '' ? '' : `<p>${escapeHtml(line)}</p>`))
    .filter(Boolean)
    .join('\n');
  return { to: input.to, subject: 'Confirm your new e-mail address', text: lines.join('\n'), html };
}

export function contactMail(input: { to: string; name: string; email: string; message: string }): MailMessage {
  const text = [`From: ${input.name} <${input.email}>`, '', input.message].join('\n');
  const html = [
    `<p>From: ${escapeHtml(input.name)} &lt;${escapeHtml(input.email)}&gt;</p>`,
    `<pre style="white-space: pre-wrap">${escapeHtml(input.message)}</pre>`,
  ].join('\n');
  // The subject is a header: keep the user's name out of it (no header injection, no spoofed subjects).
  return { to: input.to, subject: 'Shifumi contact form', text, html, replyTo: input.email };
}
