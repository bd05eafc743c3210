// `npm start`: builds the web app if needed, then runs the server (API + worker by default; pass `api` or
// `worker` to run one part). Migrations of the embedded database run inside the server at start-up.
//
// Two modes (README, "Local trial or deployment"). With NODE_ENV unset this is the local trial: it sets
// CUADRA_MODE=local (loopback only, outbox and test checkout at /dev) and supervises the server, starting
// it again if it dies. When the operator sets NODE_ENV=production it is a deployment: no stand-ins, and
// restarting is the job of the operator's process manager.
import { spawn } from 'node:child_process';
import { supervise } from './lib/supervise.mjs';
import { ensureWebBuild, ROOT } from './lib/web-build.mjs';

const role = process.argv[2] ?? 'all';
if (role !== 'worker') ensureWebBuild();

const operatorChoseEnv = Boolean(process.env.NODE_ENV);
const env = { NODE_ENV: 'production', ...(operatorChoseEnv ? {} : { CUADRA_MODE: 'local' }), ...process.env };
const start = () =>
  spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts', role], {
    cwd: ROOT,
    stdio: 'inherit',
    env,
  });

const server = operatorChoseEnv ? supervise(start, { maxRestarts: 0 }) : supervise(start);
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.stop(signal));
