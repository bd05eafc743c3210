import type { AddressInfo } from 'node:net';
import { connect } from 'node:net';
import { serve } from '@hono/node-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSignedInUser, createTestContext, TEST_DB, type TestContext } from '../../test/harness';
import { insertClient } from '../features/clients/repo';
import { grantCredits } from '../features/credits/ledger';

type Answer = { status: number; text: string };

/**
 * Sends raw bytes over a socket and reads what comes back until the server closes the connection.
 * `pauseAfter`: the part of `request` sent before going quiet (a slow body); `abort`: hang up instead.
 */
function raw(port: number, request: string, options: { pauseAfter?: number; abort?: boolean } = {}) {
  return new Promise<Answer>((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    socket.on('data', (chunk) => chunks.push(chunk));
    socket.on('error', reject);
    socket.on('close', () => {
      const text = Buffer.concat(chunks).toString('latin1');
      resolve({ status: Number(/^HTTP\/1\.1 (\d{3})/.exec(text)?.[1] ?? 0), text });
    });
    socket.write(request.slice(0, options.pauseAfter ?? request.length));
    if (options.abort) setTimeout(() => socket.destroy(), 100);
  });
}

const BOUNDARY = 'xYzZY';

function multipart(port: number, path: string, token: string, body: string, headers: string[] = []) {
  return [
    `POST ${path} HTTP/1.1`,
    `Host: 127.0.0.1:${port}`,
    `Authorization: Bearer ${token}`,
    `Content-Type: multipart/form-data; boundary=${BOUNDARY}`,
    `Content-Length: ${Buffer.byteLength(body, 'latin1')}`,
    'Connection: close',
    ...headers,
    '',
    body,
  ].join('\r\n');
}

const part = (name: string, content: string) =>
  `--${BOUNDARY}\r\nContent-Disposition: form-data; name="files[]"; filename="${name}"\r\nContent-Type: application/pdf\r\n\r\n${content}`;

describe(`a listening server survives malformed uploads (${TEST_DB})`, () => {
  let ctx: TestContext;
  let server: ReturnType<typeof serve>;
  let port: number;
  let path: string;
  let token: string;

  beforeAll(async () => {
    ctx = await createTestContext({ env: { UPLOAD_IDLE_SECONDS: '1' } });
    server = serve({ fetch: ctx.app.fetch, port: 0, hostname: '127.0.0.1' });
    await new Promise((done) => server.once('listening', done));
    port = (server.address() as AddressInfo).port;
    const signedIn = await createSignedInUser(ctx);
    await grantCredits(ctx.db, signedIn.user.id, 10, 'grant', `test:${signedIn.user.id}`);
    const client = await insertClient(ctx.db, { ownerUserId: signedIn.user.id, name: 'Pablo', taxId: null });
    path = `/api/v1/clients/${client!.id}/uploads`;
    token = signedIn.token;
  });
  afterAll(async () => {
    await new Promise((done) => server.close(done));
    await ctx.close();
  });

  const expectCode = (answer: Answer, status: number, code: string) => {
    expect(answer.status, answer.text).toBe(status);
    expect(answer.text).toContain(`"code":"${code}"`);
  };

  it('answers 400 to a body without its closing boundary (it used to crash the process)', async () => {
    const truncated = `${part('a.pdf', `%PDF-1.7\n${'x'.repeat(50_000)}`)}\r\n${part('b.pdf', '%PDF')}`;
    expectCode(await raw(port, multipart(port, path, token, truncated)), 400, 'MULTIPART_MALFORMED');
  });

  it('answers 400 to multipart without a boundary', async () => {
    const request = multipart(port, path, token, part('a.pdf', '%PDF')).replace(`; boundary=${BOUNDARY}`, '');
    expectCode(await raw(port, request), 400, 'MULTIPART_MALFORMED');
  });

  it('answers 400 to a part whose headers never end, and 431 to request headers too large', async () => {
    const endless = `--${BOUNDARY}\r\nContent-Disposition: form-data; name="files[]"; filename="${'a'.repeat(100_000)}"\r\n`;
    expectCode(await raw(port, multipart(port, path, token, endless)), 400, 'MULTIPART_MALFORMED');
    const huge = await raw(
      port,
      multipart(port, path, token, part('a.pdf', '%PDF'), [`X-Pad: ${'p'.repeat(40_000)}`]),
    );
    expect(huge.status).toBe(431);
  });

  it('drops a body that stops arriving with 400, and lives through a client that hangs up', async () => {
    const slow = multipart(
      port,
      path,
      token,
      `${part('a.pdf', `%PDF-1.7\n${'x'.repeat(10_000)}`)}\r\n--${BOUNDARY}--\r\n`,
    );
    expectCode(await raw(port, slow, { pauseAfter: slow.length - 5_000 }), 400, 'UPLOAD_STALLED');
    await raw(port, slow, { pauseAfter: slow.length - 5_000, abort: true });
  });

  it('refuses an upload to a missing client at once, and hangs up rather than read the 200 MB it announced', async () => {
    const request = [
      'POST /api/v1/clients/018f0000-0000-7000-8000-000000000000/uploads HTTP/1.1',
      `Host: 127.0.0.1:${port}`,
      `Authorization: Bearer ${token}`,
      `Content-Type: multipart/form-data; boundary=${BOUNDARY}`,
      `Content-Length: ${200 * 1024 * 1024}`,
      '',
      part('a.pdf', '%PDF-1.7\n'),
    ].join('\r\n');
    // A keep-alive request: the answer must come, and the connection close, without the rest of the body.
    expectCode(await raw(port, request), 404, 'CLIENT_NOT_FOUND');
  });

  it('answers 404, not 500, for a checkout id of 36 zeros, and still answers its health check', async () => {
    const zeros = await raw(
      port,
      `GET /dev/checkout/${'0'.repeat(36)} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nConnection: close\r\n\r\n`,
    );
    expect(zeros.status).toBe(404);
    const health = await raw(
      port,
      `GET /api/health HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nConnection: close\r\n\r\n`,
    );
    expect(health.status).toBe(200);
    expect(health.text).toContain('"status":"ok"');
  });
});
