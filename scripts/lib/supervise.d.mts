import type { ChildProcess } from 'node:child_process';

export type SuperviseOptions = {
  maxRestarts?: number;
  windowMs?: number;
  delayMs?: number;
  /** Exit codes after which a restart cannot help (78: bad configuration). */
  finalCodes?: number[];
  log?: (message: string) => void;
  exit?: (code: number) => void;
};

export function supervise(
  start: () => ChildProcess,
  options?: SuperviseOptions,
): { stop(signal?: NodeJS.Signals): void };
