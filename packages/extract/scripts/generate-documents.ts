/**
 * The generator's stable API: Spanish invoices in every layout of `LAYOUTS`, for every seed, as clean
 * PDFs, rendered PNGs and degraded scans, each with its truth in the benchmark schema. One browser for
 * the whole run; deterministic from (layout, seed, output).
 *
 *   npm run generate -w packages/extract -- --seeds 1-5 --outputs pdf,scan --out bench-results/generated
 *   tsx scripts/generate-documents.ts --layouts es-abono,ticket-iva-incluido --seeds 7 --out /tmp/x
 *   tsx scripts/generate-documents.ts --grammar 60 --out /tmp/g     # grammar documents of seeds 1-60
 *   tsx scripts/generate-documents.ts --grammar 101-160 --held-apart exclude --out /tmp/g
 *
 * `generateDocuments({ layouts, seeds, outputs })` is what the benchmark and the ranker's fitting script
 * call, `generateGrammarDocuments({ seeds, outputs })` the same for the layout grammar (invoice-grammar.ts); `heldApart` on each document says whether fitting may use it (see `HELD_APART`). The CLI writes
 * `<id>.<ext>`, `<id>.truth.json` (bench schema) and `<id>.expected.json` (what bench/extract-bench.ts
 * reads from bench-results/generated).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createCanvas, loadImage } from '@napi-rs/canvas';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import QRCode from 'qrcode';
import { launchBrowser } from './generate-fixtures.ts';
import { rng, verifactuUrl } from './invoice-cases.ts';
import { drawGrammarCase, GRAMMAR_LAYOUT, type GrammarCase, grammarTruthFields } from './invoice-grammar.ts';
import { renderGrammarHtml } from './invoice-grammar-html.ts';
import { renderLayoutHtml } from './invoice-layout-html.ts';
import {
  type Family,
  HELD_APART,
  isHeldApart,
  LAYOUTS,
  type LayoutCase,
  layoutTruthFields,
  makeLayoutCase,
  paperOf,
} from './invoice-layouts.ts';

export { HELD_APART, isHeldApart, LAYOUTS, makeLayoutCase };

export type DocumentOutput = 'pdf' | 'png' | 'scan';
export type GeneratedDocument = {
  /** `<layout>-<seed>-<output>`, unique and stable. */
  id: string;
  layout: string;
  family: Family;
  seed: number;
  output: DocumentOutput;
  bytes: Uint8Array;
  mediaType: 'application/pdf' | 'image/png' | 'image/jpeg';
  ext: 'pdf' | 'png' | 'jpg';
  /** `invoice-bench-truth/v1`: `fields` holds the truth values; `split` is `fit` or `validation`. */
  truth: BenchTruth;
  /** Never fit on this document (held-apart layout or seed, or a held-apart grammar region). */
  heldApart: boolean;
  /** A grammar document's drawn structure (what the per-region measurements group by). */
  structure?: GrammarStructure;
};
/** What a grammar document's layout is made of, and the held-apart regions it falls in. */
export type GrammarStructure = {
  lang: string;
  header: string;
  metaRelation: string;
  totalsRelation: string;
  vatSummary: string;
  numberFormat: string;
  heldApartRegions: string[];
};
export type BenchTruth = {
  schema: 'invoice-bench-truth/v1';
  id: string;
  split: 'fit' | 'validation';
  file: string;
  kind: 'digital_pdf' | 'rendered_image' | 'scanned_image' | 'scanned_pdf';
  media_type: string;
  language: string;
  doc_type: 'invoice' | 'credit_note' | 'receipt';
  source: {
    dataset: 'cuadra-generator';
    layout: string;
    family: Family;
    seed: number;
    output: DocumentOutput;
    structure?: GrammarStructure;
  };
  fields: Record<string, unknown>;
  notes: string[];
};

/**
 * Multi-page invoices are made as a PDF and as a scanned PDF (image-only pages), never as one image (a
 * screenshot would be one very tall page).
 */
export function supportsOutput(layout: string, output: DocumentOutput): boolean {
  const def = LAYOUTS.find((l) => l.id === layout);
  return !!def && (def.family !== 'multipage' || output !== 'png');
}

const isMultiPage = (lc: LayoutCase) => lc.layout.family === 'multipage';

