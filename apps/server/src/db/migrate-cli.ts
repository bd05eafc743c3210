import { loadConfig } from '../config';
import { DatabaseUnreachableError, openDatabase } from './client';
import { runMigrations } from './migrate';

/** `npm run db:migrate`: applies the checked-in migrations to DATABASE_URL (or the embedded database). */
// Migrating sends no email: a deployment's SMTP_URL need not be in the shell that runs this.
const config = loadConfig({ MAIL_OUTBOX: '1', ...process.env });
const database = await openDatabase({ url: config.DATABASE_URL, dataDir: config.DATA_DIR }).catch(
  (error: unknown) => {
    console.error(error instanceof DatabaseUnreachableError ? error.message : error);
    process.exit(1);
  },
);
await runMigrations(database);
await database.close();
console.log(`Migrations applied (${database.kind}).`);
