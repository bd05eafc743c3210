import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { isExtractError } from './errors.ts';
import { extractDocument } from './extract.ts';
import { closeOcr } from './ocr/index.ts';
import { toSpecFormat } from './spec-format.ts';
import type { ExtractOptions } from './types.ts';

const USAGE = `Usage: cuadra-extract [options] FILE...

Prints one JSON object per file (one per line; --pretty for indented output).

Options:
  --format bench|spec   bench field names (default) or the spec's empresa/cliente/factura/conceptos (cents)
  --own-tax-id ID       with --format spec: decides tipo emitida/recibida (else the direction found
                        for --party-*); the spec output carries amount_due and direction too
  --party-name NAME     the known party (the accountant's client): found on the page, it sets direction
  --party-tax-id ID     the known party's tax id (found first; the name is used when it is missing)
  --no-xml              ignore e-invoice XML embedded in PDFs (read the visual document)
  --no-ocr              never run OCR
  --qr auto|always|never
  --ocr-engine auto|tesseract.js|native
  --ocr-engines both|full|tesseract|ppocr   default both (PP-OCR where Tesseract is unsure)
  --max-pages N         default 20
  --timeout MS          default 60000
  --pretty              indent JSON
Environment: EXTRACT_LLM_URL, EXTRACT_LLM_MODEL, EXTRACT_LLM_API_KEY enable the optional LLM pass.`;

async function main(argv: string[]): Promise<number> {
  const files: string[] = [];
  const options: ExtractOptions = {};
  let format: 'bench' | 'spec' = 'bench';
  let ownTaxId: string | undefined;
  let pretty = false;
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    const next = () => {
      const v = argv[++i];
      if (v == null) throw new Error(`${a} needs a value`);
      return v;
    };
    if (a === '--help' || a === '-h') {
      console.log(USAGE);
      return 0;
    } else if (a === '--format') {
      const v = next();
      if (v !== 'bench' && v !== 'spec') throw new Error('--format must be bench or spec');
      format = v;
    } else if (a === '--own-tax-id') ownTaxId = next();
    else if (a === '--party-name') options.party = { ...options.party, name: next() };
    else if (a === '--party-tax-id') options.party = { ...options.party, taxId: next() };
    else if (a === '--no-xml') options.ignoreEmbeddedXml = true;
    else if (a === '--no-ocr') options.ocr = false;
    else if (a === '--qr') options.qr = next() as ExtractOptions['qr'];
    else if (a === '--ocr-engine') options.ocrEngine = next() as ExtractOptions['ocrEngine'];
    else if (a === '--ocr-engines') options.ocrEngines = next() as ExtractOptions['ocrEngines'];
    else if (a === '--max-pages') options.maxPages = Number(next());
    else if (a === '--timeout') options.timeoutMs = Number(next());
    else if (a === '--pretty') pretty = true;
    else if (a.startsWith('--')) throw new Error(`Unknown option ${a}`);
    else files.push(a);
  }
  if (!files.length) {
    console.error(USAGE);
    return 2;
  }
  if (process.env.EXTRACT_LLM_URL) {
    options.llm = {
      url: process.env.EXTRACT_LLM_URL,
      model: process.env.EXTRACT_LLM_MODEL ?? 'default',
      apiKey: process.env.EXTRACT_LLM_API_KEY,
    };
  }
  let failures = 0;
  for (const file of files) {
    let out: unknown;
    try {
      const bytes = new Uint8Array(await readFile(file));
      const result = await extractDocument({ bytes, filename: path.basename(file) }, options);
      out =
        format === 'spec'
          ? {
              file,
              ...toSpecFormat(result, ownTaxId),
              warnings: result.warnings,
              timingsMs: result.timingsMs,
            }
          : { file, ...result };
    } catch (error) {
      failures++;
      out = isExtractError(error)
        ? { file, error: { code: error.code, message: error.message, permanent: error.permanent } }
        : { file, error: { code: 'READ_FAILED', message: (error as Error).message, permanent: false } };
    }
    process.stdout.write(`${JSON.stringify(out, null, pretty ? 2 : undefined)}\n`);
  }
  await closeOcr();
  return failures === files.length ? 1 : 0;
}

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (error) => {
    console.error(`cuadra-extract: ${(error as Error).message}`);
    process.exitCode = 2;
  },
);
