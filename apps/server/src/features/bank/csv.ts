import { createHash } from 'node:crypto';
import {
  CSV_COLUMNS,
  type CsvColumn,
  type CsvColumns,
  type CsvMapping,
  foldText,
  type MappingProposal,
  parseAmount,
} from '@cuadra/shared';
import { parse } from 'csv-parse/sync';
import { AppError } from '../../errors';
import {
  isValidDate,
  normalizeIban,
  type ParsedAccount,
  type ParsedMovement,
  tidy,
  unreadable,
} from './statement';

/**
 * A bank's CSV or XLSX export: a few lines of preamble (account, holder), a header row, then one movement a
 * row, newest or oldest first. Columns are found by their header's words in Spanish or English; a header
 * this reader does not know is answered with a proposed mapping (STATEMENT_MAPPING_REQUIRED) that the
 * accountant confirms once, and that is remembered for the client by the header's signature. The IBAN in
 * the preamble, else the one the accountant gives. With a balance column each row's balance must follow
 * from the previous one; without one, nothing can be checked and the statement's balances are the
 * movements' sum. CSV rows are split by `csv-parse` (quoted fields, separators inside quotes, line numbers);
 * XLSX rows come from exceljs (features/bank/xlsx.ts).
 */
const SEPARATORS = [';', ',', '\t'] as const;
/** The header row is looked for among the first lines: banks put the account and the holder above it. */
const HEADER_SEARCH_LINES = 20;
/** Rows shown with a proposed mapping, for the accountant to judge it by. */
const SAMPLE_ROWS = 3;

const COLUMNS: Record<CsvColumn, readonly string[]> = {
  date: [
    'fecha',
    'fecha operacion',
    'f operacion',
    'fecha contable',
    'date',
    'booking date',
    'transaction date',
  ],
  valueDate: ['fecha valor', 'f valor', 'value date'],
  concept: ['concepto', 'descripcion', 'detalle', 'movimiento', 'concept', 'description', 'details'],
  amount: ['importe', 'cantidad', 'amount'],
  debit: ['cargo', 'cargos', 'debe', 'debit'],
  credit: ['abono', 'abonos', 'haber', 'credit'],
  balance: ['saldo', 'balance'],
  reference: ['referencia', 'reference', 'ref'],
};

/** Words that make a header a likely column when it is not one of the names above (for a proposal only). */
const HINTS: Record<CsvColumn, readonly string[]> = {
  date: ['fecha', 'date', 'dia', 'datum'],
  valueDate: ['valor', 'value', 'valuta'],
  concept: ['concept', 'descrip', 'detall', 'texto', 'text', 'memo', 'payee', 'narrat', 'observ'],
  amount: ['import', 'amount', 'cantidad', 'monto', 'betrag', 'valor'],
  debit: ['cargo', 'debe', 'debit', 'salida', 'withdraw'],
  credit: ['abono', 'haber', 'credit', 'entrada', 'deposit', 'ingreso'],
  balance: ['saldo', 'balance', 'disponible'],
  reference: ['refer', 'ref'],
};

/** One cell as a file gives it: text from a CSV; numbers and dates too from a spreadsheet. */
export type Cell = string | number | Date | null;
/** The file as rows of cells, each with its 1-based line (the row number in a spreadsheet). */
export type Table = {
  rows: { cells: Cell[]; line: number; text: string }[];
  /** How text amounts are written: decimal comma ('es') or point ('en'). */
  locale: 'es' | 'en';
};

const cellText = (cell: Cell | undefined): string =>
  cell === null || cell === undefined
    ? ''
    : cell instanceof Date
      ? cell.toISOString().slice(0, 10)
      : String(cell).trim();

const headerWords = (cell: Cell) =>
  foldText(cellText(cell))
    .replace(/[^a-z ]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();

/** What identifies a bank's layout: its header cells, folded, in order. */
export const headerSignature = (cells: Cell[]) =>
  createHash('sha256').update(cells.map(headerWords).join('|').replace(/\|+$/, '')).digest('hex');

const hasNeeded = (c: Partial<Record<CsvColumn, number>>) =>
  c.date !== undefined &&
  c.concept !== undefined &&
  (c.amount !== undefined || (c.debit !== undefined && c.credit !== undefined));

function columnsOf(cells: Cell[]): CsvColumns | null {
  const found: Partial<Record<CsvColumn, number>> = {};
  cells.forEach((cell, index) => {
    const words = headerWords(cell);
    for (const column of CSV_COLUMNS) {
      if (found[column] === undefined && COLUMNS[column].includes(words)) found[column] = index;
    }
  });
  return hasNeeded(found) ? (found as CsvColumns) : null;
}

/** dd/mm/yyyy, dd-mm-yy, dd.mm.yyyy (Spanish banks), yyyy-mm-dd, or a spreadsheet date; null when none. */
function dateOf(cell: Cell | undefined): string | null {
  if (cell instanceof Date) return Number.isNaN(cell.getTime()) ? null : cell.toISOString().slice(0, 10);
  const value = cellText(cell);
  const iso = /^(\d{4})-(\d{2})-(\d{2})/.exec(value);
  const dmy = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{2}|\d{4})$/.exec(value);
  const day = iso
    ? `${iso[1]}-${iso[2]}-${iso[3]}`
    : dmy
      ? `${(dmy[3] as string).length === 2 ? `20${dmy[3]}` : dmy[3]}-${(dmy[2] as string).padStart(2, '0')}-${(dmy[1] as string).padStart(2, '0')}`
      : null;
  return day && isValidDate(day) ? day : null;
}