/** The truth of a case for one output. */
export function truthFor(lc: LayoutCase, output: DocumentOutput): BenchTruth {
  const id = `${lc.layout.id}-${lc.seed}-${output}`;
  const scannedPdf = output === 'scan' && isMultiPage(lc);
  const ext = output === 'pdf' || scannedPdf ? 'pdf' : output === 'png' ? 'png' : 'jpg';
  const held = isHeldApart(lc.layout.id, lc.seed);
  return {
    schema: 'invoice-bench-truth/v1',
    id,
    split: held ? 'validation' : 'fit',
    file: `${id}.${ext}`,
    kind:
      output === 'pdf'
        ? 'digital_pdf'
        : output === 'png'
          ? 'rendered_image'
          : scannedPdf
            ? 'scanned_pdf'
            : 'scanned_image',
    media_type: ext === 'pdf' ? 'application/pdf' : output === 'png' ? 'image/png' : 'image/jpeg',
    language: lc.layout.lang,
    doc_type: lc.docType,
    source: {
      dataset: 'cuadra-generator',
      layout: lc.layout.id,
      family: lc.layout.family,
      seed: lc.seed,
      output,
    },
    fields: layoutTruthFields(lc),
    notes: lc.corrects ? [`credit note correcting ${lc.corrects}; amounts negative`] : [],
  };
}

/**
 * A phone/scanner capture: a small rotation, blur, sensor noise and JPEG artefacts, each drawn from the
 * seed so that scans differ from one another.
 */
export async function degradeScan(png: Uint8Array, seed: number): Promise<Uint8Array> {
  const r = rng(seed * 31 + 7);
  const img = await loadImage(Buffer.from(png));
  const blur = 0.5 + r() * 0.3;
  const small = createCanvas(Math.round(img.width * blur), Math.round(img.height * blur));
  small.getContext('2d').drawImage(img, 0, 0, small.width, small.height);
  const margin = 30 + Math.floor(r() * 30);
  const out = createCanvas(img.width + 2 * margin, img.height + 2 * margin);
  const ctx = out.getContext('2d');
  const paper = 215 + Math.floor(r() * 25);
  ctx.fillStyle = `rgb(${paper},${paper - 3},${paper - 10})`;
  ctx.fillRect(0, 0, out.width, out.height);
  ctx.translate(out.width / 2, out.height / 2);
  ctx.rotate(((r() < 0.5 ? -1 : 1) * (0.4 + r() * 2.4) * Math.PI) / 180);
  ctx.drawImage(small, -img.width / 2, -img.height / 2, img.width, img.height);
  ctx.setTransform(1, 0, 0, 1, 0, 0);
  const data = ctx.getImageData(0, 0, out.width, out.height);
  const px = data.data;
  const amplitude = 14 + r() * 34;
  // Uneven lighting: darker towards one corner, as under a desk lamp.
  const fx = r() < 0.5 ? 1 : -1;
  const fy = r() < 0.5 ? 1 : -1;
  let state = (seed * 2654435761) >>> 0 || 1; // xorshift32: per-pixel noise, fast and seeded
  const { width, height } = out; // native getters: read once, not per pixel
  for (let y = 0; y < height; y++) {
    const rowShade = fy * (y / height - 0.5);
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 4;
      state ^= state << 13;
      state ^= state >>> 17;
      state ^= state << 5;
      const n = ((state >>> 0) / 4294967296 - 0.5) * amplitude - 18 * (fx * (x / width - 0.5) + rowShade);
      px[i] = px[i]! + n;
      px[i + 1] = px[i + 1]! + n;
      px[i + 2] = px[i + 2]! + n;
    }
  }
  ctx.putImageData(data, 0, 0);
  return new Uint8Array(out.toBuffer('image/jpeg', Math.round(35 + r() * 35)));
}

type Renderer = { page(scale: number): Promise<Page>; close(): Promise<void> };

function renderer(browser: Browser): Renderer {
  const contexts = new Map<number, { context: BrowserContext; page: Page }>();
  return {
    async page(scale) {
      let entry = contexts.get(scale);
      if (!entry) {
        const context = await browser.newContext({
          deviceScaleFactor: scale,
          viewport: { width: 794, height: 1123 },
        });
        entry = { context, page: await context.newPage() };
        contexts.set(scale, entry);
      }
      return entry.page;
    },
    async close() {
      for (const { context } of contexts.values()) await context.close();
    },
  };
}

