import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** Ports and paths shared by the global setup and the tests. */
export const E2E_PORT = Number(process.env.E2E_PORT ?? 3100);
export const E2E_BASE_URL = `http://localhost:${E2E_PORT}`;
/** The server's embedded development chain (anvil) listens here during the e2e run. */
export const E2E_ANVIL_PORT = Number(process.env.E2E_ANVIL_PORT ?? E2E_PORT + 445);
export const E2E_ANVIL_URL = `http://127.0.0.1:${E2E_ANVIL_PORT}`;
export const E2E_DIR = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
export const REPO_ROOT = path.dirname(E2E_DIR);
export const E2E_TMP_DIR = path.join(E2E_DIR, '.tmp');
export const MAIL_DIR = path.join(E2E_TMP_DIR, 'mails');
export const E2E_DATA_DIR = path.join(E2E_TMP_DIR, 'data');
export const SUPPORT_EMAIL = 'support@shifumi.test';
