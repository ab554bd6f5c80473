#!/usr/bin/env node
// Runs npm scripts side by side (decision 065): `npm test` checks lint and types at the same time, each on one of
// CI's two cores (eslint and tsc are single-threaded). Each script's output is printed whole when it ends, never
// interleaved; the exit code is the first failure's, or 0 when every script passed.
//
//   node scripts/run-together.mjs lint typecheck
import { spawn } from 'node:child_process';

const scripts = process.argv.slice(2);
if (scripts.length === 0) {
  process.stderr.write('usage: node scripts/run-together.mjs <npm script> [<npm script> …]\n');
  process.exit(2);
}

const startedAt = Date.now();
const runs = scripts.map(
  (script) =>
    new Promise((resolve) => {
      const child = spawn('npm', ['run', '--silent', script], { stdio: ['ignore', 'pipe', 'pipe'], env: process.env });
      const output = [];
      child.stdout.on('data', (chunk) => output.push(chunk));
      child.stderr.on('data', (chunk) => output.push(chunk));
      child.on('error', (error) => output.push(Buffer.from(`${error.message}\n`)));
      child.on('close', (code, signal) => {
        const seconds = Math.round((Date.now() - startedAt) / 1000);
        const status = code === 0 ? 'passed' : `failed (${signal ?? `exit ${code}`})`;
        process.stdout.write(`\n== npm run ${script}: ${status} in ${seconds} s\n`);
        process.stdout.write(Buffer.concat(output));
        resolve(code ?? 1);
      });
    }),
);

const codes = await Promise.all(runs);
process.exit(codes.find((code) => code !== 0) ?? 0);
