/**
 * A real SMTP server (npm smtp-server) on a random local port that keeps
 * every mail it receives, so tests can read what the app really sent.
 */
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  from: string | undefined;
  to: string[];
  raw: string;
  /** Headers of the top-level message, lower-case names. */
  headers: Map<string, string>;
  subject: string;
  /** The raw message with quoted-printable soft breaks and escapes decoded: links can be searched in it. */
  decoded: string;
}

export interface SmtpReceiver {
  url: string;
  mails: ReceivedMail[];
  /** Resolves with the first mail (received or to come) matching `predicate`. */
  waitForMail(predicate: (mail: ReceivedMail) => boolean, timeoutMs?: number): Promise<ReceivedMail>;
  mailsTo(address: string): ReceivedMail[];
  close(): Promise<void>;
}

function decodeQuotedPrintable(text: string): string {
  return text.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_match, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

function parseHeaders(raw: string): Map<string, string> {
  const head = raw.split(/\r?\n\r?\n/)[0] ?? '';
  const headers = new Map<string, string>();
  for (const line of head.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  return headers;
}

/** `port`: listen on this one (a test that stops its SMTP server and starts it again on the same address). */
export async function startSmtpReceiver(options: { port?: number } = {}): Promise<SmtpReceiver> {
  const mails: ReceivedMail[] = [];
  const waiters = new Set<() => void>();
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        const headers = parseHeaders(raw);
        const from = session.envelope.mailFrom;
        mails.push({
          from: from ? from.address : undefined,
          to: session.envelope.rcptTo.map((recipient) => recipient.address.toLowerCase()),
          raw,
          headers,
          subject: headers.get('subject') ?? '',
          decoded: decodeQuotedPrintable(raw),
        });
        for (const wake of waiters) wake();
        callback();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => resolve());
  });
  const { port } = server.server.address() as AddressInfo;

  return {
    url: `smtp://127.0.0.1:${port}`,
    mails,
    mailsTo: (address) => mails.filter((mail) => mail.to.includes(address.toLowerCase())),
    waitForMail(predicate, timeoutMs = 10_000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const found = mails.find(predicate);
          if (!found) return false;
          waiters.delete(wake);
          clearTimeout(timer);
          resolve(found);
          return true;
        };
        const wake = () => void check();
        const timer = setTimeout(() => {
          waiters.delete(wake);
          reject(new Error(`No matching mail within ${timeoutMs} ms (received ${mails.length})`));
        }, timeoutMs);
        waiters.add(wake);
        check();
      });
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The first `<origin>/verify-email/<token>` link of a mail. */
export function findVerificationLink(mail: ReceivedMail): URL {
  const match = mail.decoded.match(/https?:\/\/[^\s"'<>]+\/verify-email\/[A-Za-z0-9_-]+/);
  if (!match) throw new Error('The mail has no verification link');
  return new URL(match[0]);
}
