import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { supervise } from '../../../scripts/lib/supervise.mjs';

/** A child that exits with the next code of `codes` each time it is started (counted in a file). */
function childExiting(codes: number[], dir: string) {
  const counter = join(dir, 'starts');
  const script = `const fs = require('node:fs');
const n = fs.existsSync(${JSON.stringify(counter)}) ? Number(fs.readFileSync(${JSON.stringify(counter)}, 'utf8')) : 0;
fs.writeFileSync(${JSON.stringify(counter)}, String(n + 1));
process.exit(${JSON.stringify(codes)}[Math.min(n, ${codes.length - 1})]);`;
  return () => spawn(process.execPath, ['-e', script], { stdio: 'ignore' });
}

async function run(codes: number[], options: { maxRestarts?: number } = {}) {
  const dir = await mkdtemp(join(tmpdir(), 'cuadra-supervise-'));
  const start = childExiting(codes, dir);
  let starts = 0;
  try {
    const code = await new Promise<number>((exit) =>
      supervise(
        () => {
          starts++;
          return start();
        },
        { delayMs: 10, log: () => {}, exit, ...options },
      ),
    );
    return { code, starts };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

describe('the supervisor of npm start', () => {
  it('starts a server that died of an error again, and ends when it ends cleanly', async () => {
    expect(await run([70, 1, 0])).toEqual({ code: 0, starts: 3 });
  });

  it('does not restart a bad configuration, nor a process that keeps dying', async () => {
    expect(await run([78])).toEqual({ code: 78, starts: 1 });
    expect(await run([70], { maxRestarts: 2 })).toEqual({ code: 70, starts: 3 });
  });
});
