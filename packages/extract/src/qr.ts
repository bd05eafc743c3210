import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { RenderedPixels } from './pdf.ts';
import type { QrInfo } from './types.ts';

const require = createRequire(import.meta.url);
type ZxingReader = typeof import('zxing-wasm/reader');
let zxing: Promise<ZxingReader> | null = null;

/** zxing-wasm with the wasm binary read from the package (it would otherwise fetch it from a CDN). */
function loadZxing(): Promise<ZxingReader> {
  zxing ??= (async () => {
    const mod = await import('zxing-wasm/reader');
    const wasmBinary = readFileSync(require.resolve('zxing-wasm/reader/zxing_reader.wasm'));
    await mod.prepareZXingModule({
      overrides: {
        wasmBinary: wasmBinary.buffer.slice(
          wasmBinary.byteOffset,
          wasmBinary.byteOffset + wasmBinary.byteLength,
        ),
      },
      fireImmediately: true,
    });
    return mod;
  })();
  return zxing;
}

/** Decodes QR codes from an encoded image (PNG/JPEG bytes) or from its pixels. Returns their texts. */
export async function readQrCodes(image: Uint8Array | RenderedPixels): Promise<string[]> {
  const mod = await loadZxing();
  const input =
    image instanceof Uint8Array
      ? image
      : ({ data: image.rgba, width: image.width, height: image.height, colorSpace: 'srgb' } as Parameters<
          ZxingReader['readBarcodes']
        >[0]);
  const results = await mod.readBarcodes(input, {
    formats: ['QRCode'],
    tryHarder: true,
    maxNumberOfSymbols: 4,
  });
  return results.filter((r) => r.isValid && r.text).map((r) => r.text);
}

/**
 * Interprets a VeriFactu (AEAT `ValidarQR`) or TicketBAI QR text. Values: `nif`, `number`, `date` (ISO),
 * `total` (2-decimal string), `series` (TicketBAI).
 */
export function parseInvoiceQr(text: string, page: number): QrInfo {
  let url: URL | null = null;
  try {
    url = new URL(text.trim());
  } catch {
    return { kind: 'other', text, page, values: {}, matchesPrinted: null };
  }
  const q = url.searchParams;
  const values: Record<string, string> = {};
  const host = url.hostname.toLowerCase();
  if (host.endsWith('agenciatributaria.gob.es') && /ValidarQR/i.test(url.pathname)) {
    const nif = q.get('nif');
    const num = q.get('numserie');
    const fecha = q.get('fecha');
    const importe = q.get('importe');
    if (nif) values.nif = nif.toUpperCase();
    if (num) values.number = num;
    const d = fecha && /^(\d{2})-(\d{2})-(\d{4})$/.exec(fecha);
    if (d) values.date = `${d[3]}-${d[2]}-${d[1]}`;
    if (importe && /^-?\d+(\.\d{1,2})?$/.test(importe)) values.total = Number(importe).toFixed(2);
    return { kind: 'verifactu', text, page, values, matchesPrinted: null };
  }
  if (/tbai|ticketbai|batuz/i.test(host + url.pathname)) {
    const id = q.get('id') ?? '';
    const m = /^TBAI-([A-Z0-9]{9})-(\d{2})(\d{2})(\d{2})-/i.exec(id);
    if (m) {
      values.nif = m[1]!.toUpperCase();
      values.date = `20${m[4]}-${m[3]}-${m[2]}`;
    }
    const series = q.get('s');
    const nf = q.get('nf');
    const importe = q.get('i');
    if (series) values.series = series;
    if (nf) values.number = series ? `${series}${nf}` : nf;
    if (nf) values.numberOnly = nf;
    if (importe && /^-?\d+(\.\d{1,2})?$/.test(importe)) values.total = Number(importe).toFixed(2);
    return { kind: 'ticketbai', text, page, values, matchesPrinted: null };
  }
  return { kind: 'other', text, page, values, matchesPrinted: null };
}
