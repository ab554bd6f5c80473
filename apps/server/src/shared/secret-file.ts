import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';

/**
 * Reads the secret kept in `dir/name`, creating it with `generate()` the first
 * time (mode 0600). The value is written whole to a file of this process's own
 * and then linked into place: `link` fails if the file exists, so processes
 * starting together on one directory keep one secret, and none ever reads a
 * file another is still writing (a plain exclusive write could be read empty).
 */
export async function readOrCreateSecretFile(dir: string, name: string, generate: () => string): Promise<string> {
  const file = path.join(dir, name);
  await fs.mkdir(dir, { recursive: true, mode: 0o700 });
  const draft = `${file}.${process.pid}.${randomUUID()}.tmp`;
  await fs.writeFile(draft, generate(), { flag: 'wx', mode: 0o600 });
  try {
    await fs.link(draft, file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  } finally {
    await fs.rm(draft, { force: true });
  }
  return fs.readFile(file, 'utf8');
}
