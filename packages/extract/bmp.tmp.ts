import { readFileSync } from 'node:fs';
import { createCanvas, loadImage } from '@napi-rs/canvas';
import { recognizeTesseract, closeTesseract } from './src/ocr/tesseract.ts';
const img = await loadImage(readFileSync('/work/shared/bench/train/sroie/sroie-002.jpg'));
const c = createCanvas(img.width * 2, img.height * 2); const ctx = c.getContext('2d'); ctx.drawImage(img, 0, 0, c.width, c.height);
let t = performance.now(); let cpu = process.cpuUsage();
const png = c.toBuffer('image/png');
let u = process.cpuUsage(cpu); console.log('png encode cpu', (u.user + u.system) / 1000, 'bytes', png.length);
t = performance.now(); cpu = process.cpuUsage();
const rgba = ctx.getImageData(0, 0, c.width, c.height).data;
const w = c.width, h = c.height; const row = w * 3 + ((4 - ((w * 3) % 4)) % 4);
const bmp = Buffer.alloc(54 + row * h);
bmp.write('BM', 0); bmp.writeUInt32LE(bmp.length, 2); bmp.writeUInt32LE(54, 10); bmp.writeUInt32LE(40, 14);
bmp.writeInt32LE(w, 18); bmp.writeInt32LE(-h, 22); bmp.writeUInt16LE(1, 26); bmp.writeUInt16LE(24, 28); bmp.writeUInt32LE(row * h, 34);
for (let y = 0; y < h; y++) for (let x = 0; x < w; x++) { const s = (y * w + x) * 4, d = 54 + y * row + x * 3; bmp[d] = rgba[s + 2]!; bmp[d + 1] = rgba[s + 1]!; bmp[d + 2] = rgba[s]!; }
u = process.cpuUsage(cpu); console.log('bmp encode cpu', (u.user + u.system) / 1000);
for (const [name, bytes] of [['png', png], ['bmp', bmp]] as const) {
  const r = await recognizeTesseract({ png: new Uint8Array(bytes), width: w, height: h }, 'tesseract.js', 120000);
  console.log(name, r.words.length, r.words.slice(0, 8).map((x) => x.text).join(' '));
}
await closeTesseract();
