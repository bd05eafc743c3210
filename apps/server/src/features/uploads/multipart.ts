import { createHash } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { copyFile, mkdir, mkdtemp, open, readdir, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import busboy from 'busboy';
import { AppError } from '../../errors';
import { isStorageFull } from '../../files/file-store';

/** One file part as it arrived, waiting on disk; never held whole in memory. */
export type IncomingFile = {
  filename: string;
  size: number;
  /** Its temporary file; null when it was over the size limit (read past, not kept) or empty. */
  path: string | null;
  /** Its first bytes, enough to tell the type and an image's dimensions without reading the file. */
  head: Buffer;
  sha256: string | null;
  tooLarge: boolean;
};

export type UploadLimits = {
  maxFileBytes: number;
  maxFiles: number;
  /** The whole request, whatever the files in it. */
  maxBytes: number;
  /** How long the body may send nothing before the upload is dropped. */
  idleMs: number;
  /**
   * Each window this long must bring at least `MIN_UPLOAD_BYTES_PER_SECOND` a second on average, or the
   * upload is dropped (408 UPLOAD_TOO_SLOW): a byte every few seconds keeps `idleMs` at bay, not this.
   */
  rateWindowMs?: number;
  /** Where files wait until they are stored; on the file store's disk, so storing is a rename. */
  tempDir: string;
};

/** The files of one upload and a way to delete whatever of them was not stored. */
export type ReceivedUpload = { files: IncomingFile[]; dispose: () => Promise<void> };

/** 256 KB: the type needs 1 KB; a JPEG's size marker comes after its EXIF and ICC blocks (64 KB each). */
const HEAD_BYTES = 256 * 1024;
/** Room for the multipart headers and boundaries around the files. */
const ENVELOPE_BYTES = 1024 * 1024;
/**
 * 1 KiB/s: far below any connection that can upload a scan (a 2 MB photo over the slowest mobile data still
 * goes at tens of KB/s), far above a client trickling bytes to hold a request open.
 */
export const MIN_UPLOAD_BYTES_PER_SECOND = 1024;
/** The default window over which the rate is averaged (`UPLOAD_RATE_WINDOW_SECONDS`). */
export const UPLOAD_RATE_WINDOW_MS = 30_000;

/**
 * Reads `files[]` from a multipart body as a stream, each file straight to a temporary file while its
 * hash is taken; a file past `maxFileBytes` is cut off (the rest skipped, the other files still arrive), a
 * body past `maxBytes` or silent for `idleMs` is abandoned. Every stream's errors end here, as an AppError
 * with a code: a malformed body is a 400, never a crash.
 */
export async function readUploadedFiles(request: Request, limits: UploadLimits): Promise<ReceivedUpload> {
  const contentType = request.headers.get('content-type') ?? '';
  if (!/^multipart\/form-data\b/i.test(contentType)) throw new AppError('UNSUPPORTED_MEDIA_TYPE');
  const declared = Number(request.headers.get('content-length') ?? 'NaN');
  const ceiling = Math.min(limits.maxBytes, limits.maxFiles * limits.maxFileBytes + ENVELOPE_BYTES);
  if (Number.isFinite(declared) && declared > ceiling) throw tooLarge(limits);
  if (!request.body) throw new AppError('NO_FILES');

  let parser: busboy.Busboy;
  try {
    parser = busboy({
      headers: { 'content-type': contentType },
      defParamCharset: 'utf8', // browsers send file names in UTF-8
      limits: {
        fileSize: limits.maxFileBytes,
        files: limits.maxFiles,
        fields: 20,
        parts: limits.maxFiles + 20,
      },
    });
  } catch (error) {
    // No boundary, or a content type busboy cannot read.
    throw new AppError('MULTIPART_MALFORMED', { reason: String(error) });
  }

  await mkdir(limits.tempDir, { recursive: true });
  const dir = await mkdtemp(join(limits.tempDir, 'upload-'));
  const dispose = () => rm(dir, { recursive: true, force: true });
  const files: IncomingFile[] = [];
  const writes: Promise<void>[] = [];
  let tooMany = false;
  const source = Readable.fromWeb(request.body as WebReadableStream<Uint8Array>);
  const counter = guard(limits);

  parser.on('file', (field, stream, info) => {
    if (field !== 'files[]' && field !== 'files') {
      stream.resume();
      return;
    }
    const file: IncomingFile = {
      filename: sanitizeFilename(info.filename),
      size: 0,
      path: join(dir, String(files.length)),
      head: Buffer.alloc(0),
      sha256: null,
      tooLarge: false,
    };
    files.push(file);
    stream.on('limit', () => {
      file.tooLarge = true;
    });
    const write = saveFile(stream, file);
    // Handled here at once (awaited below): a part that fails before the body does is not "unhandled".
    // A file that cannot be written (a full disk) ends the whole upload now, not after the body is read.
    write.catch((error: unknown) => {
      if (isStorageFull(error)) counter.destroy(new AppError('STORAGE_FULL'));
    });
    writes.push(write);
  });
  parser.on('filesLimit', () => {
    tooMany = true;
  });

  try {
    await pipeline(source, counter, parser);
    await Promise.all(writes);
  } catch (error) {
    // The parser or the source failed: whatever file was half-written is abandoned with the folder.
    const written = await Promise.allSettled(writes);
    await dispose();
    const full = [error, ...written.map((w) => (w.status === 'rejected' ? w.reason : null))].some(
      isStorageFull,
    );
    if (full) throw new AppError('STORAGE_FULL');
    if (error instanceof AppError) throw error;
    throw new AppError('MULTIPART_MALFORMED', { reason: String((error as Error)?.message ?? error) });
  }
  if (tooMany || files.length === 0) {
    await dispose();
    throw tooMany ? new AppError('TOO_MANY_FILES', { maxFiles: limits.maxFiles }) : new AppError('NO_FILES');
  }
  for (const file of files) {
    if (file.tooLarge || file.size === 0) {
      await rm(file.path as string, { force: true });
      file.path = null;
      file.sha256 = null;
    }
  }
  return { files, dispose };
}

/** A file that arrived some other way than a request body (a mail's attachment, photos made into a PDF). */
export type BufferedFile = { filename: string; bytes: Buffer };

/**
 * Writes files already in memory to a temporary folder as an upload, so they take the same road as a
 * dropped file (`uploadFiles`): the same limits, names, hashes and heads. `dispose` removes what is left.
 */
export async function stageBufferedFiles(
  files: BufferedFile[],
  limits: Pick<UploadLimits, 'maxFileBytes' | 'tempDir'>,
): Promise<ReceivedUpload> {
  await mkdir(limits.tempDir, { recursive: true });
  const dir = await mkdtemp(join(limits.tempDir, 'staged-'));
  const dispose = () => rm(dir, { recursive: true, force: true });
  try {
    const staged = await Promise.all(
      files.map(async ({ filename, bytes }, index): Promise<IncomingFile> => {
        const keep = bytes.length > 0 && bytes.length <= limits.maxFileBytes;
        const path = keep ? join(dir, String(index)) : null;
        if (path) await writeFile(path, bytes);
        return {
          filename: sanitizeFilename(filename),
          size: bytes.length,
          path,
          head: bytes.subarray(0, HEAD_BYTES),
          sha256: keep ? createHash('sha256').update(bytes).digest('hex') : null,
          tooLarge: bytes.length > limits.maxFileBytes,
        };
      }),
    );
    return { files: staged, dispose };
  } catch (error) {
    await dispose();
    throw error;
  }
}

/** A file already on this machine's disk, its hash taken (a mail's, written by its sandbox). */
export type DiskFile = { filename: string; path: string; size: number; sha256: string };

/**
 * Copies files already on disk into a fresh upload folder, so they take the same road as a dropped file
 * (`uploadFiles` moves them into the store); the originals stay for whoever else receives them (a mail to
 * two clients). Nothing is read into memory but each file's head. `dispose` removes what is left.
 */
export async function stageDiskFiles(
  files: DiskFile[],
  limits: Pick<UploadLimits, 'maxFileBytes' | 'tempDir'>,
): Promise<ReceivedUpload> {
  await mkdir(limits.tempDir, { recursive: true });
  const dir = await mkdtemp(join(limits.tempDir, 'staged-'));
  const dispose = () => rm(dir, { recursive: true, force: true });
  try {
    const staged: IncomingFile[] = [];
    for (const [index, file] of files.entries()) {
      const keep = file.size > 0 && file.size <= limits.maxFileBytes;
      const path = keep ? join(dir, String(index)) : null;
      if (path) await copyFile(file.path, path);
      staged.push({
        filename: sanitizeFilename(file.filename),
        size: file.size,
        path,
        head: path ? await readHead(path) : Buffer.alloc(0),
        sha256: keep ? file.sha256 : null,
        tooLarge: file.size > limits.maxFileBytes,
      });
    }
    return { files: staged, dispose };
  } catch (error) {
    await dispose();
    throw error;
  }
}

async function readHead(path: string): Promise<Buffer> {
  const handle = await open(path, 'r');
  try {
    const head = Buffer.alloc(HEAD_BYTES);
    const { bytesRead } = await handle.read(head, 0, HEAD_BYTES, 0);
    return head.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

/**
 * Removes upload folders a crashed process left behind. Only old ones: another process on this machine
 * may be receiving an upload into the same folder right now.
 */
export async function removeStaleUploads(tempDir: string, maxAgeMs: number, now = Date.now()): Promise<void> {
  const entries = await readdir(tempDir).catch(() => [] as string[]);
  for (const entry of entries.filter((name) => name.startsWith('upload-'))) {
    const path = join(tempDir, entry);
    const info = await stat(path).catch(() => null);
    if (info && now - info.mtimeMs > maxAgeMs) await rm(path, { recursive: true, force: true });
  }
}

/** Writes one part to its temporary file, keeping its first bytes and hashing it on the way. */
async function saveFile(stream: Readable, file: IncomingFile): Promise<void> {
  const hash = createHash('sha256');
  const head: Buffer[] = [];
  let headBytes = 0;
  const tap = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      file.size += chunk.length;
      hash.update(chunk);
      if (headBytes < HEAD_BYTES) {
        head.push(chunk.subarray(0, HEAD_BYTES - headBytes));
        headBytes += Math.min(chunk.length, HEAD_BYTES - headBytes);
      }
      done(null, chunk);
    },
  });
  // The part's own stream errors too (a body cut off mid-file): pipeline takes them, never 'error' unheard.
  await pipeline(stream, tap, createWriteStream(file.path as string));
  file.head = Buffer.concat(head);
  file.sha256 = hash.digest('hex');
}

