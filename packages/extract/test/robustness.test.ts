import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { rng } from '../scripts/invoice-cases.ts';
import {
  closeOcr,
  type ExtractError,
  ExtractionResultSchema,
  extractDocument,
  isExtractError,
} from '../src/index.ts';

/**
 * Mutated and truncated copies of the golden fixtures (and of an XML invoice) go through the engine:
 * each must end with a valid result or an ExtractError with a code — never a crash or a hang.
 * `npm test` runs the first ROBUSTNESS_COUNT mutants (default 300: the suite stays fast); the full 2,000 run with
 * `npm run test:robustness -w packages/extract`. OCR is off except for a few image mutants.
 */
const here = path.dirname(fileURLToPath(import.meta.url));
const COUNT = Number(process.env.ROBUSTNESS_COUNT ?? 300);
const CODES = new Set([
  'EMPTY_FILE',
  'UNSUPPORTED_TYPE',
  'FILE_TOO_LARGE',
  'PDF_ENCRYPTED',
  'PDF_MALFORMED',
  'TOO_MANY_PAGES',
  'TOO_MANY_PIXELS',
  'IMAGE_MALFORMED',
  'XML_INVALID',
  'XML_UNSUPPORTED',
]);

const seeds = ['classic-recargo.pdf', 'ticket-simplificada.pdf', 'classic-png.png', 'modern-scan.jpg'].map(
  (f) => new Uint8Array(readFileSync(path.join(here, 'fixtures/golden', f))),
);
const xml = new TextEncoder().encode(
  `<?xml version="1.0"?><Invoice xmlns="urn:oasis:names:specification:ubl:schema:xsd:Invoice-2" xmlns:cbc="x" xmlns:cac="y"><cbc:ID>F1</cbc:ID><cbc:IssueDate>2024-01-02</cbc:IssueDate><cac:LegalMonetaryTotal><cbc:TaxInclusiveAmount>12.10</cbc:TaxInclusiveAmount></cac:LegalMonetaryTotal></Invoice>`,
);

function mutate(src: Uint8Array, r: () => number): Uint8Array {
  const kind = Math.floor(r() * 5);
  if (kind === 0) return src.slice(0, Math.floor(r() * src.length)); // truncate
  const out = new Uint8Array(src);
  if (kind === 1) {
    // flip random bytes (more of them in the body than in the header)
    const n = 1 + Math.floor(r() * 20);
    for (let i = 0; i < n; i++) out[Math.floor(r() * out.length)] = Math.floor(r() * 256);
    return out;
  }
  if (kind === 2) {
    // overwrite a block with zeros or junk
    const start = Math.floor(r() * out.length);
    const len = Math.floor(r() * 2000);
    for (let i = start; i < Math.min(out.length, start + len); i++)
      out[i] = r() < 0.5 ? 0 : Math.floor(r() * 256);
    return out;
  }
  if (kind === 3) {
    // duplicate a slice in the middle
    const a = Math.floor(r() * src.length);
    const b = Math.min(src.length, a + Math.floor(r() * 5000));
    const mid = Math.floor(r() * src.length);
    return new Uint8Array([...src.subarray(0, mid), ...src.subarray(a, b), ...src.subarray(mid)]);
  }
  // header kept, tail replaced by random bytes
  const keep = Math.min(src.length, 16 + Math.floor(r() * 200));
  const tail = Array.from({ length: Math.floor(r() * 4000) }, () => Math.floor(r() * 256));
  return new Uint8Array([...src.subarray(0, keep), ...tail]);
}

afterAll(closeOcr);

describe('robustness', () => {
  it(`survives ${COUNT} mutated and truncated files`, async () => {
    const r = rng(20240601);
    const outcomes: Record<string, number> = {};
    let ocrRuns = 0;
    for (let i = 0; i < COUNT; i++) {
      const pick = Math.floor(r() * (seeds.length + 1));
      const src = pick === seeds.length ? xml : seeds[pick]!;
      const bytes = mutate(src, r);
      const isImage = pick === 2 || pick === 3;
      const ocr = isImage && ocrRuns < 4 && r() < 0.05;
      if (ocr) ocrRuns++;
      try {
        const result = await extractDocument(
          { bytes },
          { ocr, qr: ocr || r() < 0.1 ? 'auto' : 'never', timeoutMs: 20_000, today: '2030-01-01' },
        );
        expect(ExtractionResultSchema.safeParse(result).success).toBe(true);
        outcomes.result = (outcomes.result ?? 0) + 1;
      } catch (error) {
        if (!isExtractError(error))
          throw new Error(`mutant ${i} (seed file ${pick}) threw ${String(error).slice(0, 600)}`);
        expect(CODES.has((error as ExtractError).code)).toBe(true);
        outcomes[(error as ExtractError).code] = (outcomes[(error as ExtractError).code] ?? 0) + 1;
      }
    }
    console.log('robustness outcomes', outcomes);
    expect(Object.values(outcomes).reduce((a, b) => a + b, 0)).toBe(COUNT);
    expect(outcomes.result).toBeGreaterThan(0);
  }, 300_000);
});
