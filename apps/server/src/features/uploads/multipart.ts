import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import busboy from 'busboy';
import { AppError } from '../../errors';

/** One file part as it arrived: its bytes unless it was empty or over the limit. */
export type IncomingFile = {
  filename: string;
  size: number;
  /** Null when the file was over the size limit: it was read past, never kept whole in memory. */
  bytes: Buffer | null;
  sha256: string | null;
};

export type UploadLimits = { maxFileBytes: number; maxFiles: number };

/** Room for the multipart headers and boundaries around the files. */
const ENVELOPE_BYTES = 1024 * 1024;

/**
 * Reads `files[]` from a multipart body as a stream: one file at a time in memory, each cut off as soon as
 * it passes `maxFileBytes` (the rest of it is skipped, the other files still arrive). A body whose declared
 * length could not fit the limits is refused before a byte is read.
 */
export async function readUploadedFiles(request: Request, limits: UploadLimits): Promise<IncomingFile[]> {
  const contentType = request.headers.get('content-type') ?? '';
  if (!contentType.startsWith('multipart/form-data')) throw new AppError('UNSUPPORTED_MEDIA_TYPE');
  const declared = Number(request.headers.get('content-length') ?? 'NaN');
  const ceiling = limits.maxFiles * limits.maxFileBytes + ENVELOPE_BYTES;
  if (Number.isFinite(declared) && declared > ceiling) {
    throw new AppError('PAYLOAD_TOO_LARGE', { maxFileBytes: limits.maxFileBytes, maxFiles: limits.maxFiles });
  }
  if (!request.body) throw new AppError('NO_FILES');

  const files: IncomingFile[] = [];
  let tooMany = false;
  await new Promise<void>((resolve, reject) => {
    const parser = busboy({
      headers: { 'content-type': contentType },
      defParamCharset: 'utf8', // browsers send file names in UTF-8
      limits: {
        fileSize: limits.maxFileBytes,
        files: limits.maxFiles,
        fields: 20,
        parts: limits.maxFiles + 20,
      },
    });
    parser.on('file', (field, stream, info) => {
      if (field !== 'files[]' && field !== 'files') {
        stream.resume();
        return;
      }
      const chunks: Buffer[] = [];
      const hash = createHash('sha256');
      let size = 0;
      let truncated = false;
      stream.on('data', (chunk: Buffer) => {
        size += chunk.length;
        if (truncated) return;
        chunks.push(chunk);
        hash.update(chunk);
      });
      stream.on('limit', () => {
        truncated = true;
        chunks.length = 0;
      });
      stream.on('end', () => {
        files.push({
          filename: sanitizeFilename(info.filename),
          size,
          bytes: truncated ? null : Buffer.concat(chunks),
          sha256: truncated ? null : hash.digest('hex'),
        });
      });
    });
    parser.on('filesLimit', () => {
      tooMany = true;
    });
    parser.on('error', (error) => reject(new AppError('VALIDATION_FAILED', { reason: String(error) })));
    parser.on('close', () => resolve());
    Readable.fromWeb(request.body as WebReadableStream<Uint8Array>).pipe(parser);
  });
  if (tooMany) throw new AppError('TOO_MANY_FILES', { maxFiles: limits.maxFiles });
  if (files.length === 0) throw new AppError('NO_FILES');
  return files;
}

/** A display name: no path, no control characters, at most 200 characters. */
export function sanitizeFilename(name: string | undefined): string {
  const base = (name ?? '').split(/[\\/]/).pop() ?? '';
  // Drops control characters (C0 and DEL) without a regex of them.
  const clean = [...base]
    .filter((ch) => ch.charCodeAt(0) > 0x1f && ch.charCodeAt(0) !== 0x7f)
    .join('')
    .trim();
  return (clean || 'file').slice(0, 200);
}
