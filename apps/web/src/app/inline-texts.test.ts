/**
 * Issue 27: every text a person reads comes from the catalogues
 * (packages/protocol/src/catalogue). This fails on a text written inline in a
 * component: letters in JSX text, or a string literal in a user-facing
 * attribute (aria-label, placeholder, title, alt, label). The files not yet
 * converted are listed; the list may only shrink.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const SOURCE_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const USER_FACING_ATTRIBUTES = new Set(['aria-label', 'placeholder', 'title', 'alt', 'label', 'aria-description']);
/** Words that are the same in every language. */
const UNTRANSLATED = new Set(['Shifumi', 'ETH', 'USD', 'USDT']);

/** Files with inline texts still, to convert (issue 27). Remove a file once converted; never add one. */
const NOT_YET_CONVERTED = new Set<string>([]);

function hasWords(text: string): boolean {
  const words = text.match(/\p{L}{2,}/gu) ?? [];
  return words.some((word) => !UNTRANSLATED.has(word));
}

/** The inline texts of one file: `line: text`. */
export function inlineTexts(fileName: string, source: string): string[] {
  const file = ts.createSourceFile(fileName, source, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  const found: string[] = [];
  const report = (node: ts.Node, text: string) =>
    found.push(`${file.getLineAndCharacterOfPosition(node.getStart(file)).line + 1}: ${text.trim()}`);
  const visit = (node: ts.Node) => {
    if (ts.isJsxText(node) && hasWords(node.text)) report(node, node.text);
    if (ts.isJsxExpression(node) && node.expression && ts.isJsxElement(node.parent) && isLiteralText(node.expression))
      report(node, node.expression.getText(file));
    if (ts.isJsxAttribute(node) && USER_FACING_ATTRIBUTES.has(node.name.getText(file)) && node.initializer) {
      const value = ts.isJsxExpression(node.initializer) ? node.initializer.expression : node.initializer;
      if (value && isLiteralText(value)) report(node, node.getText(file));
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return found;
}

function isLiteralText(node: ts.Node): boolean {
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return hasWords(node.text);
  if (ts.isTemplateExpression(node))
    return hasWords(node.head.text) || node.templateSpans.some((span) => hasWords(span.literal.text));
  if (ts.isConditionalExpression(node)) return isLiteralText(node.whenTrue) || isLiteralText(node.whenFalse);
  return false;
}

function componentFiles(directory: string): string[] {
  return fs.readdirSync(directory, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(directory, entry.name);
    if (entry.isDirectory()) return entry.name === 'test' ? [] : componentFiles(full);
    return entry.name.endsWith('.tsx') && !entry.name.endsWith('.test.tsx') ? [full] : [];
  });
}

describe('texts come from the catalogues (issue 27)', () => {
  const files = componentFiles(SOURCE_ROOT).map((file) => path.relative(SOURCE_ROOT, file).split(path.sep).join('/'));
  const withTexts = new Map(
    files.map((file) => [file, inlineTexts(file, fs.readFileSync(path.join(SOURCE_ROOT, file), 'utf8'))] as const),
  );

  it('finds no inline text outside the files not yet converted', () => {
    const offenders = [...withTexts].filter(([file, texts]) => texts.length > 0 && !NOT_YET_CONVERTED.has(file));
    expect(Object.fromEntries(offenders)).toEqual({});
  });

  it('lists only files that exist and still have inline texts (the list only shrinks)', () => {
    const stale = [...NOT_YET_CONVERTED].filter((file) => (withTexts.get(file) ?? []).length === 0);
    expect(stale).toEqual([]);
  });

  it('catches a text in JSX, in an attribute, and in a literal expression, and lets a catalogue text pass', () => {
    const probe = [
      'export const A = () => <p title="Hello there">Inline words</p>;',
      "export const B = ({ t }) => <button aria-label={'Close menu'}>{'Shifumi'}</button>;",
      "export const C = ({ t }) => <p aria-label={t('shell.nav.home')}>{t('shell.nav.home')} 404 — {`Hi ${1}`}</p>;",
    ].join('\n');
    expect(inlineTexts('probe.tsx', probe)).toEqual([
      '1: title="Hello there"',
      '1: Inline words',
      "2: aria-label={'Close menu'}",
      '3: `Hi ${1}`',
    ]);
  });
});
