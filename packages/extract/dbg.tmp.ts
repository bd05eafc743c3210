import { readFileSync } from 'node:fs';
import { prepareImageForOcr } from './src/image.ts';
import { closeOcr, recognize } from './src/ocr/index.ts';
import { wordsToLines } from './src/text/layout.ts';
const f = process.argv[2]!;
const img = await prepareImageForOcr(new Uint8Array(readFileSync(f)));
const t = performance.now();
const r = await recognize(img, { engine: 'auto', engines: 'both', timeoutMs: 120000 });
console.log('ms', performance.now() - t, r.engines, 'skew', r.skew);
const show = (ws: typeof r.words) => wordsToLines(ws, 1, img.width / img.height).map((l) => l.text).join('\n');
if (process.argv[3] !== 'q') {
console.log('--- fused\n' + show(r.words));
console.log('--- tess\n' + show(r.raw.tesseract));
}
const counts: Record<string, number> = {};
for (const w of r.words) counts[w.engine!] = (counts[w.engine!] ?? 0) + 1;
console.log(counts);
await closeOcr();