/**
 * Counts the body as it passes and ends it when it grows past the cap, stops arriving, or arrives slower
 * than `MIN_UPLOAD_BYTES_PER_SECOND` over a whole window.
 */
function guard(limits: UploadLimits): Transform {
  let total = 0;
  let timer: NodeJS.Timeout | undefined;
  const windowMs = limits.rateWindowMs ?? UPLOAD_RATE_WINDOW_MS;
  const minWindowBytes = (MIN_UPLOAD_BYTES_PER_SECOND * windowMs) / 1000;
  let windowBytes = 0;
  const rate = setInterval(() => {
    if (windowBytes < minWindowBytes)
      counter.destroy(
        new AppError('UPLOAD_TOO_SLOW', {
          minBytesPerSecond: MIN_UPLOAD_BYTES_PER_SECOND,
          windowSeconds: windowMs / 1000,
        }),
      );
    windowBytes = 0;
  }, windowMs);
  const stop = () => {
    clearTimeout(timer);
    clearInterval(rate);
  };
  const counter: Transform = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      total += chunk.length;
      windowBytes += chunk.length;
      arm();
      if (total > limits.maxBytes) done(tooLarge(limits));
      else done(null, chunk);
    },
    flush(done) {
      stop();
      done();
    },
    destroy(error, done) {
      stop();
      done(error);
    },
  });
  const arm = () => {
    clearTimeout(timer);
    timer = setTimeout(
      () => counter.destroy(new AppError('UPLOAD_STALLED', { idleMs: limits.idleMs })),
      limits.idleMs,
    );
  };
  arm();
  return counter;
}

const tooLarge = (limits: UploadLimits) =>
  new AppError('PAYLOAD_TOO_LARGE', {
    maxBytes: limits.maxBytes,
    maxFileBytes: limits.maxFileBytes,
    maxFiles: limits.maxFiles,
  });

/**
 * Control characters (Cc: C0, DEL, C1) and invisible formatting ones (Cf) that reorder or hide text: bidi
 * embeddings, overrides and isolates (`passwd‮gpj.xml` would show as "…lmx.jpg"), zero-width marks, BOM.
 */
const HIDDEN = /[\p{Cc}\p{Cf}]/gu;

/** A display name: no path, no control or bidi characters, at most 200 characters. */
export function sanitizeFilename(name: string | undefined): string {
  const base = (name ?? '').split(/[\\/]/).pop() ?? '';
  const clean = base.normalize('NFC').replace(HIDDEN, '').trim();
  return (clean || 'file').slice(0, 200);
}
