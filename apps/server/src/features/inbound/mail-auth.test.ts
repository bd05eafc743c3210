import { generateKeyPairSync } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { dkimSign } from 'mailauth';
import nodemailer from 'nodemailer';
import MailComposer from 'nodemailer/lib/mail-composer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bodyOf,
  createSignedInUser,
  createTestContext,
  TEST_DB,
  type TestContext,
} from '../../../test/harness';
import { insertClient } from '../clients/repo';
import { grantCredits } from '../credits/ledger';
import type { DnsResolver } from './mail-auth';
import { type InboundSmtp, startInboundSmtp } from './smtp';

const PDF = readFileSync(
  new URL('../../../../../packages/extract/test/fixtures/golden/classic-recargo.pdf', import.meta.url),
);

/** DKIM key of `signed.test`, made for this run. */
const keys = generateKeyPairSync('rsa', { modulusLength: 2048 });
const publicKey = keys.publicKey.export({ type: 'spki', format: 'der' }).toString('base64');
const privateKey = keys.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();

/** The fake DNS: TXT records by name; `offline.test` answers like an unreachable server. */
const TXT: Record<string, string> = {
  'signed.test': 'v=spf1 ip4:127.0.0.1 -all',
  'sel._domainkey.signed.test': `v=DKIM1; k=rsa; p=${publicKey}`,
  '_dmarc.signed.test': 'v=DMARC1; p=reject',
  'forged.test': 'v=spf1 ip4:192.0.2.10 -all',
  '_dmarc.forged.test': 'v=DMARC1; p=reject',
};
const lookups: string[] = [];
const resolver: DnsResolver = async (name, rrtype) => {
  lookups.push(`${rrtype} ${name}`);
  const dnsError = (code: string) => Object.assign(new Error(`${code} ${name}`), { code });
  if (name.endsWith('offline.test')) throw dnsError('ECONNREFUSED');
  const record = rrtype === 'TXT' ? TXT[name] : undefined;
  if (!record) throw dnsError('ENOTFOUND');
  return [[record]];
};

describe(`SPF, DKIM and DMARC checked on arrival (${TEST_DB})`, () => {
  let ctx: TestContext;
  let smtp: InboundSmtp;
  /** A second receiver on the same database, configured `INBOUND_MAIL_AUTH=record`. */
  let recording: InboundSmtp;
  beforeAll(async () => {
    ctx = await createTestContext({ env: { INBOUND_MAIL_AUTH: 'enforce' } });
    smtp = await startInboundSmtp(ctx.services, { port: 0, host: '127.0.0.1', resolver });
    const config = { ...ctx.services.config, INBOUND_MAIL_AUTH: 'record' as const };
    recording = await startInboundSmtp({ ...ctx.services, config }, { port: 0, host: '127.0.0.1', resolver });
  });
  afterAll(async () => {
    await smtp?.close();
    await recording?.close();
    await ctx?.close();
  });

  /** An accountant's client with credits, and `sender` on its allow-list: only authentication can refuse. */
  async function clientAllowing(sender: string) {
    const { user, headers } = await createSignedInUser(ctx);
    await grantCredits(ctx.db, user.id, 5, 'grant', `test:${user.id}`);
    const client = await insertClient(ctx.db, {
      ownerUserId: user.id,
      name: 'Andrés Navarro Gil',
      taxId: null,
    });
    const detail = await bodyOf(await ctx.request(`/api/v1/clients/${client!.id}`, { headers }));
    const added = await ctx.json(
      `/api/v1/clients/${client!.id}/inbound-senders`,
      { email: sender },
      { headers },
    );
    expect(added.status).toBe(201);
    const messages = async () =>
      (await bodyOf(await ctx.request(`/api/v1/clients/${client!.id}/inbound-messages`, { headers }))).items;
    return { address: detail.inboundEmail as string, messages };
  }

  async function sendRaw(from: string, to: string, sign: boolean, receiver = () => smtp) {
    let raw = await new MailComposer({
      from,
      to,
      subject: 'Factura',
      text: 'Adjunta la factura.',
      attachments: [{ filename: 'factura.pdf', content: PDF }],
    })
      .compile()
      .build();
    if (sign) {
      // mailauth reads `signatureData` (its .d.ts names top-level fields it does not use).
      const options = {
        canonicalization: 'relaxed/relaxed',
        signatureData: [{ signingDomain: 'signed.test', selector: 'sel', privateKey }],
      };
      const signed = await dkimSign(raw, options as unknown as Parameters<typeof dkimSign>[1]);
      expect(signed.signatures).toMatch(/^DKIM-Signature:[\s\S]*\bd=signed\.test;/);
      expect(signed.errors).toEqual([]);
      raw = Buffer.concat([Buffer.from(signed.signatures), raw]);
    }
    const transport = nodemailer.createTransport({
      host: '127.0.0.1',
      port: receiver().port,
      secure: false,
      ignoreTLS: true,
    });
    return transport.sendMail({ envelope: { from, to }, raw });
  }

  it('accepts a DKIM-signed mail with SPF pass and records it as pass', async () => {
    const { address, messages } = await clientAllowing('billing@signed.test');
    const info = await sendRaw('billing@signed.test', address, true);
    expect(info.response).toMatch(/^250/);
    expect(lookups).toContain('TXT sel._domainkey.signed.test');
    const [message] = await messages();
    expect(message).toMatchObject({
      status: 'accepted',
      spf: 'pass',
      dkim: 'pass',
      dmarc: 'pass',
      mailAuth: 'pass',
    });
    expect(message.documents).toHaveLength(1);
  });

  it('refuses SPF fail under DMARC p=reject with 550 5.7.1 and the reason, keeping no document', async () => {
    const { address, messages } = await clientAllowing('billing@forged.test');
    const error = await sendRaw('billing@forged.test', address, false).then(
      () => null,
      (e: { responseCode?: number; response?: string }) => e,
    );
    expect(error?.responseCode).toBe(550);
    expect(error?.response).toMatch(/5\.7\.1 Sender not authenticated: DMARC policy reject of forged\.test/);
    const [message] = await messages();
    expect(message).toMatchObject({ status: 'refused', spf: 'fail', dmarc: 'fail', mailAuth: 'fail' });
    expect(message.documents).toEqual([]);
  });

  it('accepts a mail whose DNS cannot be reached and records it as unchecked', async () => {
    const { address, messages } = await clientAllowing('billing@offline.test');
    const info = await sendRaw('billing@offline.test', address, false);
    expect(info.response).toMatch(/^250/);
    const [message] = await messages();
    expect(message).toMatchObject({ status: 'accepted', spf: 'temperror', mailAuth: 'unchecked' });
    expect(message.documents).toHaveLength(1);
  });

  it('under INBOUND_MAIL_AUTH=record, accepts the same forged mail and records its failing verdict', async () => {
    const { address, messages } = await clientAllowing('billing@forged.test');
    const info = await sendRaw('billing@forged.test', address, false, () => recording);
    expect(info.response).toMatch(/^250/);
    const [message] = await messages();
    // Read and charged like any mail, with the verdict on the record for the accountant to see.
    expect(message).toMatchObject({ status: 'accepted', spf: 'fail', dmarc: 'fail', mailAuth: 'fail' });
    expect(message.documents).toHaveLength(1);
  });
});
