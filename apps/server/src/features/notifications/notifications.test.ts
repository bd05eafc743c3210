import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, emailedToken, signUp, type TestAccount } from '../../../test/accounts';
import { bodyOf, createTestContext, eventually, TEST_DB, type TestContext } from '../../../test/harness';
import { JOBS } from '../../jobs';
import { listOutbox } from '../../mail/mailer';
import { insertClient } from '../clients/repo';
import { grantCredits } from '../credits/ledger';
import { sendWeeklySummaries } from './service';

const XML_DIR = new URL('../../../../../packages/extract/test/fixtures/xml/', import.meta.url);
const xml = (name: string) => ({ name, bytes: readFileSync(new URL(name, XML_DIR)) });
const FILES = [
  xml('facturae-special-tax.xml'),
  xml('ubl-vat-igic-withholding.xml'),
  xml('cii-vat-ipsi.xml'),
  xml('facturae-iva-ipsi-recargo.xml'),
];

function form(files: { name: string; bytes: Uint8Array }[]) {
  const body = new FormData();
  for (const file of files) body.append('files[]', new Blob([file.bytes]), file.name);
  return body;
}

describe(`optional emails, each honouring its toggle in Settings → Notifications (${TEST_DB})`, () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext({ work: true, env: { TRUST_PROXY: 'true' } });
  });
  afterAll(() => ctx.close());

  const mailsTo = async (email: string, subject: RegExp) =>
    (await listOutbox(ctx.db)).filter((m) => m.to === email && subject.test(m.subject));
  const toggle = (who: TestAccount, body: Record<string, boolean>) =>
    ctx.json('/api/v1/me/notifications', body, { method: 'PATCH', headers: bearer(who) });
  async function accountantWithClient(credits: number, locale: 'en' | 'es' = 'es') {
    const who = await signUp(ctx, { locale, name: 'Gestoría Martín' });
    // Exactly `credits` to spend: the welcome credits are spent on nothing here, so top up past them.
    const me = await bodyOf(await ctx.request('/api/v1/me', { headers: bearer(who) }));
    const extra = credits - me.credits.available;
    if (extra > 0) await grantCredits(ctx.db, who.id, extra, 'grant', `test:${who.id}`);
    const client = await insertClient(ctx.db, {
      ownerUserId: who.id,
      name: 'Andrés Navarro Gil',
      taxId: null,
    });
    return { who, client: client! };
  }
  const upload = (who: TestAccount, clientId: string, files: { name: string; bytes: Uint8Array }[]) =>
    ctx.request(`/api/v1/clients/${clientId}/uploads`, {
      method: 'POST',
      headers: bearer(who),
      body: form(files),
    });
  const settled = (who: TestAccount, batchId: string) =>
    eventually(async () => {
      const batch = await bodyOf(await ctx.request(`/api/v1/uploads/${batchId}`, { headers: bearer(who) }));
      return batch.pendingCount === 0 ? batch : undefined;
    }, 90_000);

  it('"batch finished": one email when a drop’s last document is read, none with the toggle off', async () => {
    const { who, client } = await accountantWithClient(20);
    const first = await bodyOf(await upload(who, client.id, FILES.slice(0, 2)));
    await settled(who, first.batchId);
    const mails = await mailsTo(who.email, /ya están procesados/);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.subject).toBe('Tus documentos de Andrés Navarro Gil ya están procesados');
    expect(mails[0]?.text).toContain('2 listos para revisar, 0 que ya estaban');
    expect(mails[0]?.text).toContain(`/customer/${client.id}`);

    expect((await toggle(who, { batchFinished: false })).status).toBe(200);
    const second = await bodyOf(await upload(who, client.id, FILES.slice(2, 3)));
    await settled(who, second.batchId);
    expect(await mailsTo(who.email, /ya están procesados/)).toHaveLength(1);
  }, 120_000);

  it('"batch finished" for one document: singular in Spanish, and a link to where the app listens', async () => {
    // Issue 36, item 12: "1 listos para revisar", and a link to http://localhost:PORT while the app runs
    // at http://127.0.0.1:PORT, where the browser's session is not.
    const { who, client } = await accountantWithClient(5);
    const batch = await bodyOf(await upload(who, client.id, FILES.slice(3, 4)));
    await settled(who, batch.batchId);
    const [mail] = await mailsTo(who.email, /ya están procesados/);
    expect(mail?.text).toContain(
      'para Andrés Navarro Gil: 1 listo para revisar, 0 que ya estaban (duplicados, sin coste) y 0 que no se han podido leer (sin coste).',
    );
    expect(ctx.services.config.isPublicUrlConfigured).toBe(false);
    expect(mail?.text).toContain(`http://127.0.0.1:3000/customer/${client.id}`);
    expect(mail?.html).toContain(`href="http://127.0.0.1:3000/customer/${client.id}"`);
  }, 120_000);

  it('"low credits": when the spendable balance falls to 5 or below, once; none with the toggle off', async () => {
    const { who, client } = await accountantWithClient(7, 'en');
    expect((await upload(who, client.id, FILES.slice(0, 1))).status).toBe(202);
    expect(await mailsTo(who.email, /scans left/)).toHaveLength(0); // 6 left
    expect((await upload(who, client.id, FILES.slice(1, 2))).status).toBe(202);
    const [mail] = await mailsTo(who.email, /scans left/);
    expect(mail?.subject).toBe('You have 5 scans left in Cuadra');
    expect(mail?.text).toContain('/credits');
    expect((await upload(who, client.id, FILES.slice(2, 3))).status).toBe(202); // 4: already told
    expect(await mailsTo(who.email, /scans left/)).toHaveLength(1);

    const quiet = await accountantWithClient(6, 'en');
    await toggle(quiet.who, { lowCredits: false });
    expect((await upload(quiet.who, quiet.client.id, FILES.slice(0, 1))).status).toBe(202);
    expect(await mailsTo(quiet.who.email, /scans left/)).toHaveLength(0);
  }, 120_000);

  it('"invitation accepted": the accountant is told when the freelancer accepts, unless the toggle is off', async () => {
    for (const on of [true, false]) {
      const accountant = await signUp(ctx, { name: 'Gestoría Martín', locale: 'en' });
      if (!on) await toggle(accountant, { invitationAccepted: false });
      const freelancer = await signUp(ctx, { accountType: 'freelancer', name: 'Marta Gil' });
      const client = await bodyOf(
        await ctx.json('/api/v1/clients', { name: 'Marta Gil' }, { headers: bearer(accountant) }),
      );
      await ctx.json(
        `/api/v1/clients/${client.id}/invitations`,
        { email: freelancer.email },
        { headers: bearer(accountant) },
      );
      const token = await emailedToken(ctx, freelancer.email, '/acceptinvitation');
      const accepted = await ctx.json(
        '/api/v1/invitations/accept',
        { token },
        { headers: bearer(freelancer) },
      );
      expect(accepted.status).toBe(200);
      const mails = await mailsTo(accountant.email, /accepted your invitation/);
      if (on) {
        expect(mails.map((m) => m.subject)).toEqual(['Marta Gil accepted your invitation']);
        expect(mails[0]?.text).toContain(`/customer/${client.id}`);
      } else expect(mails).toHaveLength(0);
    }
  });

  it('"weekly summary": a weekly job writes the week’s figures to those who keep it on', async () => {
    const job = JOBS.find((j) => j.name === 'notifications.weekly-summary');
    expect(job?.schedule).toBe('0 7 * * 1');

    const { who, client } = await accountantWithClient(10);
    const quiet = await accountantWithClient(10);
    await toggle(quiet.who, { weeklySummary: false });
    for (const [account, clientId] of [
      [who, client.id],
      [quiet.who, quiet.client.id],
    ] as const) {
      const batch = await bodyOf(await upload(account, clientId, FILES.slice(0, 1)));
      await settled(account, batch.batchId);
    }
    await sendWeeklySummaries(ctx.services);
    const [mail] = await mailsTo(who.email, /Tu semana/);
    expect(mail?.text).toContain('se ha leído 1 documento.');
    expect(mail?.text).toContain('Hay 1 factura pendiente de revisar');
    expect(await mailsTo(quiet.who.email, /Tu semana/)).toHaveLength(0);
  }, 120_000);
});
