import type { ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';

/**
 * Limits of the processes that parse documents (issue #35): a hostile file may use up its own process,
 * never the API's memory or time. A process over them is killed and its document fails as
 * `DOCUMENT_TOO_COMPLEX`, free.
 */
export type ProcessLimits = {
  /** V8's old-space cap (`--max-old-space-size`), in MB. */
  heapMb: number;
  /** Resident memory (V8 heap, pdf.js buffers, canvases, OCR models), in bytes; checked every RSS_POLL_MS. */
  rssBytes: number;
};

/** How often a parsing process's resident memory is read. */
export const RSS_POLL_MS = 100;

/** Node flags that apply the heap cap to a process about to be forked. */
export const heapFlags = (limits: ProcessLimits) => [`--max-old-space-size=${limits.heapMb}`];

/** A process's resident memory from /proc, or null where there is no /proc (then only the heap cap holds). */
export function residentBytes(pid: number): number | null {
  try {
    const pages = Number(readFileSync(`/proc/${pid}/statm`, 'latin1').split(' ')[1]);
    return Number.isFinite(pages) ? pages * 4096 : null;
  } catch {
    return null;
  }
}

/** Kills `child` once its resident memory passes the limit and calls `onOver`; returns the stop function. */
export function watchMemory(child: ChildProcess, limits: ProcessLimits, onOver: (rss: number) => void) {
  const timer = setInterval(() => {
    const rss = child.pid ? residentBytes(child.pid) : null;
    if (rss === null || rss <= limits.rssBytes) return;
    clearInterval(timer);
    onOver(rss);
    child.kill('SIGKILL');
  }, RSS_POLL_MS);
  timer.unref();
  return () => clearInterval(timer);
}

/** V8 aborts a process that reaches its heap cap ("JavaScript heap out of memory"). */
export const endedAtHeapLimit = (code: number | null, signal: NodeJS.Signals | null) =>
  signal === 'SIGABRT' || code === 134;
