/**
 * The security mails of issue 13. Each says what happened, when and from
 * where, and what to do if it was not the account's owner. None carries a
 * secret or a link that signs in (the only link is the app's address).
 * Issue 27: each is written in the account's language (@shifumi/protocol's
 * MAIL_TEXTS).
 */
import { MAIL_TEXTS, type Language, type MailTexts } from '@shifumi/protocol';
import type { MailMessage } from '../../infra/mailer/mailer';
import { escapeHtml, linkMail } from '../mail/mail-templates';

export interface Where {
  ip: string | null;
  userAgent: string | null;
}

export type SecurityEvent =
  | { kind: 'new_sign_in' }
  | { kind: 'password_reset' }
  | { kind: 'password_changed' }
  | { kind: 'two_factor_on' }
  | { kind: 'two_factor_off' }
  | { kind: 'withdrawal_requested'; amountEth: string; recipientAddress: string }
  | { kind: 'address_added'; address: string; label: string; activeFrom: string }
  // Issue 23.
  | { kind: 'email_change_requested'; newEmail: string }
  | { kind: 'email_changed'; newEmail: string }
  | { kind: 'sign_in_locked'; minutes: number };

function linesOf(texts: MailTexts, event: SecurityEvent): string[] {
  const notices = texts.security.notices;
  switch (event.kind) {
    case 'withdrawal_requested':
      return notices.withdrawal_requested.lines(event);
    case 'address_added':
      return notices.address_added.lines(event);
    case 'email_change_requested':
      return notices.email_change_requested.lines(event);
    case 'email_changed':
      return notices.email_changed.lines(event);
    case 'sign_in_locked':
      return notices.sign_in_locked.lines(event);
    default:
      return notices[event.kind].lines();
  }
}

export function securityEventMail(input: {
  to: string;
  name: string;
  event: SecurityEvent;
  when: Date;
  where?: Where;
  appUrl: string;
  language: Language;
}): MailMessage {
  const texts = MAIL_TEXTS[input.language];
  const where = input.where;
  const body = [
    texts.hello(input.name),
    '',
    ...linesOf(texts, input.event),
    '',
    texts.security.when(input.when.toISOString().replace('T', ' ').slice(0, 19)),
    ...(where ? [texts.security.from(texts.security.where(where.ip, where.userAgent))] : []),
    '',
    texts.security.notYou(`${input.appUrl}/account`),
  ];
  const html = body
    .map((line) => (line === '' ? '' : `<p>${escapeHtml(line)}</p>`))
    .filter(Boolean)
    .join('\n');
  const subject = texts.security.subject(texts.security.notices[input.event.kind].subject);
  return { to: input.to, subject, text: body.join('\n'), html };
}

export function passwordResetMail(input: { to: string; name: string; link: string; language: Language }): MailMessage {
  const texts = MAIL_TEXTS[input.language];
  const lines = [texts.hello(input.name), '', texts.passwordReset.intro, input.link, '', texts.passwordReset.validity];
  return linkMail({ to: input.to, subject: texts.passwordReset.subject, lines, link: input.link });
}

export function addressConfirmationMail(input: {
  to: string;
  name: string;
  address: string;
  label: string;
  link: string;
  language: Language;
}): MailMessage {
  const texts = MAIL_TEXTS[input.language].addressConfirmation;
  const lines = [
    MAIL_TEXTS[input.language].hello(input.name),
    '',
    texts.intro,
    `${input.address} (${input.label})`,
    '',
    texts.confirm,
    input.link,
    '',
    texts.validity,
  ];
  return linkMail({ to: input.to, subject: texts.subject, lines, link: input.link });
}
