import { z } from 'zod';
import type { Locale } from './locale';

/** Where an uploaded file is on its way to a reviewed invoice; the browser translates each. */
export const DOCUMENT_STATUSES = [
  'queued',
  'processing',
  'needs_review',
  'ready',
  'failed',
  'duplicate',
] as const;
export type DocumentStatus = (typeof DOCUMENT_STATUSES)[number];
/** Still being worked on: counted in the upload panel's pending number. */
export const PENDING_STATUSES: readonly DocumentStatus[] = ['queued', 'processing'];

/** Why a file did not become an invoice. None of them costs a credit. */
export const DOCUMENT_ERROR_MESSAGES = {
  EMPTY_FILE: { en: 'The file is empty.', es: 'El archivo está vacío.' },
  UNSUPPORTED_TYPE: {
    en: 'This is not a PDF, JPG, PNG or e-invoice XML file.',
    es: 'No es un archivo PDF, JPG, PNG ni XML de factura electrónica.',
  },
  FILE_TOO_LARGE: { en: 'The file is too large.', es: 'El archivo es demasiado grande.' },
  PDF_ENCRYPTED: {
    en: 'The PDF is password-protected.',
    es: 'El PDF está protegido con contraseña.',
  },
  PDF_MALFORMED: {
    en: 'The PDF is damaged and cannot be read.',
    es: 'El PDF está dañado y no se puede leer.',
  },
  DOCUMENT_TOO_COMPLEX: {
    en: 'The file needs more memory or time to read than a document may take (a huge image or page). It was not charged.',
    es: 'El archivo necesita más memoria o tiempo de lectura de los que puede llevar un documento (una imagen o página enorme). No se ha cobrado.',
  },
  TOO_MANY_PAGES: { en: 'The PDF has too many pages.', es: 'El PDF tiene demasiadas páginas.' },
  TOO_MANY_PIXELS: {
    en: 'The image is too large to read.',
    es: 'La imagen es demasiado grande para leerla.',
  },
  IMAGE_MALFORMED: {
    en: 'The image is damaged and cannot be read.',
    es: 'La imagen está dañada y no se puede leer.',
  },
  XML_INVALID: { en: 'The XML file is not valid.', es: 'El archivo XML no es válido.' },
  XML_UNSUPPORTED: {
    en: 'This XML is not a supported e-invoice format (Factur-X/ZUGFeRD, UBL, Facturae).',
    es: 'Este XML no es un formato de factura electrónica admitido (Factur-X/ZUGFeRD, UBL, Facturae).',
  },
  INSUFFICIENT_CREDITS: {
    en: 'No credit was left for this invoice of the batch file.',
    es: 'No quedaba crédito para esta factura del archivo de lote.',
  },
  WAITING_FOR_CREDITS: {
    en: 'Not uploaded: your credits ran out before this file. Buy credits and upload it again.',
    es: 'No se ha subido: los créditos se acabaron antes de este archivo. Compra créditos y vuelve a subirlo.',
  },
  STORAGE_FULL: {
    en: 'The server’s disk was full while this file was being read. It was not charged: upload it again later.',
    es: 'El disco del servidor estaba lleno mientras se leía este archivo. No se ha cobrado: vuelve a subirlo más tarde.',
  },
  EXTRACTION_FAILED: {
    en: 'The file could not be processed. Please try again.',
    es: 'No se ha podido procesar el archivo. Inténtalo de nuevo.',
  },
} as const satisfies Record<string, Record<Locale, string>>;
export type DocumentErrorCode = keyof typeof DOCUMENT_ERROR_MESSAGES;

export const UploadedDocumentSchema = z
  .object({
    id: z.string(),
    filename: z.string(),
    status: z.enum(DOCUMENT_STATUSES),
    errorCode: z.string().nullable(),
    invoiceId: z.string().nullable(),
    duplicateOfInvoiceId: z.string().nullable(),
  })
  .meta({ id: 'UploadedDocument' });
export type UploadedDocument = z.infer<typeof UploadedDocumentSchema>;

export const UploadBatchSchema = z
  .object({
    batchId: z.string(),
    /** Documents still queued or processing; the browser polls until it is 0. */
    pendingCount: z.number().int(),
    documents: z.array(UploadedDocumentSchema),
  })
  .meta({ id: 'UploadBatch' });
export type UploadBatch = z.infer<typeof UploadBatchSchema>;

/** One invoice cut out of a PDF that held several (#21), with its pages (1-based, inclusive). */
export const SplitPartSchema = z
  .object({
    documentId: z.string(),
    invoiceId: z.string().nullable(),
    pageFrom: z.number().int(),
    pageTo: z.number().int(),
    status: z.enum(DOCUMENT_STATUSES),
  })
  .meta({ id: 'SplitPart' });
export type SplitPart = z.infer<typeof SplitPartSchema>;

/** A PDF that held several invoices, and the invoices cut from it, in page order. */
export const DocumentSplitSchema = z
  .object({
    splitId: z.string(),
    filename: z.string(),
    pageCount: z.number().int(),
    parts: z.array(SplitPartSchema),
  })
  .meta({ id: 'DocumentSplit' });
export type DocumentSplit = z.infer<typeof DocumentSplitSchema>;

/** `PUT /api/v1/documents/:id/split`: the same number of parts, each part's new pages. */
export const MoveSplitRequestSchema = z
  .object({
    parts: z
      .array(z.object({ pageFrom: z.number().int().min(1), pageTo: z.number().int().min(1) }))
      .min(1)
      .max(200),
  })
  .meta({ id: 'MoveSplitRequest' });
