/**
 * Issue 18: `npm run staff:grant -- <email> <role>` and `npm run staff:revoke -- <email>`,
 * for the first admin and for recovery. Works on the configured database
 * (DATABASE_URL, or the embedded PGlite in DATA_DIR — stop the server first,
 * PGlite admits one process) and writes the audit log as `cli`.
 */
import path from 'node:path';
import { STAFF_ROLES, staffRoleSchema } from '@shifumi/protocol';
import { loadConfig } from '../config';
import { databaseTargetOf, openDatabase } from '../infra/db/database';
import { CLI_ACTOR } from '../modules/admin/audit-log';
import { grantRole, revokeRole } from '../modules/admin/staff.repo';

const USAGE = `usage: npm run staff:grant -- <email> <${STAFF_ROLES.join('|')}>\n       npm run staff:revoke -- <email>`;

export async function runStaffCommand(
  argv: readonly string[],
  env: NodeJS.ProcessEnv,
  out: { log: (line: string) => void; error: (line: string) => void },
): Promise<number> {
  const [command, email, roleText] = argv;
  if ((command !== 'grant' && command !== 'revoke') || !email || (command === 'grant' && !roleText)) {
    out.error(USAGE);
    return 2;
  }
  const role = command === 'grant' ? staffRoleSchema.safeParse(roleText) : undefined;
  if (role && !role.success) {
    out.error(`staff:grant: the role must be one of ${STAFF_ROLES.join(', ')}`);
    return 2;
  }
  const config = loadConfig(env);
  const handle = await openDatabase(databaseTargetOf(config));
  try {
    await handle.migrate();
    const by = { actor: CLI_ACTOR, role: null, now: new Date() };
    const change = role?.success ? await grantRole(handle.db, email, role.data, by) : await revokeRole(handle.db, email, by);
    if (!change.ok) {
      out.error(`staff:${command}: no account with the e-mail ${email}`);
      return 1;
    }
    out.log(`staff:${command}: ${email} (${change.userId}) ${change.before ?? 'player'} → ${change.after ?? 'player'}`);
    return 0;
  } finally {
    await handle.close();
  }
}

if (process.argv[1] && path.resolve(process.argv[1]).endsWith(path.join('scripts', 'staff.ts'))) {
  runStaffCommand(process.argv.slice(2), process.env, console).then(
    (code) => process.exit(code),
    (error: unknown) => {
      console.error(`staff: ${error instanceof Error ? error.message : String(error)}`);
      process.exit(2);
    },
  );
}
