// `npm start`: builds the web app if needed, then runs the server (API + worker by default; pass `api` or
// `worker` to run one part). Migrations of the embedded database run inside the server at start-up.
//
// Two modes (README, "Local trial or deployment"): with NODE_ENV unset this is the local trial
// (CUADRA_MODE=local: loopback only, outbox and test checkout at /dev), and this script supervises the
// server, starting it again if it dies. When the operator sets NODE_ENV=production, it is a deployment:
// no stand-ins, and restarting is the job of the operator's process manager.
import { spawn } from 'node:child_process';
import { ensureWebBuild, ROOT } from './lib/web-build.mjs';

const role = process.argv[2] ?? 'all';
if (role !== 'worker') ensureWebBuild();

const operatorChoseEnv = Boolean(process.env.NODE_ENV);
const env = {
  NODE_ENV: 'production',
  ...(operatorChoseEnv ? {} : { CUADRA_MODE: 'local' }),
  ...process.env,
};
const supervise = !operatorChoseEnv;
/** The server's exit code for a bad configuration: starting it again would fail the same way. */
const EXIT_CONFIG = 78;
/** More crashes than this within the window means something is wrong for good: stop trying. */
const MAX_RESTARTS = 5;
const RESTART_WINDOW_MS = 60_000;

let child;
let stopping = false;
const crashes = [];

function run() {
  child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts', role], {
    cwd: ROOT,
    stdio: 'inherit',
    env,
  });
  child.on('exit', (code, signal) => {
    const failed = code !== 0 && code !== EXIT_CONFIG;
    if (stopping || !supervise || !failed) process.exit(code ?? (signal ? 1 : 0));
    const now = Date.now();
    crashes.push(now);
    while (crashes.length && (crashes[0] ?? 0) < now - RESTART_WINDOW_MS) crashes.shift();
    if (crashes.length > MAX_RESTARTS) {
      console.error(`Cuadra stopped ${crashes.length} times within a minute; not starting it again.`);
      process.exit(code ?? 1);
    }
    console.error(`Cuadra stopped unexpectedly (${signal ?? `exit code ${code}`}); starting it again.`);
    setTimeout(run, 1000);
  });
}

for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    stopping = true;
    child?.kill(signal);
  });
}
run();
