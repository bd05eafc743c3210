/** Line items: read from a table (or a ticket's rows), then given the VAT rates the rows leave out. */

export { fillLineRates } from './rates.ts';
export { findLineItems } from './table.ts';
