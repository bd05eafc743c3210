import { toCents } from '@cuadra/shared';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import {
  checkBalance,
  isValidDate,
  normalizeIban,
  type ParsedAccount,
  type ParsedMovement,
  tidy,
  unreadable,
} from './statement';

/**
 * ISO 20022 camt.053 (bank-to-customer statement), versions 001.02 to 001.13: the element paths this reader
 * uses (Stmt/Acct/Id/IBAN, Bal, Ntry, NtryDtls/TxDtls/RltdPties, RmtInf) are the same across them, with
 * v08+'s `Pty` wrapper around a party read as well. Any other namespace is refused rather than guessed.
 *
 * camt.054 (debit/credit notification, same versions) carries the same entries under
 * BkToCstmrDbtCdtNtfctn/Ntfctn, without balances: nothing can be checked to add up, so its opening is 0 and
 * its closing the movements' sum (what the notification moved, not the account's balance).
 */
const CAMT_NAMESPACE = /^urn:iso:std:iso:20022:tech:xsd:camt\.(053|054)\.001\.(0[2-9]|1[0-3])$/;
/** The message and the report element of each kind. */
const KINDS = {
  '053': { format: 'camt053', message: 'BkToCstmrStmt', report: 'Stmt' },
  '054': { format: 'camt054', message: 'BkToCstmrDbtCdtNtfctn', report: 'Ntfctn' },
} as const;

// biome-ignore lint/suspicious/noExplicitAny: the parsed XML is walked defensively, field by field
type Node = any;

const ARRAYS = new Set(['Stmt', 'Ntfctn', 'Ntry', 'Bal', 'TxDtls', 'Ustrd', 'Strd', 'NtryDtls']);

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@',
  removeNSPrefix: true,
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: true,
  processEntities: true,
  isArray: (name) => ARRAYS.has(name),
});

export function looksLikeXml(text: string): boolean {
  return text.trimStart().startsWith('<');
}

const textOf = (node: Node): string | null => {
  if (node === undefined || node === null) return null;
  if (typeof node === 'string') return node;
  if (typeof node === 'object' && typeof node['#text'] === 'string') return node['#text'];
  return null;
};

/** 1-based line of each `<Ntry>` start tag, in document order (the parser keeps the same order). */
function entryLocations(xml: string) {
  const starts = [...xml.matchAll(/<(?:[\w.-]+:)?Ntry[\s>]/g)].map((m) => m.index);
  return starts.map((start) => {
    const close = /<\/(?:[\w.-]+:)?Ntry\s*>/g;
    close.lastIndex = start;
    const end = close.exec(xml);
    const line = xml.slice(0, start).split('\n').length;
    return { line, text: xml.slice(start, end ? end.index + end[0].length : start) };
  });
}

/** The namespace of the root `Document` element (the parser drops prefixes and their declarations). */
function documentNamespace(xml: string): string | null {
  const tag = /<(?:([\w.-]+):)?Document\b([^>]*)>/.exec(xml);
  if (!tag) return null;
  const attribute = tag[1] ? `xmlns:${tag[1]}` : 'xmlns';
  const value = new RegExp(`\\s${attribute.replace('.', '\\.')}\\s*=\\s*["']([^"']*)["']`).exec(tag[2] ?? '');
  return value?.[1] ?? null;
}

function lineOfTag(xml: string, tag: string): number {
  const at = xml.search(new RegExp(`<(?:[\\w.-]+:)?${tag}[\\s>]`));
  return at < 0 ? 1 : xml.slice(0, at).split('\n').length;
}

function date(node: Node): string | null {
  const value = textOf(node?.Dt) ?? textOf(node?.DtTm);
  const day = value?.slice(0, 10) ?? null;
  return day && isValidDate(day) ? day : null;
}

function signedAmount(node: Node, line: number, field: string): number {
  const cents = toCents(textOf(node?.Amt));
  const indicator = textOf(node?.CdtDbtInd);
  if (cents === null || (indicator !== 'CRDT' && indicator !== 'DBIT'))
    throw unreadable(line, 'field', field);
  return indicator === 'DBIT' ? -cents : cents;
}

const balanceCode = (bal: Node) => textOf(bal?.Tp?.CdOrPrtry?.Cd);
const party = (node: Node) => node?.Pty ?? node;

