#!/usr/bin/env node
// Hot-reloading development: the server restarts on change (node --watch)
// and Vite serves the web app with HMR on :5173, proxying /api, /socket.io
// and /public to the server on :3000. Links in mails point at Vite.
import { spawn } from 'node:child_process';

const webPort = process.env.WEB_PORT ?? '5173';
const serverPort = process.env.PORT ?? '3000';
const env = {
  ...process.env,
  NODE_ENV: process.env.NODE_ENV ?? 'development',
  PORT: serverPort,
  APP_URL: process.env.APP_URL ?? `http://localhost:${webPort}`,
  SHIFUMI_SERVER_URL: `http://127.0.0.1:${serverPort}`,
};

const children = [
  spawn('npm', ['run', 'dev', '-w', '@shifumi/server'], { stdio: 'inherit', env }),
  spawn('npm', ['run', 'dev', '-w', '@shifumi/web', '--', '--port', webPort, '--strictPort'], { stdio: 'inherit', env }),
];

let stopping = false;
function stop(code) {
  if (stopping) return;
  stopping = true;
  for (const child of children) if (child.exitCode === null) child.kill('SIGTERM');
  setTimeout(() => process.exit(code), 500).unref();
}
for (const child of children) child.on('exit', (code) => stop(code ?? 0));
process.on('SIGINT', () => stop(0));
process.on('SIGTERM', () => stop(0));
