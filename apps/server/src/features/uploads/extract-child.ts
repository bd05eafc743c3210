/**
 * An extraction process (see extract-pool.ts): reads documents for the worker, one at a time, at a lower
 * CPU priority than the API. It holds its OCR engines (Tesseract's workers, PP-OCR's ONNX sessions, pdf.js)
 * for its whole life, so no document pays for loading them.
 *
 * Messages in: `{ type: 'warm' }`, `{ type: 'extract', id, bytes, filename, options }`, `{ type: 'close' }`.
 * Messages out: `{ type: 'ready' }`, `{ type: 'done', id, result, cpuMs }`, `{ type: 'failed', id, error }`.
 */
import { readdirSync } from 'node:fs';
import { setPriority } from 'node:os';
import { deflateSync } from 'node:zlib';
import { closeOcr, type ExtractOptions, extractDocument, isExtractError } from '@cuadra/extract';
import { PDFDocument, StandardFonts } from 'pdf-lib';

export type ChildRequest =
  | { type: 'warm' }
  | { type: 'close' }
  | { type: 'extract'; id: number; bytes: Uint8Array; filename?: string; options: ExtractOptions };
export type SerializedError = {
  name: string;
  message: string;
  code?: string;
  permanent?: boolean;
  details?: Record<string, unknown>;
};
export type ChildReply =
  | { type: 'ready' }
  | { type: 'done'; id: number; result: Awaited<ReturnType<typeof extractDocument>>; cpuMs: number }
  | { type: 'failed'; id: number; error: SerializedError };

const NICE = Number(process.env.CUADRA_EXTRACT_NICE ?? 10);

/**
 * Lowers every thread of this process to NICE. Linux keeps a nice value per thread, and a thread starts
 * with its creator's: once the main thread is lowered, the engines' threads made later follow; those made
 * before (V8's, libuv's) are lowered here one by one. Called again after each document for stragglers.
 */
function lowerPriority(): void {
  if (!(NICE > 0)) return;
  let tids: string[] = [];
  try {
    tids = readdirSync('/proc/self/task');
  } catch {
    // Not Linux: the process as a whole, as the OS understands it.
    try {
      setPriority(NICE);
    } catch {}
    return;
  }
  for (const tid of tids) {
    try {
      setPriority(Number(tid), NICE);
    } catch {
      // A thread that ended meanwhile.
    }
  }
}

/** A white greyscale PNG with a few black bars (text-like blocks): enough to wake both OCR engines. */
function warmPng(): Buffer {
  const width = 480;
  const height = 120;
  const raw = Buffer.alloc((width + 1) * height, 255);
  for (let y = 0; y < height; y++) {
    raw[y * (width + 1)] = 0; // filter: none
    const bar = (y >= 30 && y < 46) || (y >= 70 && y < 86);
    if (bar) for (let x = 40; x < 400; x++) if (x % 24 < 18) raw[y * (width + 1) + 1 + x] = 0;
  }
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (bytes: Buffer) => {
    let c = 0xffffffff;
    for (const b of bytes) c = crcTable[(c ^ b) & 0xff]! ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const out = Buffer.alloc(body.length + 8);
    out.writeUInt32BE(data.length, 0);
    body.copy(out, 4);
    out.writeUInt32BE(crc(body), body.length + 4);
    return out;
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 0; // greyscale
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A one-page PDF with a text layer: wakes pdf.js and the text path. */
async function warmPdf(): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  const page = pdf.addPage([595, 842]);
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  page.drawText('FACTURA 2024-001  Total 121,00 EUR', { x: 50, y: 780, size: 12, font });
  return pdf.save();
}

/** Loads what every document needs (OCR engines, pdf.js) before the first real document arrives. */
async function warm(): Promise<void> {
  await extractDocument({ bytes: warmPng(), filename: 'warm.png' }).catch(() => {});
  await extractDocument({ bytes: await warmPdf(), filename: 'warm.pdf' }).catch(() => {});
}

function serializeError(error: unknown): SerializedError {
  if (isExtractError(error))
    return {
      name: 'ExtractError',
      message: error.message,
      code: error.code,
      permanent: error.permanent,
      details: error.details,
    };
  // Node's error code (ENOSPC: a full disk) travels too: the job decides on it.
  if (error instanceof Error) {
    const { code } = error as { code?: unknown };
    return { name: error.name, message: error.message, ...(typeof code === 'string' ? { code } : {}) };
  }
  return { name: 'Error', message: String(error) };
}

const send = (reply: ChildReply) => process.send?.(reply);

lowerPriority();
let chain: Promise<unknown> = Promise.resolve();
process.on('message', (message: ChildRequest) => {
  // One document at a time, in arrival order: the pool gives each process one job, this is a backstop.
  chain = chain.then(async () => {
    if (message.type === 'warm') {
      await warm();
      lowerPriority();
      send({ type: 'ready' });
    } else if (message.type === 'extract') {
      const cpu = process.cpuUsage();
      try {
        const result = await extractDocument(
          { bytes: message.bytes, filename: message.filename },
          message.options,
        );
        const used = process.cpuUsage(cpu);
        const cpuMs = Math.round((used.user + used.system) / 1000);
        // This process reads one document at a time, so its CPU time is this document's (all threads).
        result.timingsMs.cpu = cpuMs;
        send({ type: 'done', id: message.id, result, cpuMs });
      } catch (error) {
        send({ type: 'failed', id: message.id, error: serializeError(error) });
      }
      lowerPriority();
    } else if (message.type === 'close') {
      await closeOcr().catch(() => {});
      process.disconnect?.();
      process.exit(0);
    }
  });
});
// The worker went away without saying goodbye: nothing left to do.
process.on('disconnect', () => process.exit(0));
