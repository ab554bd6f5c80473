import fs from 'node:fs';
import path from 'node:path';
import { expect } from '@playwright/test';
import { MAIL_DIR } from './environment';

interface StoredMail {
  to: string[];
  raw: string;
}

/** Decodes a quoted-printable body so that links survive soft line breaks. */
function decodeQuotedPrintable(text: string): string {
  return text.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/gi, (_match, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

function readMails(): StoredMail[] {
  if (!fs.existsSync(MAIL_DIR)) return [];
  return fs
    .readdirSync(MAIL_DIR)
    .sort()
    .map((file) => JSON.parse(fs.readFileSync(path.join(MAIL_DIR, file), 'utf8')) as StoredMail);
}

/** Waits for the newest mail to `address` and returns its decoded text. */
export async function waitForMail(address: string): Promise<string> {
  let found: string | undefined;
  await expect
    .poll(
      () => {
        const mails = readMails().filter((mail) => mail.to.includes(address.toLowerCase()));
        found = mails.at(-1)?.raw;
        return found !== undefined;
      },
      { message: `a mail to ${address}`, timeout: 15_000 },
    )
    .toBe(true);
  return decodeQuotedPrintable(found ?? '');
}

/** The first link in a mail that points at the given path prefix. */
export function findLink(mail: string, pathPrefix: string): string {
  const match = mail.match(new RegExp(`https?://[^\\s"'<>]+${pathPrefix}[A-Za-z0-9_-]+`));
  if (!match) throw new Error(`No ${pathPrefix} link in the mail`);
  return match[0];
}
