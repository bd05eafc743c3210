import { type ChildProcess, fork } from 'node:child_process';
import { setPriority } from 'node:os';
import {
  ExtractError,
  type ExtractErrorCode,
  type ExtractionResult,
  type ExtractOptions,
  extractDocument,
} from '@cuadra/extract';
import { releaseMemory } from '../../lib/memory';
import type { Logger } from '../../logger';
import type { ChildReply, ChildRequest, SerializedError } from './extract-child';
import { endedAtHeapLimit, heapFlags, type ProcessLimits, watchMemory } from './process-limits';

/**
 * What one extraction process may use (issue #35). Its OCR engines take a few hundred MB; a document that
 * drives it past these is killed with it and fails as `DOCUMENT_TOO_COMPLEX`, free, instead of being
 * retried. The reader's own limits (`PDF_LIMITS`) refuse most such files before this.
 */
export const EXTRACT_LIMITS: ProcessLimits = { heapMb: 2048, rssBytes: 3 * 1024 * 1024 * 1024 };

/**
 * Where the worker's documents are read. Extraction is CPU work (pdf.js, image decoding, both OCR engines'
 * pre- and post-processing in JavaScript) that would hold the event loop of the process it runs in for
 * seconds at a time; in a process that also serves the API (role `all`), every request would wait behind
 * it. So documents are read in child processes (`extract-child.ts`) at a lower CPU priority: the API's
 * event loop only passes bytes and results, and when the cores are contended the scheduler favours it.
 *
 * `processes: 0` reads in this process, as a test or a one-off script may prefer.
 */
export type Extractor = {
  extract(
    input: { bytes: Uint8Array; filename?: string },
    options: ExtractOptions,
  ): Promise<ExtractionResult>;
  /**
   * Starts the processes and loads their engines now (a test or a bench that times documents, not
   * start-ups); the server does not: its processes start with the first document.
   */
  warm(): Promise<void>;
  close(): Promise<void>;
  readonly processes: number;
  /** The live extraction processes' ids (none when reading in this process). */
  pids(): number[];
};

export type ExtractorOptions = {
  /** Extraction processes (each reads one document at a time); 0 reads in this process. */
  processes: number;
  /** Their nice value (0–19): how much they yield the cores to the API. */
  nice: number;
  /**
   * A document still running after this long is taken as too complex: its process is killed and replaced,
   * and the document fails as `DOCUMENT_TOO_COMPLEX`.
   */
  timeoutMs: number;
  /**
   * A process with nothing to read for this long ends, handing its engines' memory back (issue #37: a lean
   * idle); the next document starts a fresh one, which loads its engines for it. 0 keeps processes for good.
   */
  idleMs?: number;
  logger: Logger;
};

type Pending = {
  id: number;
  resolve: (result: ExtractionResult) => void;
  reject: (error: Error) => void;
  timer: NodeJS.Timeout;
};
type Slot = {
  child: ChildProcess;
  busy: Pending | null;
  /** Ends this process once it has been idle for `idleMs`. */
  idleTimer: NodeJS.Timeout | null;
  /** Ended for being idle, not for a fault. */
  retired: boolean;
  ready: Promise<void>;
  /** Why this process was killed for its document: over its memory, or past the time limit. */
  overLimit: string | null;
};

const CHILD_URL = new URL('./extract-child.ts', import.meta.url);

/** The child runs TypeScript sources as this process does: with tsx's loader, found from here. */
function childExecArgv(): string[] {
  return ['--import', import.meta.resolve('tsx'), ...heapFlags(EXTRACT_LIMITS)];
}

const tooComplex = (reason: string) =>
  new ExtractError('DOCUMENT_TOO_COMPLEX', `The document took more than its process may: ${reason}`);

function revive(error: SerializedError): Error {
  if (error.name === 'ExtractError' && error.code) {
    return new ExtractError(error.code as ExtractErrorCode, error.message, error.details, error.permanent);
  }
  const revived = Object.assign(new Error(error.message), error.code ? { code: error.code } : {});
  revived.name = error.name;
  return revived;
}