async function renderCase(r: Renderer, lc: LayoutCase, output: DocumentOutput): Promise<Uint8Array> {
  const qr = lc.c.qr
    ? await QRCode.toDataURL(verifactuUrl(lc.c), { margin: 1, width: 240, errorCorrectionLevel: 'M' })
    : null;
  const html = renderLayoutHtml(lc, qr);
  const paper = paperOf(lc.layout);
  const narrow = paper === 'roll';
  const width = narrow ? 302 : paper === 'a5' ? 560 : 794;
  const page = await r.page(output === 'pdf' ? 1 : narrow ? 2.2 : 1.5);
  await page.setViewportSize({ width, height: narrow ? 700 : 1123 });
  await page.setContent(html, { waitUntil: 'load' });
  if (output === 'scan' && isMultiPage(lc)) return scannedPdf(page, lc.seed);
  if (output === 'pdf') {
    const multi = isMultiPage(lc);
    const pdf = narrow
      ? await page.pdf({ width: '80mm', height: '240mm', printBackground: true, pageRanges: '1' })
      : paper === 'a5'
        ? await page.pdf({ format: 'A5', printBackground: true, pageRanges: '1' })
        : await page.pdf({ format: 'A4', printBackground: true, ...(multi ? {} : { pageRanges: '1' }) });
    return new Uint8Array(pdf);
  }
  const png = new Uint8Array(await page.screenshot({ fullPage: true, type: 'png' }));
  return output === 'png' ? png : degradeScan(png, lc.seed);
}

/** A4 at 96 dpi, in CSS pixels; and the margin kept free at each page edge. */
const PAGE_HEIGHT = 1123;
const PAGE_MARGIN = 48;

/**
 * A multi-page invoice as a scanner makes it: the page already loaded is cut into A4 pages (table rows
 * that would cross an edge move to the next page), each page is degraded on its own and the JPEGs are
 * bound into an image-only PDF.
 */
async function scannedPdf(page: Page, seed: number): Promise<Uint8Array> {
  // A string, not a function: this package's TypeScript has no DOM types.
  const pages = (await page.evaluate(`(() => {
    const height = ${PAGE_HEIGHT}, margin = ${PAGE_MARGIN};
    for (const tr of Array.from(document.querySelectorAll('tr'))) {
      const rect = tr.getBoundingClientRect();
      const top = rect.top + window.scrollY;
      const edge = (Math.floor(top / height) + 1) * height - margin;
      if (rect.bottom + window.scrollY <= edge) continue;
      const spacer = document.createElement('tr');
      spacer.innerHTML = '<td colspan="9" style="border:none;padding:0;height:' + (edge + 2 * margin - top) + 'px"></td>';
      tr.parentElement.insertBefore(spacer, tr);
    }
    return Math.ceil(document.documentElement.scrollHeight / height);
  })()`)) as number;
  const images: string[] = [];
  for (let p = 0; p < pages; p++) {
    const png = await page.screenshot({
      type: 'png',
      fullPage: true,
      clip: { x: 0, y: p * PAGE_HEIGHT, width: 794, height: PAGE_HEIGHT },
    });
    const jpeg = await degradeScan(new Uint8Array(png), seed * 10 + p);
    images.push(Buffer.from(jpeg).toString('base64'));
  }
  await page.setContent(
    `<!doctype html><html><head><style>@page { size: A4; margin: 0; } body { margin: 0; }
      img { display: block; width: 210mm; height: 297mm; page-break-after: always; }</style></head><body>
      ${images.map((b64) => `<img src="data:image/jpeg;base64,${b64}">`).join('')}</body></html>`,
    { waitUntil: 'load' },
  );
  return new Uint8Array(await page.pdf({ format: 'A4', printBackground: true }));
}

/**
 * Renders every (layout, seed, output) asked for; combinations a layout cannot make (multi-page as an
 * image) are left out; a multi-page `scan` is an image-only PDF. Pass `browser` to reuse one across calls; otherwise one is launched and closed.
 */
