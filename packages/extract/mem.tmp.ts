import { readFileSync } from 'node:fs';
import { prepareImageForOcr } from './src/image.ts';
import { recognizePpOcr, closePpOcr } from './src/ocr/ppocr.ts';
const rss = () => Math.round(process.memoryUsage().rss / 1e6);
console.log('start', rss());
for (const id of ['002', '003', '004']) {
  const img = await prepareImageForOcr(new Uint8Array(readFileSync(`/work/shared/bench/train/sroie/sroie-${id}.jpg`)));
  const cpu = process.cpuUsage();
  const r = await recognizePpOcr(img as never);
  const u = process.cpuUsage(cpu);
  console.log(id, img.width, img.height, 'lines', r.lines.length, 'det', r.timings.det.toFixed(0), 'rec', r.timings.rec.toFixed(0), 'cpu', ((u.user + u.system) / 1000).toFixed(0), 'rss', rss(), 'peak', Math.round(process.resourceUsage().maxRSS / 1024));
}
await closePpOcr();
