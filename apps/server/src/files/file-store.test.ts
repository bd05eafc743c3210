import { createHash, randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startS3Server } from '../../test/s3-server';
import { createDiskFileStore, type FileStore } from './file-store';
import { createS3FileStore } from './s3-store';

const sha = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

/** A stream of `size` pseudo-random bytes in 64 KB chunks, and the hash of what it yields. */
function randomStream(size: number) {
  const hash = createHash('sha256');
  let left = size;
  const stream = new Readable({
    read() {
      if (left === 0) return this.push(null);
      const chunk = randomBytes(Math.min(left, 64 * 1024));
      left -= chunk.length;
      hash.update(chunk);
      this.push(chunk);
    },
  });
  return { stream, digest: () => hash.digest('hex') };
}

type Store = { store: FileStore; close: () => Promise<void> };

const stores: Record<FileStore['kind'], () => Promise<Store>> = {
  disk: async () => {
    const root = await mkdtemp(join(tmpdir(), 'cuadra-files-'));
    return { store: createDiskFileStore(root), close: () => rm(root, { recursive: true, force: true }) };
  },
  s3: async () => {
    const server = await startS3Server('cuadra-files');
    const store = createS3FileStore({
      bucket: server.env.S3_BUCKET,
      endpoint: server.endpoint,
      region: 'us-east-1',
      accessKeyId: server.env.S3_ACCESS_KEY_ID,
      secretAccessKey: server.env.S3_SECRET_ACCESS_KEY,
      forcePathStyle: true,
    });
    return { store, close: () => server.close() };
  },
};

describe.each(Object.keys(stores) as FileStore['kind'][])('the %s file store', (kind) => {
  let store: FileStore;
  let close: () => Promise<void>;
  beforeAll(async () => {
    ({ store, close } = await stores[kind]());
  });
  afterAll(() => close());

  it('is ready and says which store it is', async () => {
    expect(store.kind).toBe(kind);
    expect(await store.ping()).toBe(true);
  });

  it('gives back exactly the bytes it was given, and forgets them when deleted', async () => {
    const bytes = randomBytes(10_000);
    await store.put('documents/one', bytes);
    expect(sha(await store.get('documents/one'))).toBe(sha(bytes));
    await store.delete('documents/one');
    await expect(store.get('documents/one')).rejects.toThrow();
  });

  it('stores a 21 MB stream part by part, byte for byte', async () => {
    const { stream, digest } = randomStream(21 * 1024 * 1024);
    await store.put('documents/large', stream);
    expect(sha(await store.get('documents/large'))).toBe(digest());
  });

  it('refuses keys that could leave its folder or bucket prefix', async () => {
    await expect(store.put('../escape', Buffer.from('x'))).rejects.toThrow(/Invalid file key/);
    await expect(store.put('Documents/Upper', Buffer.from('x'))).rejects.toThrow(/Invalid file key/);
  });
});
