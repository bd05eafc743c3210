// `npm run dev`: the server with reload on :3000 and Vite's dev server (proxying /api and /dev to it).
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { ROOT } from './lib/web-build.mjs';

// The server runs from its own folder; keep its data where `npm start` keeps it.
const env = { ...process.env, DATA_DIR: process.env.DATA_DIR || join(ROOT, 'data') };
const children = [
  spawn('npm', ['run', 'dev', '-w', 'apps/server'], { cwd: ROOT, stdio: 'inherit', env }),
  spawn('npm', ['run', 'dev', '-w', 'apps/web'], { cwd: ROOT, stdio: 'inherit' }),
];
const stop = () => {
  for (const child of children) child.kill('SIGTERM');
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const child of children) child.on('exit', stop);
