/**
 * @cuadra/extract — invoice extraction: bytes in, a validated, typed result out.
 * No database, no HTTP (except the optional, configured LLM endpoint), no global state beyond the
 * reusable OCR workers, which `closeOcr()` shuts down.
 */

export { ExtractError, type ExtractErrorCode, isExtractError } from './errors.ts';
export { DEFAULT_OPTIONS, extractDocument } from './extract.ts';
export { isValidIban } from './ids/iban.ts';
export { checkTaxId, cifControl, isValidSpanishId, nifLetter } from './ids/tax-id.ts';
export { closeOcr, ocrStatus } from './ocr/index.ts';
export { assertPdfWithinLimits, PDF_LIMITS } from './pdf.ts';
export { STEPS } from './pipeline.ts';
export { parseInvoiceQr } from './qr.ts';
export { imageDimensions, type MediaType, sniffMediaType } from './sniff.ts';
export { type SpecExtraction, toSpecFormat } from './spec-format.ts';
export {
  countPdfPages,
  cutPdf,
  type PageClues,
  planInvoiceSplit,
  readPageClues,
  SEPARATOR_TEXT,
  separatorSheetPdf,
  splitInvoicePdf,
} from './split.ts';
export type {
  Box,
  Direction,
  DocumentKind,
  ExtractionResult,
  ExtractOptions,
  ExtractWarning,
  FieldName,
  FieldValues,
  KnownParty,
  LineItem,
  LlmOptions,
  PlaceField,
  PlaceHint,
  QrInfo,
  Source,
  VatBreakdownEntry,
} from './types.ts';
export { ExtractionResultSchema, PLACE_FIELDS, PlaceHintSchema } from './types.ts';
export { type EInvoiceFormat, parseEInvoiceXml } from './xml/index.ts';
