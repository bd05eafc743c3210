import { mkdir, mkdtemp, readdir, readFile, rm, utimes } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bodyOf,
  createSignedInUser,
  createTestContext,
  TEST_DB,
  type TestContext,
} from '../../../test/harness';
import { creditBalances, documents } from '../../db/schema';
import { insertClient } from '../clients/repo';
import { grantCredits } from '../credits/ledger';
import { removeStaleUploads, sanitizeFilename } from './multipart';

const GOLDEN = new URL('../../../../../packages/extract/test/fixtures/golden/', import.meta.url);

/** The golden PNG with its header claiming `width` × `height` pixels (a decompression bomb when large). */
async function pngClaiming(width: number, height: number): Promise<Buffer> {
  const png = Buffer.from(await readFile(new URL('classic-png.png', GOLDEN)));
  png.writeUInt32BE(width, 16);
  png.writeUInt32BE(height, 20);
  return png;
}

/** A multipart body that records whether anyone read from it. */
function watchedBody(size = 10 * 1024 * 1024) {
  const state = { pulled: false };
  const boundary = 'cuadra-test-boundary';
  const stream = new ReadableStream<Uint8Array>(
    {
      pull(controller) {
        state.pulled = true;
        controller.enqueue(new Uint8Array(64 * 1024));
        controller.close();
      },
    },
    // highWaterMark 0: nothing is pulled until the server reads.
    { highWaterMark: 0 },
  );
  const headers = {
    'content-type': `multipart/form-data; boundary=${boundary}`,
    'content-length': String(size),
  };
  return { state, stream, headers };
}

