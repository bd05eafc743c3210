import { type ChildProcess, fork } from 'node:child_process';
import { setPriority } from 'node:os';
import { AppError } from '../../errors';
import type { PdfChildReply, PdfChildRequest, PdfRequest, PlannedPart } from './pdf-child';
import { endedAtHeapLimit, heapFlags, type ProcessLimits, watchMemory } from './process-limits';

/**
 * Where the API reads a PDF at intake: the check for several invoices in one file (text of every page, a
 * QR code search on scanned ones, the cut) and the cut at pages a person moved. pdf.js on the API's own
 * thread let one hostile file stall every request for minutes and take gigabytes (issue #35), so files are
 * read in sandbox processes (`pdf-child.ts`) under these limits; a process past them is killed, replaced
 * when next needed, and its file is `DOCUMENT_TOO_COMPLEX`.
 */
export const PARSE_LIMITS: ProcessLimits & { timeoutMs: number; processes: number } = {
  heapMb: 384,
  rssBytes: 768 * 1024 * 1024,
  // A scanned stack of 60 pages is searched for separator sheets well within this on a busy machine.
  timeoutMs: 90_000,
  // Files read at once; others wait their turn. Memory at worst: processes × rssBytes.
  processes: 2,
};
/** Their nice value: when the cores are contended, the API's requests go first. */
const PARSE_NICE = 10;

type Job = { request: PdfChildRequest; resolve: (reply: PdfChildReply) => void; reject: (e: Error) => void };
type Sandbox = {
  child: ChildProcess;
  job: Job | null;
  overLimit: string | null;
  stopWatch: () => void;
  ready: Promise<void>;
};

const CHILD_URL = new URL('./pdf-child.ts', import.meta.url);
const sandboxes: (Sandbox | null)[] = [];
const waiting: Job[] = [];
let nextId = 1;

function spawnSandbox(index: number): Sandbox {
  const child = fork(CHILD_URL, [], {
    execArgv: ['--import', import.meta.resolve('tsx'), ...heapFlags(PARSE_LIMITS)],
    serialization: 'advanced',
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
    env: { ...process.env, CUADRA_PARSE_NICE: String(PARSE_NICE) },
  });
  // Lowered from here at once: the child loading its modules must not compete with the API either.
  try {
    if (child.pid) setPriority(child.pid, PARSE_NICE);
  } catch {}
  let markReady = () => {};
  const ready = new Promise<void>((done) => {
    markReady = done;
  });
  const sandbox: Sandbox = { child, job: null, overLimit: null, stopWatch: () => {}, ready };
  sandbox.stopWatch = watchMemory(child, PARSE_LIMITS, (rss) => {
    sandbox.overLimit = `used ${Math.round(rss / 1048576)} MB`;
  });
  // An idle sandbox keeps no process (a test, a script) from ending.
  const idle = () => {
    child.unref();
    (child.channel as { unref?: () => void } | undefined)?.unref?.();
  };
  idle();
  child.on('message', (reply: (PdfChildReply & { id: number }) | { type: 'ready' }) => {
    if (reply.type === 'ready') return markReady();
    const job = sandbox.job;
    if (!job || job.request.id !== reply.id) return;
    clearTimeout(timers.get(sandbox));
    sandbox.job = null;
    idle();
    job.resolve(reply);
    next(sandbox);
  });
  child.on('error', () => {});
  child.once('exit', (code, signal) => {
    markReady();
    sandbox.stopWatch();
    clearTimeout(timers.get(sandbox));
    if (sandboxes[index] === sandbox) sandboxes[index] = null;
    const job = sandbox.job;
    sandbox.job = null;
    if (job) {
      if (sandbox.overLimit || endedAtHeapLimit(code, signal))
        job.resolve({
          type: 'failed',
          code: 'DOCUMENT_TOO_COMPLEX',
          message: sandbox.overLimit ?? 'heap limit',
        });
      else job.reject(new Error(`PDF sandbox ended (${signal ?? `code ${code}`})`));
    }
    const waiter = waiting.shift();
    if (waiter) start(take(index), waiter);
  });
  return sandbox;
}

