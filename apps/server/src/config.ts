import { PlanIdSchema } from '@cuadra/shared';
import { z } from 'zod';

/** One coupon of the COUPONS setting: a percentage or an amount off, optionally limited in time, uses, plans. */
export const CouponDefinitionSchema = z
  .object({
    code: z
      .string()
      .trim()
      .min(2)
      .max(64)
      .regex(/^[A-Za-z0-9_-]+$/, 'letters, digits, - and _ only')
      .transform((code) => code.toUpperCase()),
    percentOff: z.number().int().min(1).max(100).optional(),
    amountOffCents: z.number().int().positive().optional(),
    validUntil: z.iso.datetime({ offset: true }).optional(),
    maxRedemptions: z.number().int().positive().optional(),
    planIds: z.array(PlanIdSchema).min(1).optional(),
  })
  .refine((c) => (c.percentOff === undefined) !== (c.amountOffCents === undefined), {
    message: 'exactly one of percentOff and amountOffCents',
  });
export type CouponDefinition = z.infer<typeof CouponDefinitionSchema>;

const toBool = z
  .enum(['true', 'false', '1', '0', ''])
  .transform((v) => v === 'true' || v === '1')
  .default(false);

/**
 * Every setting the server reads, with its default. `.env.example` documents the same list; a test keeps
 * the two in step. A bad value stops start-up with a message naming the variable.
 */
