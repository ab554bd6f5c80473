/** Staff for the console's journeys: a role granted with the CLI, and the chain's view of a recipient. */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { expect, type Browser, type Page } from '@playwright/test';
import { E2E_ANVIL_URL, REPO_ROOT } from './environment';
import { signUpAndSignIn } from './players';

const run = promisify(execFile);

/** An address's balance on the e2e chain, in wei. */
export async function chainBalance(address: string): Promise<bigint> {
  const response = await fetch(E2E_ANVIL_URL, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_getBalance', params: [address, 'latest'] }),
  });
  return BigInt(((await response.json()) as { result: string }).result);
}

/** `npm run staff:grant -- <email> <role>` against the e2e server's database. */
export async function grant(email: string, role: string): Promise<string> {
  const serverEnv = JSON.parse(process.env.SHIFUMI_E2E_SERVER_ENV ?? '{}') as Record<string, string>;
  const env: NodeJS.ProcessEnv = { ...process.env, ...serverEnv, NODE_ENV: 'test' };
  delete env.REDIS_URL;
  const { stdout } = await run('npm', ['run', '--silent', 'staff:grant', '--', email, role], { cwd: REPO_ROOT, env });
  return stdout;
}

/** A new signed-in account in its own browser context, given a staff role. */
export async function staffPage(browser: Browser, role: string, name = 'Staff'): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  const email = await signUpAndSignIn(page, { name });
  expect(await grant(email, role)).toContain(`→ ${role}`);
  return page;
}
