/**
 * Measures the rooms of the production code (issue 25, decision 039): lines per
 * file and lines per function (function declarations and expressions, arrow
 * functions, methods, constructors and accessors, from the first line of the
 * signature to the closing brace), with the TypeScript compiler's parser.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

export const MAX_FILE_LINES = 400;
export const MAX_FUNCTION_LINES = 150;

export interface FileSize {
  file: string;
  lines: number;
}
export interface FunctionSize {
  /** `path:name` — the name is the declaration's, or the variable/property/call it is assigned or passed to. */
  id: string;
  file: string;
  line: number;
  lines: number;
}

/** Not production code: tests, test support, fakes for tests, benchmark scripts. */
const NOT_PRODUCTION = [
  /\.test\.tsx?$/,
  /\.contract\.ts$/,
  /(^|\/)testing\.ts$/,
  /-testing\.ts$/,
  /(^|\/)test-timing\.ts$/,
  /^apps\/web\/src\/test\//,
  /^apps\/server\/src\/scripts\/bench-[^/]*\.ts$/,
  /\.d\.ts$/,
];

function walk(root: string, relative: string, out: string[]): void {
  for (const entry of readdirSync(path.join(root, relative), { withFileTypes: true })) {
    const child = relative === '' ? entry.name : `${relative}/${entry.name}`;
    if (entry.isDirectory()) {
      if (entry.name !== 'node_modules' && entry.name !== 'dist') walk(root, child, out);
    } else if (/\.tsx?$/.test(entry.name)) out.push(child);
  }
}

/** The production source files: apps/<app>/src and packages/<package>/src, minus tests, test support and benchmarks. */
export function productionFiles(root: string): string[] {
  const files: string[] = [];
  for (const group of ['apps', 'packages']) {
    for (const entry of readdirSync(path.join(root, group), { withFileTypes: true })) {
      const source = `${group}/${entry.name}/src`;
      if (entry.isDirectory() && safeIsDirectory(path.join(root, source))) walk(root, source, files);
    }
  }
  return files.filter((file) => !NOT_PRODUCTION.some((pattern) => pattern.test(file))).sort();
}

function safeIsDirectory(directory: string): boolean {
  try {
    readdirSync(directory);
    return true;
  } catch {
    return false;
  }
}

function lineCount(text: string): number {
  const lines = text.split('\n');
  return lines[lines.length - 1] === '' ? lines.length - 1 : lines.length;
}

/** The name a reader would look for: the declaration's own, or what the function is assigned or passed to. */
function nameOf(node: ts.Node, source: ts.SourceFile): string {
  const named = node as ts.Node & { name?: ts.Node };
  if (named.name !== undefined) return named.name.getText(source);
  if (ts.isConstructorDeclaration(node)) return 'constructor';
  const parent = node.parent;
  if (ts.isVariableDeclaration(parent) || ts.isPropertyAssignment(parent) || ts.isPropertyDeclaration(parent))
    return parent.name.getText(source);
  if (ts.isCallExpression(parent)) return `${parent.expression.getText(source).slice(0, 40)}(…)`;
  if (ts.isExportAssignment(parent)) return 'default';
  return '(anonymous)';
}

export function measure(root: string, files: string[]): { files: FileSize[]; functions: FunctionSize[] } {
  const fileSizes: FileSize[] = [];
  const functions: FunctionSize[] = [];
  for (const file of files) {
    const text = readFileSync(path.join(root, file), 'utf8');
    fileSizes.push({ file, lines: lineCount(text) });
    const source = ts.createSourceFile(
      file,
      text,
      ts.ScriptTarget.Latest,
      true,
      file.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS,
    );
    const visit = (node: ts.Node): void => {
      if (ts.isFunctionLike(node) && (node as ts.FunctionLikeDeclaration).body !== undefined) {
        const first = source.getLineAndCharacterOfPosition(node.getStart(source)).line;
        const last = source.getLineAndCharacterOfPosition(node.getEnd()).line;
        functions.push({ id: `${file}:${nameOf(node, source)}`, file, line: first + 1, lines: last - first + 1 });
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return { files: fileSizes, functions };
}