export async function generateDocuments(opts: {
  layouts?: string[];
  seeds: number[];
  outputs?: DocumentOutput[];
  browser?: Browser;
  /** Leave out held-apart documents (fitting) or keep only them (validation). */
  heldApart?: 'include' | 'exclude' | 'only';
}): Promise<GeneratedDocument[]> {
  const layouts = opts.layouts ?? LAYOUTS.map((l) => l.id);
  const outputs = opts.outputs ?? ['pdf'];
  const browser = opts.browser ?? (await launchBrowser());
  const r = renderer(browser);
  const docs: GeneratedDocument[] = [];
  try {
    for (const layout of layouts) {
      for (const seed of opts.seeds) {
        const held = isHeldApart(layout, seed);
        if ((opts.heldApart === 'exclude' && held) || (opts.heldApart === 'only' && !held)) continue;
        const lc = makeLayoutCase(layout, seed);
        for (const output of outputs) {
          if (!supportsOutput(layout, output)) continue;
          const truth = truthFor(lc, output);
          const bytes = await renderCase(r, lc, output);
          docs.push({
            id: truth.id,
            layout,
            family: lc.layout.family,
            seed,
            output,
            bytes,
            mediaType: truth.media_type as GeneratedDocument['mediaType'],
            ext: truth.file.split('.').pop() as GeneratedDocument['ext'],
            truth,
            heldApart: held,
          });
        }
      }
    }
  } finally {
    await r.close();
    if (!opts.browser) await browser.close();
  }
  return docs;
}

/** A grammar document's structure, as its truth and expected.json record it. */
export function grammarStructure(gc: GrammarCase): GrammarStructure {
  const g = gc.grammar;
  return {
    lang: g.lang,
    header: g.header,
    metaRelation: g.metaRelation,
    totalsRelation: g.totalsRelation,
    vatSummary: g.vatSummary,
    numberFormat: g.numberFormat,
    heldApartRegions: gc.heldApartRegions,
  };
}

/** The truth of a grammar document for one output (`grammar-<seed>-<output>`). */
export function grammarTruthFor(gc: GrammarCase, output: DocumentOutput): BenchTruth {
  const id = `${GRAMMAR_LAYOUT}-${gc.seed}-${output}`;
  const ext = output === 'pdf' ? 'pdf' : output === 'png' ? 'png' : 'jpg';
  const structure = grammarStructure(gc);
  return {
    schema: 'invoice-bench-truth/v1',
    id,
    split: gc.heldApartRegions.length ? 'validation' : 'fit',
    file: `${id}.${ext}`,
    kind: output === 'pdf' ? 'digital_pdf' : output === 'png' ? 'rendered_image' : 'scanned_image',
    media_type: ext === 'pdf' ? 'application/pdf' : output === 'png' ? 'image/png' : 'image/jpeg',
    language: gc.grammar.lang,
    doc_type: gc.docType,
    source: {
      dataset: 'cuadra-generator',
      layout: GRAMMAR_LAYOUT,
      family: 'grammar',
      seed: gc.seed,
      output,
      structure,
    },
    fields: grammarTruthFields(gc),
    notes: [
      `grammar: ${structure.lang}, ${structure.header}, meta ${structure.metaRelation}, totals ${structure.totalsRelation}, VAT ${structure.vatSummary}, ${structure.numberFormat}`,
      ...(gc.corrects ? [`credit note correcting ${gc.corrects}; amounts negative`] : []),
    ],
  };
}

async function renderGrammar(r: Renderer, gc: GrammarCase, output: DocumentOutput): Promise<Uint8Array> {
  const page = await r.page(output === 'pdf' ? 1 : 1.5);
  await page.setViewportSize({ width: 794, height: 1123 });
  await page.setContent(renderGrammarHtml(gc), { waitUntil: 'load' });
  if (output === 'pdf')
    return new Uint8Array(await page.pdf({ format: 'A4', printBackground: true, pageRanges: '1' }));
  const png = new Uint8Array(await page.screenshot({ fullPage: true, type: 'png' }));
  return output === 'png' ? png : degradeScan(png, gc.seed);
}

/**
 * The layout grammar's documents for `seeds` (one drawn structure per seed), in every output asked for;
 * `heldApart` filters on the grammar's held-apart regions as `generateDocuments` does on layouts.
 */
