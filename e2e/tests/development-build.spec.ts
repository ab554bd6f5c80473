/**
 * Issue 26, item 11 (decision 041): in a development build — React's
 * development build and StrictMode's double mount, what `npm run dev` serves —
 * the first toast a page raises shows. The Vite dev server of the web app runs
 * in front of the e2e server (it forwards /api and the sockets to it, as
 * `npm run dev` does), on E2E_PORT + 2.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { E2E_PORT, REPO_ROOT } from '../support/environment';

const DEV_PORT = E2E_PORT + 2;
const DEV_URL = `http://localhost:${DEV_PORT}`;

async function startDevServer(): Promise<ChildProcess> {
  const vite = spawn(
    process.execPath,
    [path.join(REPO_ROOT, 'node_modules/vite/bin/vite.js'), '--port', String(DEV_PORT), '--strictPort'],
    {
      cwd: path.join(REPO_ROOT, 'apps/web'),
      env: {
        ...process.env,
        NODE_ENV: 'development',
        SHIFUMI_SERVER_URL: `http://127.0.0.1:${E2E_PORT}`,
        VITE_CONFIG_NATIVE_IGNORE_WARNING: 'true',
      },
      stdio: ['ignore', 'ignore', 'pipe'],
    },
  );
  // Kept, and printed only when the server does not start (its proxy logs a closed socket at every page change).
  let errors = '';
  vite.stderr?.on('data', (chunk: Buffer) => {
    errors = (errors + chunk.toString()).slice(-4000);
  });
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (vite.exitCode !== null) throw new Error(`the Vite dev server exited with code ${vite.exitCode}: ${errors}`);
    try {
      if ((await fetch(DEV_URL)).ok) return vite;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  vite.kill('SIGTERM');
  throw new Error(`the Vite dev server did not answer within 60 s: ${errors}`);
}

test('a development build shows the first toast of a page: the contact form’s "Form submitted successfully"', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const vite = await startDevServer();
  try {
    const consoleLines: string[] = [];
    page.on('console', (message) => consoleLines.push(message.text()));
    // A fresh page: the contact form's success is the first toast it raises.
    await page.goto(`${DEV_URL}/contact`);
    await expect(page.getByLabel('Full Name')).toBeVisible({ timeout: 120_000 });
    // React's development build says so in the console: this is the build where the toast was lost.
    expect(
      consoleLines.some((line) => line.includes('React DevTools')),
      'React’s development build',
    ).toBe(true);
    await page.getByLabel('Full Name').fill('Dev Visitor');
    await page.getByLabel('Email Address').fill('dev@example.com');
    await page.getByLabel('Your Message').fill(`Hello from a development build ${Date.now()}`);
    await page.getByRole('button', { name: 'Submit' }).click();
    await expect(page.getByText('Form submitted successfully')).toBeVisible({ timeout: 30_000 });
  } finally {
    const exited = new Promise((resolve) => vite.once('exit', resolve));
    vite.kill('SIGTERM');
    await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 5_000))]);
  }
});
