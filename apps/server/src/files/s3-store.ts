import { createReadStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  NoSuchKey,
  S3Client,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { assertKey, type FileStore } from './file-store';

export type S3Options = {
  bucket: string;
  /** Empty for AWS itself; the server's address for MinIO, Ceph, R2 and the like. */
  endpoint: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** MinIO and most self-hosted servers want `http://host/bucket/key` rather than `bucket.host`. */
  forcePathStyle: boolean;
};

/** 8 MB parts: S3's multipart minimum is 5 MB, and two parts in flight keep memory per upload under 20 MB. */
const PART_BYTES = 8 * 1024 * 1024;

/** Originals in an S3-compatible bucket: what lets API and workers run on different machines. */
export function createS3FileStore(options: S3Options): FileStore {
  const client = new S3Client({
    region: options.region,
    forcePathStyle: options.forcePathStyle,
    ...(options.endpoint ? { endpoint: options.endpoint } : {}),
    ...(options.accessKeyId
      ? { credentials: { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey } }
      : {}),
  });
  const Bucket = options.bucket;
  return {
    kind: 's3',
    async put(key, body) {
      // Multipart upload: a stream goes up part by part, never whole in memory.
      const upload = new Upload({
        client,
        params: { Bucket, Key: assertKey(key), Body: body },
        partSize: PART_BYTES,
        queueSize: 2,
      });
      await upload.done();
    },
    async putFile(key, path) {
      await this.put(key, createReadStream(path));
      await rm(path, { force: true });
    },
    async get(key) {
      try {
        const object = await client.send(new GetObjectCommand({ Bucket, Key: assertKey(key) }));
        return Buffer.from(await object.Body!.transformToByteArray());
      } catch (error) {
        if (error instanceof NoSuchKey) throw Object.assign(new Error(`No file ${key}`), { code: 'ENOENT' });
        throw error;
      }
    },
    async delete(key) {
      await client.send(new DeleteObjectCommand({ Bucket, Key: assertKey(key) }));
    },
    async ping() {
      try {
        await client.send(new HeadBucketCommand({ Bucket }));
        return true;
      } catch {
        return false;
      }
    },
  };
}
