/** What other features use of invoices; everything else in the folder is its own. */
export { ExtractionNotices } from './extraction-notices';
export { FiguresConfirm } from './figures-confirm';
export type { FormErrors, InvoiceForm, TextField } from './invoice-form-model';
export {
  AMOUNT_FIELDS,
  EVIDENCE_KEYS,
  fieldsFromForm,
  formFromInvoice,
  isLowConfidence,
  isOnlyFigures,
  TAX_ID_FIELDS,
  taxIdWarning,
  withFieldChange,
} from './invoice-form-model';
export { InvoiceTable } from './invoice-table';
export {
  DEFAULT_INVOICE_SORT,
  fetchInvoiceFile,
  getUploadBatch,
  uploadInvoiceFiles,
  useDecideDuplicate,
  useForgetLearnedPlace,
  useInvoice,
  useInvoiceList,
} from './invoices-api';
export { LearnedNote } from './learned-note';
export type { FieldBox } from './page-viewer';
export { FIT_ZOOM_INDEX, PageViewer, ZOOM_STEPS } from './page-viewer';
export { SplitBar } from './split-bar';