/** Cents of a cell: a spreadsheet number as it is, text in the file's way of writing amounts. */
function centsOf(cell: Cell | undefined, locale: 'es' | 'en'): number | null {
  if (typeof cell === 'number') return Number.isFinite(cell) ? Math.round(cell * 100) : Number.NaN;
  const text = cellText(cell);
  return text === '' ? null : parseAmount(text, locale);
}

export function looksLikeCsv(text: string): boolean {
  const head = text.split(/\r?\n/).slice(0, HEADER_SEARCH_LINES);
  return head.some((line) => SEPARATORS.some((s) => line.split(s).length >= 3));
}

/**
 * Text → rows. The separator is the one that splits a known header row into columns, else the one that
 * splits most of the first lines into three or more.
 */
export function csvTable(text: string): Table {
  const lines = text.split(/\r?\n/).slice(0, HEADER_SEARCH_LINES);
  const unquote = (line: string, s: string) => line.split(s).map((c) => c.replace(/^"|"$/g, ''));
  const known = SEPARATORS.find((s) => lines.some((line) => columnsOf(unquote(line, s))));
  const separator =
    known ??
    [...SEPARATORS].sort(
      (a, b) =>
        lines.filter((l) => l.split(b).length >= 3).length -
        lines.filter((l) => l.split(a).length >= 3).length,
    )[0];
  let records: { record: string[]; info: { lines: number } }[];
  try {
    records = parse(text, {
      delimiter: separator,
      relax_column_count: true,
      skip_empty_lines: true,
      relax_quotes: true,
      info: true,
    }) as unknown as typeof records;
  } catch (error) {
    const line = (error as { lines?: number }).lines;
    throw unreadable(typeof line === 'number' ? line : 1, 'field', 'csv');
  }
  const source = text.split(/\r?\n/);
  return {
    rows: records.map(({ record, info }) => ({
      cells: record,
      line: info.lines,
      text: source[info.lines - 1] ?? '',
    })),
    // Decimal comma when the separator is a semicolon or a tab (Spanish exports); point with commas.
    locale: separator === ',' ? 'en' : 'es',
  };
}

/**
 * The header row and its columns: known names; a mapping the accountant confirmed for this layout before
 * (`saved`, by header signature); the one sent with the file (`given`). Otherwise the import stops with a
 * proposal to confirm.
 */
function findHeader(table: Table, saved: Map<string, CsvColumns>, given: CsvMapping | null) {
  const head = table.rows.filter((r) => r.line <= HEADER_SEARCH_LINES);
  if (given) {
    const row = table.rows.find((r) => r.line === given.line);
    if (!row || Object.values(given.columns).some((i) => i !== undefined && i >= row.cells.length))
      throw new AppError('VALIDATION_FAILED', { field: 'mapping' });
    return { row, columns: given.columns, signature: headerSignature(row.cells) };
  }
  for (const row of head) {
    const columns = columnsOf(row.cells) ?? saved.get(headerSignature(row.cells)) ?? null;
    if (columns) return { row, columns, signature: headerSignature(row.cells) };
  }
  throw new AppError('STATEMENT_MAPPING_REQUIRED', proposalFor(table));
}

/**
 * A guess for a header nobody named yet: the row above the first one that starts a run of dated rows; each
 * column by a word of its header, else by what its cells hold (dates, amounts, the longest text).
 */
