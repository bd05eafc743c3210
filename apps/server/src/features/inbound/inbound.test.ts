// kept whole: one server and SMTP receiver (beforeAll) serve every case; split, each file would start its own.
import { readFileSync } from 'node:fs';
import { createConnection } from 'node:net';
import { networkInterfaces } from 'node:os';
import { fileURLToPath } from 'node:url';
import { eq } from 'drizzle-orm';
import { zipSync } from 'fflate';
import nodemailer, { type SendMailOptions } from 'nodemailer';
import MailComposer from 'nodemailer/lib/mail-composer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bodyOf,
  createSignedInUser,
  createTestContext,
  eventually,
  TEST_DB,
  type TestContext,
} from '../../../test/harness';
import { invoicesPdf } from '../../../test/invoices-pdf';
import { clients, creditBalances, documents, inboundMessages, invoices, mailOutbox } from '../../db/schema';
import { newId } from '../../lib/ids';
import { insertClient } from '../clients/repo';
import { grantCredits } from '../credits/ledger';
import { type InboundSmtp, startInboundSmtp } from './smtp';

const GOLDEN = new URL('../../../../../packages/extract/test/fixtures/golden/', import.meta.url);
const PDF = readFileSync(new URL('classic-company-mixed-vat.pdf', GOLDEN));
const OTHER_PDF = readFileSync(new URL('classic-recargo.pdf', GOLDEN));
const TICKET_PDF = readFileSync(new URL('ticket-simplificada.pdf', GOLDEN));
const MAX_MESSAGE_BYTES = 3 * 1024 * 1024;

