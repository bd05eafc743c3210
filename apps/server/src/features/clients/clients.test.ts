import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, emailedToken, signUp, type TestAccount, uniqueEmail } from '../../../test/accounts';
import { clientsApi } from '../../../test/clients-api';
import { bodyOf, createTestContext, TEST_DB, type TestContext } from '../../../test/harness';
import { hashOneTimeToken } from '../../access/tokens';
import { clients, invitations } from '../../db/schema';
import { listOutbox } from '../../mail/mailer';

const PUBLIC_URL = 'https://app.cuadra.test';

describe(`clients and invitations (${TEST_DB})`, () => {
  let ctx: TestContext;
  let api: ReturnType<typeof clientsApi>;
  beforeAll(async () => {
    ctx = await createTestContext({ env: { PUBLIC_URL, TRUST_PROXY: 'true' } });
    api = clientsApi(ctx);
  });
  afterAll(() => ctx.close());

  const get = (...args: Parameters<typeof api.get>) => api.get(...args);
  const post = (...args: Parameters<typeof api.post>) => api.post(...args);
  const patch = (...args: Parameters<typeof api.patch>) => api.patch(...args);
  const addClient = (...args: Parameters<typeof api.addClient>) => api.addClient(...args);
  const invite = (...args: Parameters<typeof api.invite>) => api.invite(...args);

  describe('adding clients', () => {
    it('lets a verified accountant add a dummy client with an optional, normalised tax id', async () => {
      const accountant = await signUp(ctx);
      const res = await post(
        '/api/v1/clients',
        { name: '  Talleres Ruiz  ', taxId: 'b-1234567.4' },
        accountant,
      );
      expect(res.status).toBe(201);
      const client = await bodyOf(res);
      expect(client).toMatchObject({
        name: 'Talleres Ruiz',
        taxId: 'B12345674',
        status: 'dummy',
        registered: false,
        documents: 0,
        needsReview: 0,
        role: 'owner',
        grossIncomeCents: 0,
        invitation: null,
      });
      expect(client.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
      const noTaxId = await addClient(accountant, 'Sin NIF');
      expect(noTaxId.taxId).toBeNull();
      expect((await addClient(accountant, 'Blank', '  ')).taxId).toBeNull();
    });

    it('refuses a tax id with a wrong check character, a missing name, and an unverified accountant', async () => {
      const accountant = await signUp(ctx);
      const bad = await ctx.json(
        '/api/v1/clients',
        { name: 'X', taxId: '12345678A' },
        { headers: { ...bearer(accountant), 'accept-language': 'es' } },
      );
      expect(bad.status).toBe(400);
      expect((await bodyOf(bad)).error).toMatchObject({
        code: 'TAX_ID_INVALID',
        message: 'Este NIF, NIE o CIF no es válido. Revísalo, sobre todo el último carácter.',
      });
      const blank = await post('/api/v1/clients', { name: '   ' }, accountant);
      expect((await bodyOf(blank)).error.code).toBe('VALIDATION_FAILED');

      const unverified = await signUp(ctx, { verified: false });
      const refused = await post('/api/v1/clients', { name: 'Nope' }, unverified);
      expect(refused.status).toBe(403);
      expect((await bodyOf(refused)).error.code).toBe('EMAIL_NOT_VERIFIED');
      expect((await post('/api/v1/clients', { name: 'Nope' }, null)).status).toBe(401);
    });

    it('refuses a freelancer adding clients', async () => {
      const freelancer = await signUp(ctx, { accountType: 'freelancer' });
      const res = await post('/api/v1/clients', { name: 'Other' }, freelancer);
      expect(res.status).toBe(403);
      expect((await bodyOf(res)).error.code).toBe('ACCOUNTANTS_ONLY');
    });

    it('stores the tax id normalised and refuses a second client with the same one', async () => {
      const accountant = await signUp(ctx);
      const first = await addClient(accountant, 'José Álvarez Peña', 'ES 12345678-Z');
      expect(first.taxId).toBe('12345678Z');
      const again = await post('/api/v1/clients', { name: 'José Álvarez', taxId: '12345678z' }, accountant);
      expect(again.status).toBe(409);
      const { error } = await bodyOf(again);
      expect(error.code).toBe('CLIENT_TAX_ID_TAKEN');
      expect(error.details).toMatchObject({ clientId: first.id, name: 'José Álvarez Peña' });
      // Another accountant may have the same person as a client.
      await addClient(await signUp(ctx), 'José Álvarez Peña', '12345678Z');
      // Changing another client to that tax id is refused too; keeping one's own is not.
      const other = await addClient(accountant, 'Otro');
      const taken = await patch(`/api/v1/clients/${other.id}`, { taxId: '12345678-Z' }, accountant);
      expect(taken.status).toBe(409);
      const own = await patch(`/api/v1/clients/${first.id}`, { taxId: 'es12345678z' }, accountant);
      expect(own.status).toBe(200);
      expect((await bodyOf(own)).taxId).toBe('12345678Z');
    });

    it('renames a client and clears its tax id for the owner', async () => {
      const accountant = await signUp(ctx);
      const client = await addClient(accountant, 'Old name', '12345678Z');
      const res = await patch(`/api/v1/clients/${client.id}`, { name: 'New name', taxId: null }, accountant);
      expect(res.status).toBe(200);
      expect(await bodyOf(res)).toMatchObject({ name: 'New name', taxId: null });
      const bad = await patch(`/api/v1/clients/${client.id}`, { taxId: 'X1234567A' }, accountant);
      expect((await bodyOf(bad)).error.code).toBe('TAX_ID_INVALID');
    });
  });

  describe('the client list', () => {
    let accountant: TestAccount;
    beforeAll(async () => {
      accountant = await signUp(ctx);
      for (const name of [
        'beta Asesores',
        'Álvaro Pérez',
        'alfa SL',
        'Café 100%',
        'Gamma_Uno',
        'Gammaxuno',
      ]) {
        await addClient(accountant, name);
      }
    });
    const names = async (query: string) => {
      const res = await get(`/api/v1/clients${query}`, accountant);
      expect(res.status).toBe(200);
      const body = await bodyOf(res);
      return { names: body.items.map((c: { name: string }) => c.name), total: body.total };
    };

    it('sorts by name ignoring case and accents, both ways', async () => {
      expect((await names('')).names).toEqual([
        'alfa SL',
        'Álvaro Pérez',
        'beta Asesores',
        'Café 100%',
        'Gamma_Uno',
        'Gammaxuno',
      ]);
      expect((await names('?order=desc')).names[0]).toBe('Gammaxuno');
      expect((await names('?order=desc')).names.at(-1)).toBe('alfa SL');
    });

    it('searches a case-insensitive substring, with % and _ matching themselves', async () => {
      expect(await names('?q=ASES')).toEqual({ names: ['beta Asesores'], total: 1 });
      expect((await names('?q=a')).total).toBe(6);
      expect((await names(`?q=${encodeURIComponent('100%')}`)).names).toEqual(['Café 100%']);
      expect((await names(`?q=${encodeURIComponent('a_u')}`)).names).toEqual(['Gamma_Uno']);
      expect(await names('?q=zzz')).toEqual({ names: [], total: 0 });
    });

    const pageOf = async (query: string) => {
      const res = await get(`/api/v1/clients${query}`, accountant);
      expect(res.status).toBe(200);
      return bodyOf(res);
    };

    it('pages by cursor both ways with a total, ends with a null cursor, and refuses silly page sizes', async () => {
      for (const order of ['asc', 'desc']) {
        const whole = (await names(`?order=${order}`)).names;
        const seen: string[] = [];
        let cursor: string | null = null;
        do {
          const page = await pageOf(`?order=${order}&limit=4${cursor ? `&cursor=${cursor}` : ''}`);
          expect(page.total).toBe(6);
          expect(page.limit).toBe(4);
          seen.push(...page.items.map((c: { name: string }) => c.name));
          cursor = page.nextCursor;
        } while (cursor);
        expect(seen).toEqual(whole);
      }
      const firstFive = await pageOf('?limit=5');
      const rest = await pageOf(`?limit=5&cursor=${firstFive.nextCursor}`);
      expect(rest.items.map((c: { name: string }) => c.name)).toEqual(['Gammaxuno']);
      expect(rest.nextCursor).toBeNull();
      expect((await get('/api/v1/clients?limit=201', accountant)).status).toBe(400);
      expect((await pageOf('?limit=200')).items).toHaveLength(6);
    });

    it('breaks ties on the name by id, so no client is skipped or repeated', async () => {
      const twins = await signUp(ctx);
      for (let i = 0; i < 5; i++) await addClient(twins, 'Igual SL');
      const ids = async (order: string) => {
        const seen: string[] = [];
        let cursor: string | null = null;
        do {
          const res = await get(
            `/api/v1/clients?order=${order}&limit=2${cursor ? `&cursor=${cursor}` : ''}`,
            twins,
          );
          const page = await bodyOf(res);
          seen.push(...page.items.map((c: { id: string }) => c.id));
          cursor = page.nextCursor;
        } while (cursor);
        return seen;
      };
      const ascending = await ids('asc');
      expect(ascending).toHaveLength(5);
      expect(ascending).toEqual([...ascending].sort());
      expect(await ids('desc')).toEqual([...ascending].reverse());
    });

    it('goes on from a cursor after the user switches language, in the new language’s order', async () => {
      // In Spanish Ñ sorts after N; in English it is an N: the two orders differ.
      const switcher = await signUp(ctx, { locale: 'es' });
      for (const name of ['Oliva', 'Ñandú', 'Nadal', 'Ocaña', 'Naranjo']) await addClient(switcher, name);
      const namesOf = async (query: string) => {
        const res = await get(`/api/v1/clients${query}`, switcher);
        expect(res.status, query).toBe(200);
        const body = await bodyOf(res);
        return { names: body.items.map((c: { name: string }) => c.name) as string[], next: body.nextCursor };
      };
      for (const [from, to] of [
        ['es', 'en'],
        ['en', 'es'],
      ] as const) {
        expect((await patch('/api/v1/me', { locale: from }, switcher)).status).toBe(200);
        const first = await namesOf('?limit=2');
        expect((await patch('/api/v1/me', { locale: to }, switcher)).status).toBe(200);
        const whole = (await namesOf('')).names;
        const rest = await namesOf(`?limit=10&cursor=${first.next}`);
        // The clients after the last one seen, as the new language orders them.
        expect(rest.names).toEqual(whole.slice(whole.indexOf(first.names.at(-1)!) + 1));
        expect(rest.next).toBeNull();
      }
      expect((await namesOf('')).names).toEqual(['Nadal', 'Naranjo', 'Ñandú', 'Ocaña', 'Oliva']);
    });

    it('refuses a tampered cursor, or one of another order, with 400 VALIDATION_FAILED', async () => {
      const { nextCursor } = await pageOf('?limit=2');
      const forged = Buffer.from(JSON.stringify(['asc', 'not-a-uuid', 'x', 'x'])).toString('base64url');
      for (const query of ['?cursor=%%%', `?cursor=${forged}`, `?order=desc&cursor=${nextCursor}`]) {
        const res = await get(`/api/v1/clients${query}`, accountant);
        expect(res.status, query).toBe(400);
        expect((await bodyOf(res)).error).toMatchObject({
          code: 'VALIDATION_FAILED',
          details: { cursor: 'invalid' },
        });
      }
      // Someone else's cursor shows them only their own clients: here, none.
      const other = await signUp(ctx);
      const res = await get(`/api/v1/clients?cursor=${nextCursor}`, other);
      expect(await bodyOf(res)).toMatchObject({ items: [], total: 0, nextCursor: null });
    });

    it('shows only the caller’s clients', async () => {
      const other = await signUp(ctx);
      expect(await bodyOf(await get('/api/v1/clients', other))).toMatchObject({ items: [], total: 0 });
    });
  });

  describe('a freelancer on their own', () => {
    it('gets one client record for themselves, owned and paid by them', async () => {
      const freelancer = await signUp(ctx, { accountType: 'freelancer', name: 'Lucía Torres' });
      const [a, b] = await Promise.all([
        get('/api/v1/clients', freelancer),
        get('/api/v1/clients', freelancer),
      ]);
      expect(a.status).toBe(200);
      expect(b.status).toBe(200);
      const { items, total } = await bodyOf(await get('/api/v1/clients', freelancer));
      expect(total).toBe(1);
      expect(items[0]).toMatchObject({ name: 'Lucía Torres', registered: true, status: 'registered' });
      const own = await bodyOf(await get(`/api/v1/clients/${items[0].id}`, freelancer));
      expect(own.role).toBe('owner');
      const [row] = await ctx.db.select().from(clients).where(eq(clients.id, items[0].id));
      expect(row).toMatchObject({ ownerUserId: freelancer.id, freelancerUserId: freelancer.id });
    });
  });

  describe('invitations', () => {
    it('emails a link in the invitee’s language, keeps only its hash, and shows the client as invited', async () => {
      const accountant = await signUp(ctx, { name: 'Gestoría Martín' });
      const client = await addClient(accountant, 'Pedro Sanz');
      const email = uniqueEmail('pedro');
      const token = await invite(accountant, client.id, email, 'es');
      const [mail] = (await listOutbox(ctx.db)).filter((m) => m.to === email);
      expect(mail?.subject).toBe('Gestoría Martín te invita a Cuadra');
      expect(mail?.text).toContain(`${PUBLIC_URL}/acceptinvitation?token=${token}`);
      expect(Buffer.from(token, 'base64url').length).toBeGreaterThanOrEqual(32);
      const [row] = await ctx.db.select().from(invitations).where(eq(invitations.clientId, client.id));
      expect(row?.tokenHash).toBe(hashOneTimeToken(token));
      const days = ((row?.expiresAt.getTime() ?? 0) - Date.now()) / 86_400_000;
      expect(days).toBeGreaterThan(6.99);
      expect(days).toBeLessThanOrEqual(7);

      const detail = await bodyOf(await get(`/api/v1/clients/${client.id}`, accountant));
      expect(detail).toMatchObject({ status: 'invited', registered: false, invitation: { email } });
      const preview = await ctx.request(`/api/v1/invitations/${token}`);
      expect(await bodyOf(preview)).toMatchObject({
        email,
        clientName: 'Pedro Sanz',
        accountantName: 'Gestoría Martín',
      });
    });

    it('writes to a registered invitee in their own language', async () => {
      const accountant = await signUp(ctx, { name: 'Gestoría Martín', locale: 'es' });
      const invitee = await signUp(ctx, { accountType: 'freelancer', locale: 'en' });
      const client = await addClient(accountant, 'Invitee');
      await invite(accountant, client.id, invitee.email, 'es');
      const [mail] = (await listOutbox(ctx.db)).filter((m) => m.to === invitee.email);
      expect(mail?.subject).toBe('Gestoría Martín invites you to Cuadra');
    });

    it('lets only a verified account accept, so an address nobody proved cannot take the client', async () => {
      const accountant = await signUp(ctx);
      const client = await addClient(accountant, 'Rosa Vidal');
      const unverified = await signUp(ctx, { accountType: 'freelancer', verified: false });
      const token = await invite(accountant, client.id, unverified.email);

      const refused = await post('/api/v1/invitations/accept', { token }, unverified);
      expect(refused.status).toBe(403);
      expect((await bodyOf(refused)).error.code).toBe('EMAIL_NOT_VERIFIED');
      expect((await get(`/api/v1/clients/${client.id}`, unverified)).status).toBe(404);

      const verify = await emailedToken(ctx, unverified.email, '/verify-email');
      expect((await ctx.json('/api/v1/auth/verify-email', { token: verify })).status).toBe(200);
      expect((await post('/api/v1/invitations/accept', { token }, unverified)).status).toBe(200);
      expect((await get(`/api/v1/clients/${client.id}`, unverified)).status).toBe(200);
    });

    it('links the client to the invited freelancer, once, and only for the invited address', async () => {
      const accountant = await signUp(ctx);
      const client = await addClient(accountant, 'Marta Gil');
      const freelancer = await signUp(ctx, { accountType: 'freelancer' });
      const token = await invite(accountant, client.id, freelancer.email.toUpperCase());

      const stranger = await signUp(ctx, { accountType: 'freelancer' });
      const wrong = await post('/api/v1/invitations/accept', { token }, stranger);
      expect(wrong.status).toBe(403);
      expect((await bodyOf(wrong)).error.code).toBe('INVITATION_WRONG_ACCOUNT');
      expect((await post('/api/v1/invitations/accept', { token }, null)).status).toBe(401);

      const accepted = await post('/api/v1/invitations/accept', { token }, freelancer);
      expect(accepted.status).toBe(200);
      expect(await bodyOf(accepted)).toEqual({ clientId: client.id });

      const again = await post('/api/v1/invitations/accept', { token }, freelancer);
      expect(again.status).toBe(404);
      expect((await bodyOf(again)).error.code).toBe('INVITATION_INVALID');
      expect((await ctx.request(`/api/v1/invitations/${token}`)).status).toBe(404);

      const listed = await bodyOf(await get('/api/v1/clients', accountant));
      expect(listed.items[0]).toMatchObject({ id: client.id, registered: true, status: 'registered' });
      // The freelancer sees the client (and no record of their own appears), as the linked freelancer.
      const theirs = await bodyOf(await get('/api/v1/clients', freelancer));
      expect(theirs.items.map((c: { id: string }) => c.id)).toEqual([client.id]);
      expect((await bodyOf(await get(`/api/v1/clients/${client.id}`, freelancer))).role).toBe('freelancer');
      // A linked client cannot be invited again.
      const reinvite = await post(
        `/api/v1/clients/${client.id}/invitations`,
        { email: uniqueEmail('x') },
        accountant,
      );
      expect((await bodyOf(reinvite)).error.code).toBe('CLIENT_ALREADY_LINKED');
    });

    it('voids the earlier link when a new invitation is sent', async () => {
      const accountant = await signUp(ctx);
      const client = await addClient(accountant, 'Twice');
      const freelancer = await signUp(ctx, { accountType: 'freelancer' });
      const first = await invite(accountant, client.id, freelancer.email);
      await new Promise((done) => setTimeout(done, 5));
      const second = await invite(accountant, client.id, freelancer.email);
      expect(second).not.toBe(first);
      const old = await post('/api/v1/invitations/accept', { token: first }, freelancer);
      expect((await bodyOf(old)).error.code).toBe('INVITATION_INVALID');
      expect((await post('/api/v1/invitations/accept', { token: second }, freelancer)).status).toBe(200);
    });

    it('refuses an expired link, an unknown one, and an accountant accepting', async () => {
      const accountant = await signUp(ctx);
      const client = await addClient(accountant, 'Late');
      const otherAccountant = await signUp(ctx);
      const token = await invite(accountant, client.id, otherAccountant.email);
      const refused = await post('/api/v1/invitations/accept', { token }, otherAccountant);
      expect((await bodyOf(refused)).error.code).toBe('INVITATION_FREELANCERS_ONLY');

      await ctx.db
        .update(invitations)
        .set({ expiresAt: new Date(Date.now() - 1000) })
        .where(eq(invitations.tokenHash, hashOneTimeToken(token)));
      const expired = await ctx.request(`/api/v1/invitations/${token}`, {
        headers: { 'accept-language': 'en' },
      });
      expect(expired.status).toBe(404);
      expect((await bodyOf(expired)).error).toMatchObject({
        code: 'INVITATION_EXPIRED',
        message: 'This invitation has expired. Please ask for a new one.',
      });
      const unknown = await post('/api/v1/invitations/accept', { token: 'nope' }, otherAccountant);
      expect((await bodyOf(unknown)).error.code).toBe('INVITATION_INVALID');
    });

    it('refuses invitations from an unverified accountant', async () => {
      const accountant = await signUp(ctx);
      const client = await addClient(accountant, 'Verified later');
      // Same owner, but a second unverified accountant cannot even see it; the owner's rule is tested here.
      await ctx.db.execute(`update users set email_verified_at = null where id = '${accountant.id}'`);
      const res = await post(
        `/api/v1/clients/${client.id}/invitations`,
        { email: uniqueEmail('x') },
        accountant,
      );
      expect((await bodyOf(res)).error.code).toBe('EMAIL_NOT_VERIFIED');
    });
  });

  describe('access matrix', () => {
    it('answers every endpoint that takes a client id by who is asking', async () => {
      const owner = await signUp(ctx);
      const otherAccountant = await signUp(ctx);
      const linked = await signUp(ctx, { accountType: 'freelancer' });
      const unrelated = await signUp(ctx, { accountType: 'freelancer' });
      const client = await addClient(owner, 'Matrix');
      const token = await invite(owner, client.id, linked.email);
      expect((await post('/api/v1/invitations/accept', { token }, linked)).status).toBe(200);
      const dummy = await addClient(owner, 'Matrix dummy');

      const id = client.id;
      const endpoints: [
        string,
        (who: TestAccount | null, clientId: string) => Response | Promise<Response>,
      ][] = [
        ['GET /clients/:id', (who, clientId) => get(`/api/v1/clients/${clientId}`, who)],
        [
          'PATCH /clients/:id',
          (who, clientId) => patch(`/api/v1/clients/${clientId}`, { name: 'Matrix' }, who),
        ],
        [
          'POST /clients/:id/invitations',
          (who, clientId) =>
            post(`/api/v1/clients/${clientId}/invitations`, { email: uniqueEmail('m') }, who),
        ],
      ];
      // Expected status for [owner, other accountant, linked freelancer, unrelated freelancer, anonymous].
      const expected: Record<string, number[]> = {
        'GET /clients/:id': [200, 404, 200, 404, 401],
        'PATCH /clients/:id': [200, 404, 403, 404, 401],
        // The linked client cannot be invited again (409); its owner can invite to the dummy one (201).
        'POST /clients/:id/invitations': [409, 404, 403, 404, 401],
      };
      const callers = [owner, otherAccountant, linked, unrelated, null];
      for (const [name, call] of endpoints) {
        const statuses = [];
        for (const who of callers) statuses.push((await call(who, id)).status);
        expect(statuses, name).toEqual(expected[name]);
        // Someone else's client and a client that does not exist get the same answer.
        const missing = await call(otherAccountant, '0190c0de-0000-7000-8000-000000000000');
        const notMine = await call(otherAccountant, id);
        expect(await bodyOf(notMine), name).toEqual(await bodyOf(missing));
        expect((await call(owner, 'not-a-uuid')).status, name).toBe(404);
      }
      expect(
        (await post(`/api/v1/clients/${dummy.id}/invitations`, { email: uniqueEmail('d') }, owner)).status,
      ).toBe(201);
      const notFound = await bodyOf(await get(`/api/v1/clients/${id}`, unrelated));
      expect(notFound.error.code).toBe('CLIENT_NOT_FOUND');
    });
  });
});
