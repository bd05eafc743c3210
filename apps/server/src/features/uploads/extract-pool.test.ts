import { readFileSync } from 'node:fs';
import { extractDocument, isExtractError } from '@cuadra/extract';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { createLogger } from '../../logger';
import { createExtractor } from './extract-pool';

const GOLDEN = new URL('../../../../../packages/extract/test/fixtures/golden/', import.meta.url);
const read = (file: string) => new Uint8Array(readFileSync(new URL(file, GOLDEN)));
const logger = createLogger({ LOG_LEVEL: 'silent' } as never);

/** The nice value of a process, from /proc (field 19 of its stat line). */
function niceOf(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[16]);
}

describe('the extraction processes', () => {
  const extractor = createExtractor({ processes: 1, nice: 1, timeoutMs: 600_000, logger });
  afterAll(() => extractor.close());

  it('read a document as this process would, at a lower priority', async () => {
    const bytes = read('classic-company-mixed-vat.pdf');
    const options = { today: '2026-01-15' };
    const [apart, here] = await Promise.all([
      extractor.extract({ bytes, filename: 'a.pdf' }, options),
      extractDocument({ bytes, filename: 'a.pdf' }, options),
    ]);
    expect(apart.fields).toEqual(here.fields);
    expect(apart.fields.invoice_number).toBeTruthy();
    const [pid] = extractor.pids();
    expect(pid).toBeGreaterThan(0);
    if (process.platform === 'linux') expect(niceOf(pid!)).toBe(1);
  }, 400_000);

  it('keep the work off this process while a scan is read', async () => {
    const bytes = read('classic-png.png');
    const before = process.cpuUsage();
    const result = await extractor.extract({ bytes, filename: 'scan.png' }, {});
    const used = process.cpuUsage(before);
    expect(result.fields.invoice_number).toBeTruthy();
    // Reading this page costs about 2 s of CPU (OCR): here, only passing bytes and the result is left.
    const hereMs = (used.user + used.system) / 1000;
    expect(hereMs).toBeLessThan(400);
  }, 400_000);

  it('send a refused file back as the permanent error it is', async () => {
    const error = await extractor
      .extract({ bytes: new Uint8Array([1, 2, 3, 4]), filename: 'x.bin' }, {})
      .catch((e: unknown) => e);
    expect(isExtractError(error)).toBe(true);
    expect(error).toMatchObject({ code: 'UNSUPPORTED_TYPE', permanent: true });
  });

  it('replace a process that died mid-document, failing that document as retryable', async () => {
    const [pid] = extractor.pids();
    const running = extractor.extract({ bytes: read('classic-png.png'), filename: 'scan.png' }, {});
    process.kill(pid!, 'SIGKILL');
    const error = await running.catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Error);
    expect(isExtractError(error)).toBe(false);
    const again = await extractor.extract({ bytes: read('classic-recargo.pdf'), filename: 'b.pdf' }, {});
    expect(again.fields.invoice_number).toBeTruthy();
    expect(extractor.pids()[0]).not.toBe(pid);
  }, 400_000);
});

describe('an idle extraction process', () => {
  it('ends after its quiet period, and the next document starts a new one', async () => {
    const extractor = createExtractor({ processes: 1, nice: 1, timeoutMs: 600_000, idleMs: 300, logger });
    try {
      const bytes = read('classic-recargo.pdf');
      const first = await extractor.extract({ bytes, filename: 'a.pdf' }, {});
      const [pid] = extractor.pids();
      expect(pid).toBeGreaterThan(0);
      // Gone from the pool, and the process itself has exited (signal 0 to a dead pid throws ESRCH).
      await vi.waitFor(
        () => {
          expect(extractor.pids()).toEqual([]);
          expect(() => process.kill(pid!, 0)).toThrow();
        },
        { timeout: 15_000, interval: 100 },
      );
      const second = await extractor.extract({ bytes, filename: 'a.pdf' }, {});
      expect(second.fields).toEqual(first.fields);
      expect(extractor.pids()).toHaveLength(1);
      expect(extractor.pids()[0]).not.toBe(pid);
    } finally {
      await extractor.close();
    }
  }, 400_000);
});

describe('an extraction process past its limits', () => {
  it('fails its document for good as DOCUMENT_TOO_COMPLEX, instead of a retry', async () => {
    // No document is read this fast: the process is killed at the time limit.
    const extractor = createExtractor({ processes: 1, nice: 1, timeoutMs: 1, logger });
    try {
      const error = await extractor
        .extract({ bytes: read('classic-recargo.pdf'), filename: 'b.pdf' }, {})
        .catch((e: unknown) => e);
      expect(isExtractError(error)).toBe(true);
      expect(error).toMatchObject({ code: 'DOCUMENT_TOO_COMPLEX', permanent: true });
    } finally {
      await extractor.close();
    }
  }, 120_000);
});
