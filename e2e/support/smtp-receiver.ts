import fs from 'node:fs';
import path from 'node:path';
import { SMTPServer } from 'smtp-server';

/** A real SMTP server that writes each received mail to `<dir>/<n>.json`. */
export async function startSmtpReceiver(dir: string): Promise<{ port: number; close: () => Promise<void> }> {
  fs.mkdirSync(dir, { recursive: true });
  let counter = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        const to = session.envelope.rcptTo.map((recipient) => recipient.address.toLowerCase());
        counter += 1;
        fs.writeFileSync(path.join(dir, `${Date.now()}-${counter}.json`), JSON.stringify({ to, raw }));
        callback();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const address = server.server.address();
  if (!address || typeof address === 'string') throw new Error('SMTP receiver has no port');
  return {
    port: address.port,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
