import { AppError } from '../../errors';
import {
  checkBalance,
  isValidDate,
  type ParsedAccount,
  type ParsedMovement,
  spanishIban,
  tidy,
  unreadable,
} from './statement';

/**
 * AEB Norma 43 (cuaderno 43, "Información normalizada de cuenta corriente"): fixed records of 80 characters.
 * 11 opens an account (bank, branch, account, period, opening balance), 22 is a movement, 23 adds up to five
 * concept lines to it, 24 states its original currency, 33 closes the account (counts, sums, closing balance),
 * 88 ends the file (count of records). Several 11…33 blocks may follow each other in one file.
 */
const RECORD_LENGTH = 80;

/** ISO 4217 numeric → letters, for the currencies Spanish accounts are held in; others keep their number. */
const CURRENCIES: Record<string, string> = { '978': 'EUR', '840': 'USD', '826': 'GBP', '756': 'CHF' };

type Raw = { line: number; text: string };
type DateField = { raw: string; line: number; field: string };

/** 1-based inclusive positions, as the AEB document numbers them. */
const cut = (text: string, from: number, to: number) => text.slice(from - 1, to);

function amount(record: Raw, from: number, to: number, field: string): number {
  const digits = cut(record.text, from, to);
  if (!/^\d+$/.test(digits)) throw unreadable(record.line, 'field', field);
  return Number(digits); // 12 integer digits + 2 decimals: already cents
}

/** Key 1 is a debit (deudor/cargo), 2 a credit (acreedor/abono). */
function sign(record: Raw, position: number, field: string): 1 | -1 {
  const key = cut(record.text, position, position);
  if (key === '1') return -1;
  if (key === '2') return 1;
  throw unreadable(record.line, 'field', field);
}

/** A statement covers at most about a year; a day-first date misread year-first spans decades. */
const MAX_PERIOD_DAYS = 400;

/**
 * The AEB layout writes dates YYMMDD; some banks write DDMMYY. The file's layout is the one under which every
 * date is a real day, each account's period spans at most MAX_PERIOD_DAYS and its movements fall inside it;
 * YYMMDD when both fit.
 */
function dateReader(fields: DateField[], periods: { from: DateField; to: DateField; dates: DateField[] }[]) {
  const yymmdd = (raw: string) => `20${raw.slice(0, 2)}-${raw.slice(2, 4)}-${raw.slice(4, 6)}`;
  const ddmmyy = (raw: string) => `20${raw.slice(4, 6)}-${raw.slice(2, 4)}-${raw.slice(0, 2)}`;
  const fits = (read: (raw: string) => string) =>
    fields.every((f) => /^\d{6}$/.test(f.raw) && isValidDate(read(f.raw))) &&
    periods.every((p) => {
      const from = read(p.from.raw);
      const to = read(p.to.raw);
      const span = (Date.parse(to) - Date.parse(from)) / 86_400_000;
      return (
        from <= to &&
        span <= MAX_PERIOD_DAYS &&
        p.dates.every((d) => read(d.raw) >= from && read(d.raw) <= to)
      );
    });
  if (fits(yymmdd)) return yymmdd;
  if (fits(ddmmyy)) return ddmmyy;
  // Name the first date that is no day under the standard layout, else the first one outside its period.
  const bad = fields.find((f) => !/^\d{6}$/.test(f.raw) || !isValidDate(yymmdd(f.raw)));
  if (bad) throw unreadable(bad.line, 'field', bad.field);
  const outside = periods
    .flatMap((p) => p.dates.map((d) => ({ d, from: yymmdd(p.from.raw), to: yymmdd(p.to.raw) })))
    .find(({ d, from, to }) => yymmdd(d.raw) < from || yymmdd(d.raw) > to);
  throw unreadable(outside?.d.line ?? periods[0]?.from.line ?? 1, 'field', 'operation_date');
}

type Block = {
  header: Raw;
  movements: { main: Raw; extra: Raw[] }[];
  footer: Raw | null;
};

function recordsOf(text: string): Raw[] {
  const lines = text.split(/\r?\n/);
  while (lines.length > 0 && lines[lines.length - 1] === '') lines.pop();
  if (lines.length === 0) throw unreadable(1, 'empty');
  return lines.map((line, i) => {
    if (line.length !== RECORD_LENGTH) throw unreadable(i + 1, 'record_length');
    return { line: i + 1, text: line };
  });
}

export function looksLikeNorma43(text: string): boolean {
  return /^11\d{18}/.test(text);
}

