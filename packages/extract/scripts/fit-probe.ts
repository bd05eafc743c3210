/**
 * A fixed probe for the ranker's features: a few synthetic documents, built here (no files), whose
 * features' hash is recorded with the fitted weights. When feature extraction changes, the hash changes
 * and `test/ranker.test.ts` fails until the model is refitted: the committed weights cannot silently go
 * stale against the code that computes their inputs.
 */
import type { PageText, Word } from '../src/text/layout.ts';
import { wordsToLines } from '../src/text/layout.ts';
import type { Source } from '../src/types.ts';

/** A document the ranker is fitted on: its pages as read, and its truth. */
export type TrainingDoc = {
  id: string;
  /** Hash of what the document was read from (file bytes, or the line-truth CSV). */
  sha256: string;
  source: Source;
  pages: PageText[];
  truth: Record<string, unknown>;
};

/** Rows of text as a page, one word per token, monospaced, rows 0.02 apart. */
function rowsPage(rows: string[], source: 'ocr' | 'text'): PageText {
  const words: Word[] = [];
  rows.forEach((row, r) => {
    for (const m of row.matchAll(/\S+/g))
      words.push({
        text: m[0],
        page: 1,
        x: 0.05 + (m.index ?? 0) * 0.012,
        y: 0.05 + r * 0.03,
        w: m[0].length * 0.012,
        h: 0.015,
        conf: 0.9,
      });
  });
  return { page: 1, width: 1000, height: 1400, lines: wordsToLines(words, 1, 1000 / 1400), source };
}

export function probeDocs(): TrainingDoc[] {
  const receipt = [
    'KEDAI CONTOH SDN BHD',
    'NO 1, JALAN SATU, 81100 JOHOR BAHRU, JOHOR',
    'Date: 05/03/2019',
    'ITEM A        1     20.02',
    'Total Excl GST      20.02',
    'GST 6%               1.20',
    'Total Incl GST      21.22',
    'Rounding Adj        -0.02',
    'TOTAL ROUNDED   RM  21.20',
    'CASH            RM  50.00',
    'CHANGE          RM  28.80',
    'GST SUMMARY   Amount   Tax',
    'SR 6%   20.02   1.20',
  ];
  const invoice = [
    'Ejemplo Servicios SL',
    'NIF B12345674',
    'Factura nº A-2025-17        Fecha: 02/01/2025',
    'Cliente: Otra Empresa SA',
    'Descripción          Cantidad   Precio   Importe',
    'Servicio mensual        2      50,00    100,00',
    'Base imponible                          100,00',
    'IVA 21%                                  21,00',
    'Retención IRPF 15%                      -15,00',
    'Total factura                           106,00 €',
  ];
  return [
    {
      id: 'probe-receipt',
      sha256: 'probe',
      source: 'ocr',
      pages: [rowsPage(receipt, 'ocr')],
      truth: { total: '21.20', issuer_name: 'KEDAI CONTOH SDN BHD' },
    },
    {
      id: 'probe-invoice',
      sha256: 'probe',
      source: 'text',
      pages: [rowsPage(invoice, 'text')],
      truth: { total: '106.00', tax_base: '100.00', vat_total: '21.00', issuer_name: 'Ejemplo Servicios SL' },
    },
  ];
}
