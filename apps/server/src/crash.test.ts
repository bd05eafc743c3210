import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { EXIT_CRASH } from './crash';

describe('an error nothing caught', () => {
  it('is logged, then ends the process with its own exit code', () => {
    const fixture = fileURLToPath(new URL('../test/fixtures/crash.ts', import.meta.url));
    const run = spawnSync(process.execPath, ['--import', 'tsx', fixture], {
      encoding: 'utf8',
      timeout: 20_000,
    });
    expect(run.status).toBe(EXIT_CRASH);
    expect(run.stdout).toContain('"level":60');
    expect(run.stdout).toContain('Unexpected end of form');
    expect(run.stdout).not.toContain('still running');
  });
});
