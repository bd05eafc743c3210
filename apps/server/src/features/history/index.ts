/** The history feature's public entry: what other features use of it, and nothing else. */
export { buildHistoryCsv, findClientHistoryRows } from './export';
export type { FieldChange } from './service';
export {
  diffFields,
  findHistory,
  findInvoiceChangesAfter,
  findLastRecord,
  recordChanges,
  viaOfRequest,
} from './service';
