import { readFileSync } from 'node:fs';
import { ERROR_MESSAGES } from '@cuadra/shared';
import { desc, eq } from 'drizzle-orm';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FileAccount, norma43 } from '../../../test/bank-files';
import {
  bodyOf,
  createSignedInUser,
  createTestContext,
  eventually,
  TEST_DB,
  type TestContext,
} from '../../../test/harness';
import { bankRequests, documents, mailOutbox } from '../../db/schema';
import { insertClient } from '../clients/repo';
import { grantCredits } from '../credits/ledger';
import { DROP_LIMIT, remindRequests } from './requests';

const XML = new URL(
  '../../../../../packages/extract/test/fixtures/xml/ubl-tax-total-per-scheme.xml',
  import.meta.url,
);

describe(`missing documents asked for (${TEST_DB})`, () => {
  let ctx: TestContext;
  let owner: Awaited<ReturnType<typeof createSignedInUser>>;
  let freelancer: Awaited<ReturnType<typeof createSignedInUser>>;
  let clientId: string;

  const month: FileAccount = {
    bank: '2100',
    branch: '0418',
    account: '0200051332',
    from: '2026-02-01',
    to: '2026-02-28',
    openingCents: 500_000,
    movements: [
      { date: '2026-02-05', amountCents: -111_200, concept: 'TRANSF SERVICIOS EJEMPLO SUR' },
      { date: '2026-02-10', amountCents: 30_000, concept: 'INGRESO CLIENTE VARIOS' },
      { date: '2026-02-12', amountCents: -900, concept: 'COMPRA TPV CAFETERIA' },
    ],
  };

  beforeAll(async () => {
    ctx = await createTestContext({ work: true });
    owner = await createSignedInUser(ctx, { name: 'Lucía Ferrer' });
    freelancer = await createSignedInUser(ctx, { accountType: 'freelancer', locale: 'en' });
    await grantCredits(ctx.db, owner.user.id, 5, 'grant', `test:${owner.user.id}`);
    const client = await insertClient(ctx.db, {
      ownerUserId: owner.user.id,
      name: 'Cliente Prueba S.A.',
      taxId: 'A46103834',
      freelancerUserId: freelancer.user.id,
    });
    clientId = client!.id;
    const res = await ctx.request(`/api/v1/clients/${clientId}/bank/statements?name=feb.n43`, {
      method: 'POST',
      headers: { ...owner.headers, 'content-type': 'application/octet-stream' },
      body: norma43([month]),
    });
    expect(res.status).toBe(201);
  });
  afterAll(() => ctx.close());

  const ask = (body: unknown, headers = owner.headers) =>
    ctx.json(`/api/v1/clients/${clientId}/bank/requests`, body, { headers });
  const lastMail = async () =>
    (await ctx.db.select().from(mailOutbox).orderBy(desc(mailOutbox.createdAt)).limit(1))[0];
  const tokenOf = (text: string) => {
    const match = /missing-documents\?token=([^\s&]+)/.exec(text);
    if (!match?.[1]) throw new Error('no link in the email');
    return decodeURIComponent(match[1]);
  };
  const drop = (token: string, lineId: string, bytes: Uint8Array, name = 'factura.xml') => {
    const body = new FormData();
    body.append('files[]', new Blob([bytes]), name);
    return ctx.request(`/api/v1/bank/requests/${encodeURIComponent(token)}/lines/${lineId}`, {
      method: 'POST',
      body,
    });
  };

  it('asks for the unmatched movements above the threshold, by email in the client’s language, with a link', async () => {
    const res = await ask({ from: '2026-02-01', to: '2026-02-28', thresholdCents: 5_000 });
    expect(res.status).toBe(201);
    const request = await bodyOf(res);
    expect(request.email).toBe(freelancer.user.email);
    // The 9 € card payment is under the threshold: not asked for.
    expect(request.lines.map((l: { amountCents: number }) => l.amountCents)).toEqual([-111_200, 30_000]);

    const mail = await lastMail();
    expect(mail?.to).toBe(freelancer.user.email);
    expect(mail?.subject).toBe('Lucía Ferrer needs 2 invoices for Cliente Prueba S.A.');
    expect(mail?.text).toContain('TRANSF SERVICIOS EJEMPLO SUR');
    expect(mail?.text).toContain('€1,112.00');

    const summary = await bodyOf(
      await ctx.request(`/api/v1/clients/${clientId}/bank/requests`, { headers: owner.headers }),
    );
    expect(summary).toMatchObject({ movements: 3, matched: 0, requested: 2 });
    expect(summary.lastRequestedAt).toBe(request.createdAt);
  });

  it('another accountant cannot ask for this client’s documents; an empty period asks for nothing', async () => {
    const stranger = await createSignedInUser(ctx);
    expect((await ask({}, stranger.headers)).status).toBe(404);
    const empty = await ask({ from: '2025-01-01', to: '2025-01-31' });
    expect(empty.status).toBe(422);
    expect((await bodyOf(empty)).error.code).toBe('BANK_REQUEST_NOTHING_MISSING');
  });

  it('a file dropped through the link becomes the client’s document and, once read, is proposed for its movement', async () => {
    await ask({ thresholdCents: 5_000 });
    const token = tokenOf((await lastMail())!.text);
    const page = await ctx.request(`/api/v1/bank/requests/${encodeURIComponent(token)}`);
    expect(page.status).toBe(200);
    const shown = await bodyOf(page);
    expect(shown).toMatchObject({
      clientName: 'Cliente Prueba S.A.',
      accountantName: 'Lucía Ferrer',
      locale: 'en',
    });
    const charge = shown.lines.find((l: { amountCents: number }) => l.amountCents === -111_200);

    const res = await drop(token, charge.id, readFileSync(XML));
    expect(res.status).toBe(201);
    expect((await bodyOf(res)).line.uploaded).toBe(true);

    const [document] = await ctx.db
      .select()
      .from(documents)
      .where(eq(documents.clientId, clientId))
      .orderBy(desc(documents.createdAt));
    expect(document?.filename).toBe('factura.xml');
    const invoiceId = await eventually(async () => {
      const [row] = await ctx.db.select().from(documents).where(eq(documents.id, document!.id));
      return row?.invoiceId ?? undefined;
    }, 60_000);

    const list = await bodyOf(
      await ctx.request(`/api/v1/clients/${clientId}/bank/movements`, { headers: owner.headers }),
    );
    const movement = list.movements.find((m: { amountCents: number }) => m.amountCents === -111_200);
    expect(movement.status).toBe('proposed');
    expect(movement.reasons).toContain('requested');
    expect(movement.invoices.map((i: { invoiceId: string }) => i.invoiceId)).toEqual([invoiceId]);

    // Matching the client's movements again (new invoices arrived) leaves the client's own answer alone.
    const rematch = await ctx.request(`/api/v1/clients/${clientId}/bank/match`, {
      method: 'POST',
      headers: owner.headers,
    });
    expect(rematch.status).toBe(200);
    const after = (
      await bodyOf(
        await ctx.request(`/api/v1/clients/${clientId}/bank/movements?status=proposed`, {
          headers: owner.headers,
        }),
      )
    ).movements.find((m: { id: string }) => m.id === movement.id);
    expect(after?.reasons ?? []).toContain('requested');
    expect(after?.invoices.map((i: { invoiceId: string }) => i.invoiceId)).toEqual([invoiceId]);

    // The drop page now shows that line as sent; the Bank tab no longer counts it as waiting.
    const again = await bodyOf(await ctx.request(`/api/v1/bank/requests/${encodeURIComponent(token)}`));
    expect(again.lines.find((l: { id: string }) => l.id === charge.id).uploaded).toBe(true);
    const summary = await bodyOf(
      await ctx.request(`/api/v1/clients/${clientId}/bank/requests`, { headers: owner.headers }),
    );
    expect(summary.requested).toBe(1);
  });

  it('reminds on the schedule the accountant set, with only what still waits, once per period', async () => {
    const request = await bodyOf(await ask({ thresholdCents: 5_000, remindEveryDays: 3 }));
    const mails = async () => (await ctx.db.select().from(mailOutbox)).length;
    const before = await mails();
    // Two days later: not due yet.
    const inTwoDays = new Date(Date.now() + 2 * 86_400_000);
    await remindRequests(ctx.services, inTwoDays);
    expect(await mails()).toBe(before);

    const inFourDays = new Date(Date.now() + 4 * 86_400_000);
    await remindRequests(ctx.services, inFourDays);
    expect(await mails()).toBe(before + 1);
    const reminder = await lastMail();
    expect(reminder?.subject).toBe('Reminder: Lucía Ferrer needs 1 invoice for Cliente Prueba S.A.');
    // The charge was sent earlier through another request's link: only the credit is still asked for.
    expect(reminder?.text).toContain('INGRESO CLIENTE VARIOS');
    expect(reminder?.text).not.toContain('TRANSF SERVICIOS EJEMPLO SUR');
    const page = await ctx.request(`/api/v1/bank/requests/${encodeURIComponent(tokenOf(reminder!.text))}`);
    expect(page.status).toBe(200);

    // The same day again: nothing more. A request without reminders is never reminded.
    await remindRequests(ctx.services, inFourDays);
    expect(await mails()).toBe(before + 1);
    const [row] = await ctx.db.select().from(bankRequests).where(eq(bankRequests.id, request.id));
    expect(row?.remindedAt?.getTime()).toBe(inFourDays.getTime());
  });

  it('refuses an altered link, a link of another kind, and an expired one', async () => {
    await ask({ thresholdCents: 5_000 });
    const token = tokenOf((await lastMail())!.text);
    const [head, payload, signature] = token.split('.') as [string, string, string];
    const flipped = `${head}.${payload}.${signature.slice(0, -2)}${signature.endsWith('AA') ? 'BB' : 'AA'}`;
    const tampered = await ctx.request(`/api/v1/bank/requests/${encodeURIComponent(flipped)}`);
    expect(tampered.status).toBe(404);
    expect((await bodyOf(tampered)).error.code).toBe('BANK_REQUEST_LINK_INVALID');
    // The owner's access token is signed with the same key but is not a request link.
    expect((await ctx.request(`/api/v1/bank/requests/${owner.token}`)).status).toBe(404);

    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString());
    const expired = await new SignJWT({ typ: 'bank_request', cid: claims.cid })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(claims.sub)
      .setIssuedAt(Math.floor(Date.now() / 1000) - 20 * 86_400)
      .setExpirationTime(Math.floor(Date.now() / 1000) - 86_400)
      .sign(ctx.services.auth.accessKey);
    const res = await ctx.request(`/api/v1/bank/requests/${encodeURIComponent(expired)}`);
    expect(res.status).toBe(410);
    expect((await bodyOf(res)).error.code).toBe('BANK_REQUEST_LINK_EXPIRED');
    const dropped = await drop(expired, '00000000-0000-0000-0000-000000000000', readFileSync(XML));
    expect(dropped.status).toBe(410);
  });

  it('a link takes at most DROP_LIMIT files an hour, then says so in its language; another link is not held', async () => {
    const first = await bodyOf(await ask({ thresholdCents: 0 }));
    const token = tokenOf((await lastMail())!.text);
    const lineId = first.lines[0].id as string;
    // Files that come to nothing (no file in the form) count too: the limit is on what the link is used for.
    for (let n = 0; n < DROP_LIMIT.max; n++) {
      expect((await drop(token, lineId, new Uint8Array(0), '')).status).not.toBe(429);
    }
    const body = new FormData();
    body.append('files[]', new Blob([readFileSync(XML)]), 'factura.xml');
    const refused = await ctx.request(`/api/v1/bank/requests/${encodeURIComponent(token)}/lines/${lineId}`, {
      method: 'POST',
      headers: { 'accept-language': 'es' },
      body,
    });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    const error = (await bodyOf(refused)).error;
    expect(error.code).toBe('BANK_REQUEST_DROP_LIMITED');
    expect(error.message).toBe(ERROR_MESSAGES.BANK_REQUEST_DROP_LIMITED.es);

    const second = await bodyOf(await ask({ thresholdCents: 0 }));
    const other = tokenOf((await lastMail())!.text);
    const res = await drop(other, second.lines[0].id, new Uint8Array(0), '');
    expect(res.status).not.toBe(429);
  });
});
