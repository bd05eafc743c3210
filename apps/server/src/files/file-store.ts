import { copyFile, mkdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';

/** Where originals live. Keys come from internal ids only, never from user file names. */
export type FileStore = {
  put(key: string, bytes: Uint8Array): Promise<void>;
  /** Stores a file that waits on local disk (an upload's temporary file), without reading it into memory. */
  putFile(key: string, path: string): Promise<void>;
  get(key: string): Promise<Buffer>;
  delete(key: string): Promise<void>;
  ping(): Promise<boolean>;
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
    async put(key, bytes) {
      const target = path(key);
      await mkdir(dirname(target), { recursive: true });
      const temporary = `${target}.${process.pid}.tmp`;
      await writeFile(temporary, bytes);
      await rename(temporary, target);
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