describe(`invoices that arrive by email (${TEST_DB})`, () => {
  let ctx: TestContext;
  let smtp: InboundSmtp;
  beforeAll(async () => {
    ctx = await createTestContext({
      work: true,
      env: {
        INBOUND_MAX_MESSAGE_BYTES: String(MAX_MESSAGE_BYTES),
        INBOUND_WEBHOOK_SECRET: 'hook-secret-for-tests',
        // SPF/DKIM/DMARC on arrival has its own test (mail-auth.test.ts); here no DNS is ever asked.
        INBOUND_MAIL_AUTH: 'off',
      },
    });
    smtp = await startInboundSmtp(ctx.services, { port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await smtp?.close();
    await ctx?.close();
  });

  const transport = () =>
    nodemailer.createTransport({ host: '127.0.0.1', port: smtp.port, secure: false, ignoreTLS: true });
  const send = (message: SendMailOptions) => transport().sendMail(message);

  async function accountantWithClient(credits: number) {
    const signedIn = await createSignedInUser(ctx);
    if (credits) await grantCredits(ctx.db, signedIn.user.id, credits, 'grant', `test:${signedIn.user.id}`);
    const client = await insertClient(ctx.db, {
      ownerUserId: signedIn.user.id,
      name: 'Andrés Navarro Gil',
      taxId: '63659203X',
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
  const messagesOf = async (clientId: string, headers: Record<string, string>) =>
    (await bodyOf(await ctx.request(`/api/v1/clients/${clientId}/inbound-messages`, { headers }))).items;
  /** The client's mails once every batch has settled. */
  const settledMessages = (clientId: string, headers: Record<string, string>, count: number) =>
    eventually(async () => {
      const items = await messagesOf(clientId, headers);
      return items.length >= count && items.every((m: { pendingCount: number }) => m.pendingCount === 0)
        ? items
        : undefined;
    }, 90_000);
  const documentsOf = (clientId: string) =>
    ctx.db.select().from(documents).where(eq(documents.clientId, clientId)).orderBy(documents.filename);

  it('listens on loopback by default: the machine’s own network address is refused (issue 35)', async () => {
    const reach = (host: string, port: number) =>
      new Promise<boolean>((done) => {
        const socket = createConnection({ host, port });
        socket.setTimeout(3_000, () => {
          socket.destroy();
          done(false);
        });
        socket.once('connect', () => {
          socket.destroy();
          done(true);
        });
        socket.once('error', () => done(false));
      });
    const external = Object.values(networkInterfaces())
      .flat()
      .find((address) => address && address.family === 'IPv4' && !address.internal)?.address;
    const defaults = await startInboundSmtp(ctx.services, { port: 0 });
    try {
      expect(await reach('127.0.0.1', defaults.port)).toBe(true);
      // A machine with no network interface has nothing to refuse from; CI's has one.
      if (external) expect(await reach(external, defaults.port)).toBe(false);
    } finally {
      await defaults.close();
    }
  });
  it('gives each client an unguessable address, which the owner can rotate', async () => {
    const { headers, client, address } = await accountantWithClient(0);
    expect(address).toMatch(/^[a-z2-7]{26}@in\.localhost$/);
    const again = await bodyOf(await ctx.request(`/api/v1/clients/${client.id}`, { headers }));
    expect(again.inboundEmail).toBe(address);

    const rotated = await ctx.request(`/api/v1/clients/${client.id}/inbound-address/rotate`, {
      method: 'POST',
      headers,
    });
    expect(rotated.status).toBe(200);
    const { inboundEmail } = await bodyOf(rotated);
    expect(inboundEmail).not.toBe(address);
    expect((await bodyOf(await ctx.request(`/api/v1/clients/${client.id}`, { headers }))).inboundEmail).toBe(
      inboundEmail,
    );
    // The old address is gone: refused at RCPT time.
    const { user } = await createSignedInUser(ctx);
    await expect(send({ from: user.email, to: address, subject: 'x', text: 'x' })).rejects.toMatchObject({
      responseCode: 550,
    });

    const other = await createSignedInUser(ctx);
    const forbidden = await ctx.request(`/api/v1/clients/${client.id}/inbound-address/rotate`, {
      method: 'POST',
      headers: other.headers,
    });
    expect(forbidden.status).toBe(404);
  });

  it("turns the accountant's mail with a PDF into an invoice of the client, for one credit", async () => {
    const { user, headers, client, address } = await accountantWithClient(3);
    const info = await send({
      from: `Ana García <${user.email}>`,
      to: address,
      subject: 'Factura marzo',
      text: 'Adjunto la factura.',
      attachments: [{ filename: 'factura.pdf', content: PDF }],
    });
    expect(info.accepted).toEqual([address]);
    const [message] = await settledMessages(client.id, headers, 1);
    expect(message).toMatchObject({
      sender: user.email,
      subject: 'Factura marzo',
      status: 'accepted',
      documents: [expect.anything()],
      channel: 'smtp',
    });
    const [doc] = await documentsOf(client.id);
    expect(doc).toMatchObject({ status: 'needs_review', filename: 'factura.pdf', batchId: message.batchId });
    const [invoice] = await ctx.db.select().from(invoices).where(eq(invoices.clientId, client.id));
    expect(invoice?.totalCents).toBe(422247);
    expect(await balance(user.id)).toEqual({ available: 2, reserved: 0 });

    // The same invoice mailed again is a duplicate: free.
    await send({
      from: user.email,
      to: address,
      subject: 'Otra vez',
      attachments: [{ filename: 'f.pdf', content: PDF }],
    });
    const items = await settledMessages(client.id, headers, 2);
    expect(items[0].subject).toBe('Otra vez');
    expect((await documentsOf(client.id)).map((d) => d.status).sort()).toEqual(['duplicate', 'needs_review']);
    expect(await balance(user.id)).toEqual({ available: 2, reserved: 0 });
  });

  it("refuses a stranger's mail at RCPT: no document, no charge, a line for the accountant", async () => {
    const { user, headers, client, address } = await accountantWithClient(3);
    await expect(
      send({
        from: 'someone@elsewhere.example',
        to: address,
        subject: 'Invoice',
        attachments: [{ filename: 'factura.pdf', content: PDF }],
      }),
    ).rejects.toMatchObject({ responseCode: 550 });
    expect(await documentsOf(client.id)).toEqual([]);
    expect(await balance(user.id)).toEqual({ available: 3, reserved: 0 });
    const [refused] = await messagesOf(client.id, headers);
    expect(refused).toMatchObject({ status: 'refused', sender: 'someone@elsewhere.example', batchId: null });
  });

  it('pages the allow-list and the mail log by an opaque cursor, ties by id, to a null cursor', async () => {
    const { headers, client } = await accountantWithClient(0);
    for (const email of ['c@example.com', 'a@example.com', 'b@example.com']) {
      await ctx.json(`/api/v1/clients/${client.id}/inbound-senders`, { email }, { headers });
    }
    const pages = async (path: string, key: string) => {
      const seen: string[] = [];
      let cursor: string | null = null;
      do {
        const res = await ctx.request(`${path}?limit=2${cursor ? `&cursor=${cursor}` : ''}`, { headers });
        expect(res.status).toBe(200);
        const body = await bodyOf(res);
        expect(body.items.length).toBeLessThanOrEqual(2);
        seen.push(...body.items.map((item: Record<string, string>) => item[key]));
        cursor = body.nextCursor;
      } while (cursor);
      return seen;
    };
    expect(await pages(`/api/v1/clients/${client.id}/inbound-senders`, 'email')).toEqual([
      'a@example.com',
      'b@example.com',
      'c@example.com',
    ]);
    // Three mails in the same instant: the id breaks the tie, newest (highest) first.
    const at = new Date('2026-11-20T10:00:00Z');
    const ids = [newId(), newId(), newId()];
    await ctx.db.insert(inboundMessages).values(
      ids.map((id) => ({
        id,
        clientId: client.id,
        channel: 'email',
        sender: 'x@example.com',
        status: 'empty' as const,
        createdAt: at,
      })),
    );
    expect(await pages(`/api/v1/clients/${client.id}/inbound-messages`, 'id')).toEqual([...ids].reverse());
    const forged = await ctx.request(`/api/v1/clients/${client.id}/inbound-messages?cursor=bm9wZQ`, {
      headers,
    });
    expect(forged.status).toBe(400);
    expect((await bodyOf(forged)).error).toMatchObject({
      code: 'VALIDATION_FAILED',
      details: { cursor: 'invalid' },
    });
  });

  it('accepts an allow-listed sender and the linked freelancer, and refuses a forged sender', async () => {
    const { user, headers, client, address } = await accountantWithClient(5);
    const added = await ctx.json(
      `/api/v1/clients/${client.id}/inbound-senders`,
      { email: ' Proveedor@Example.com ' },
      { headers },
    );
    expect(added.status).toBe(201);
    const sender = await bodyOf(added);
    expect(sender.email).toBe('proveedor@example.com');
    const list = await bodyOf(await ctx.request(`/api/v1/clients/${client.id}/inbound-senders`, { headers }));
    expect(list.items.map((s: { email: string }) => s.email)).toEqual(['proveedor@example.com']);

    await send({
      from: 'proveedor@example.com',
      to: address,
      subject: 'Su factura',
      attachments: [{ filename: 'recargo.pdf', content: OTHER_PDF }],
    });
    // A relay's verdict that the sender is forged (SPF fail, no DKIM): refused at DATA, like a stranger.
    await expect(
      send({
        from: 'proveedor@example.com',
        to: address,
        subject: 'Forged',
        headers: { 'Authentication-Results': 'mx.example; spf=fail smtp.mailfrom=example.com; dkim=none' },
        attachments: [{ filename: 'ticket.pdf', content: TICKET_PDF }],
      }),
    ).rejects.toMatchObject({ responseCode: 550 });
    // The client's own user, once linked, may send too.
    const freelancer = await createSignedInUser(ctx, { accountType: 'freelancer' });
    await ctx.db
      .update(clients)
      .set({ freelancerUserId: freelancer.user.id })
      .where(eq(clients.id, client.id));
    await send({
      from: freelancer.user.email,
      to: address,
      subject: 'Mi ticket',
      attachments: [{ filename: 'ticket.pdf', content: TICKET_PDF }],
    });
    const items = await settledMessages(client.id, headers, 3);
    expect(items.map((m: { status: string; spf: string | null }) => [m.status, m.spf])).toEqual([
      ['accepted', null],
      ['refused', 'fail'],
      ['accepted', null],
    ]);
    expect((await documentsOf(client.id)).length).toBe(2);

    const removed = await ctx.request(`/api/v1/clients/${client.id}/inbound-senders/${sender.id}`, {
      method: 'DELETE',
      headers,
    });
    expect(removed.status).toBe(204);
    await expect(
      send({ from: 'proveedor@example.com', to: address, subject: 'x', text: 'x' }),
    ).rejects.toMatchObject({ responseCode: 550 });
    expect((await balance(user.id)).available).toBe(3);
  });

  it('reads the attachment inside a forwarded mail, and the files inside a zip, within bounds', async () => {
    const { user, headers, client, address } = await accountantWithClient(5);
    const original = await new MailComposer({
      from: 'facturas@proveedor.example',
      to: user.email,
      subject: 'Su factura de marzo',
      text: 'Adjuntamos su factura.',
      attachments: [{ filename: 'marzo.pdf', content: PDF }],
    })
      .compile()
      .build();
    await send({
      from: user.email,
      to: address,
      subject: 'Fwd: Su factura de marzo',
      text: 'Te reenvío esto.',
      attachments: [{ filename: 'forwarded.eml', content: original, contentType: 'message/rfc822' }],
    });
    const zip = Buffer.from(
      zipSync({
        'marzo/recargo.pdf': OTHER_PDF,
        'marzo/notes.txt': Buffer.from('not an invoice'),
        '../../escape.pdf': TICKET_PDF,
      }),
    );
    await send({
      from: user.email,
      to: address,
      subject: 'Facturas en zip',
      attachments: [{ filename: 'facturas.zip', content: zip }],
    });
    const [zipped, forwarded] = await settledMessages(client.id, headers, 2);
    expect(forwarded).toMatchObject({
      subject: 'Fwd: Su factura de marzo',
      status: 'accepted',
      documents: [expect.anything()],
    });
    expect(zipped).toMatchObject({
      subject: 'Facturas en zip',
      status: 'accepted',
      documents: [expect.anything()],
    });
    expect(zipped.skipped).toEqual(
      expect.arrayContaining([
        { name: 'facturas.zip/../../escape.pdf', reason: 'ZIP_UNSAFE_PATH' },
        { name: 'notes.txt', reason: 'UNSUPPORTED_TYPE' },
      ]),
    );
    const docs = await documentsOf(client.id);
    expect(docs.map((d) => [d.filename, d.status])).toEqual([
      ['marzo.pdf', 'needs_review'],
      ['recargo.pdf', 'needs_review'],
    ]);
    expect(await balance(user.id)).toEqual({ available: 3, reserved: 0 });
  });

  it('refuses a mail with a zip bomb whole, permanently, without inflating it, and charges nothing', async () => {
    const { user, headers, client, address } = await accountantWithClient(2);
    // 40 MB of zeros deflate to ~40 kB: a ratio of about 1000:1.
    const bomb = Buffer.from(zipSync({ 'factura.pdf': new Uint8Array(40 * 1024 * 1024) }, { level: 9 }));
    expect(bomb.length).toBeLessThan(200 * 1024);
    await expect(
      send({
        from: user.email,
        to: address,
        subject: 'Boom',
        attachments: [{ filename: 'f.zip', content: bomb }],
      }),
    ).rejects.toMatchObject({ responseCode: 552, response: expect.stringContaining('ZIP_BOMB') });
    const [message] = await settledMessages(client.id, headers, 1);
    expect(message).toMatchObject({ status: 'refused', batchId: null });
    expect(message.skipped).toEqual([{ name: 'f.zip/factura.pdf', reason: 'ZIP_BOMB' }]);
    expect(await documentsOf(client.id)).toEqual([]);
    expect(await balance(user.id)).toEqual({ available: 2, reserved: 0 });
  });

  it('renders a body-only receipt to a PDF and reads it; a plain note adds nothing', async () => {
    const { user, headers, client, address } = await accountantWithClient(2);
    await send({
      from: user.email,
      to: address,
      subject: 'Tu pedido 4471 de Librería Central',
      html: `<html><body><h1>Librería Central S.L.</h1><p>CIF B12345674</p>
        <p>Pedido nº 4471 · Fecha 12/03/2026</p>
        <table><tr><td>Libro de contabilidad</td><td>20,00 €</td></tr>
        <tr><td>Base imponible</td><td>20,00 €</td></tr><tr><td>IVA 4%</td><td>0,80 €</td></tr>
        <tr><td>Total</td><td>20,80 €</td></tr></table><p>Gracias por su compra</p></body></html>`,
    });
    await send({ from: user.email, to: address, subject: 'Hola', text: '¿Hablamos mañana?' });
    const [note, receipt] = await settledMessages(client.id, headers, 2);
    expect(note).toMatchObject({ status: 'empty', subject: 'Hola' });
    expect(receipt).toMatchObject({ status: 'accepted', documents: [expect.anything()] });
    const [doc] = await documentsOf(client.id);
    expect(doc).toMatchObject({ status: 'needs_review', mediaType: 'application/pdf' });
    expect(doc?.filename).toMatch(/^Tu pedido 4471 de Librería Central\.pdf$/);
    const [invoice] = await ctx.db.select().from(invoices).where(eq(invoices.clientId, client.id));
    expect(invoice?.totalCents).toBe(2080);
    expect(await balance(user.id)).toEqual({ available: 1, reserved: 0 });
  });

  it('refuses a mail over the size limit, keeping nothing', async () => {
    const { user, client, address } = await accountantWithClient(2);
    const big = Buffer.alloc(MAX_MESSAGE_BYTES + 1024, 7);
    await expect(
      send({
        from: user.email,
        to: address,
        subject: 'Huge',
        attachments: [{ filename: 'big.pdf', content: big }],
      }),
    ).rejects.toMatchObject({ responseCode: 552 });
    expect(await documentsOf(client.id)).toEqual([]);
    expect(await balance(user.id)).toEqual({ available: 2, reserved: 0 });
  });

  it('refuses a mail past the client’s monthly upload limit, keeping nothing and charging nothing', async () => {
    const { user, headers, client, address } = await accountantWithClient(2);
    const limited = await ctx.json(
      `/api/v1/clients/${client.id}`,
      { monthlyLimit: 0 },
      { method: 'PATCH', headers },
    );
    expect(limited.status).toBe(200);
    await expect(
      send({
        from: user.email,
        to: address,
        subject: 'Fuera de cupo',
        attachments: [{ filename: 'f.pdf', content: PDF }],
      }),
    ).rejects.toMatchObject({ responseCode: 552 });
    expect(await documentsOf(client.id)).toEqual([]);
    expect(await balance(user.id)).toEqual({ available: 2, reserved: 0 });
    const [message] = await messagesOf(client.id, headers);
    expect(message).toMatchObject({ status: 'over_monthly_limit', subject: 'Fuera de cupo' });
  });

  it('asks the sending server to retry later when the credits cannot cover the files', async () => {
    const { user, headers, client, address } = await accountantWithClient(0);
    await expect(
      send({
        from: user.email,
        to: address,
        subject: 'Sin saldo',
        attachments: [{ filename: 'f.pdf', content: PDF }],
      }),
    ).rejects.toMatchObject({ responseCode: 452 });
    expect(await documentsOf(client.id)).toEqual([]);
    const [message] = await messagesOf(client.id, headers);
    expect(message).toMatchObject({ status: 'no_credits', subject: 'Sin saldo' });
  });

  it('splits a PDF of three invoices into three documents, three invoices and three credits', async () => {
    const { user, headers, client, address } = await accountantWithClient(5);
    const pdf = await invoicesPdf(['A-2026-101', 'A-2026-102', 'A-2026-103']);
    await send({
      from: user.email,
      to: address,
      subject: 'Tres facturas',
      attachments: [{ filename: 'lote.pdf', content: pdf }],
    });
    const [message] = await settledMessages(client.id, headers, 1);
    // The mail shows the split: one document per invoice, each with its pages in its name.
    expect(message.status).toBe('accepted');
    expect(message.documents.map((d: { filename: string }) => d.filename)).toEqual([
      'lote (p. 1-1).pdf',
      'lote (p. 2-2).pdf',
      'lote (p. 3-3).pdf',
    ]);
    const docs = await documentsOf(client.id);
    expect(docs.map((d) => [d.filename, d.status])).toEqual([
      ['lote (p. 1-1).pdf', 'needs_review'],
      ['lote (p. 2-2).pdf', 'needs_review'],
      ['lote (p. 3-3).pdf', 'needs_review'],
    ]);
    const numbers = (await ctx.db.select().from(invoices).where(eq(invoices.clientId, client.id)))
      .map((i) => i.number)
      .sort();
    expect(numbers).toEqual(['A-2026-101', 'A-2026-102', 'A-2026-103']);
    expect(await balance(user.id)).toEqual({ available: 2, reserved: 0 });
  });

  it('replies to the sender with what became of the mail only once the accountant turns replies on', async () => {
    const { user, headers, client, address } = await accountantWithClient(5);
    const other = await createSignedInUser(ctx);
    const settingsUrl = `/api/v1/clients/${client.id}/inbound-settings`;
    // Replies only: the accountant also gets its own "batch finished" notification at the same address.
    const repliesTo = async (to: string) =>
      (await ctx.db.select().from(mailOutbox).where(eq(mailOutbox.to, to)))
        .filter((m) => m.subject.startsWith('Recibido para'))
        .map((m) => m.text);
    expect(await bodyOf(await ctx.request(settingsUrl, { headers }))).toEqual({ replyToSender: false });
    expect((await ctx.request(settingsUrl, { headers: other.headers })).status).toBe(404);

    const mail = (subject: string) => ({
      from: user.email,
      to: address,
      subject,
      attachments: [
        { filename: 'f.pdf', content: PDF },
        { filename: 'notas.txt', content: 'hola' },
      ],
    });
    await send(mail('Sin respuesta'));
    await settledMessages(client.id, headers, 1);
    expect(await repliesTo(user.email)).toEqual([]);

    const on = await ctx.json(settingsUrl, { replyToSender: true }, { method: 'PUT', headers });
    expect(await bodyOf(on)).toEqual({ replyToSender: true });
    await send(mail('Con respuesta'));
    await settledMessages(client.id, headers, 2);
    const [reply] = (await ctx.db.select().from(mailOutbox).where(eq(mailOutbox.to, user.email))).filter(
      (m) => m.subject.startsWith('Recibido para'),
    );
    expect(reply?.subject).toBe('Recibido para Andrés Navarro Gil: Con respuesta');
    expect(reply?.text).toContain('- f.pdf');
    expect(reply?.text).toContain('notas.txt (no es PDF, JPG, PNG ni XML)');

    // A refused sender never gets a reply.
    await send({ ...mail('Desconocido'), from: 'stranger@example.net' }).catch(() => undefined);
    expect(await repliesTo('stranger@example.net')).toEqual([]);
  });

  it('takes the same mail from a provider webhook, with its secret, through the same checks', async () => {
    const { user, headers, client, address } = await accountantWithClient(2);
    const payload = (from: string) => ({
      FromFull: { Email: from },
      ToFull: [{ Email: address }],
      Subject: 'Vía webhook',
      TextBody: 'Adjunto',
      Headers: [{ Name: 'Authentication-Results', Value: 'inbound.example; spf=pass; dkim=pass' }],
      Attachments: [
        { Name: 'ticket.pdf', ContentType: 'application/pdf', Content: TICKET_PDF.toString('base64') },
      ],
    });
    const hook = (body: unknown, auth?: string) =>
      ctx.json('/api/v1/inbound/postmark', body, { headers: auth ? { authorization: auth } : {} });
    const basic = (secret: string) => `Basic ${Buffer.from(`postmark:${secret}`).toString('base64')}`;

    expect((await hook(payload(user.email))).status).toBe(401);
    expect((await hook(payload(user.email), basic('wrong'))).status).toBe(401);
    expect((await ctx.json('/api/v1/inbound/sendgrid', payload(user.email))).status).toBe(404);

    // Postmark's own SPF verdict (Received-SPF) counts: a forged accountant's address is refused.
    const forged = await hook(
      { ...payload(user.email), Headers: [{ Name: 'Received-SPF', Value: 'Fail (protection.outlook.com)' }] },
      `Basic ${Buffer.from(':hook-secret-for-tests').toString('base64')}`,
    );
    expect((await bodyOf(forged)).deliveries[0].status).toBe('refused');

    const stranger = await hook(payload('nobody@example.net'), basic('hook-secret-for-tests'));
    expect(stranger.status).toBe(200);
    expect((await bodyOf(stranger)).deliveries).toEqual([
      { clientId: client.id, status: 'refused', batchId: null },
    ]);

    const res = await hook(payload(user.email), basic('hook-secret-for-tests'));
    expect(res.status).toBe(200);
    expect((await bodyOf(res)).deliveries[0].status).toBe('accepted');
    const [accepted, refused] = await settledMessages(client.id, headers, 3);
    expect(accepted).toMatchObject({
      channel: 'postmark',
      status: 'accepted',
      spf: 'pass',
      dkim: 'pass',
      documents: [expect.anything()],
    });
    expect(refused).toMatchObject({ status: 'refused', sender: 'nobody@example.net' });
    expect(await balance(user.id)).toEqual({ available: 1, reserved: 0 });
    const rows = await ctx.db.select().from(inboundMessages).where(eq(inboundMessages.clientId, client.id));
    expect(rows.map((row) => [row.status, row.spf]).sort()).toEqual([
      ['accepted', 'pass'],
      ['refused', 'fail'],
      ['refused', 'pass'],
    ]);
  });

  it('offers STARTTLS when a certificate is configured, and the mail still arrives', async () => {
    const { user, headers, client, address } = await accountantWithClient(2);
    const tlsDir = new URL('../../../test/fixtures/inbound-tls/', import.meta.url);
    const secured = await startInboundSmtp(
      {
        ...ctx.services,
        config: {
          ...ctx.services.config,
          INBOUND_TLS_KEY_FILE: fileURLToPath(new URL('key.pem', tlsDir)),
          INBOUND_TLS_CERT_FILE: fileURLToPath(new URL('cert.pem', tlsDir)),
        },
      },
      { port: 0, host: '127.0.0.1' },
    );
    try {
      const mail = {
        from: user.email,
        to: address,
        subject: 'Por TLS',
        attachments: [{ filename: 'ticket.pdf', content: TICKET_PDF }],
      };
      // The plain receiver has no STARTTLS: a client that insists on it gives up.
      await expect(
        nodemailer
          .createTransport({ host: '127.0.0.1', port: smtp.port, secure: false, requireTLS: true })
          .sendMail(mail),
      ).rejects.toThrow();
      const info = await nodemailer
        .createTransport({
          host: '127.0.0.1',
          port: secured.port,
          secure: false,
          requireTLS: true,
          tls: { rejectUnauthorized: false }, // self-signed test certificate
        })
        .sendMail(mail);
      expect(info.accepted).toEqual([address]);
      const [message] = await settledMessages(client.id, headers, 1);
      expect(message).toMatchObject({ subject: 'Por TLS', status: 'accepted' });
    } finally {
      await secured.close();
    }
  });
});
