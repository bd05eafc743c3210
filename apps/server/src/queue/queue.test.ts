import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { bodyOf, createTestContext, eventually, TEST_DB, type TestContext } from '../../test/harness';
import { advanceUntil, createManualClock } from '../../test/manual-clock';
import { type AnyJob, defineJob, PermanentError } from './define-job';
import { createQueue } from './queue';

/** The operator's token for the details of /api/health (dead-lettered jobs). */
const HEALTH_TOKEN = 'health-token-of-the-operator';

/**
 * The queue's clock in every test: it moves only when a test moves it, so retry delays, leases and
 * heartbeats take no real time. Job bodies below wait on it too.
 */
const clock = createManualClock();
/** What the test jobs did, by payload, and when (clock time). */
const runs: string[] = [];
const runTimes = new Map<string, number[]>();
const exhausted: string[] = [];
const sleep = (ms: number) => clock.sleep(ms);
/** Real time for work that no clock moves (a late attempt's result being written). */
const pause = (ms: number) => new Promise((done) => setTimeout(done, ms));
/** Moves the clock on until `check` holds, letting the queue's bookkeeping finish at each step. */
const until = <T>(ctx: TestContext, check: () => Promise<T | undefined>) =>
  advanceUntil(clock, check, { idle: () => ctx.services.queue.idle() });

const record = defineJob({
  name: 'test.record',
  schema: z.object({ label: z.string() }),
  retryLimit: 2,
  retryDelaySeconds: 1,
  expireInSeconds: 30,
  key: ({ label }) => label,
  async run({ label }) {
    runs.push(label);
    runTimes.set(label, [...(runTimes.get(label) ?? []), clock.now().getTime()]);
    if (label.startsWith('flaky') && runs.filter((r) => r === label).length < 2) throw new Error('try again');
    if (label.startsWith('broken')) throw new Error('always fails');
    if (label.startsWith('permanent')) throw new PermanentError('cannot be fixed by retrying');
    if (label.startsWith('slow')) await sleep(1000);
  },
  async onExhausted({ label }) {
    exhausted.push(label);
  },
});

/** Every attempt hangs until the test opens its gate (in order of start): a worker that went silent. */
const gates: (() => void)[] = [];
const hang = defineJob({
  name: 'test.hang',
  schema: z.object({ label: z.string() }),
  retryLimit: 3,
  retryDelaySeconds: 1,
  expireInSeconds: 4,
  async run({ label }) {
    runs.push(label);
    await new Promise<void>((done) => gates.push(done));
  },
});
const release = () => {
  for (const open of gates.splice(0)) open();
};

/** Runs longer than its lease, which heartbeats keep renewing. */
const heartbeating = defineJob({
  name: 'test.heartbeat',
  schema: z.object({ label: z.string() }),
  retryLimit: 1,
  retryDelaySeconds: 1,
  expireInSeconds: 60,
  heartbeatSeconds: 2,
  async run({ label }) {
    runs.push(label);
    await sleep(5000);
  },
});

const scheduled = defineJob({
  name: 'test.scheduled',
  schema: z.object({}),
  retryLimit: 0,
  retryDelaySeconds: 1,
  expireInSeconds: 30,
  schedule: '*/5 * * * *',
  async run() {},
});

const fast = { env: { JOB_SUPERVISE_SECONDS: '1' } };
const gaps = (label: string) => {
  const times = runTimes.get(label) ?? [];
  return times.slice(1).map((time, i) => time - times[i]!);
};

