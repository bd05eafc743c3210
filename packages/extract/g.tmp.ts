import { readFileSync } from 'node:fs';
import { closeOcr, extractDocument } from './src/index.ts';
const f = process.argv[2]!;
const r = await extractDocument({ bytes: new Uint8Array(readFileSync(f)), filename: f }, { today: '2030-01-01' });
console.log(JSON.stringify({ w: r.warnings, t: r.timingsMs, qr: r.qr?.kind, total: (r.fields as any).total }));
await closeOcr();