export function parseNorma43(text: string): ParsedAccount[] {
  const records = recordsOf(text);
  const blocks: Block[] = [];
  let current: Block | null = null;
  let end: Raw | null = null;
  for (const record of records) {
    const code = record.text.slice(0, 2);
    if (end) throw unreadable(record.line, 'record_order');
    if (code === '11') {
      if (current && !current.footer) throw unreadable(record.line, 'record_order');
      current = { header: record, movements: [], footer: null };
      blocks.push(current);
    } else if (code === '22') {
      if (!current || current.footer) throw unreadable(record.line, 'record_order');
      current.movements.push({ main: record, extra: [] });
    } else if (code === '23' || code === '24') {
      const last = current?.movements.at(-1);
      if (!current || current.footer || !last) throw unreadable(record.line, 'record_order');
      last.extra.push(record);
    } else if (code === '33') {
      if (!current || current.footer) throw unreadable(record.line, 'record_order');
      current.footer = record;
    } else if (code === '88') {
      if (!current?.footer) throw unreadable(record.line, 'record_order');
      end = record;
    } else {
      throw unreadable(record.line, 'record_unknown');
    }
  }
  const next = records.length + 1;
  if (blocks.length === 0) throw unreadable(1, 'no_account');
  if (!blocks.every((b) => b.footer) || !end) throw unreadable(next, 'truncated');
  if (amount(end, 21, 26, 'record_count') !== records.length - 1) {
    throw unreadable(end.line, 'field', 'record_count');
  }

  const dateFields: DateField[] = [];
  const periods = blocks.map((b) => {
    const from = { raw: cut(b.header.text, 21, 26), line: b.header.line, field: 'start_date' };
    const to = { raw: cut(b.header.text, 27, 32), line: b.header.line, field: 'end_date' };
    const dates = b.movements.map((m) => ({
      raw: cut(m.main.text, 11, 16),
      line: m.main.line,
      field: 'operation_date',
    }));
    const values = b.movements.map((m) => ({
      raw: cut(m.main.text, 17, 22),
      line: m.main.line,
      field: 'value_date',
    }));
    dateFields.push(from, to, ...dates, ...values);
    return { from, to, dates };
  });
  const readDate = dateReader(dateFields, periods);

  return blocks.map((block) => accountOf(block, readDate));
}

function accountOf(block: Block, readDate: (raw: string) => string): ParsedAccount {
  const { header } = block;
  const footer = block.footer as Raw;
  const bank = cut(header.text, 3, 6);
  const branch = cut(header.text, 7, 10);
  const number = cut(header.text, 11, 20);
  if (!/^\d{4}$/.test(bank) || !/^\d{4}$/.test(branch) || !/^\d{10}$/.test(number)) {
    throw unreadable(header.line, 'field', 'account');
  }
  if (cut(footer.text, 3, 20) !== `${bank}${branch}${number}`)
    throw unreadable(footer.line, 'field', 'account');
  const currencyCode = cut(header.text, 48, 50);
  const movements: ParsedMovement[] = block.movements.map(({ main, extra }) => {
    const concepts = extra.filter((r) => r.text.startsWith('23'));
    const conceptText = concepts.map((r) => `${cut(r.text, 5, 42)} ${cut(r.text, 43, 80)}`).join(' ');
    const ref1 = cut(main.text, 53, 64).trim();
    const ref2 = cut(main.text, 65, 80).trim();
    const reference = [ref1, ref2].filter((r) => r !== '' && !/^0+$/.test(r)).join(' ');
    return {
      bookingDate: readDate(cut(main.text, 11, 16)),
      valueDate: readDate(cut(main.text, 17, 22)),
      amountCents: sign(main, 28, 'debit_credit_key') * amount(main, 29, 42, 'amount'),
      concept: tidy(`${conceptText} ${reference}`) || `${cut(main.text, 23, 24)}/${cut(main.text, 25, 27)}`,
      counterpartyName: null,
      counterpartyIban: null,
      reference: reference || null,
      sourceLine: main.line,
      sourceText: [main, ...extra].map((r) => r.text).join('\n'),
    };
  });
  const account: ParsedAccount = {
    iban: spanishIban(bank, branch, number),
    currency: CURRENCIES[currencyCode] ?? currencyCode,
    periodFrom: readDate(cut(header.text, 21, 26)),
    periodTo: readDate(cut(header.text, 27, 32)),
    openingCents: sign(header, 33, 'opening_key') * amount(header, 34, 47, 'opening_balance'),
    closingCents: sign(footer, 59, 'closing_key') * amount(footer, 60, 73, 'closing_balance'),
    movements,
  };
  // The file's own totals: counts and sums of debits and credits, then the balances.
  const debits = movements.filter((m) => m.amountCents < 0);
  const credits = movements.filter((m) => m.amountCents > 0);
  const sum = (list: ParsedMovement[]) => list.reduce((s, m) => s + Math.abs(m.amountCents), 0);
  const stated = {
    debitCount: amount(footer, 21, 25, 'debit_count'),
    debitCents: amount(footer, 26, 39, 'debit_total'),
    creditCount: amount(footer, 40, 44, 'credit_count'),
    creditCents: amount(footer, 45, 58, 'credit_total'),
  };
  if (
    stated.debitCount !== debits.length ||
    stated.creditCount !== credits.length ||
    stated.debitCents !== sum(debits) ||
    stated.creditCents !== sum(credits)
  ) {
    throw new AppError('STATEMENT_BALANCE_MISMATCH', {
      line: footer.line,
      iban: account.iban,
      stated,
      read: {
        debitCount: debits.length,
        debitCents: sum(debits),
        creditCount: credits.length,
        creditCents: sum(credits),
      },
    });
  }
  checkBalance(account, footer.line);
  return account;
}
