// `npm start`: builds the web app if needed, then runs the server (API + worker by default; pass `api` or
// `worker` to run one part). Migrations of the embedded database run inside the server at start-up.
//
// Two modes (README, "Local trial or deployment"). With NODE_ENV unset this is the local trial: it sets
// CUADRA_MODE=local (loopback only, outbox and test checkout at /dev) and supervises the server, starting
// it again if it dies. When the operator sets NODE_ENV=production it is a deployment: no stand-ins, and
// restarting is the job of the operator's process manager.
//
// Stopping: SIGINT (Ctrl-C) or SIGTERM stops the whole tree, the build or the server with its extraction
// processes. The server runs in a process group of its own, so whatever it leaves behind is ended with
// it. `npm start` runs this script under a shell that dies on SIGTERM without passing it on: when this
// process finds itself orphaned, it stops as if it had been sent SIGTERM.
import { spawn } from 'node:child_process';
import { supervise } from './lib/supervise.mjs';
import { ensureWebBuild, ROOT } from './lib/web-build.mjs';

/** How often the parent is checked: a stopped `npm start` ends its server within about this long. */
const PARENT_CHECK_MS = 1_000;

const role = process.argv[2] ?? 'all';
const parent = process.ppid;
const building = new AbortController();
let server;
let stopSignal = null;
const groups = new Set();

const stop = (signal) => {
  if (stopSignal) return;
  stopSignal = signal;
  console.log('Stopping Cuadra…');
  building.abort();
  server?.stop(signal);
};
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => stop(signal));
setInterval(() => {
  if (process.ppid !== parent) stop('SIGTERM');
}, PARENT_CHECK_MS).unref();

/** Ends what the server's process groups still hold (an extraction process busy with a document). */
function sweep() {
  for (const group of groups) {
    try {
      process.kill(-group, 'SIGKILL');
    } catch {}
  }
}

try {
  if (role !== 'worker') await ensureWebBuild({ signal: building.signal });
} catch (error) {
  console.error(error.message);
  process.exit(stopSignal ? 0 : 1);
}
if (stopSignal) process.exit(0);

const operatorChoseEnv = Boolean(process.env.NODE_ENV);
const env = {
  NODE_ENV: 'production',
  ...(operatorChoseEnv ? {} : { CUADRA_MODE: 'local' }),
  ...process.env,
  // The server ends itself if this process goes away without stopping it (killed with SIGKILL).
  CUADRA_SUPERVISOR_PID: String(process.pid),
};
console.log('Starting the server…');
const start = () => {
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts', role], {
    cwd: ROOT,
    // Not stdin: a process outside the terminal's foreground group must not read it.
    stdio: ['ignore', 'inherit', 'inherit'],
    env,
    detached: true,
  });
  if (child.pid) groups.add(child.pid);
  child.once('exit', () => {
    // Its extraction processes end when it closes them; what a crash left behind is ended here.
    try {
      process.kill(-child.pid, 'SIGKILL');
    } catch {}
    groups.delete(child.pid);
  });
  return child;
};

const exit = (code) => {
  sweep();
  process.exit(code);
};
server = operatorChoseEnv ? supervise(start, { maxRestarts: 0, exit }) : supervise(start, { exit });