function proposalFor(table: Table): MappingProposal {
  const dated = (r: Table['rows'][number]) => r.cells.some((c) => dateOf(c) !== null);
  const first = table.rows.findIndex((r, i) => i > 0 && dated(r) && r.cells.length >= 3);
  const header = first > 0 ? table.rows[first - 1] : undefined;
  if (!header || header.line > HEADER_SEARCH_LINES + 1) throw unreadable(1, 'unknown_format');
  const body = table.rows.slice(first, first + 20);
  const proposal: Partial<Record<CsvColumn, number>> = {};
  const taken = new Set<number>();
  const claim = (column: CsvColumn, index: number | undefined) => {
    if (index === undefined || index < 0 || taken.has(index) || proposal[column] !== undefined) return;
    proposal[column] = index;
    taken.add(index);
  };
  for (const column of CSV_COLUMNS) {
    claim(
      column,
      header.cells.findIndex(
        (cell, i) => !taken.has(i) && HINTS[column].some((hint) => headerWords(cell).includes(hint)),
      ),
    );
  }
  const share = (index: number, test: (cell: Cell | undefined) => boolean) =>
    body.filter((r) => test(r.cells[index])).length / Math.max(1, body.length);
  const indexes = header.cells.map((_, i) => i).filter((i) => !taken.has(i));
  claim(
    'date',
    indexes.find((i) => share(i, (c) => dateOf(c) !== null) > 0.8),
  );
  claim(
    'amount',
    indexes.find(
      (i) =>
        !taken.has(i) &&
        share(i, (c) => {
          const cents = centsOf(c, table.locale);
          return cents !== null && Number.isFinite(cents) && dateOf(c) === null;
        }) > 0.8,
    ),
  );
  const textLength = (i: number) => body.reduce((sum, r) => sum + cellText(r.cells[i]).length, 0);
  claim('concept', indexes.filter((i) => !taken.has(i)).sort((a, b) => textLength(b) - textLength(a))[0]);
  return {
    line: header.line,
    headers: header.cells.map(cellText),
    proposal,
    sample: body.slice(0, SAMPLE_ROWS).map((r) => r.cells.map(cellText)),
  };
}

export type TableResult = { accounts: ParsedAccount[]; signature: string; columns: CsvColumns };

/** Rows → the account's movements, checked against the balance column when there is one. */
export function parseTable(
  table: Table,
  givenIban: string | null,
  saved: Map<string, CsvColumns> = new Map(),
  given: CsvMapping | null = null,
): TableResult {
  const { row: header, columns, signature } = findHeader(table, saved, given);
  const preamble = table.rows
    .filter((r) => r.line < header.line)
    .flatMap((r) => r.cells.map(cellText))
    .join(' ');
  const ibanInFile = [
    ...preamble.matchAll(/\b[A-Z]{2}\d{2}(?:[ -]?[A-Z0-9]{4}){3,7}(?:[ -]?[A-Z0-9]{1,3})?\b/g),
  ]
    .map((m) => normalizeIban(m[0]))
    .find(Boolean);
  const iban = ibanInFile ?? givenIban;
  if (!iban) throw unreadable(1, 'no_account');

  type Row = ParsedMovement & { balance: number | null };
  const rows: Row[] = [];
  for (const { cells, line, text } of table.rows.filter((r) => r.line > header.line)) {
    const cell = (column: CsvColumn) => {
      const index = columns[column];
      return index === undefined ? null : (cells[index] ?? null);
    };
    if (cells.every((c) => cellText(c) === '')) continue;
    const bookingDate = dateOf(cell('date'));
    if (!bookingDate) throw unreadable(line, 'field', 'date');
    const money = (column: CsvColumn) => {
      const cents = centsOf(cell(column), table.locale);
      if (cents !== null && !Number.isFinite(cents)) throw unreadable(line, 'field', column);
      return cents;
    };
    const amountCents =
      columns.amount !== undefined ? money('amount') : (money('credit') ?? 0) - Math.abs(money('debit') ?? 0);
    if (amountCents === null) throw unreadable(line, 'field', 'amount');
    rows.push({
      bookingDate,
      valueDate: dateOf(cell('valueDate')),
      amountCents,
      concept: tidy(cellText(cell('concept'))) || '—',
      counterpartyName: null,
      counterpartyIban: null,
      reference: cellText(cell('reference')) || null,
      sourceLine: line,
      sourceText: text,
      balance: columns.balance !== undefined ? money('balance') : null,
    });
  }
  if (rows.length === 0) throw unreadable(header.line + 1, 'truncated');
  // Oldest first, whichever order the bank wrote.
  if ((rows[0] as Row).bookingDate > (rows.at(-1) as Row).bookingDate) rows.reverse();
  const first = rows[0] as Row;
  const last = rows.at(-1) as Row;
  const hasBalance = rows.every((r) => r.balance !== null);
  const openingCents = hasBalance ? (first.balance as number) - first.amountCents : 0;
  let running = openingCents;
  for (const row of rows) {
    running += row.amountCents;
    if (hasBalance && row.balance !== running) {
      // The row's balance does not follow from the one before: a row is missing or was changed.
      throw new AppError('STATEMENT_BALANCE_MISMATCH', {
        line: row.sourceLine,
        iban,
        openingCents,
        movementsCents: running - openingCents,
        closingCents: row.balance,
      });
    }
  }
  const days = rows.map((r) => r.bookingDate).sort();
  return {
    signature,
    columns,
    accounts: [
      {
        iban,
        currency: 'EUR',
        periodFrom: days[0] as string,
        periodTo: days.at(-1) as string,
        openingCents,
        closingCents: hasBalance ? (last.balance as number) : running,
        movements: rows.map(({ balance: _balance, ...movement }) => movement),
      },
    ],
  };
}
