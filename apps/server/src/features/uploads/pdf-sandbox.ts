import { AppError } from '../../errors';
import type { PdfChildReply, PdfRequest, PlannedPart } from './pdf-child';
import { createSandboxPool, type SandboxLimits } from './sandbox-pool';

/**
 * Where the API reads a PDF at intake: the check for several invoices in one file (text of every page, a
 * QR code search on scanned ones, the cut) and the cut at pages a person moved. pdf.js on the API's own
 * thread let one hostile file stall every request for minutes and take gigabytes (issue #35), so files are
 * read in sandbox processes (`pdf-child.ts`) under these limits; a process past them is killed, replaced
 * when next needed, and its file is `DOCUMENT_TOO_COMPLEX`.
 */
export const PARSE_LIMITS: SandboxLimits = {
  heapMb: 384,
  rssBytes: 768 * 1024 * 1024,
  // A scanned stack of 60 pages is searched for separator sheets well within this on a busy machine.
  timeoutMs: 90_000,
  // Files read at once; others wait their turn. Memory at worst: processes × rssBytes.
  processes: 2,
};
/** Their nice value: when the cores are contended, the API's requests go first. */
const PARSE_NICE = 10;

const pool = createSandboxPool<PdfRequest, PdfChildReply>({
  childUrl: new URL('./pdf-child.ts', import.meta.url),
  limits: PARSE_LIMITS,
  nice: PARSE_NICE,
  name: 'PDF',
});

async function run(request: PdfRequest): Promise<PdfChildReply> {
  const reply = await pool.run(request);
  return reply.type === 'over-limit'
    ? { type: 'failed', code: 'DOCUMENT_TOO_COMPLEX', message: reply.message }
    : reply;
}

/** Starts one sandbox now (at start-up), so the first PDF dropped does not wait for it to load. */
export const warmPdfSandbox = (): Promise<void> => pool.warm();

/** Ends the sandbox processes (at shutdown); the next file starts new ones. */
export const closePdfSandboxes = (): Promise<void> => pool.close();

/** The sandbox processes' ids (a test watches them). */
export const pdfSandboxPids = () => pool.pids();

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
