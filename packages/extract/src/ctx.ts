import type { PDFDocumentProxy } from 'pdfjs-dist/legacy/build/pdf.mjs';
import type { FieldMap } from './evidence.ts';
import type { TextExtraction } from './fields/index.ts';
import type { OcrImage } from './ocr/index.ts';
import type { MediaType } from './sniff.ts';
import type { PageText } from './text/layout.ts';
import type {
  BatchInvoice,
  Direction,
  DocumentKind,
  ExtractOptions,
  ExtractWarning,
  KnownParty,
  LlmOptions,
  QrInfo,
} from './types.ts';
import type { EInvoiceFormat } from './xml/index.ts';

export type ResolvedOptions = Required<Omit<ExtractOptions, 'llm' | 'party'>> & {
  llm: LlmOptions | null;
  party: KnownParty | null;
};

/** Mutable state the steps share for one document. */
export type Ctx = {
  bytes: Uint8Array;
  mediaType: MediaType;
  options: ResolvedOptions;
  deadline: number;
  kind: DocumentKind;
  format: EInvoiceFormat | null;
  pageCount: number;
  pdf: PDFDocumentProxy | null;
  pages: PageText[];
  /** Rendered page images (PDF pages without text, or the uploaded image), for OCR and QR. */
  images: Map<number, OcrImage>;
  /** The quarter turn (degrees clockwise) a page's image was read at, when orientation turned it. */
  turns: Map<number, number>;
  textPagesMissing: number[];
  fields: FieldMap;
  text: TextExtraction | null;
  qr: QrInfo | null;
  language: 'es' | 'en' | 'other' | null;
  warnings: ExtractWarning[];
  /** Every invoice of a multi-invoice e-invoice file (a Facturae batch); undefined for one invoice. */
  invoices?: BatchInvoice[];
  /** Issued or received, when the known party was found (see `ExtractOptions.party`). */
  direction: Direction | null;
  timingsMs: Record<string, number>;
};

/** A context for one document with nothing read yet; what is already known is given in `init`. */
export function newCtx(
  init: Pick<Ctx, 'bytes' | 'mediaType' | 'options' | 'deadline' | 'kind'> & Partial<Ctx>,
): Ctx {
  return {
    format: null,
    pageCount: 0,
    pdf: null,
    pages: [],
    images: new Map(),
    turns: new Map(),
    textPagesMissing: [],
    fields: {},
    text: null,
    qr: null,
    language: null,
    warnings: [],
    direction: null,
    timingsMs: {},
    ...init,
  };
}
