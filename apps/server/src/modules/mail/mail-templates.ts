/**
 * The mails the app sends. Each has a plain-text body carrying every link in
 * full (the log mailer prints it) and a small HTML body with escaped input.
 */
import { MAIL_TEXTS, type Language } from '@shifumi/protocol';
import type { MailMessage } from '../../infra/mailer/mailer';

export function escapeHtml(value: string): string {
  return value
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');
}

/** A mail with a link: a greeting, what it is for, the link, how long it works (every line escaped in the HTML). */
export function linkMail(input: { to: string; subject: string; lines: string[]; link: string }): MailMessage {
  const html = input.lines
    .map((line) =>
      line === input.link
        ? `<p><a href="${escapeHtml(line)}">${escapeHtml(line)}</a></p>`
        : line === ''
          ? ''
          : `<p>${escapeHtml(line)}</p>`,
    )
    .filter(Boolean)
    .join('\n');
  return { to: input.to, subject: input.subject, text: input.lines.join('\n'), html };
}

/** Issue 27: in the language of the account (at sign-up, the sign-up's). */
export function verificationMail(input: { to: string; name: string; link: string; language: Language }): MailMessage {
  const texts = MAIL_TEXTS[input.language];
  const lines = [texts.hello(input.name), '', texts.verification.intro, input.link, '', texts.verification.validity];
  return linkMail({ to: input.to, subject: texts.verification.subject, lines, link: input.link });
}

/** Issue 23: the link that moves an account to a new address (the current one stays until it is opened). */
export function emailChangeMail(input: { to: string; name: string; link: string; language: Language }): MailMessage {
  const texts = MAIL_TEXTS[input.language];
  const lines = [texts.hello(input.name), '', texts.emailChange.intro, input.link, '', texts.emailChange.validity];
  return linkMail({ to: input.to, subject: texts.emailChange.subject, lines, link: input.link });
}

/** To the operator's inbox, not a player: in English, the operators' language. */
export function contactMail(input: { to: string; name: string; email: string; message: string }): MailMessage {
  const text = [`From: ${input.name} <${input.email}>`, '', input.message].join('\n');
  const html = [
    `<p>From: ${escapeHtml(input.name)} &lt;${escapeHtml(input.email)}&gt;</p>`,
    `<pre style="white-space: pre-wrap">${escapeHtml(input.message)}</pre>`,
  ].join('\n');
  // The subject is a header: keep the user's name out of it (no header injection, no spoofed subjects).
  return { to: input.to, subject: 'Shifumi contact form', text, html, replyTo: input.email };
}
