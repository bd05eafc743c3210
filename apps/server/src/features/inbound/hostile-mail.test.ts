import { eq } from 'drizzle-orm';
import { zipSync } from 'fflate';
import nodemailer, { type SendMailOptions } from 'nodemailer';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  bodyOf,
  createSignedInUser,
  createTestContext,
  eventually,
  TEST_DB,
  type TestContext,
} from '../../../test/harness';
import { HEALTH_P99_MS, MAX_GROWTH_BYTES, MAX_STALL_MS, watchApi } from '../../../test/health-probe';
import { bulkyReceiptMail, nestedZips } from '../../../test/hostile-files';
import { invoicesPdf } from '../../../test/invoices-pdf';
import { creditBalances, documents } from '../../db/schema';
import { insertClient } from '../clients/repo';
import { grantCredits } from '../credits/ledger';
import { MAIL_LIMITS, mailSandboxPids, warmMailSandbox } from './mail-sandbox';
import { MAIL_BUDGET } from './parts';
import { type InboundSmtp, startInboundSmtp } from './smtp';

describe(`hostile mail is refused whole, permanently (${TEST_DB})`, () => {
  let ctx: TestContext;
  let smtp: InboundSmtp;
  beforeAll(async () => {
    ctx = await createTestContext({
      env: { INBOUND_MAX_MESSAGE_BYTES: String(25 * 1024 * 1024), INBOUND_MAIL_AUTH: 'off' },
    });
    smtp = await startInboundSmtp(ctx.services, { port: 0, host: '127.0.0.1' });
    // As `main.ts` does at start-up: the first mail does not wait for a sandbox to load.
    await warmMailSandbox();
  });
  afterAll(async () => {
    await smtp?.close();
    await ctx?.close();
  });

  const send = (message: SendMailOptions) =>
    nodemailer
      .createTransport({ host: '127.0.0.1', port: smtp.port, secure: false, ignoreTLS: true })
      .sendMail(message);

  async function accountantWithClient(credits: number) {
    const signedIn = await createSignedInUser(ctx);
    await grantCredits(ctx.db, signedIn.user.id, credits, 'grant', `test:${signedIn.user.id}`);
    const client = await insertClient(ctx.db, {
      ownerUserId: signedIn.user.id,
      name: 'Cliente',
      taxId: null,
    });
    const detail = await bodyOf(
      await ctx.request(`/api/v1/clients/${client!.id}`, { headers: signedIn.headers }),
    );
    return { ...signedIn, client: client!, address: detail.inboundEmail as string };
  }
  const balance = async (userId: string) => {
    const [row] = await ctx.db.select().from(creditBalances).where(eq(creditBalances.userId, userId));
    return { available: row?.available ?? 0, reserved: row?.reserved ?? 0 };
  };
  const messagesOf = (clientId: string, headers: Record<string, string>) =>
    eventually(async () => {
      const res = await ctx.request(`/api/v1/clients/${clientId}/inbound-messages`, { headers });
      const items = (await bodyOf(res)).items;
      return items.length ? items : undefined;
    });
  const documentsOf = (clientId: string) =>
    ctx.db.select().from(documents).where(eq(documents.clientId, clientId));

  it('refuses nested zips that would inflate to 1 GB with 552, keeping the receiver memory flat', async () => {
    const { user, headers, client, address } = await accountantWithClient(3);
    // 12 zips of 9 files of 10 MB: 1.08 GB once inflated, each file under the per-file ratio check.
    const zip = nestedZips({ zips: 12, perZip: 9, fileBytes: 10 * 1024 * 1024 });
    expect(zip.length).toBeLessThan(2 * 1024 * 1024);
    const {
      work: sent,
      idle,
      busy,
      idleWorst,
      busyWorst,
      growth,
    } = await watchApi(ctx, 'nested zips', async () =>
      send({
        from: user.email,
        to: address,
        subject: 'Facturas',
        attachments: [{ filename: 'facturas.zip', content: zip }],
      }),
    );
    await expect(sent).rejects.toMatchObject({
      responseCode: 552,
      response: expect.stringContaining('ZIP_TOO_LARGE'),
    });
    expect(busy).toBeLessThanOrEqual(idle + HEALTH_P99_MS);
    expect(busyWorst).toBeLessThanOrEqual(idleWorst + MAX_STALL_MS);
    expect(growth).toBeLessThanOrEqual(MAX_GROWTH_BYTES);
    const [message] = await messagesOf(client.id, headers);
    expect(message).toMatchObject({ status: 'refused', skipped: [{ reason: 'ZIP_TOO_LARGE' }] });
    expect(await documentsOf(client.id)).toEqual([]);
    expect(await balance(user.id)).toEqual({ available: 3, reserved: 0 });
  }, 240_000);

  it('reads a 7 MB receipt mail in a sandbox: the API answers health as fast as when idle', async () => {
    const { user, headers, client, address } = await accountantWithClient(3);
    // Laid out as a receipt on the receiver's thread, this mail held the event loop for seconds.
    const raw = bulkyReceiptMail({ from: user.email, to: address, bytes: 5 * 1024 * 1024 });
    const {
      work: sent,
      idle,
      busy,
      idleWorst,
      busyWorst,
      growth,
    } = await watchApi(ctx, 'bulky receipt', () =>
      send({ envelope: { from: user.email, to: [address] }, raw }),
    );
    expect((await sent).response).toContain('OK: received');
    expect(busy).toBeLessThanOrEqual(idle + HEALTH_P99_MS);
    expect(busyWorst).toBeLessThanOrEqual(idleWorst + MAX_STALL_MS);
    expect(growth).toBeLessThanOrEqual(MAX_GROWTH_BYTES);
    // The mail was read, not dropped: its body became one document, its credit held.
    const [message] = await messagesOf(client.id, headers);
    expect(message).toMatchObject({ status: 'accepted', documents: [{ filename: 'Pedido.pdf' }] });
    expect(await balance(user.id)).toEqual({ available: 3, reserved: 1 });
  }, 240_000);

  it('refuses a mail that outgrows its sandbox whole, permanently, and reads the next mail', async () => {
    const { user, headers, client, address } = await accountantWithClient(3);
    const pids = mailSandboxPids();
    const saved = MAIL_LIMITS.rssBytes;
    MAIL_LIMITS.rssBytes = 1; // any process is over it
    let refused: unknown;
    try {
      refused = await send({
        from: user.email,
        to: address,
        subject: 'Pesado',
        attachments: [{ filename: 'factura.pdf', content: await invoicesPdf(['S-1']) }],
      }).catch((error: unknown) => error);
    } finally {
      MAIL_LIMITS.rssBytes = saved;
    }
    expect(refused).toMatchObject({
      responseCode: 552,
      response: expect.stringContaining('MAIL_TOO_COMPLEX'),
    });
    const [message] = await messagesOf(client.id, headers);
    expect(message).toMatchObject({ status: 'refused', skipped: [{ reason: 'MAIL_TOO_COMPLEX' }] });
    expect(await balance(user.id)).toEqual({ available: 3, reserved: 0 });
    await send({
      from: user.email,
      to: address,
      subject: 'Ligero',
      attachments: [{ filename: 'factura.pdf', content: await invoicesPdf(['S-2']) }],
    });
    expect(mailSandboxPids()).not.toEqual(pids);
    expect(await balance(user.id)).toEqual({ available: 3, reserved: 1 });
  }, 120_000);

  it('answers a mail that meets a full disk with 452 4.3.1 (try later), keeping nothing, holding nothing', async () => {
    const { user, client, address } = await accountantWithClient(3);
    const putFile = vi
      .spyOn(ctx.services.files, 'putFile')
      .mockRejectedValue(Object.assign(new Error('ENOSPC: no space left on device'), { code: 'ENOSPC' }));
    let error: unknown;
    try {
      error = await send({
        from: user.email,
        to: address,
        subject: 'Disco lleno',
        attachments: [{ filename: 'factura.pdf', content: await invoicesPdf(['E-1']) }],
      }).catch((e: unknown) => e);
    } finally {
      putFile.mockRestore();
    }
    expect(error).toMatchObject({ responseCode: 452, response: expect.stringContaining('4.3.1') });
    expect(await documentsOf(client.id)).toEqual([]);
    expect(await balance(user.id)).toEqual({ available: 3, reserved: 0 });
  });

  it('counts every zip of a mail against one budget', async () => {
    const { user, address } = await accountantWithClient(3);
    // Each zip alone is within the budget; the mail is not.
    const files = Object.fromEntries(
      Array.from({ length: MAIL_BUDGET.maxEntries / 2 + 1 }, (_, i) => [
        `f-${i}.txt`,
        Buffer.from(`nota ${i}`),
      ]),
    );
    const zip = Buffer.from(zipSync(files));
    await expect(
      send({
        from: user.email,
        to: address,
        subject: 'Dos zips',
        attachments: [
          { filename: 'a.zip', content: zip },
          { filename: 'b.zip', content: zip },
        ],
      }),
    ).rejects.toMatchObject({ responseCode: 552, response: expect.stringContaining('ZIP_TOO_MANY_ENTRIES') });
  });

  it('opens a zip inside a zip, but refuses a zip inside that', async () => {
    const { user, headers, client, address } = await accountantWithClient(3);
    const pdf = await invoicesPdf(['Z-1']);
    const inner = zipSync({ 'factura.pdf': pdf });
    await send({
      from: user.email,
      to: address,
      subject: 'Zip en zip',
      attachments: [{ filename: 'a.zip', content: Buffer.from(zipSync({ 'b.zip': inner })) }],
    });
    expect((await messagesOf(client.id, headers))[0]).toMatchObject({ status: 'accepted' });
    const deeper = zipSync({ 'b.zip': zipSync({ 'c.zip': inner }) });
    await expect(
      send({
        from: user.email,
        to: address,
        subject: 'Muy hondo',
        attachments: [{ filename: 'a.zip', content: Buffer.from(deeper) }],
      }),
    ).rejects.toMatchObject({ responseCode: 552, response: expect.stringContaining('ZIP_TOO_DEEP') });
  });

  it('refuses a MIME tree of 2,000 nested parts permanently (5xx), not with a temporary 451', async () => {
    const { user, address } = await accountantWithClient(1);
    let body = '';
    for (let i = 0; i < 2_000; i++)
      body += `Content-Type: multipart/mixed; boundary="b${i}"\r\n\r\n--b${i}\r\n`;
    body += 'Content-Type: text/plain\r\n\r\nhola\r\n';
    for (let i = 1_999; i >= 0; i--) body += `--b${i}--\r\n`;
    const raw = `From: ${user.email}\r\nTo: ${address}\r\nSubject: partes\r\nMIME-Version: 1.0\r\n${body}`;
    const error = await send({ envelope: { from: user.email, to: [address] }, raw }).catch((e: unknown) => e);
    expect(error).toMatchObject({ responseCode: expect.any(Number) });
    const code = (error as { responseCode: number }).responseCode;
    expect(code).toBeGreaterThanOrEqual(500);
    expect(code).toBeLessThan(600);
  });
});
