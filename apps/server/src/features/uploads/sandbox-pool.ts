import { type ChildProcess, fork } from 'node:child_process';
import { setPriority } from 'node:os';
import { endedAtHeapLimit, heapFlags, type ProcessLimits, watchMemory } from './process-limits';

/** A pool's limits: each process's memory, one request's time, and how many requests run at once. */
export type SandboxLimits = ProcessLimits & { timeoutMs: number; processes: number };

/** What `run` answers when the process went past a limit and was killed: the input was too much. */
export type OverLimit = { type: 'over-limit'; message: string };

export type SandboxPool<Request, Reply> = {
  /** Runs one request in a free process (or waits for one); a process past its limits answers `OverLimit`. */
  run(request: Request): Promise<Reply | OverLimit>;
  /** Starts one process now (at start-up), so the first request does not wait for it to load. */
  warm(): Promise<void>;
  /** Ends the processes (at shutdown); the next request starts new ones. */
  close(): Promise<void>;
  /** The processes' ids (a test watches them). */
  pids(): number[];
};

type Job<Request, Reply> = {
  request: Request & { id: number };
  resolve: (reply: Reply | OverLimit) => void;
  reject: (e: Error) => void;
};
type Sandbox<Request, Reply> = {
  child: ChildProcess;
  job: Job<Request, Reply> | null;
  overLimit: string | null;
  timer: NodeJS.Timeout | undefined;
  ready: Promise<void>;
};

/**
 * Processes that read hostile input away from the API (issue #35): PDFs at intake (`pdf-sandbox.ts`) and
 * mail (`inbound/mail-sandbox.ts`). Each runs `childUrl` at a lower priority with a heap cap, a resident
 * memory watch and a time limit per request; a process past them is killed, its request answered
 * `OverLimit`, and a new one started when next needed. Idle processes keep nothing alive (tests, scripts).
 *
 * The child answers `{ type: 'ready' }` once loaded and `{ id, …reply }` for each `{ id, …request }`.
 */
export function createSandboxPool<Request extends object, Reply extends { type: string }>(options: {
  childUrl: URL;
  /** Read at each use: a test may lower them. */
  limits: SandboxLimits;
  nice: number;
  name: string;
}): SandboxPool<Request, Reply> {
  const { childUrl, limits, nice, name } = options;
  const sandboxes: (Sandbox<Request, Reply> | null)[] = [];
  const waiting: Job<Request, Reply>[] = [];
  let nextId = 1;

  function spawn(index: number): Sandbox<Request, Reply> {
    const child = fork(childUrl, [], {
      execArgv: ['--import', import.meta.resolve('tsx'), ...heapFlags(limits)],
      serialization: 'advanced',
      stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
      env: { ...process.env, CUADRA_PARSE_NICE: String(nice) },
    });
    // Lowered from here at once: the child loading its modules must not compete with the API either.
    try {
      if (child.pid) setPriority(child.pid, nice);
    } catch {}
    let markReady = () => {};
    const ready = new Promise<void>((done) => {
      markReady = done;
    });
    const sandbox: Sandbox<Request, Reply> = { child, job: null, overLimit: null, timer: undefined, ready };
    const stopWatch = watchMemory(child, limits, (rss) => {
      sandbox.overLimit = `used ${Math.round(rss / 1048576)} MB`;
    });
    const idle = () => {
      child.unref();
      (child.channel as { unref?: () => void } | undefined)?.unref?.();
    };
    idle();
    child.on('message', (reply: (Reply & { id: number }) | { type: 'ready' }) => {
      if (reply.type === 'ready') return markReady();
      const job = sandbox.job;
      if (!job || job.request.id !== (reply as { id: number }).id) return;
      clearTimeout(sandbox.timer);
      sandbox.job = null;
      idle();
      job.resolve(reply as Reply);
      next(sandbox);
    });
    child.on('error', () => {});
    child.once('exit', (code, signal) => {
      markReady();
      stopWatch();
      clearTimeout(sandbox.timer);
      if (sandboxes[index] === sandbox) sandboxes[index] = null;
      const job = sandbox.job;
      sandbox.job = null;
      if (job) {
        if (sandbox.overLimit || endedAtHeapLimit(code, signal))
          job.resolve({ type: 'over-limit', message: sandbox.overLimit ?? 'heap limit' });
        else job.reject(new Error(`${name} sandbox ended (${signal ?? `code ${code}`})`));
      }
      const waiter = waiting.shift();
      if (waiter) start(take(index), waiter);
    });
    return sandbox;
  }

  const take = (index: number) => {
    const sandbox = sandboxes[index] ?? spawn(index);
    sandboxes[index] = sandbox;
    return sandbox;
  };

  function start(sandbox: Sandbox<Request, Reply>, job: Job<Request, Reply>) {
    sandbox.job = job;
    sandbox.child.ref();
    (sandbox.child.channel as { ref?: () => void } | undefined)?.ref?.();
    sandbox.timer = setTimeout(() => {
      sandbox.overLimit = `ran past ${limits.timeoutMs} ms`;
      sandbox.child.kill('SIGKILL');
    }, limits.timeoutMs);
    sandbox.child.send(job.request, (error) => {
      if (error && sandbox.job === job) sandbox.child.kill('SIGKILL');
    });
  }

  function next(sandbox: Sandbox<Request, Reply>) {
    const job = waiting.shift();
    if (job) start(sandbox, job);
  }

  return {
    run: (request) =>
      new Promise((resolve, reject) => {
        const job: Job<Request, Reply> = { request: { ...request, id: nextId++ }, resolve, reject };
        for (let i = 0; i < limits.processes; i++) if (!sandboxes[i]?.job) return start(take(i), job);
        waiting.push(job);
      }),
    warm: () => take(0).ready,
    close: async () => {
      await Promise.all(
        sandboxes.splice(0).map(async (sandbox) => {
          if (!sandbox || sandbox.child.exitCode !== null || sandbox.child.signalCode !== null) return;
          const exited = new Promise((done) => sandbox.child.once('exit', done));
          sandbox.child.kill('SIGKILL');
          await exited;
        }),
      );
    },
    pids: () => sandboxes.flatMap((s) => (s?.child.pid ? [s.child.pid] : [])),
  };
}