export function createExtractor(options: ExtractorOptions): Extractor {
  if (options.processes <= 0) {
    return {
      processes: 0,
      extract: (input, extractOptions) => extractDocument(input, extractOptions),
      warm: async () => {},
      close: async () => {},
      pids: () => [],
    };
  }

  const slots: (Slot | null)[] = Array.from({ length: options.processes }, () => null);
  const waiting: { start: (slot: Slot) => void; reject: (error: Error) => void }[] = [];
  let nextId = 1;
  let closed = false;

  const spawnSlot = (index: number): Slot => {
    const child = fork(CHILD_URL, [], {
      execArgv: childExecArgv(),
      serialization: 'advanced',
      env: { ...process.env, CUADRA_EXTRACT_NICE: String(options.nice) },
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    // The child lowers its own threads too; this covers its first moments.
    if (child.pid && options.nice > 0) {
      try {
        setPriority(child.pid, options.nice);
      } catch {}
    }
    let markReady: () => void = () => {};
    const slot: Slot = {
      child,
      busy: null,
      idleTimer: null,
      retired: false,
      ready: new Promise<void>((done) => (markReady = done)),
      overLimit: null,
    };
    const stopWatch = watchMemory(child, EXTRACT_LIMITS, (rss) => {
      if (slot.busy) slot.overLimit = `${Math.round(rss / 1048576)} MB resident`;
      options.logger.warn({ rss, pid: child.pid }, 'extraction process over its memory limit; killing it');
    });
    child.on('message', (reply: ChildReply) => {
      if (reply.type === 'ready') return markReady();
      const job = slot.busy;
      if (!job || job.id !== reply.id) return;
      clearTimeout(job.timer);
      slot.busy = null;
      if (reply.type === 'done') {
        options.logger.debug({ ms: reply.result.timingsMs.total, cpuMs: reply.cpuMs }, 'document read');
        job.resolve(reply.result);
      } else job.reject(revive(reply.error));
      handOut(slot);
    });
    child.on('exit', (code, signal) => {
      markReady();
      stopWatch();
      if (slot.idleTimer) clearTimeout(slot.idleTimer);
      if (slots[index] === slot) slots[index] = null;
      const job = slot.busy;
      slot.busy = null;
      if (job) {
        clearTimeout(job.timer);
        // Over its limits: the document's doing, refused for good. Otherwise (killed from outside, a
        // crash) not the document's fault as far as we know: the job is retried.
        const atHeapLimit = endedAtHeapLimit(code, signal) ? 'heap limit' : null;
        const reason = slot.overLimit ?? atHeapLimit;
        job.reject(
          reason ? tooComplex(reason) : new Error(`extraction process ended (${signal ?? `code ${code}`})`),
        );
      }
      if (!closed) {
        if (!slot.retired)
          options.logger.warn({ code, signal, pid: child.pid, busy: !!job }, 'extraction process ended');
        if (waiting.length) handOut(take(index));
      }
    });
    child.on('error', (error) => options.logger.warn({ err: error }, 'extraction process error'));
    return slot;
  };

  const take = (index: number): Slot => {
    const slot = slots[index] ?? spawnSlot(index);
    slots[index] = slot;
    return slot;
  };

  /** An idle process ends quietly: its slot is free, and the next document spawns a new process. */
  const retire = (index: number, slot: Slot) => {
    if (slot.busy || slots[index] !== slot) return;
    slots[index] = null;
    slot.retired = true;
    options.logger.debug({ pid: slot.child.pid }, 'extraction process idle; ending it');
    if (slot.child.connected) slot.child.send({ type: 'close' } satisfies ChildRequest);
    else slot.child.kill('SIGKILL');
    // The last one gone: the server has been quiet for `idleMs`, and hands back what the burst left.
    if (slots.every((s) => s === null)) releaseMemory();
  };

  /** Gives a free process the next waiting document, if any; with none, counts its idle time. */
  const handOut = (slot: Slot) => {
    if (slot.busy || closed) return;
    const next = waiting.shift();
    if (next) return next.start(slot);
    const index = slots.indexOf(slot);
    if (!options.idleMs || index < 0) return;
    slot.idleTimer = setTimeout(() => retire(index, slot), options.idleMs);
    slot.idleTimer.unref();
  };

  const freeSlot = (): Slot | null => {
    for (let i = 0; i < slots.length; i++) {
      const slot = slots[i];
      if (!slot) return take(i);
      if (!slot.busy) return slot;
    }
    return null;
  };

  return {
    processes: options.processes,
    pids: () => slots.flatMap((slot) => (slot?.child.pid ? [slot.child.pid] : [])),
    extract(input, extractOptions) {
      if (closed) return Promise.reject(new Error('the extractor is closed'));
      return new Promise<ExtractionResult>((resolve, reject) => {
        const start = (slot: Slot) => {
          if (slot.idleTimer) clearTimeout(slot.idleTimer);
          slot.idleTimer = null;
          const id = nextId++;
          const timer = setTimeout(() => {
            options.logger.warn({ timeoutMs: options.timeoutMs }, 'extraction process hung; killing it');
            slot.overLimit = `ran past ${options.timeoutMs} ms`;
            slot.child.kill('SIGKILL');
          }, options.timeoutMs);
          slot.busy = { id, resolve, reject, timer };
          const request: ChildRequest = {
            type: 'extract',
            id,
            bytes: input.bytes,
            filename: input.filename,
            options: extractOptions,
          };
          slot.child.send(request, (error) => {
            if (error && slot.busy?.id === id) {
              clearTimeout(timer);
              slot.busy = null;
              reject(error);
            }
          });
        };
        const slot = freeSlot();
        if (slot) start(slot);
        else waiting.push({ start, reject });
      });
    },
    async warm() {
      if (closed) return;
      await Promise.all(
        slots.map((_, i) => {
          const slot = take(i);
          slot.child.send({ type: 'warm' } satisfies ChildRequest);
          return slot.ready.then(() => handOut(slot));
        }),
      );
    },
    async close() {
      closed = true;
      for (const job of waiting.splice(0)) job.reject(new Error('the extractor is closed'));
      await Promise.all(
        slots.map(async (slot) => {
          if (!slot || slot.child.exitCode !== null || slot.child.signalCode !== null) return;
          const exited = new Promise<void>((done) => slot.child.once('exit', () => done()));
          if (slot.child.connected) slot.child.send({ type: 'close' } satisfies ChildRequest);
          const timer = setTimeout(() => slot.child.kill('SIGKILL'), 5_000);
          await exited;
          clearTimeout(timer);
        }),
      );
    },
  };
}
