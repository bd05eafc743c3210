import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, signUp } from '../../../test/accounts';
import { bodyOf, createTestContext, TEST_DB, type TestContext } from '../../../test/harness';
import { contactMessages } from '../../db/schema';
import { listOutbox } from '../../mail/mailer';

describe(`contact form (${TEST_DB})`, () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext({ env: { TRUST_PROXY: 'true', SUPPORT_EMAIL: 'help@cuadra.test' } });
  });
  afterAll(() => ctx.close());

  it('stores the message with the user’s name and email and emails it to support, escaped', async () => {
    const user = await signUp(ctx, { name: 'Ana <b>García</b>' });
    const res = await ctx.json(
      '/api/v1/contact',
      { message: '  My invoices <script>x</script>  ' },
      { headers: bearer(user) },
    );
    expect(res.status).toBe(201);
    expect(await bodyOf(res)).toEqual({ ok: true });
    const [row] = await ctx.db.select().from(contactMessages).where(eq(contactMessages.userId, user.id));
    expect(row).toMatchObject({
      name: 'Ana <b>García</b>',
      email: user.email,
      message: 'My invoices <script>x</script>',
    });
    const [mail] = (await listOutbox(ctx.db)).filter((m) => m.to === 'help@cuadra.test');
    expect(mail?.text).toContain(user.email);
    expect(mail?.text).toContain('My invoices <script>x</script>');
    expect(mail?.html).not.toContain('<script>');
  });

  it('takes a visitor’s message with their name and email and the subject a link preset', async () => {
    const headers = { 'x-forwarded-for': '10.77.0.1' };
    const res = await ctx.json(
      '/api/v1/contact',
      { name: 'Lucía Romero', email: 'lucia@example.org', subject: 'Enterprise', message: 'Forty clients' },
      { headers },
    );
    expect(res.status).toBe(201);
    const [row] = await ctx.db
      .select()
      .from(contactMessages)
      .where(eq(contactMessages.email, 'lucia@example.org'));
    expect(row).toMatchObject({
      userId: null,
      name: 'Lucía Romero',
      subject: 'Enterprise',
      message: 'Forty clients',
    });
    const [mail] = (await listOutbox(ctx.db)).filter((m) => m.subject === 'Contact form: Enterprise');
    expect(mail?.text).toContain('lucia@example.org');

    const anonymous = await ctx.json('/api/v1/contact', { message: 'who am I' }, { headers });
    expect(anonymous.status).toBe(400);
    expect((await bodyOf(anonymous)).error.code).toBe('CONTACT_DETAILS_REQUIRED');
    const empty = await ctx.json(
      '/api/v1/contact',
      { name: 'L', email: 'l@example.org', message: ' ' },
      { headers },
    );
    expect((await bodyOf(empty)).error.code).toBe('VALIDATION_FAILED');
  });

  it('limits a visitor’s pace by address', async () => {
    const send = () =>
      ctx.json(
        '/api/v1/contact',
        { name: 'Pedro', email: 'pedro@example.org', message: 'hello' },
        { headers: { 'x-forwarded-for': '10.77.0.2' } },
      );
    const statuses = [];
    for (let i = 0; i < 6; i++) statuses.push((await send()).status);
    expect(statuses).toEqual([201, 201, 201, 201, 201, 429]);
  });

  it('requires a message, refuses a token that is not valid, and limits a user’s pace', async () => {
    const user = await signUp(ctx);
    const empty = await ctx.json('/api/v1/contact', { message: '   ' }, { headers: bearer(user) });
    expect(empty.status).toBe(400);
    expect((await bodyOf(empty)).error.code).toBe('VALIDATION_FAILED');
    const forged = await ctx.json(
      '/api/v1/contact',
      { message: 'hi' },
      { headers: { authorization: 'Bearer x.y.z' } },
    );
    expect(forged.status).toBe(401);
    const statuses = [];
    for (let i = 0; i < 11; i++) {
      statuses.push(
        (await ctx.json('/api/v1/contact', { message: `m${i}` }, { headers: bearer(user) })).status,
      );
    }
    expect(statuses.slice(0, 10).every((s) => s === 201)).toBe(true);
    expect(statuses[10]).toBe(429);
  });
});
