import type { Logger } from './logger';

/** Exit code after an error nothing caught (sysexits EX_SOFTWARE): the supervisor starts a fresh process. */
export const EXIT_CRASH = 70;

/**
 * An error nothing caught leaves the process in an unknown state (a half-read upload, a held lock): say
 * what it was, then end the process, so the supervisor (npm start, or the operator's) starts a clean one
 * instead of a half-working one. Never silent, never carrying on.
 */
export function exitOnUncaughtErrors(logger: Logger, exit: (code: number) => void = process.exit) {
  const crash = (kind: string) => (error: unknown) => {
    logger.fatal({ err: error }, `${kind}: exiting`);
    console.error(`Cuadra is stopping after an error nothing handled (${kind}):`, error);
    exit(EXIT_CRASH);
  };
  process.on('uncaughtException', crash('uncaught exception'));
  process.on('unhandledRejection', crash('unhandled rejection'));
}
