import type { Config } from './config';
import type { Database, Db } from './db/client';
import type { AuthKeys } from './features/auth/keys';
import type { Extractor } from './features/uploads/extract-pool';
import type { FileStore } from './files/file-store';
import type { Logger } from './logger';
import type { Mailer } from './mail/mailer';
import type { PaymentProvider } from './payments/provider';
import type { Queue } from './queue/queue';

/** Everything a route or a job may use; built once per process in `bootstrap.ts`. */
export type Services = {
  config: Config;
  logger: Logger;
  database: Database;
  db: Db;
  queue: Queue;
  /** Reads documents into extractions: in child processes at a lower priority, or in this one. */
  extractor: Extractor;
  files: FileStore;
  mailer: Mailer;
  /** Stripe Checkout, or the local test-mode checkout. */
  payments: PaymentProvider;
  /** Signing key of access tokens and Google's keys. */
  auth: AuthKeys;
};
