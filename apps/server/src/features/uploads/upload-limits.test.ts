import { readdir } from 'node:fs/promises';
import type { AddressInfo, Socket } from 'node:net';
import { connect } from 'node:net';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { serve } from '@hono/node-server';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  bodyOf,
  createSignedInUser,
  createTestContext,
  eventually,
  TEST_DB,
  type TestContext,
} from '../../../test/harness';
import { documents } from '../../db/schema';
import { insertClient } from '../clients/repo';
import { findAllowance, grantCredits } from '../credits/ledger';
import { openUploadsOf } from './routes';

/** UPLOAD_MAX_OPEN_PER_USER here (4 by default). */
const MAX_OPEN_UPLOADS_PER_USER = 3;

/** While `on`, every file written through `createWriteStream` fails as on a full disk. */
const fullDisk = vi.hoisted(() => ({ on: false }));
vi.mock('node:fs', async (importOriginal) => {
  const fs = await importOriginal<typeof import('node:fs')>();
  const createWriteStream = ((...args: Parameters<typeof fs.createWriteStream>) =>
    fullDisk.on
      ? new Writable({
          write(_chunk, _encoding, done) {
            done(Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC' }));
          },
        })
      : fs.createWriteStream(...args)) as typeof fs.createWriteStream;
  return { ...fs, createWriteStream, default: { ...fs, createWriteStream } };
});

const BOUNDARY = 'xYzZY';
const PDF_PART = `--${BOUNDARY}\r\nContent-Disposition: form-data; name="files[]"; filename="a.pdf"\r\nContent-Type: application/pdf\r\n\r\n%PDF-1.7\n`;

describe(`uploads that hold the server: slow bodies, many at once, a full disk (${TEST_DB})`, () => {
  let ctx: TestContext;
  let server: ReturnType<typeof serve>;
  let port: number;

  beforeAll(async () => {
    // A short rate window keeps the test short; the idle timer stays longer than it, as in production.
    ctx = await createTestContext({
      env: {
        UPLOAD_RATE_WINDOW_SECONDS: '1',
        UPLOAD_IDLE_SECONDS: '10',
        UPLOAD_MAX_OPEN_PER_USER: String(MAX_OPEN_UPLOADS_PER_USER),
      },
    });
    server = serve({ fetch: ctx.app.fetch, port: 0, hostname: '127.0.0.1' });
    await new Promise((done) => server.once('listening', done));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    (server as import('node:http').Server).closeAllConnections();
    await new Promise((done) => server.close(done));
    await ctx.close();
  });

  async function uploader() {
    const signedIn = await createSignedInUser(ctx);
    await grantCredits(ctx.db, signedIn.user.id, 10, 'grant', `test:${signedIn.user.id}`);
    const client = await insertClient(ctx.db, { ownerUserId: signedIn.user.id, name: 'Pablo', taxId: null });
    return { ...signedIn, clientId: client!.id, path: `/api/v1/clients/${client!.id}/uploads` };
  }

  /** Opens an upload over a socket announcing `length` bytes of body and sends its first part. */
  function openSocket(path: string, token: string, length: number) {
    const socket = connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    socket.on('data', (chunk) => chunks.push(chunk));
    socket.on('error', () => {});
    const closed = new Promise<{ status: number; text: string }>((resolve) =>
      socket.on('close', () => {
        const text = Buffer.concat(chunks).toString('latin1');
        resolve({ status: Number(/^HTTP\/1\.1 (\d{3})/.exec(text)?.[1] ?? 0), text });
      }),
    );
    socket.write(
      [
        `POST ${path} HTTP/1.1`,
        `Host: 127.0.0.1:${port}`,
        `Authorization: Bearer ${token}`,
        `Content-Type: multipart/form-data; boundary=${BOUNDARY}`,
        `Content-Length: ${length}`,
        'Connection: close',
        '',
        PDF_PART,
      ].join('\r\n'),
    );
    return { socket, closed };
  }

  /** Writes `bytes` every `everyMs` until the socket closes. */
  function trickle(socket: Socket, bytes: number, everyMs: number) {
    const timer = setInterval(() => {
      if (socket.destroyed || socket.writableEnded) clearInterval(timer);
      else socket.write('x'.repeat(bytes));
    }, everyMs);
    socket.on('close', () => clearInterval(timer));
  }

  it('drops an upload trickled a byte at a time with 408 UPLOAD_TOO_SLOW, holding nothing', async () => {
    const { user, token, path, clientId } = await uploader();
    const before = await findAllowance(ctx.db, user.id);
    const { socket, closed } = openSocket(path, token, 1_000_000);
    // Five bytes a second: each byte resets the idle timer (10 s), as in the attack; the rate does not.
    trickle(socket, 1, 200);
    const answer = await closed;
    expect(answer.status, answer.text).toBe(408);
    expect(answer.text).toContain('"code":"UPLOAD_TOO_SLOW"');
    expect(await ctx.db.select().from(documents).where(eq(documents.clientId, clientId))).toEqual([]);
    expect(await findAllowance(ctx.db, user.id)).toBe(before);
    expect(openUploadsOf(user.id)).toBe(0);
  }, 30_000);

  it(`refuses a ${MAX_OPEN_UPLOADS_PER_USER + 1}th upload open at once with 429 TOO_MANY_UPLOADS`, async () => {
    const { token, path, headers, user } = await uploader();
    // Uploads going at a fair pace (20 KB/s), not finished yet.
    const open = Array.from({ length: MAX_OPEN_UPLOADS_PER_USER }, () => openSocket(path, token, 50_000_000));
    for (const { socket } of open) trickle(socket, 2_000, 100);
    await eventually(async () => (openUploadsOf(user.id) === MAX_OPEN_UPLOADS_PER_USER ? true : undefined));

    const refused = await ctx.request(path, { method: 'POST', headers, body: pdfForm() });
    expect(refused.status).toBe(429);
    expect((await bodyOf(refused)).error.code).toBe('TOO_MANY_UPLOADS');

    // Once they end, the user uploads again.
    for (const { socket } of open) socket.destroy();
    await eventually(async () => (openUploadsOf(user.id) === 0 ? true : undefined));
    const accepted = await ctx.request(path, { method: 'POST', headers, body: pdfForm() });
    expect(accepted.status).toBe(202);
  }, 30_000);

  it('answers 507 STORAGE_FULL at once on a full disk, keeps nothing, holds no credit, logs it once', async () => {
    const { user, headers, path, clientId } = await uploader();
    const before = await findAllowance(ctx.db, user.id);
    const logged = vi.spyOn(ctx.services.logger, 'error');
    const tmp = join(ctx.services.config.DATA_DIR, 'tmp');

    // The disk fills while the upload's temporary file is written…
    fullDisk.on = true;
    try {
      for (let i = 0; i < 2; i++) {
        const res = await ctx.request(path, { method: 'POST', headers, body: pdfForm() });
        expect(res.status).toBe(507);
        expect((await bodyOf(res)).error.code).toBe('STORAGE_FULL');
      }
    } finally {
      fullDisk.on = false;
    }
    // …or while it is moved into the file store.
    const putFile = vi
      .spyOn(ctx.services.files, 'putFile')
      .mockRejectedValue(Object.assign(new Error('ENOSPC: no space left on device'), { code: 'ENOSPC' }));
    const res = await ctx.request(path, { method: 'POST', headers, body: pdfForm() });
    putFile.mockRestore();
    expect(res.status).toBe(507);
    expect((await bodyOf(res)).error.code).toBe('STORAGE_FULL');

    expect(await ctx.db.select().from(documents).where(eq(documents.clientId, clientId))).toEqual([]);
    expect(await findAllowance(ctx.db, user.id)).toBe(before);
    expect((await readdir(tmp)).filter((name) => name.startsWith('upload-'))).toEqual([]);
    expect(logged.mock.calls.filter(([first]) => /storage full/.test(String(first)))).toHaveLength(1);
    logged.mockRestore();
  }, 30_000);
});

/** A small complete upload of one PDF. */
function pdfForm() {
  const form = new FormData();
  form.append('files[]', new Blob([Buffer.from('%PDF-1.7\n%%EOF\n')], { type: 'application/pdf' }), 'a.pdf');
  return form;
}
