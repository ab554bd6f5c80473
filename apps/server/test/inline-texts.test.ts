/**
 * Issue 27 (decision 052): every sentence the server says to a player lives
 * in @shifumi/protocol's catalogues, one per language. This guard reads every
 * production file of apps/server/src with the TypeScript parser and fails on
 * (1) a `message:` whose value is written inline, and (2) a string that reads
 * as a sentence (a capital, a few words, a full stop), outside the log lines
 * and thrown errors, which are for operators. The files listed below say
 * why their sentences are not a player's.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const SOURCE_ROOT = join(import.meta.dirname, '..', 'src');

/** Files whose sentences are not said to a player, and why. */
const NOT_FOR_PLAYERS: Record<string, string> = {
  'scripts/': 'command-line tools: their output is read by operators in a terminal',
  'config/': 'configuration errors, for the operator starting the server',
  'http/web-app.ts': 'the page a developer sees when the web app was not built; a built server never serves it',
  'modules/ledger/ledger-plan.ts': 'invariants of a transfer: a programming error, thrown and logged, never answered',
  'modules/cluster/node-relay.ts': 'between nodes: the receiving node answers the player with a code (internal_error)',
  'modules/admin/overview.service.ts': 'Prometheus HELP lines, for operators',
  'modules/mail/mail-outbox.ts': 'Prometheus HELP lines, for operators',
  'modules/chain-rpc/chain-health.ts': 'Prometheus HELP lines, for operators',
  'modules/admin/stuck-list.ts':
    'staff console details of stuck items, in English; they move with the console’s texts (ADMIN_TEXTS, the web side of issue 27)',
  'modules/admin/stuck-actions.ts':
    'the reason stored on a withdrawal whose nonce was taken, shown to staff in English; it moves with the console’s texts (ADMIN_TEXTS)',
  'modules/withdrawals/withdrawal-sender.ts':
    'a failed withdrawal’s reason, recorded for staff (failure_reason, the audit log); the player is told by its status',
  'modules/withdrawals/withdrawal-tracking.ts':
    'a failed withdrawal’s reason, recorded for staff (failure_reason, the audit log); the player is told by its status',
};

/** A sentence: starts with a capital, has at least three words, ends with . ! or ?. */
const SENTENCE = /^[A-ZÀ-Ý][^\n]*\s\S+\s[^\n]*[.!?]$/;
const LOG_METHODS = new Set(['info', 'warn', 'error', 'debug', 'fatal', 'trace']);

function productionFiles(directory: string): string[] {
  return readdirSync(directory, { withFileTypes: true }).flatMap((entry) => {
    const path = join(directory, entry.name);
    if (entry.isDirectory()) return productionFiles(path);
    return /\.ts$/.test(entry.name) && !/\.(test|contract)\.ts$/.test(entry.name) ? [path] : [];
  });
}

/** The text of a literal, with `${…}` written as `{}` (a template's parts are one sentence). */
function literalText(node: ts.Node): string | undefined {
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return node.text;
  if (ts.isTemplateExpression(node)) return node.head.text + node.templateSpans.map((span) => `{}${span.literal.text}`).join('');
  return undefined;
}

/** Whether a literal is an argument of a log call or of an Error being built (operators read those). */
function forOperators(node: ts.Node): boolean {
  for (let current: ts.Node = node; current.parent; current = current.parent) {
    const parent = current.parent;
    if (ts.isNewExpression(parent) && /Error$/.test(parent.expression.getText())) return true;
    if (ts.isThrowStatement(parent)) return true;
    if (ts.isCallExpression(parent) && ts.isPropertyAccessExpression(parent.expression)) {
      if (LOG_METHODS.has(parent.expression.name.text) && /log/i.test(parent.expression.expression.getText())) return true;
    }
    if (ts.isBlock(parent) || ts.isSourceFile(parent)) return false;
  }
  return false;
}

export interface InlineText {
  file: string;
  line: number;
  text: string;
  kind: 'message' | 'sentence';
}

/** Every inline player text of one file's source. */
export function findInlineTexts(file: string, source: string): InlineText[] {
  const sourceFile = ts.createSourceFile(file, source, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
  const found: InlineText[] = [];
  const visit = (node: ts.Node): void => {
    const text = literalText(node);
    if (text !== undefined) {
      const line = sourceFile.getLineAndCharacterOfPosition(node.getStart()).line + 1;
      const parent = node.parent;
      const isMessage =
        ts.isPropertyAssignment(parent) &&
        parent.initializer === node &&
        parent.name.getText().replace(/['"]/g, '') === 'message';
      if (isMessage) found.push({ file, line, text, kind: 'message' });
      else if (SENTENCE.test(text.trim()) && !forOperators(node)) found.push({ file, line, text, kind: 'sentence' });
      return;
    }
    ts.forEachChild(node, visit);
  };
  visit(sourceFile);
  return found;
}

describe('no player text written inline in the server (issue 27)', () => {
  it('finds an inline message and an inline sentence, and passes over logs, errors and codes', () => {
    const probe = [
      "reply.send({ message: 'Your game is ready.' });",
      'reply.send({ message: `Hi ${name}` });',
      "return ok('Your wallet is now linked to your account.');",
      "logger.warn({ err }, 'The chain is away for a while.');",
      "throw new Error('A transfer needs at least one leg.');",
      "return refuse('email_taken');",
      'return { message: texts.server.loggedOut };',
      "const key = 'not a sentence';",
    ].join('\n');
    expect(findInlineTexts('probe.ts', probe).map(({ line, kind }) => [line, kind])).toEqual([
      [1, 'message'],
      [2, 'message'],
      [3, 'sentence'],
    ]);
  });

  it('has none in apps/server/src outside the files listed with their reason', () => {
    const offenders: string[] = [];
    const files = productionFiles(SOURCE_ROOT);
    expect(files.length).toBeGreaterThan(100);
    for (const path of files) {
      const file = relative(SOURCE_ROOT, path).split('\\').join('/');
      if (Object.keys(NOT_FOR_PLAYERS).some((listed) => file === listed || (listed.endsWith('/') && file.startsWith(listed))))
        continue;
      for (const text of findInlineTexts(file, readFileSync(path, 'utf8'))) {
        offenders.push(`${text.file}:${text.line} (${text.kind}) ${JSON.stringify(text.text)}`);
      }
    }
    expect(offenders, 'say it with a code, and its text in @shifumi/protocol’s catalogues').toEqual([]);
  });

  it('lists only files that exist', () => {
    const files = new Set(productionFiles(SOURCE_ROOT).map((path) => relative(SOURCE_ROOT, path).split('\\').join('/')));
    for (const listed of Object.keys(NOT_FOR_PLAYERS)) {
      const exists = listed.endsWith('/') ? [...files].some((file) => file.startsWith(listed)) : files.has(listed);
      expect(exists, listed).toBe(true);
    }
  });
});
