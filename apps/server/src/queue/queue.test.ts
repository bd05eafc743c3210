import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { bodyOf, createTestContext, eventually, TEST_DB, type TestContext } from '../../test/harness';
import { defineJob, PermanentError } from './define-job';

/** What the test jobs did, by payload. */
const runs: string[] = [];
const exhausted: string[] = [];

const record = defineJob({
  name: 'test.record',
  schema: z.object({ label: z.string() }),
  retryLimit: 2,
  retryDelaySeconds: 1,
  expireInSeconds: 30,
  key: ({ label }) => label,
  async run({ label }) {
    runs.push(label);
    if (label.startsWith('flaky') && runs.filter((r) => r === label).length < 2) throw new Error('try again');
    if (label.startsWith('broken')) throw new Error('always fails');
    if (label.startsWith('permanent')) throw new PermanentError('cannot be fixed by retrying');
  },
  async onExhausted({ label }) {
    exhausted.push(label);
  },
});

describe(`typed jobs on pg-boss (${TEST_DB})`, () => {
  let ctx: TestContext;
  afterEach(() => ctx.close());

  it('runs a job, and retries a failing attempt', async () => {
    ctx = await createTestContext({ jobs: [record], work: true });
    await ctx.services.queue.send(record, { label: 'plain' });
    await ctx.services.queue.send(record, { label: 'flaky-1' });
    await eventually(async () => (runs.filter((r) => r === 'flaky-1').length === 2 ? true : undefined));
    expect(runs).toContain('plain');
    expect(exhausted).not.toContain('flaky-1');
  });

  it('enqueues inside a transaction: a rollback leaves no job behind', async () => {
    ctx = await createTestContext({ jobs: [record] });
    const { queue } = ctx.services;
    await expect(
      ctx.db.transaction(async (tx) => {
        await queue.send(record, { label: 'rolled-back' }, { tx });
        throw new Error('abort');
      }),
    ).rejects.toThrow('abort');
    await ctx.db.transaction(async (tx) => {
      await queue.send(record, { label: 'committed' }, { tx });
    });
    const jobs = await ctx.services.queue.boss.findJobs<{ label: string }>('test.record');
    expect(jobs.map((job) => job.data.label)).toEqual(['committed']);
  });

  it('refuses a payload that does not match the job’s schema', async () => {
    ctx = await createTestContext({ jobs: [record] });
    await expect(ctx.services.queue.send(record, { label: 42 } as never)).rejects.toThrow();
  });

  it('gives up after the retry limit, calls onExhausted once and dead-letters the job', async () => {
    ctx = await createTestContext({ jobs: [record], work: true });
    await ctx.services.queue.send(record, { label: 'broken-1' });
    await eventually(
      async () => ((await ctx.services.queue.deadLetterCount()) === 1 ? true : undefined),
      25_000,
    );
    expect(runs.filter((r) => r === 'broken-1')).toHaveLength(3);
    expect(exhausted.filter((r) => r === 'broken-1')).toHaveLength(1);
    const health = await bodyOf(await ctx.request('/api/health'));
    expect(health.deadLetteredJobs).toBe(1);
  });

  it('does not retry a PermanentError', async () => {
    ctx = await createTestContext({ jobs: [record], work: true });
    await ctx.services.queue.send(record, { label: 'permanent-1' });
    await eventually(async () => ((await ctx.services.queue.deadLetterCount()) === 1 ? true : undefined));
    expect(runs.filter((r) => r === 'permanent-1')).toHaveLength(1);
    expect(exhausted).toContain('permanent-1');
  });
});
