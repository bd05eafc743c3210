/**
 * The train receipts made harder: each image degraded as a poor phone or fax copy would be (downscaled
 * 0.5–0.7, a small rotation, blur, lower contrast, the top margin cropped, JPEG quality 25–40), drawn
 * from the seed, then read by the real pipeline and scored on date, total and issuer name against the
 * train truth. Fitting data only: the train receipts read perfectly, so their failures teach nothing;
 * these variants show what a worse capture breaks. The OCR'd pages are cached under $TMPDIR, so a field
 * stage change is measured again in seconds.
 *
 *   npx tsx scripts/perturb-receipts.ts --seed 1 [--limit n] [--fails] [--only sroie-002,…] [--cached]
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createCanvas, loadImage } from '@napi-rs/canvas';
import { scoreReceipts } from '../bench/fitting-set.ts';
import { closeOcr } from '../src/index.ts';
import { type CachedDoc, cliOption, manifestDocs, readPagesInto, type SourceDoc } from './fit-cache-pages.ts';
import { rng } from './invoice-cases.ts';

/** One degraded copy of a receipt image, the same for the same seed. */
export async function perturbReceipt(bytes: Uint8Array, seed: number): Promise<Uint8Array> {
  const r = rng(seed * 7919 + 13);
  const img = await loadImage(Buffer.from(bytes));
  // 0.5–0.7, but never below 520 px wide: a smaller receipt is unreadable to a person too.
  const scale = Math.min(1, Math.max(0.5 + r() * 0.2, 520 / img.width));
  const w = Math.round(img.width * scale);
  const h = Math.round(img.height * scale);
  // Blur: through a canvas 8–20 % smaller again, then back up to the target size.
  const soft = 0.8 + r() * 0.12;
  const small = createCanvas(Math.max(1, Math.round(w * soft)), Math.max(1, Math.round(h * soft)));
  small.getContext('2d').drawImage(img, 0, 0, small.width, small.height);
  // The top margin cropped: up to 3 % of the height, never the print below it in the SROIE scans.
  const crop = Math.round(h * r() * 0.03);
  const out = createCanvas(w, h - crop);
  const ctx = out.getContext('2d');
  ctx.fillStyle = 'rgb(235,235,232)';
  ctx.fillRect(0, 0, out.width, out.height);
  ctx.translate(out.width / 2, out.height / 2 - crop);
  ctx.rotate(((r() < 0.5 ? -1 : 1) * (0.5 + r() * 1.0) * Math.PI) / 180);
  ctx.drawImage(small, -w / 2, -h / 2, w, h);
  ctx.setTransform(1, 0, 0, 1, 0, 0);
  // Lower contrast: ink greyer and paper darker, towards a mid grey.
  const contrast = 0.6 + r() * 0.25;
  const data = ctx.getImageData(0, 0, out.width, out.height);
  const px = data.data;
  for (let i = 0; i < px.length; i += 4)
    for (let c = 0; c < 3; c++) px[i + c] = 150 + (px[i + c]! - 150) * contrast;
  ctx.putImageData(data, 0, 0);
  return new Uint8Array(out.toBuffer('image/jpeg', Math.round(25 + r() * 15)));
}

/** Writes the degraded copies of `docs` for `seed` into `dir` (once) and returns them as documents. */
async function perturbedDocs(docs: SourceDoc[], seed: number, dir: string): Promise<SourceDoc[]> {
  mkdirSync(dir, { recursive: true });
  const out: SourceDoc[] = [];
  for (const [i, d] of docs.entries()) {
    const file = path.join(dir, `${d.id}.jpg`);
    if (!existsSync(file))
      writeFileSync(file, await perturbReceipt(new Uint8Array(readFileSync(d.file)), seed * 1000 + i));
    out.push({ ...d, id: `${d.id}~p${seed}`, file });
  }
  return out;
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const opt = (name: string) => cliOption(args, name);
  const here = path.dirname(fileURLToPath(import.meta.url));
  const benchDir = process.env.BENCH_DIR ?? path.resolve(here, '../../../../shared/bench');
  const seed = Number(opt('--seed') ?? 1);
  const only = opt('--only')?.split(',');
  let docs = manifestDocs(path.join(benchDir, 'train-manifest.json'));
  if (only) docs = docs.filter((d) => only.includes(d.id));
  const limit = Number(opt('--limit') ?? 0);
  if (limit) docs = docs.slice(0, limit);
  const dir = path.join(os.tmpdir(), `perturbed-receipts-${seed}`);
  const variants = await perturbedDocs(docs, seed, dir);
  const cache = path.join(dir, 'pages.json');
  // --cached: score what is read so far (while another run is still reading).
  if (!args.includes('--cached')) await readPagesInto(cache, { docs: variants });
  await closeOcr();
  const ids = new Set(variants.map((v) => v.id));
  const cached = (JSON.parse(readFileSync(cache, 'utf8')) as CachedDoc[]).filter((c) => ids.has(c.id));
  await scoreReceipts(`perturbed train receipts, seed ${seed}`, cached, args.includes('--fails'));
}

const isMain = process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url);
if (isMain)
  main().catch((e) => {
    console.error(e);
    process.exitCode = 1;
  });