const timers = new WeakMap<Sandbox, NodeJS.Timeout>();
const take = (index: number) => {
  const sandbox = sandboxes[index] ?? spawnSandbox(index);
  sandboxes[index] = sandbox;
  return sandbox;
};

function start(sandbox: Sandbox, job: Job) {
  sandbox.job = job;
  sandbox.child.ref();
  (sandbox.child.channel as { ref?: () => void } | undefined)?.ref?.();
  timers.set(
    sandbox,
    setTimeout(() => {
      sandbox.overLimit = `ran past ${PARSE_LIMITS.timeoutMs} ms`;
      sandbox.child.kill('SIGKILL');
    }, PARSE_LIMITS.timeoutMs),
  );
  sandbox.child.send(job.request, (error) => {
    if (error && sandbox.job === job) sandbox.child.kill('SIGKILL');
  });
}

function next(sandbox: Sandbox) {
  const job = waiting.shift();
  if (job) start(sandbox, job);
}

function run(request: PdfRequest): Promise<PdfChildReply> {
  return new Promise((resolve, reject) => {
    const job: Job = { request: { ...request, id: nextId++ }, resolve, reject };
    for (let i = 0; i < PARSE_LIMITS.processes; i++) {
      const sandbox = sandboxes[i];
      if (!sandbox?.job) return start(take(i), job);
    }
    waiting.push(job);
  });
}

/** Starts one sandbox now (at start-up), so the first PDF dropped does not wait for it to load. */
export function warmPdfSandbox(): Promise<void> {
  return take(0).ready;
}

/** Ends the sandbox processes (at shutdown); the next file starts new ones. */
export async function closePdfSandboxes(): Promise<void> {
  await Promise.all(
    sandboxes.splice(0).map(async (sandbox) => {
      if (!sandbox || sandbox.child.exitCode !== null || sandbox.child.signalCode !== null) return;
      const exited = new Promise((done) => sandbox.child.once('exit', done));
      sandbox.child.kill('SIGKILL');
      await exited;
    }),
  );
}

/** The sandbox processes' ids (a test watches them). */
export const pdfSandboxPids = () => sandboxes.flatMap((s) => (s?.child.pid ? [s.child.pid] : []));

/**
 * The invoices a PDF on disk holds, each cut into a file beside it; `parts: null` when there is nothing to
 * split (or the file is unreadable: the engine reports on it whole); `tooComplex` past the limits.
 */
export async function planPdf(
  path: string,
): Promise<{ tooComplex: true } | { tooComplex: false; pageCount: number; parts: PlannedPart[] | null }> {
  const reply = await run({ type: 'plan', path });
  if (reply.type === 'planned') return { tooComplex: false, pageCount: reply.pageCount, parts: reply.parts };
  if (reply.type === 'failed' && reply.code === 'DOCUMENT_TOO_COMPLEX') return { tooComplex: true };
  return { tooComplex: false, pageCount: 0, parts: null };
}

/** One PDF per group of (1-based) pages, cut in a sandbox; past the limits, `DOCUMENT_TOO_COMPLEX`. */
export async function cutPdfApart(
  bytes: Uint8Array,
  groups: number[][],
): Promise<{ pages: number[]; bytes: Uint8Array }[]> {
  const reply = await run({ type: 'cut', bytes, groups });
  if (reply.type === 'cut') return reply.parts;
  if (reply.type === 'failed' && reply.code === 'DOCUMENT_TOO_COMPLEX')
    throw new AppError('DOCUMENT_TOO_COMPLEX');
  throw new Error(`the PDF could not be cut: ${reply.type === 'failed' ? reply.message : reply.type}`);
}
