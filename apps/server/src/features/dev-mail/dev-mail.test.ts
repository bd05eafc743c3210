import { afterEach, describe, expect, it } from 'vitest';
import { bodyOf, createTestContext, TEST_DB, type TestContext } from '../../../test/harness';

describe(`the outbox at /dev/mail (${TEST_DB})`, () => {
  let ctx: TestContext;
  afterEach(() => ctx.close());

  it('shows every email newest first, as JSON and as a page with working links', async () => {
    ctx = await createTestContext();
    const { mailer } = ctx.services;
    await mailer.send(ctx.db, {
      to: 'ana@example.com',
      subject: 'First',
      text: 'Hello',
      html: '<p>Hello</p>',
    });
    await mailer.send(ctx.db, {
      to: 'ana@example.com',
      subject: 'Verify <you>',
      text: 'Open http://localhost:3000/verify-email?token=abc&x=1 now',
      html: '<p>Open</p>',
    });

    const list = await bodyOf(await ctx.request('/dev/mail.json'));
    expect(list.map((m: { subject: string }) => m.subject)).toEqual(['Verify <you>', 'First']);
    expect(Object.keys(list[0]).sort()).toEqual(['createdAt', 'html', 'id', 'subject', 'text', 'to']);

    const page = await (await ctx.request('/dev/mail')).text();
    expect(page).toContain('Verify &lt;you&gt;');
    expect(page).toContain('<a href="http://localhost:3000/verify-email?token=abc&#38;x=1">');
  });

  it('does not exist when SMTP is configured, and queues delivery instead', async () => {
    ctx = await createTestContext({ env: { SMTP_URL: 'smtp://127.0.0.1:2525' } });
    expect(ctx.services.mailer.kind).toBe('smtp');
    expect((await ctx.request('/dev/mail.json')).status).toBe(404);
    await ctx.services.mailer.send(ctx.db, {
      to: 'a@example.com',
      subject: 'S',
      text: 'T',
      html: '<p>T</p>',
    });
    const stats = await ctx.services.queue.counts('mail.deliver');
    expect(stats.queued).toBe(1);
  });
});
