import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { closeOcr, ocrStatus } from '@cuadra/extract';
import { serve } from '@hono/node-server';
import { createApp } from './app';
import { closeServices, createServices } from './bootstrap';
import { ConfigError, checkServedDirectly, loadConfig } from './config';
import { exitOnUncaughtErrors } from './crash';
import { DatabaseUnreachableError } from './db/client';
import { warmMailSandbox } from './features/inbound/mail-sandbox';
import { type InboundSmtp, startInboundSmtp } from './features/inbound/smtp';
import { removeStaleUploads } from './features/uploads/multipart';
import { warmPdfSandbox } from './features/uploads/pdf-sandbox';
import { uploadTempDir } from './features/uploads/routes';
import { releaseMemory } from './lib/memory';

/** `all` (API + worker in one process, the default), `api`, or `worker`. */
const ROLES = ['all', 'api', 'worker'] as const;
type Role = (typeof ROLES)[number];
/** Past this, shutdown stops waiting for running jobs; they expire and run again. */
const SHUTDOWN_GRACE_MS = 25_000;
/** An upload folder this old belongs to no request still running (uploads are dropped after a silence). */
const STALE_UPLOAD_MS = 24 * 60 * 60 * 1000;
/** How often a server started by `npm start` checks that its supervisor is still there. */
const SUPERVISOR_CHECK_MS = 1_000;
/** Exit code of a bad configuration (sysexits EX_CONFIG): the supervisor in `npm start` does not retry it. */
const EXIT_CONFIG = 78;

const ocrReady = async () => (await ocrStatus()).ready;

const DEFAULT_WEB_DIST = fileURLToPath(new URL('../../web/dist', import.meta.url));

async function main(role: Role) {
  const config = loadConfig();
  if (role !== 'worker') checkServedDirectly(config);
  const services = await createServices(config);
  const { logger } = services;
  exitOnUncaughtErrors(logger);

  void warmPdfSandbox();
  void warmMailSandbox();
  // The extraction processes start with the first document and load their engines for it (a second or
  // two): an idle server holds none of their memory (issue 37).
  if (role !== 'api') await services.queue.work(services, config.WORKER_CONCURRENCY);
  // The SMTP receiver runs with the workers (roles all and worker): an MX port of its own, apart from the
  // HTTP load balancer, scaled with the worker processes.
  let smtp: InboundSmtp | undefined;
  if (role !== 'api' && config.INBOUND_SMTP_PORT !== undefined) smtp = await startInboundSmtp(services);

  let server: ReturnType<typeof serve> | undefined;
  if (role !== 'worker') {
    await removeStaleUploads(uploadTempDir(config), STALE_UPLOAD_MS);
    const webDist = resolve(config.WEB_DIST || DEFAULT_WEB_DIST);
    if (!existsSync(resolve(webDist, 'index.html')))
      logger.warn({ webDist }, 'web app not built: serving the API only');
    const app = createApp(services, { ocrReady, webDist });
    server = serve({ fetch: app.fetch, port: config.PORT, hostname: config.HOST }, (info) => {
      logger.info(
        { role, mode: config.mode, database: services.database.kind, mail: services.mailer.kind },
        'started',
      );
      console.log(
        `Cuadra is running at ${config.PUBLIC_URL} (port ${info.port}, ${role}, ${config.mode} mode)`,
      );
      releaseMemory();
    });
  } else {
    logger.info({ role, database: services.database.kind }, 'worker started');
    releaseMemory();
  }

  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'shutting down');
    const force = setTimeout(() => process.exit(1), SHUTDOWN_GRACE_MS + 5_000);
    force.unref();
    if (server) await new Promise<void>((done) => server.close(() => done()));
    if (smtp) await smtp.close();
    await closeServices(services, SHUTDOWN_GRACE_MS);
    await closeOcr();
    logger.info('stopped');
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  // `npm start` (scripts/start.mjs) runs this process in a group of its own and stops it by signal; should
  // the supervisor itself be killed outright, nobody would, so the server stops when it is gone.
  const supervisor = Number(process.env.CUADRA_SUPERVISOR_PID);
  if (supervisor > 0) {
    setInterval(() => {
      if (process.ppid !== supervisor) void shutdown('supervisor gone');
    }, SUPERVISOR_CHECK_MS).unref();
  }
}

const role = (process.argv[2] ?? 'all') as Role;
if (!ROLES.includes(role)) {
  console.error(`Unknown role "${role}". Use one of: ${ROLES.join(', ')}.`);
  process.exit(2);
}
main(role).catch((error: unknown) => {
  // A bad setting or an unreachable database is said in one line naming the variable, not a stack.
  const known = error instanceof ConfigError || error instanceof DatabaseUnreachableError;
  console.error(known ? error.message : error);
  process.exit(error instanceof ConfigError ? EXIT_CONFIG : 1);
});