export const ConfigSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  /**
   * `local` (a trial on this machine: outbox and test checkout at /dev, loopback only) or `deployment`.
   * Empty: `deployment` when NODE_ENV=production, otherwise `local`. `npm start` sets `local` unless the
   * operator set NODE_ENV. A HOST other than loopback is always a deployment.
   */
  CUADRA_MODE: z.enum(['local', 'deployment']).optional(),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  /** Loopback by default: a local trial is not reachable from the network. */
  HOST: z.string().min(1).default('127.0.0.1'),
  /**
   * The address users reach the app at; links in emails are built from it, never from the Host header.
   * Default: the address the server listens at, http://HOST:PORT (http://127.0.0.1:3000), which is the one
   * `npm start` prints; `localhost` only for a wildcard HOST.
   */
  PUBLIC_URL: z.url().optional(),
  /** Folder for the embedded database and files. */
  DATA_DIR: z.string().min(1).default('./data'),
  /** PostgreSQL at scale; empty means the embedded PGlite database under DATA_DIR/db. */
  DATABASE_URL: z.string().default(''),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Signs access tokens (HS256). Empty: a random key is generated once and kept under DATA_DIR. */
  JWT_SECRET: z
    .string()
    .default('')
    .refine((value) => value === '' || value.length >= 32, 'must be at least 32 characters (or empty)'),
  /**
   * A bearer token for the details of `/api/health` (version, schema, checks, dead jobs): without it a
   * caller sees `{ status, mode }` only. Empty: nobody sees the details.
   */
  HEALTH_TOKEN: z
    .string()
    .default('')
    .refine((value) => value === '' || value.length >= 16, 'must be at least 16 characters (or empty)'),
  /** The OAuth client id of the web app; empty hides Google sign-in. */
  GOOGLE_CLIENT_ID: z.string().default(''),
  /** Where Google's signing keys are published; tests point it at a loopback server. */
  GOOGLE_JWKS_URL: z.url().default('https://www.googleapis.com/oauth2/v3/certs'),
  /** How often the queue looks for jobs whose worker went silent or that ran too long, in seconds. */
  JOB_SUPERVISE_SECONDS: z.coerce.number().int().min(1).max(3600).default(30),
  /** How many extraction jobs one worker process runs at once (2 cores here: 2). */
  WORKER_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(2),
  /**
   * Processes a worker reads documents in, apart from its own event loop (so the API of role `all` is never
   * held up by OCR). Empty: one per WORKER_CONCURRENCY; 0: in the worker's own process (the tests' default).
   */
  EXTRACT_PROCESSES: z.coerce.number().int().min(0).max(64).optional(),
  /**
   * Seconds an extraction process may sit idle before it ends and hands its engines' memory back (the next
   * document starts a new one, a second or two slower); 0 keeps them running. Two minutes: a batch's
   * documents arrive seconds apart, so a burst keeps its processes, and an idle trial holds none for long.
   */
  EXTRACT_IDLE_SECONDS: z.coerce.number().int().min(0).max(86_400).default(120),
  /** Nice value of the extraction processes (0–19): the API keeps the cores when they are contended. */
  EXTRACT_NICE: z.coerce.number().int().min(0).max(19).default(10),
  /** Shows the OCR engine's own diagnostics ("Estimating resolution as 248"), read by packages/extract. */
  EXTRACT_DEBUG: toBool,
  /** SMTP for real email; empty means the outbox, readable at /dev/mail (local mode only). */
  SMTP_URL: z.string().default(''),
  /** A deployment without SMTP_URL refuses to start unless this says the outbox is wanted on purpose. */
  MAIL_OUTBOX: toBool,
  MAIL_FROM: z.string().min(3).default('Cuadra <no-reply@cuadra.local>'),
  /** Where messages from the contact form are emailed. */
  SUPPORT_EMAIL: z.email().default('support@cuadra.local'),
  /** Serve the web app from this folder (the Vite build). */
  WEB_DIST: z.string().default(''),
  /** Set when behind a TLS-terminating proxy, so HSTS is sent for https requests. */
  TRUST_PROXY: toBool,
  /**
   * Sign-ups allowed from one IP address per hour. An office behind one address that signs up many of its
   * freelancers at once (or the browser tests, which all come from loopback) may need more.
   */
  REGISTER_PER_ADDRESS_PER_HOUR: z.coerce.number().int().min(1).max(100_000).default(20),
  /** S3-compatible bucket for originals; empty means local disk under DATA_DIR/files. */
  S3_BUCKET: z.string().default(''),
  /** The S3 server's address (MinIO, Ceph, R2…); empty for AWS itself. */
  S3_ENDPOINT: z.string().default(''),
  S3_REGION: z.string().min(1).default('us-east-1'),
  S3_ACCESS_KEY_ID: z.string().default(''),
  S3_SECRET_ACCESS_KEY: z.string().default(''),
  /** Path-style addresses (`host/bucket/key`), as MinIO and most self-hosted servers want. */
  S3_FORCE_PATH_STYLE: toBool,
  /** Largest file accepted in an upload, in bytes (20 MB). */
  UPLOAD_MAX_FILE_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .default(20 * 1024 * 1024),
  /** Most files in one upload. */
  UPLOAD_MAX_FILES: z.coerce.number().int().min(1).max(1000).default(100),
  /** Largest upload request as a whole, in bytes (100 MB), whatever the files in it. */
  UPLOAD_MAX_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .default(100 * 1024 * 1024),
  /** An upload that sends nothing for this long is dropped (a slow body must not hold a worker's memory). */
  UPLOAD_IDLE_SECONDS: z.coerce.number().int().min(1).max(600).default(30),
  /**
   * An upload must average at least 1 KiB/s over each window this long (multipart.ts,
   * MIN_UPLOAD_BYTES_PER_SECOND), or it is dropped with 408: a byte every few seconds is not an upload.
   */
  UPLOAD_RATE_WINDOW_SECONDS: z.coerce.number().int().min(1).max(600).default(30),
  /**
   * Uploads one user may have open at once, per API process (429 TOO_MANY_UPLOADS past it). The web sends
   * one request per drop, so a few drops for different clients fit; dozens of slow bodies held open do not.
   */
  UPLOAD_MAX_OPEN_PER_USER: z.coerce.number().int().min(1).max(1000).default(4),
  /** Inbound email (issue 21): each client's address is `<random>@INBOUND_EMAIL_DOMAIN`. */
  INBOUND_EMAIL_DOMAIN: z
    .string()
    .trim()
    .toLowerCase()
    .regex(/^[a-z0-9.-]+$/, 'must be a domain name')
    .default('in.localhost'),
  /** Port of the embedded SMTP receiver (roles all and worker); empty: off. 25 behind the domain's MX. */
  INBOUND_SMTP_PORT: z.coerce.number().int().min(0).max(65535).optional(),
  /**
   * Address the SMTP receiver listens on: loopback, as the local trial's HTTP is (issue #35); a deployment
   * names the address its MX reaches (0.0.0.0 for all).
   */
  INBOUND_SMTP_HOST: z.string().min(1).default('127.0.0.1'),
  /** Largest mail accepted, in bytes (25 MB, what common providers send). */
  INBOUND_MAX_MESSAGE_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .default(25 * 1024 * 1024),
  /** PEM key and certificate files: STARTTLS is offered when both are set. */
  INBOUND_TLS_KEY_FILE: z.string().default(''),
  INBOUND_TLS_CERT_FILE: z.string().default(''),
  /**
   * SPF/DKIM/DMARC check of SMTP mail on arrival (ADR 0017): `enforce` refuses a failing sender (550 5.7.1),
   * `record` only records the verdict, `off` skips the check. DNS out of reach: accepted, "unchecked".
   */
  INBOUND_MAIL_AUTH: z.enum(['enforce', 'record', 'off']).default('enforce'),
  /**
   * Shared secret of the provider webhook POST /api/v1/inbound/postmark (HTTP Basic password, or
   * `?token=`). Empty: the webhook is off.
   */
  INBOUND_WEBHOOK_SECRET: z.string().default(''),
  /** Optional LLM pass of the extraction: an OpenAI-compatible base URL (…/v1). Empty: off. */
  EXTRACT_LLM_URL: z.string().default(''),
  EXTRACT_LLM_MODEL: z.string().default('gpt-4o-mini'),
  EXTRACT_LLM_API_KEY: z.string().default(''),
  /** Stripe secret key; empty means the local test-mode checkout at /dev/checkout. */
  STRIPE_SECRET_KEY: z.string().default(''),
  /** Signing secret of the Stripe webhook endpoint (whsec_…); required with STRIPE_SECRET_KEY. */
  STRIPE_WEBHOOK_SECRET: z.string().default(''),
  /** Stripe's API address; changed only to point tests at a fake on loopback. */
  STRIPE_API_URL: z.url().default('https://api.stripe.com'),
  /** Coupons as a JSON array (see `features/plans/coupons.ts`), written to the coupons table at start. */
  COUPONS: z
    .string()
    .default('')
    .transform((text, ctx) => {
      if (!text.trim()) return [];
      let value: unknown;
      try {
        value = JSON.parse(text);
      } catch {
        ctx.addIssue({ code: 'custom', message: 'must be a JSON array of coupons' });
        return z.NEVER;
      }
      const parsed = z.array(CouponDefinitionSchema).safeParse(value);
      if (!parsed.success) {
        ctx.addIssue({ code: 'custom', message: `not valid: ${z.prettifyError(parsed.error)}` });
        return z.NEVER;
      }
      return parsed.data;
    }),
});

