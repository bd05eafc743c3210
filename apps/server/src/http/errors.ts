import { pickLocale } from '@cuadra/shared';
import type { Context } from 'hono';
import { HTTPException } from 'hono/http-exception';
import { AppError } from '../errors';
import { isStorageFull } from '../files/file-store';
import type { Logger } from '../logger';
import type { AppEnv } from './context';

/** Turns anything thrown into the error body; unknown errors become INTERNAL, logged and never leaked. */
export function handleError(logger: Logger) {
  return (error: Error, c: Context<AppEnv>) => {
    const appError = toAppError(error);
    if (appError.code === 'INTERNAL') (c.get('log') ?? logger).error({ err: error }, 'unhandled error');
    if (appError.code === 'STORAGE_FULL') reportStorageFull(logger);
    const locale = c.get('locale') ?? pickLocale(c.req.header('accept-language'));
    const retryAfter = (appError.details as { retryAfterSeconds?: unknown } | undefined)?.retryAfterSeconds;
    // Every "too many" answer that knows when to come back says so (RATE_LIMITED and the limits of its kind).
    if (appError.status === 429 && typeof retryAfter === 'number')
      c.header('Retry-After', String(retryAfter));
    return c.json(appError.toBody(locale), appError.status);
  };
}

/**
 * A full disk fails every upload until space comes back: one line says so (again at most once a minute),
 * rather than a stack per request.
 */
const STORAGE_FULL_LOG_INTERVAL_MS = 60_000;
let storageFullLoggedAt = Number.NEGATIVE_INFINITY;

function reportStorageFull(logger: Logger) {
  const now = Date.now();
  if (now - storageFullLoggedAt < STORAGE_FULL_LOG_INTERVAL_MS) return;
  storageFullLoggedAt = now;
  logger.error('storage full: uploads are refused with 507 until space is freed');
}

function toAppError(error: Error): AppError {
  if (error instanceof AppError) return error;
  if (isStorageFull(error)) return new AppError('STORAGE_FULL');
  if (error instanceof HTTPException) {
    if (error.status === 413) return new AppError('PAYLOAD_TOO_LARGE');
    if (error.status === 400 && /json/i.test(error.message)) return new AppError('BAD_JSON');
    if (error.status === 401) return new AppError('UNAUTHORIZED');
    if (error.status === 415) return new AppError('UNSUPPORTED_MEDIA_TYPE');
    if (error.status < 500) return new AppError('VALIDATION_FAILED');
  }
  return new AppError('INTERNAL');
}

/** The zod-openapi hook: a failed validation becomes VALIDATION_FAILED with the field paths. */
export function validationHook(result: {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; code: string; message: string }[] };
}) {
  if (result.success) return;
  const issues = (result.error?.issues ?? []).map((issue) => ({
    path: issue.path.map(String).join('.'),
    code: issue.code,
    message: issue.message,
  }));
  throw new AppError('VALIDATION_FAILED', { issues });
}
