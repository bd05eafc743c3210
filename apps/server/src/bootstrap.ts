import { join } from 'node:path';
import type { Config } from './config';
import { type Database, openDatabase } from './db/client';
import { runMigrations } from './db/migrate';
import { createAuthKeys } from './features/auth/keys';
import { closeMailSandboxes } from './features/inbound/mail-sandbox';
import { seedCoupons } from './features/plans/coupons';
import { createExtractor } from './features/uploads/extract-pool';
import { closePdfSandboxes } from './features/uploads/pdf-sandbox';
import { createDiskFileStore, type FileStore } from './files/file-store';
import { JOBS } from './jobs';
import { createLogger, type Logger } from './logger';
import { deliverMail } from './mail/jobs';
import { createMailer } from './mail/mailer';
import { createPaymentProvider } from './payments/provider';
import type { Clock } from './queue/clock';
import type { AnyJob } from './queue/define-job';
import { createQueue } from './queue/queue';
import type { Services } from './services';

/**
 * A document still being read after this long is taken as hung and its process replaced. Far past the
 * job's own expiry (300 s, when the queue runs it again): a last resort against a process that never
 * answers, not a limit on slow documents — on a machine that is busy with other work, the low-priority
 * extraction processes can take minutes over what costs them seconds of CPU.
 */
const EXTRACT_TIMEOUT_MS = 15 * 60_000;

/**
 * Builds every adapter from the config: the embedded defaults (PGlite, disk, outbox) unless the config
 * names the at-scale service. Pending migrations are applied here, on PGlite and PostgreSQL alike (under an
 * advisory lock there), so a process serves only a schema it knows.
 */
export async function createServices(
  config: Config,
  overrides: {
    database?: Database;
    logger?: Logger;
    migrate?: boolean;
    jobs?: readonly AnyJob[];
    clock?: Clock;
  } = {},
): Promise<Services> {
  const logger = overrides.logger ?? createLogger(config);
  const database =
    overrides.database ?? (await openDatabase({ url: config.DATABASE_URL, dataDir: config.DATA_DIR }));
  if (overrides.migrate ?? true) await runMigrations(database);
  const queue = createQueue(database, overrides.jobs ?? JOBS, logger, {
    superviseIntervalSeconds: config.JOB_SUPERVISE_SECONDS,
    clock: overrides.clock,
  });
  await queue.start();
  const services: Services = {
    config,
    logger,
    database,
    db: database.db,
    queue,
    extractor: createExtractor({
      processes: config.EXTRACT_PROCESSES ?? (config.NODE_ENV === 'test' ? 0 : config.WORKER_CONCURRENCY),
      nice: config.EXTRACT_NICE,
      timeoutMs: EXTRACT_TIMEOUT_MS,
      idleMs: config.EXTRACT_IDLE_SECONDS * 1000,
      logger,
    }),
    files: await createFileStore(config),
    mailer: createMailer({ smtpUrl: config.SMTP_URL, from: config.MAIL_FROM }, (db, id) =>
      queue.send(deliverMail, { id }, { tx: db }),
    ),
    payments: createPaymentProvider(config),
    auth: createAuthKeys(config),
  };
  // The operator's coupons (COUPONS), and the demo coupon of a local trial: upserts, safe on every start.
  await seedCoupons(services);
  return services;
}

/**
 * Local disk by default; an S3-compatible bucket when `S3_BUCKET` is set. The S3 client is loaded only then:
 * it costs a second of start-up a disk deployment never needs.
 */
async function createFileStore(config: Config): Promise<FileStore> {
  if (!config.S3_BUCKET) return createDiskFileStore(join(config.DATA_DIR, 'files'));
  const { createS3FileStore } = await import('./files/s3-store');
  return createS3FileStore({
    bucket: config.S3_BUCKET,
    endpoint: config.S3_ENDPOINT,
    region: config.S3_REGION,
    accessKeyId: config.S3_ACCESS_KEY_ID,
    secretAccessKey: config.S3_SECRET_ACCESS_KEY,
    forcePathStyle: config.S3_FORCE_PATH_STYLE,
  });
}

/** Stops the workers (letting running jobs finish), the extraction and PDF sandbox processes, and closes the database. */
export async function closeServices(services: Services, graceMs?: number): Promise<void> {
  await services.queue.stop(graceMs);
  await services.extractor.close();
  await closePdfSandboxes();
  await closeMailSandboxes();
  await services.database.close();
}
