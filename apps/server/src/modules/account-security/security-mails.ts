/**
 * The security mails of issue 13. Each says what happened, when and from
 * where, and what to do if it was not the account's owner. None carries a
 * secret or a link that signs in (the only link is the app's address).
 */
import type { MailMessage } from '../../infra/mailer/mailer';

export interface Where {
  ip: string | null;
  userAgent: string | null;
}

function escapeHtml(value: string): string {
  return value.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;').replaceAll("'", '&#39;');
}

function describeWhere(where: Where | undefined): string {
  if (!where) return 'unknown';
  return `IP address ${where.ip ?? 'unknown'}, device ${where.userAgent ?? 'unknown'}`;
}

function securityMail(input: { to: string; name: string; subject: string; lines: string[]; when: Date; where?: Where; appUrl: string }): MailMessage {
  const body = [
    `Hello ${input.name},`,
    '',
    ...input.lines,
    '',
    `When: ${input.when.toISOString().replace('T', ' ').slice(0, 19)} UTC`,
    ...(input.where ? [`From: ${describeWhere(input.where)}`] : []),
    '',
    `If this was not you, change your password at once from your account page (${input.appUrl}/account), turn on two-factor authentication, sign out of all devices, and contact support.`,
  ];
  const html = body.map((line) => (line === '' ? '' : `<p>${escapeHtml(line)}</p>`)).filter(Boolean).join('\n');
  return { to: input.to, subject: `Shifumi security: ${input.subject}`, text: body.join('\n'), html };
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

const SUBJECTS: Record<SecurityEvent['kind'], string> = {
  new_sign_in: 'a sign-in from a new device or place',
  password_reset: 'your password was reset',
  password_changed: 'your password was changed',
  two_factor_on: 'two-factor authentication turned on',
  two_factor_off: 'two-factor authentication turned off',
  withdrawal_requested: 'a withdrawal was requested',
  address_added: 'an address was added to your address book',
  email_change_requested: 'a change of your e-mail address was requested',
  email_changed: 'your e-mail address was changed',
  sign_in_locked: 'sign-in paused after wrong passwords',
};

function linesOf(event: SecurityEvent): string[] {
  switch (event.kind) {
    case 'new_sign_in':
      return ['Your Shifumi account was signed in to from a device or an IP address it had not used before.'];
    case 'password_reset':
      return ['The password of your Shifumi account was reset with a link sent to this address. Every session was signed out.'];
    case 'password_changed':
      return ['The password of your Shifumi account was changed. Every other session was signed out.'];
    case 'two_factor_on':
      return ['Two-factor authentication was turned on for your Shifumi account.'];
    case 'two_factor_off':
      return ['Two-factor authentication was turned off for your Shifumi account. Withdrawals are paused for a while for your safety.'];
    case 'withdrawal_requested':
      return [
        'A withdrawal was requested from your Shifumi account.',
        `Amount: ${event.amountEth} ETH`,
        `To address: ${event.recipientAddress}`,
      ];
    case 'address_added':
      return [
        'An address was confirmed in the withdrawal address book of your Shifumi account.',
        `Address: ${event.address} (${event.label})`,
        `It can receive withdrawals from ${event.activeFrom}. Remove it from your account page if you did not add it.`,
      ];
    case 'email_change_requested':
      return [
        `Someone signed in to your Shifumi account asked to change its e-mail address to ${event.newEmail}.`,
        'The change happens only when the link sent to that address is opened; until then this address stays the account\'s. Withdrawals are paused for a while after the change.',
      ];
    case 'email_changed':
      return [
        `The e-mail address of your Shifumi account was changed to ${event.newEmail}. Mails about the account now go there, not here.`,
        'Withdrawals are paused for a while for your safety.',
      ];
    case 'sign_in_locked':
      return [
        `Too many wrong passwords were entered for your Shifumi account. Signing in with a password is paused for ${event.minutes} minutes, from every device.`,
        'Your password was not found. Choosing a new password with "Forgot password?" ends the pause at once.',
      ];
  }
}

export function securityEventMail(input: {
  to: string;
  name: string;
  event: SecurityEvent;
  when: Date;
  where?: Where;
  appUrl: string;
}): MailMessage {
  return securityMail({
    to: input.to,
    name: input.name,
    subject: SUBJECTS[input.event.kind],
    lines: linesOf(input.event),
    when: input.when,
    ...(input.where ? { where: input.where } : {}),
    appUrl: input.appUrl,
  });
}

export function passwordResetMail(input: { to: string; name: string; link: string }): MailMessage {
  const text = [
    `Hello ${input.name},`,
    '',
    'Someone (we hope you) asked to choose a new password for your Shifumi account. Open this link to choose it:',
    input.link,
    '',
    'The link is valid for 30 minutes and works once. If you did not ask for it, ignore this mail: your password stays as it is.',
  ].join('\n');
  const html = [
    `<p>Hello ${escapeHtml(input.name)},</p>`,
    '<p>Someone (we hope you) asked to choose a new password for your Shifumi account. Open this link to choose it:</p>',
    `<p><a href="${escapeHtml(input.link)}">${escapeHtml(input.link)}</a></p>`,
    '<p>The link is valid for 30 minutes and works once. If you did not ask for it, ignore this mail: your password stays as it is.</p>',
  ].join('\n');
  return { to: input.to, subject: 'Choose a new password', text, html };
}

export function addressConfirmationMail(input: { to: string; name: string; address: string; label: string; link: string }): MailMessage {
  const lines = [
    `Hello ${input.name},`,
    '',
    'You asked to add this address to the withdrawal address book of your Shifumi account:',
    `${input.address} (${input.label})`,
    '',
    'Open this link to confirm it (it does not sign you in):',
    input.link,
    '',
    'The link is valid for 30 minutes and works once. If you did not ask for it, do not open it, change your password and sign out of all devices.',
  ];
  const html = lines
    .map((line) => (line === input.link ? `<p><a href="${escapeHtml(line)}">${escapeHtml(line)}</a></p>` : line === '' ? '' : `<p>${escapeHtml(line)}</p>`))
    .filter(Boolean)
    .join('\n');
  return { to: input.to, subject: 'Confirm a withdrawal address', text: lines.join('\n'), html };
}