export type Mode = 'local' | 'deployment';
export type Config = Omit<z.infer<typeof ConfigSchema>, 'CUADRA_MODE'> & {
  PUBLIC_URL: string;
  mode: Mode;
  /** False in the local trial: links then follow the loopback origin the user is on (`http/public-url.ts`). */
  isPublicUrlConfigured: boolean;
};

/**
 * Where the app answers when no PUBLIC_URL is set: the listen address itself. A link to `localhost` while
 * the browser is on `127.0.0.1` opens another origin, where the session is not (issue 36, item 12). The
 * same rule names the prerendered pages' address (scripts/lib/web-build.mjs, publicUrl).
 */
export function defaultPublicUrl(host: string, port: number): string {
  const name = host === '0.0.0.0' || host === '::' ? 'localhost' : host.includes(':') ? `[${host}]` : host;
  return `http://${name}:${port}`;
}

const LOOPBACK_HOSTS = new Set(['127.0.0.1', 'localhost', '::1', '[::1]']);
export const isLoopbackHost = (host: string) => LOOPBACK_HOSTS.has(host) || /^127\.\d+\.\d+\.\d+$/.test(host);

export class ConfigError extends Error {
  override name = 'ConfigError';
}

export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const known = Object.fromEntries(
    Object.keys(ConfigSchema.shape).map((key) => [key, env[key] || undefined]),
  );
  const parsed = ConfigSchema.safeParse(known);
  if (parsed.success && parsed.data.STRIPE_SECRET_KEY && !parsed.data.STRIPE_WEBHOOK_SECRET) {
    throw new ConfigError(
      'Invalid configuration:\n  STRIPE_WEBHOOK_SECRET: required when STRIPE_SECRET_KEY is set',
    );
  }
  if (parsed.success) {
    const { CUADRA_MODE, ...data } = parsed.data;
    const mode = resolveMode(CUADRA_MODE, data.NODE_ENV, data.HOST);
    // A deployment must reach people's inboxes; the outbox would keep reset links where nobody reads them.
    if (mode === 'deployment' && !data.SMTP_URL && !data.MAIL_OUTBOX) {
      throw new ConfigError(
        'Invalid configuration:\n  SMTP_URL: required in a deployment (or set MAIL_OUTBOX=1 to keep email in the outbox on purpose)',
      );
    }
    const publicUrl = (data.PUBLIC_URL ?? defaultPublicUrl(data.HOST, data.PORT)).replace(/\/+$/, '');
    return { ...data, PUBLIC_URL: publicUrl, mode, isPublicUrlConfigured: data.PUBLIC_URL !== undefined };
  }
  const problems = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
  throw new ConfigError(`Invalid configuration:\n${problems.join('\n')}`);
}

/**
 * Checked before the HTTP server listens. A local trial listening on loopback whose PUBLIC_URL names
 * another host is reached through a proxy on this machine; a proxy that adds no forwarding headers
 * (nginx's bare `proxy_pass`) would make every visitor look local to the stand-ins under /dev (the outbox
 * with its reset links), so that combination does not start.
 */
export function checkServedDirectly(config: Config): void {
  if (config.mode !== 'local' || !config.isPublicUrlConfigured) return;
  const { hostname } = new URL(config.PUBLIC_URL);
  if (isLoopbackHost(hostname)) return;
  throw new ConfigError(
    `Invalid configuration:\n  PUBLIC_URL: names ${hostname}, but the local trial listens on ${config.HOST}: a proxy in front would show this machine's outbox and test checkout (/dev) to every visitor. Run it as a deployment (CUADRA_MODE=deployment) or leave PUBLIC_URL unset.`,
  );
}

/**
 * Which of the two modes the process runs in. Listening beyond loopback makes it a deployment whatever
 * else is said, so the local stand-ins (outbox, test checkout) are never served to the network.
 */
function resolveMode(declared: Mode | undefined, nodeEnv: string, host: string): Mode {
  if (!isLoopbackHost(host)) {
    if (declared === 'local') {
      throw new ConfigError(
        `Invalid configuration:\n  CUADRA_MODE: local listens on loopback only, but HOST is ${host}`,
      );
    }
    return 'deployment';
  }
  return declared ?? (nodeEnv === 'production' ? 'deployment' : 'local');
}
