// `npm start`: builds the web app if needed, then runs the server (API + worker by default; pass `api` or
// `worker` to run one part). Migrations of the embedded database run inside the server at start-up.
import { spawn } from 'node:child_process';
import { ensureWebBuild, ROOT } from './lib/web-build.mjs';

const role = process.argv[2] ?? 'all';
if (role !== 'worker') ensureWebBuild();

const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts', role], {
  cwd: ROOT,
  stdio: 'inherit',
  env: { NODE_ENV: 'production', ...process.env },
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
