import { createWriteStream } from 'node:fs';
import { copyFile, mkdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

/** Where originals live. Keys come from internal ids only, never from user file names. */
export type FileStore = {
  /** `disk` (the embedded default, DATA_DIR/files) or `s3` (S3_BUCKET set). */
  kind: 'disk' | 's3';
  /** Stores bytes or a stream; a stream is written as it arrives, never held whole in memory. */
  put(key: string, body: Uint8Array | Readable): Promise<void>;
  /**
   * Moves a file that waits on local disk (an upload's temporary file) into the store, without reading it
   * into memory; the temporary file is gone afterwards.
   */
  putFile(key: string, path: string): Promise<void>;
  get(key: string): Promise<Buffer>;
  delete(key: string): Promise<void>;
  ping(): Promise<boolean>;
};

/** The disk (or the user's quota on it) is full: the answer is 507 STORAGE_FULL, not a broken request. */
export const isStorageFull = (error: unknown): boolean => {
  const code = (error as { code?: unknown } | null)?.code;
  return code === 'ENOSPC' || code === 'EDQUOT';
};

const KEY = /^[a-z0-9][a-z0-9._-]*(\/[a-z0-9][a-z0-9._-]*)*$/;

export function assertKey(key: string): string {
  if (!KEY.test(key) || key.includes('..')) throw new Error(`Invalid file key: ${key}`);
  return key;
}

/** The embedded default: files under DATA_DIR/files. */
export function createDiskFileStore(root: string): FileStore {
  const path = (key: string) => join(root, assertKey(key));
  return {
    kind: 'disk',
    async put(key, body) {
      const target = path(key);
      await mkdir(dirname(target), { recursive: true });
      // Written aside, then renamed: a reader never sees half a file.
      const temporary = `${target}.${process.pid}.tmp`;
      try {
        if (body instanceof Readable) await pipeline(body, createWriteStream(temporary));
        else await writeFile(temporary, body);
        await rename(temporary, target);
      } catch (error) {
        await rm(temporary, { force: true });
        throw error;
      }
    },
    async putFile(key, source) {
      const target = path(key);
      await mkdir(dirname(target), { recursive: true });
      const temporary = `${target}.${process.pid}.tmp`;
      // A rename when the upload's folder is on the same disk (DATA_DIR/tmp), a copy otherwise.
      await rename(source, temporary).catch(() => copyFile(source, temporary));
      await rename(temporary, target);
    },
    get: (key) => readFile(path(key)),
    delete: (key) => rm(path(key), { force: true }),
    async ping() {
      try {
        await mkdir(root, { recursive: true });
        return (await stat(root)).isDirectory();
      } catch {
        return false;
      }
    },
  };
}
