import type { Config } from './config';
import type { Database, Db } from './db/client';
import type { AuthKeys } from './features/auth/keys';
import type { PaymentProvider } from './features/checkout/provider';
import type { FileStore } from './files/file-store';
import type { Logger } from './logger';
import type { Mailer } from './mail/mailer';
import type { Queue } from './queue/queue';

/** Everything a route or a job may use; built once per process in `bootstrap.ts`. */
export type Services = {
  config: Config;
  logger: Logger;
  database: Database;
  db: Db;
  queue: Queue;
  files: FileStore;
  mailer: Mailer;
  /** Stripe Checkout, or the local test-mode checkout. */
  payments: PaymentProvider;
  /** Signing key of access tokens and Google's keys. */
  auth: AuthKeys;
};
