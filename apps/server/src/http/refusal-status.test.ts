import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { REFUSAL_CODES } from '@shifumi/protocol';
import { describe, expect, it } from 'vitest';
import { REFUSAL_STATUS } from './refusal-status';

const README = fs.readFileSync(path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../README.md'), 'utf8');

/** The codes a 403 may carry: the access-token check (the web client answers 403 with one refresh) and the staff console (issue 18). */
const FORBIDDEN_CODES = [
  'not_authenticated',
  'session_expired',
  'not_staff',
  'staff_frozen',
  'wrong_role',
  'staff_needs_two_factor',
  'staff_sign_in_again',
  'own_case',
  'staff_account_admin_only',
];

describe('the HTTP status of every refusal code (decision 037)', () => {
  it('gives every code one 4xx or 5xx status, and no status to anything else', () => {
    expect(Object.keys(REFUSAL_STATUS).sort()).toEqual([...REFUSAL_CODES].sort());
    for (const code of REFUSAL_CODES) {
      expect(REFUSAL_STATUS[code], code).toBeGreaterThanOrEqual(400);
      expect(REFUSAL_STATUS[code], code).toBeLessThan(600);
    }
  });

  it('keeps 403 for the access check and the console', () => {
    expect(REFUSAL_CODES.filter((code) => REFUSAL_STATUS[code] === 403).sort()).toEqual([...FORBIDDEN_CODES].sort());
  });

  it('is listed in the README, each code with its status', () => {
    const section = README.slice(README.indexOf('## API refusals'), README.indexOf('## The built web app'));
    for (const code of REFUSAL_CODES) expect(section, code).toContain(`\`${code}\` ${REFUSAL_STATUS[code]}`);
  });
});