describe(`an upload is checked before its body is read (${TEST_DB})`, () => {
  let ctx: TestContext;
  beforeAll(async () => {
    // No worker: what the upload answers is decided at the door.
    ctx = await createTestContext({
      env: { UPLOAD_MAX_BYTES: String(256 * 1024), UPLOAD_MAX_FILE_BYTES: String(200 * 1024) },
    });
  });
  afterAll(() => ctx.close());

  async function accountantWithClient(credits: number) {
    const signedIn = await createSignedInUser(ctx);
    if (credits) await grantCredits(ctx.db, signedIn.user.id, credits, 'grant', `test:${signedIn.user.id}`);
    const client = await insertClient(ctx.db, {
      ownerUserId: signedIn.user.id,
      name: 'Lucía Ortega',
      taxId: null,
    });
    return { ...signedIn, client: client! };
  }

  const send = (clientId: string, auth: Record<string, string>, body = watchedBody()) =>
    ctx.app.request(
      new Request(`http://localhost/api/v1/clients/${clientId}/uploads`, {
        method: 'POST',
        headers: { ...auth, ...body.headers },
        body: body.stream,
        duplex: 'half',
      } as RequestInit),
    );

  it('refuses a client that does not exist, or is someone else’s, without reading a byte', async () => {
    const { headers } = await accountantWithClient(5);
    const other = await accountantWithClient(5);
    for (const clientId of ['018f0000-0000-7000-8000-000000000000', other.client.id]) {
      const body = watchedBody();
      const res = await send(clientId, headers, body);
      expect(res.status).toBe(404);
      expect((await bodyOf(res)).error.code).toBe('CLIENT_NOT_FOUND');
      expect(body.state.pulled).toBe(false);
    }
  });

  it('refuses an account with no credit free without reading a byte', async () => {
    const { headers, client } = await accountantWithClient(0);
    const body = watchedBody();
    const res = await send(client.id, headers, body);
    expect(res.status).toBe(402);
    expect((await bodyOf(res)).error.code).toBe('INSUFFICIENT_CREDITS');
    expect(body.state.pulled).toBe(false);
  });

  it('caps the whole body at UPLOAD_MAX_BYTES, declared or not, and keeps nothing', async () => {
    const { user, headers, client } = await accountantWithClient(5);
    const declared = watchedBody(300 * 1024);
    const refused = await send(client.id, headers, declared);
    expect(refused.status).toBe(413);
    expect(declared.state.pulled).toBe(false);

    // Three files each under the per-file cap, together over the total; no Content-Length to trust.
    const form = new FormData();
    for (const name of ['a.pdf', 'b.pdf', 'c.pdf'])
      form.append('files[]', new Blob([Buffer.alloc(100 * 1024, 32)]), name);
    const encoded = new Response(form);
    const res = await ctx.app.request(
      new Request(`http://localhost/api/v1/clients/${client.id}/uploads`, {
        method: 'POST',
        headers: { ...headers, 'content-type': encoded.headers.get('content-type')! },
        body: encoded.body,
        duplex: 'half',
      } as RequestInit),
    );
    expect(res.status).toBe(413);
    expect((await bodyOf(res)).error.code).toBe('PAYLOAD_TOO_LARGE');
    expect(await ctx.db.select().from(documents).where(eq(documents.clientId, client.id))).toEqual([]);
    const [balance] = await ctx.db.select().from(creditBalances).where(eq(creditBalances.userId, user.id));
    expect(balance).toMatchObject({ available: 5, reserved: 0 });
  });

  it('refuses an image too large to decode from its header, for free, and strips bidi from its name', async () => {
    const { user, headers, client } = await accountantWithClient(5);
    const form = new FormData();
    // 7,000 × 7,000 px: 49 million pixels, about 550 MB to decode.
    form.append('files[]', new Blob([await pngClaiming(7000, 7000)]), 'scan.png');
    form.append('files[]', new Blob([await pngClaiming(600, 800)]), 'passwd\u202Egpj.xml');
    const res = await ctx.request(`/api/v1/clients/${client.id}/uploads`, {
      method: 'POST',
      headers,
      body: form,
    });
    expect(res.status).toBe(202);
    const batch = await bodyOf(res);
    expect(
      batch.documents.map((d: { filename: string; errorCode: string | null }) => [d.filename, d.errorCode]),
    ).toEqual([
      ['scan.png', 'TOO_MANY_PIXELS'],
      ['passwdgpj.xml', null],
    ]);
    const [balance] = await ctx.db.select().from(creditBalances).where(eq(creditBalances.userId, user.id));
    expect(balance).toMatchObject({ available: 5, reserved: 1 });
    // The files went through a temporary folder on disk, which is empty again.
    expect(await readdir(join(ctx.services.config.DATA_DIR, 'tmp'))).toEqual([]);
  });
});

describe('file names', () => {
  it('lose paths, control characters and every invisible mark that reorders or hides text', () => {
    expect(sanitizeFilename('passwd\u202Egpj.xml')).toBe('passwdgpj.xml');
    expect(sanitizeFilename('a\u2066b\u2069c\u200Fd\u200Be\uFEFF.pdf')).toBe('abcde.pdf');
    expect(sanitizeFilename('..\\..\\etc/pass\u0000wd\u0085.pdf')).toBe('passwd.pdf');
    expect(sanitizeFilename('Factura nº 12 – José.pdf')).toBe('Factura nº 12 – José.pdf');
    expect(sanitizeFilename('\u202E')).toBe('file');
  });
});

describe('upload folders a crashed process left behind', () => {
  it('are removed at start-up once old, while recent ones (another process’s upload) stay', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'cuadra-tmp-'));
    await mkdir(join(dir, 'upload-old'));
    await mkdir(join(dir, 'upload-new'));
    const yesterday = new Date(Date.now() - 25 * 60 * 60 * 1000);
    await utimes(join(dir, 'upload-old'), yesterday, yesterday);
    await removeStaleUploads(dir, 24 * 60 * 60 * 1000);
    expect(await readdir(dir)).toEqual(['upload-new']);
    await rm(dir, { recursive: true, force: true });
  });
});