export async function generateGrammarDocuments(opts: {
  seeds: number[];
  outputs?: DocumentOutput[];
  browser?: Browser;
  heldApart?: 'include' | 'exclude' | 'only';
}): Promise<GeneratedDocument[]> {
  const outputs = opts.outputs ?? ['pdf'];
  const cases = opts.seeds.map(drawGrammarCase).filter((gc) => {
    const held = gc.heldApartRegions.length > 0;
    return !((opts.heldApart === 'exclude' && held) || (opts.heldApart === 'only' && !held));
  });
  if (!cases.length) return [];
  const browser = opts.browser ?? (await launchBrowser());
  const r = renderer(browser);
  const docs: GeneratedDocument[] = [];
  try {
    for (const gc of cases)
      for (const output of outputs) {
        const truth = grammarTruthFor(gc, output);
        docs.push({
          id: truth.id,
          layout: GRAMMAR_LAYOUT,
          family: 'grammar',
          seed: gc.seed,
          output,
          bytes: await renderGrammar(r, gc, output),
          mediaType: truth.media_type as GeneratedDocument['mediaType'],
          ext: truth.file.split('.').pop() as GeneratedDocument['ext'],
          truth,
          heldApart: truth.split === 'validation',
          structure: truth.source.structure,
        });
      }
  } finally {
    await r.close();
    if (!opts.browser) await browser.close();
  }
  return docs;
}

/**
 * Writes `<id>.<ext>`, `<id>.truth.json` and `<id>.expected.json` ({ file, kind, layout, family, heldApart,
 * truth }: what the benchmark's generated-set reader and scripts/fit-cache-pages.ts --dir take).
 */
export function writeDocuments(docs: GeneratedDocument[], out: string): void {
  mkdirSync(out, { recursive: true });
  for (const d of docs) {
    writeFileSync(path.join(out, d.truth.file), d.bytes);
    writeFileSync(path.join(out, `${d.id}.truth.json`), `${JSON.stringify(d.truth, null, 2)}\n`);
    const expected = {
      file: d.truth.file,
      kind: d.output,
      layout: d.layout,
      family: d.family,
      heldApart: d.heldApart,
      ...(d.structure ? { structure: d.structure } : {}),
      truth: d.truth.fields,
    };
    writeFileSync(path.join(out, `${d.id}.expected.json`), `${JSON.stringify(expected, null, 2)}\n`);
  }
}

function parseSeeds(s: string): number[] {
  return s.split(',').flatMap((part) => {
    const m = /^(\d+)-(\d+)$/.exec(part);
    if (!m) return [Number(part)];
    return Array.from({ length: Number(m[2]) - Number(m[1]) + 1 }, (_, i) => Number(m[1]) + i);
  });
}

const isMain = process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url);
if (isMain) {
  const args = process.argv.slice(2);
  const opt = (name: string) => {
    const i = args.indexOf(name);
    return i >= 0 ? args[i + 1] : undefined;
  };
  const out = path.resolve(opt('--out') ?? 'bench-results/generated');
  const started = performance.now();
  const outputs = (opt('--outputs') ?? 'pdf').split(',') as DocumentOutput[];
  const heldApart = opt('--held-apart') as 'include' | 'exclude' | 'only' | undefined;
  // `--grammar N` (seeds 1-N) or `--grammar A-B`: grammar documents instead of the fixed layouts.
  const grammar = opt('--grammar');
  const grammarSeeds = grammar && (/^\d+$/.test(grammar) ? parseSeeds(`1-${grammar}`) : parseSeeds(grammar));
  (grammarSeeds
    ? generateGrammarDocuments({ seeds: grammarSeeds, outputs, heldApart })
    : generateDocuments({
        layouts: opt('--layouts')?.split(','),
        seeds: parseSeeds(opt('--seeds') ?? '1'),
        outputs,
        heldApart,
      })
  )
    .then((docs) => {
      writeDocuments(docs, out);
      const held = docs.filter((d) => d.heldApart).length;
      console.log(
        `${docs.length} documents (${held} held apart) in ${out}, ${Math.round(performance.now() - started)} ms`,
      );
    })
    .catch((e) => {
      console.error(e);
      process.exitCode = 1;
    });
}
