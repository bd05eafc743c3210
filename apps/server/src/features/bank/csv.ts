import { foldText, parseAmount } from '@cuadra/shared';
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
 * A bank's CSV export: a few lines of preamble (account, holder), a header row, then one movement a row,
 * newest or oldest first. Columns are found by their header's words in Spanish or English; the IBAN in the
 * preamble, else the one the accountant gives. With a balance column each row's balance must follow from
 * the previous one; without one, nothing can be checked and the statement's balances are the movements' sum.
 * Rows are split by `csv-parse` (quoted fields, separators inside quotes, line numbers).
 */
const SEPARATORS = [';', ',', '\t'] as const;
/** The header row is looked for among the first lines: banks put the account and the holder above it. */
const HEADER_SEARCH_LINES = 20;

const COLUMNS = {
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
} as const;
type Column = keyof typeof COLUMNS;

const headerWords = (cell: string) =>
  foldText(cell)
    .replace(/[^a-z ]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();

function columnsOf(row: string[]): Partial<Record<Column, number>> | null {
  const found: Partial<Record<Column, number>> = {};
  row.forEach((cell, index) => {
    const words = headerWords(cell);
    for (const [column, names] of Object.entries(COLUMNS) as [Column, readonly string[]][]) {
      if (found[column] === undefined && names.includes(words)) found[column] = index;
    }
  });
  const hasAmount = found.amount !== undefined || (found.debit !== undefined && found.credit !== undefined);
  return found.date !== undefined && found.concept !== undefined && hasAmount ? found : null;
}

/** dd/mm/yyyy, dd-mm-yy, dd.mm.yyyy (Spanish banks) or yyyy-mm-dd; null when none. */
function dateOf(text: string): string | null {
  const value = text.trim();
  const iso = /^(\d{4})-(\d{2})-(\d{2})/.exec(value);
  const dmy = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{2}|\d{4})$/.exec(value);
  const day = iso
    ? `${iso[1]}-${iso[2]}-${iso[3]}`
    : dmy
      ? `${(dmy[3] as string).length === 2 ? `20${dmy[3]}` : dmy[3]}-${(dmy[2] as string).padStart(2, '0')}-${(dmy[1] as string).padStart(2, '0')}`
      : null;
  return day && isValidDate(day) ? day : null;
}

export function looksLikeCsv(text: string): boolean {
  const head = text.split(/\r?\n/).slice(0, HEADER_SEARCH_LINES);
  return head.some((line) => SEPARATORS.some((s) => line.split(s).length >= 3));
}

export function parseCsv(text: string, givenIban: string | null): ParsedAccount[] {
  const lines = text.split(/\r?\n/);
  // The separator: the one that splits the header row into columns we know.
  let header: { line: number; separator: string; columns: Partial<Record<Column, number>> } | null = null;
  for (const [i, line] of lines.slice(0, HEADER_SEARCH_LINES).entries()) {
    for (const separator of SEPARATORS) {
      const columns = columnsOf(line.split(separator).map((c) => c.replace(/^"|"$/g, '')));
      if (columns) {
        header = { line: i + 1, separator, columns };
        break;
      }
    }
    if (header) break;
  }
  if (!header) throw unreadable(1, 'unknown_format');
  const { columns, separator } = header;
  const preamble = lines.slice(0, header.line - 1).join(' ');
  const ibanInFile = [
    ...preamble.matchAll(/\b[A-Z]{2}\d{2}(?:[ -]?[A-Z0-9]{4}){3,7}(?:[ -]?[A-Z0-9]{1,3})?\b/g),
  ]
    .map((m) => normalizeIban(m[0]))
    .find(Boolean);
  const iban = ibanInFile ?? givenIban;
  if (!iban) throw unreadable(1, 'no_account');
  // Decimal comma when the separator is a semicolon or a tab (Spanish exports); point with commas.
  const locale = separator === ',' ? 'en' : 'es';

  let records: { record: string[]; info: { lines: number } }[];
  try {
    records = parse(lines.slice(header.line).join('\n'), {
      delimiter: separator,
      relax_column_count: true,
      skip_empty_lines: true,
      relax_quotes: true,
      info: true,
    }) as unknown as typeof records;
  } catch (error) {
    const line = (error as { lines?: number }).lines;
    throw unreadable(header.line + (typeof line === 'number' ? line : 1), 'field', 'csv');
  }

  type Row = ParsedMovement & { balance: number | null };
  const rows: Row[] = [];
  for (const { record, info } of records) {
    const line = header.line + info.lines;
    const cell = (column: Column) => {
      const index = columns[column];
      return index === undefined ? '' : (record[index] ?? '').trim();
    };
    if (record.every((c) => c.trim() === '')) continue;
    const bookingDate = dateOf(cell('date'));
    if (!bookingDate) throw unreadable(line, 'field', 'date');
    const money = (column: Column) => {
      const text = cell(column);
      const cents = text === '' ? null : parseAmount(text, locale);
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
      concept: tidy(cell('concept')) || '—',
      counterpartyName: null,
      counterpartyIban: null,
      reference: cell('reference') || null,
      sourceLine: line,
      sourceText: lines[line - 1] ?? '',
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
  return [
    {
      iban,
      currency: 'EUR',
      periodFrom: days[0] as string,
      periodTo: days.at(-1) as string,
      openingCents,
      closingCents: hasBalance ? (last.balance as number) : running,
      movements: rows.map(({ balance: _balance, ...movement }) => movement),
    },
  ];
}
