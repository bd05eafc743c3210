/** The history feature's public entry: what other features use of it, and nothing else. */
export { buildHistoryCsv, findClientHistoryRows } from './export';
export { findHistory, findInvoiceChangesAfter, findLastRecord, recordChanges } from './repo';
export type { FieldChange } from './service';
export { diffFields, viaOfRequest } from './service';