function movementOf(entry: Node, location: { line: number; text: string }): ParsedMovement | null {
  const status = textOf(entry.Sts?.Cd) ?? textOf(entry.Sts);
  if (status && status !== 'BOOK') return null; // pending or information-only entries are not booked yet
  const amountCents = signedAmount(entry, location.line, 'Amt');
  const bookingDate = date(entry.BookgDt) ?? date(entry.ValDt);
  if (!bookingDate) throw unreadable(location.line, 'field', 'BookgDt');
  const tx: Node = entry.NtryDtls?.[0]?.TxDtls?.[0] ?? {};
  const isCredit = amountCents > 0;
  // The other side: who paid us on a credit, whom we paid on a debit.
  const other = isCredit ? tx.RltdPties?.Dbtr : tx.RltdPties?.Cdtr;
  const otherAccount = isCredit ? tx.RltdPties?.DbtrAcct : tx.RltdPties?.CdtrAcct;
  const unstructured = (tx.RmtInf?.Ustrd ?? []).map(textOf).filter(Boolean).join(' ');
  const structured = (tx.RmtInf?.Strd ?? [])
    .map((s: Node) => textOf(s?.CdtrRefInf?.Ref) ?? textOf(s?.RfrdDocInf?.Nb))
    .filter(Boolean)
    .join(' ');
  const endToEnd = textOf(tx.Refs?.EndToEndId);
  const reference = [structured, endToEnd && endToEnd !== 'NOTPROVIDED' ? endToEnd : '']
    .filter(Boolean)
    .join(' ');
  const concept = tidy([unstructured, structured, textOf(entry.AddtlNtryInf) ?? ''].join(' '));
  return {
    bookingDate,
    valueDate: date(entry.ValDt),
    amountCents,
    concept: concept || reference || '—',
    counterpartyName: textOf(party(other)?.Nm),
    counterpartyIban: normalizeIban(textOf(otherAccount?.Id?.IBAN)),
    reference: reference || textOf(entry.AcctSvcrRef),
    sourceLine: location.line,
    sourceText: location.text,
  };
}

export function parseCamt(xml: string): { format: 'camt053' | 'camt054'; accounts: ParsedAccount[] } {
  const valid = XMLValidator.validate(xml);
  if (valid !== true) throw unreadable(valid.err.line, 'xml');
  const doc: Node = parser.parse(xml);
  const root = doc.Document;
  const version = CAMT_NAMESPACE.exec(documentNamespace(xml) ?? '')?.[1] as '053' | '054' | undefined;
  if (!root || !version) throw unreadable(lineOfTag(xml, 'Document'), 'namespace');
  const kind = KINDS[version];
  const reports: Node[] = root[kind.message]?.[kind.report] ?? [];
  if (reports.length === 0) throw unreadable(lineOfTag(xml, 'Document'), 'no_account');
  const locations = entryLocations(xml);
  let entryIndex = 0;
  const reportLines = [...xml.matchAll(new RegExp(`<(?:[\\w.-]+:)?${kind.report}[\\s>]`, 'g'))].map(
    (m) => xml.slice(0, m.index).split('\n').length,
  );
  const accounts = reports.map((stmt, i) => {
    const line = reportLines[i] ?? 1;
    const iban = normalizeIban(textOf(stmt.Acct?.Id?.IBAN));
    if (!iban) throw unreadable(line, 'field', 'Acct/Id/IBAN');
    const balances: Node[] = stmt.Bal ?? [];
    const opening = balances.find((b) => ['OPBD', 'PRCD'].includes(balanceCode(b) ?? ''));
    const closing = balances.find((b) => balanceCode(b) === 'CLBD');
    const isStatement = version === '053';
    if (isStatement && (!opening || !closing)) throw unreadable(line, 'field', 'Bal');
    const entries: Node[] = stmt.Ntry ?? [];
    const movements: ParsedMovement[] = [];
    for (const entry of entries) {
      const location = locations[entryIndex++] ?? { line, text: '' };
      const movement = movementOf(entry, location);
      if (movement) movements.push(movement);
    }
    const currency = textOf(stmt.Acct?.Ccy) ?? opening?.Amt?.['@Ccy'] ?? entries[0]?.Amt?.['@Ccy'] ?? 'EUR';
    const days = movements.map((m) => m.bookingDate).sort();
    const created = textOf(stmt.CreDtTm)?.slice(0, 10);
    const from = textOf(stmt.FrToDt?.FrDtTm)?.slice(0, 10) ?? days[0] ?? date(opening?.Dt) ?? created;
    const to = textOf(stmt.FrToDt?.ToDtTm)?.slice(0, 10) ?? days.at(-1) ?? date(closing?.Dt) ?? created;
    if (!from || !to || !isValidDate(from) || !isValidDate(to)) throw unreadable(line, 'field', 'FrToDt');
    const balanced = opening !== undefined && closing !== undefined;
    const account: ParsedAccount = {
      iban,
      currency,
      periodFrom: from,
      periodTo: to,
      openingCents: balanced ? signedAmount(opening, line, 'Bal/Amt') : 0,
      closingCents: balanced
        ? signedAmount(closing, line, 'Bal/Amt')
        : movements.reduce((sum, m) => sum + m.amountCents, 0),
      movements,
    };
    checkBalance(account, line);
    return account;
  });
  return { format: kind.format, accounts };
}
