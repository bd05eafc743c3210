import { pino } from 'pino';
import type { Config } from './config';

/** Paths that may carry secrets; pino replaces them wherever they appear in a log line. */
const REDACT = [
  'password',
  '*.password',
  'token',
  '*.token',
  'authorization',
  '*.authorization',
  'req.headers.authorization',
  'req.headers.cookie',
  'headers.authorization',
  'headers.cookie',
];

export function createLogger(config: Pick<Config, 'LOG_LEVEL' | 'NODE_ENV'>) {
  return pino({
    level: config.LOG_LEVEL,
    base: { service: 'cuadra' },
    redact: { paths: REDACT, censor: '[redacted]' },
  });
}

export type Logger = ReturnType<typeof createLogger>;