describe(`the job queue (${TEST_DB})`, () => {
  let ctx: TestContext;
  afterEach(async () => {
    release();
    await ctx.close();
  });

  it('runs a job, and retries a failing attempt after the retry delay', async () => {
    ctx = await createTestContext({ jobs: [record], work: true, clock });
    await ctx.services.queue.send(record, { label: 'plain' });
    await ctx.services.queue.send(record, { label: 'flaky-1' });
    await until(ctx, async () => (runs.filter((r) => r === 'flaky-1').length === 2 ? true : undefined));
    expect(runs).toContain('plain');
    expect(exhausted).not.toContain('flaky-1');
    expect(gaps('flaky-1')[0]).toBeGreaterThanOrEqual(1000); // retryDelaySeconds
    await until(ctx, async () => {
      const rows = await ctx.services.queue.inspect(record.name);
      return rows.every((row) => row.state === 'completed') ? rows : undefined;
    });
  });

  it('enqueues inside a transaction: a rollback leaves no job behind', async () => {
    ctx = await createTestContext({ jobs: [record], clock });
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
    const jobs = await queue.inspect(record.name);
    expect(jobs.map((job) => (job.data as { label: string }).label)).toEqual(['committed']);
    expect(await queue.counts(record.name)).toEqual({ queued: 1, active: 0, completed: 0, dead: 0 });
  });

  it('refuses a payload that does not match the job’s schema', async () => {
    ctx = await createTestContext({ jobs: [record], clock });
    await expect(ctx.services.queue.send(record, { label: 42 } as never)).rejects.toThrow();
    expect(await ctx.services.queue.inspect(record.name)).toEqual([]);
  });

  it('keeps one job per key while it is queued or running', async () => {
    ctx = await createTestContext({ jobs: [record], clock });
    const { queue } = ctx.services;
    const first = await queue.send(record, { label: 'once' });
    expect(first).toEqual(expect.any(String));
    expect(await queue.send(record, { label: 'once' })).toBeNull();
    expect(await queue.send(record, { label: 'other' })).toEqual(expect.any(String));
    expect((await queue.counts(record.name)).queued).toBe(2);

    // Once it has run, the same key may be sent again.
    await queue.work(ctx.services, 2);
    await until(ctx, async () => ((await queue.counts(record.name)).completed === 2 ? true : undefined));
    const again = await queue.send(record, { label: 'once' });
    expect(again).toEqual(expect.any(String));
    expect(again).not.toBe(first);
  });

  it('backs off exponentially, gives up after the retry limit, calls onExhausted once and dead-letters the job', async () => {
    ctx = await createTestContext({ jobs: [record], work: true, env: { HEALTH_TOKEN }, clock });
    await ctx.services.queue.send(record, { label: 'broken-1' });
    // The job is dead before onExhausted runs: wait for both.
    await until(ctx, async () =>
      (await ctx.services.queue.deadLetterCount()) === 1 && exhausted.includes('broken-1') ? true : undefined,
    );
    expect(runs.filter((r) => r === 'broken-1')).toHaveLength(3);
    expect(exhausted.filter((r) => r === 'broken-1')).toHaveLength(1);
    const [first, second] = gaps('broken-1');
    expect(first).toBeGreaterThanOrEqual(1000); // retryDelaySeconds
    expect(second).toBeGreaterThanOrEqual(2000); // twice that
    const [row] = await ctx.services.queue.inspect(record.name);
    expect(row).toMatchObject({ state: 'dead', attempts: 3, lastError: 'always fails' });
    const health = await bodyOf(
      await ctx.request('/api/health', { headers: { authorization: `Bearer ${HEALTH_TOKEN}` } }),
    );
    expect(health.deadLetteredJobs).toBe(1);
  });

  it('does not retry a PermanentError', async () => {
    ctx = await createTestContext({ jobs: [record], work: true, clock });
    await ctx.services.queue.send(record, { label: 'permanent-1' });
    await until(ctx, async () =>
      (await ctx.services.queue.deadLetterCount()) === 1 && exhausted.includes('permanent-1')
        ? true
        : undefined,
    );
    expect(runs.filter((r) => r === 'permanent-1')).toHaveLength(1);
    expect(exhausted.filter((r) => r === 'permanent-1')).toHaveLength(1);
  });

  it('takes back an attempt whose lease lapsed and runs it again; the late result is ignored', async () => {
    ctx = await createTestContext({ jobs: [hang], work: true, clock, ...fast });
    const { queue } = ctx.services;
    const id = await queue.send(hang, { label: 'silent-1' });
    await until(ctx, async () => (runs.filter((r) => r === 'silent-1').length === 2 ? true : undefined));
    // The first attempt ends now, long after its lease, while the second runs: it changes nothing.
    gates[0]!();
    await pause(300);
    expect((await queue.inspect(hang.name))[0]).toMatchObject({ id, state: 'active', attempts: 2 });
    gates[1]!();
    await until(ctx, async () => ((await queue.counts(hang.name)).completed === 1 ? true : undefined));
    expect((await queue.inspect(hang.name))[0]).toMatchObject({ id, state: 'completed', attempts: 2 });
    expect(runs.filter((r) => r === 'silent-1')).toHaveLength(2);
  });

  it('keeps a long attempt whose heartbeats renew its lease', async () => {
    ctx = await createTestContext({ jobs: [heartbeating], work: true, clock, ...fast });
    const { queue } = ctx.services;
    await queue.send(heartbeating, { label: 'beating-1' });
    await until(ctx, async () =>
      (await queue.counts(heartbeating.name)).completed === 1 ? true : undefined,
    );
    expect(runs.filter((r) => r === 'beating-1')).toHaveLength(1);
    expect((await queue.inspect(heartbeating.name))[0]?.attempts).toBe(1);
  });

  it('runs each job once with two workers on the same database', async () => {
    ctx = await createTestContext({ jobs: [record], work: true, clock });
    const other = createQueue(ctx.services.database, [record], ctx.services.logger, {
      superviseIntervalSeconds: 1,
      clock,
    });
    await other.start();
    await other.work(ctx.services, 2);
    try {
      const labels = Array.from({ length: 12 }, (_, i) => `shared-${i}`);
      for (const label of labels) await ctx.services.queue.send(record, { label });
      await until(ctx, async () =>
        (await ctx.services.queue.counts(record.name)).completed === labels.length ? true : undefined,
      );
      for (const label of labels)
        expect(
          runs.filter((r) => r === label),
          label,
        ).toHaveLength(1);
    } finally {
      await other.stop();
    }
  });

  it('sends a scheduled tick once, whichever processes send it', async () => {
    ctx = await createTestContext({ jobs: [record], clock });
    const tick = new Date('2026-03-02T10:05:00Z');
    const at = (iso: string) =>
      createQueue(ctx.services.database, [scheduled], ctx.services.logger, {
        superviseIntervalSeconds: 30,
        clock: createManualClock(new Date(iso)),
      });
    const queues = [at('2026-03-02T10:05:01Z'), at('2026-03-02T10:05:59Z'), at('2026-03-02T10:09:30Z')];
    await Promise.all(queues.map((queue) => queue.start()));
    await Promise.all(queues.map((queue) => queue.stop()));
    const rows = await ctx.services.queue.inspect(scheduled.name);
    expect(rows.map((row) => row.slot?.toISOString())).toEqual([tick.toISOString()]);

    // The next tick is another job; a minute with no tick in the last 15 sends none.
    const later = at('2026-03-02T10:10:00Z');
    await later.start();
    await later.stop();
    const quiet = createQueue(
      ctx.services.database,
      [{ ...scheduled, schedule: '0 0 1 1 *' }] as AnyJob[],
      ctx.services.logger,
      {
        superviseIntervalSeconds: 30,
        clock: createManualClock(new Date('2026-03-02T10:10:00Z')),
      },
    );
    await quiet.start();
    await quiet.stop();
    expect((await ctx.services.queue.inspect(scheduled.name)).map((row) => row.slot?.toISOString())).toEqual([
      tick.toISOString(),
      '2026-03-02T10:10:00.000Z',
    ]);
  });

  it('stops gracefully: a running attempt finishes and is recorded; past the timeout it is left to lapse', async () => {
    ctx = await createTestContext({ jobs: [record, hang], work: true, clock });
    const { queue } = ctx.services;
    await queue.send(record, { label: 'slow-1' });
    await eventually(async () => (runs.includes('slow-1') ? true : undefined));
    const stopping = queue.stop();
    clock.advance(1000); // the slow attempt's second passes while the queue stops
    await stopping;
    expect(queue.isReady()).toBe(false);
    expect((await queue.inspect(record.name))[0]?.state).toBe('completed');
    expect(await queue.send(record, { label: 'after-stop' })).toEqual(expect.any(String));
    clock.advance(60_000); // many poll intervals: a stopped queue has no timer left to fire
    await pause(100);
    expect(runs).not.toContain('after-stop');

    const again = createQueue(ctx.services.database, [hang], ctx.services.logger, {
      superviseIntervalSeconds: 30,
      clock,
    });
    await again.start();
    await again.work(ctx.services, 1);
    await again.send(hang, { label: 'stuck-1' });
    await eventually(async () => (runs.includes('stuck-1') ? true : undefined));
    // The attempt hangs; stop gives up when its 300 ms of grace have passed (it would wait forever else).
    const giveUp = again.stop(300);
    clock.advance(300);
    await giveUp;
    expect((await again.inspect(hang.name))[0]?.state).toBe('active');
  });
});
