/**
 * Statement files written from a plain description, for tests and the bank benchmark: Norma 43 records as
 * the AEB layout places them, and camt.053 XML. No real bank data.
 */

/** The account the bank tests' statements are for, and a second one of the same holder. */
export const TEST_ACCOUNT = { bank: '2100', branch: '0418', account: '0200051332' };
export const SECOND_ACCOUNT = { bank: '0049', branch: '1500', account: '0511111111' };

export type FileMovement = {
  date: string;
  amountCents: number;
  concept: string;
  reference?: string;
  counterpartyName?: string;
  counterpartyIban?: string;
};

export type FileAccount = {
  /** Norma 43: the Spanish account as bank (4), branch (4), account (10). */
  bank: string;
  branch: string;
  account: string;
  from: string;
  to: string;
  openingCents: number;
  movements: FileMovement[];
  /** Override the closing balance the file states (to test a file that does not add up). */
  closingCents?: number;
};

const pad = (value: string | number, length: number) => String(value).padStart(length, '0').slice(-length);
const text = (value: string, length: number) => value.padEnd(length, ' ').slice(0, length);

function n43Date(iso: string, layout: 'yymmdd' | 'ddmmyy') {
  const [y, m, d] = [iso.slice(2, 4), iso.slice(5, 7), iso.slice(8, 10)];
  return layout === 'yymmdd' ? `${y}${m}${d}` : `${d}${m}${y}`;
}

const key = (cents: number) => (cents < 0 ? '1' : '2');

export function closingOf(account: FileAccount) {
  return account.closingCents ?? account.movements.reduce((s, m) => s + m.amountCents, account.openingCents);
}

export function norma43(accounts: FileAccount[], layout: 'yymmdd' | 'ddmmyy' = 'yymmdd'): string {
  const records: string[] = [];
  for (const a of accounts) {
    const date = (iso: string) => n43Date(iso, layout);
    records.push(
      `11${a.bank}${a.branch}${a.account}${date(a.from)}${date(a.to)}${key(a.openingCents)}${pad(Math.abs(a.openingCents), 14)}9783${text('CUADRA PRUEBAS', 26)}   `,
    );
    for (const m of a.movements) {
      records.push(
        `22    ${a.branch}${date(m.date)}${date(m.date)}02000${key(m.amountCents)}${pad(Math.abs(m.amountCents), 14)}${pad(0, 10)}${text(m.reference ?? '', 12)}${text('', 16)}`,
      );
      const concept = [m.counterpartyName, m.concept].filter(Boolean).join(' ');
      records.push(`2301${text(concept.slice(0, 38), 38)}${text(concept.slice(38, 76), 38)}`);
    }
    const debits = a.movements.filter((m) => m.amountCents < 0);
    const credits = a.movements.filter((m) => m.amountCents > 0);
    const sum = (list: FileMovement[]) => list.reduce((s, m) => s + Math.abs(m.amountCents), 0);
    const closing = closingOf(a);
    records.push(
      `33${a.bank}${a.branch}${a.account}${pad(debits.length, 5)}${pad(sum(debits), 14)}${pad(credits.length, 5)}${pad(sum(credits), 14)}${key(closing)}${pad(Math.abs(closing), 14)}978    `,
    );
  }
  records.push(`88${'9'.repeat(18)}${pad(records.length, 6)}${' '.repeat(54)}`);
  return `${records.join('\r\n')}\r\n`;
}

const decimal = (cents: number) => `${Math.floor(Math.abs(cents) / 100)}.${pad(Math.abs(cents) % 100, 2)}`;
const escapeXml = (value: string) => value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

export function camt053(
  accounts: (Omit<FileAccount, 'bank' | 'branch' | 'account'> & { iban: string })[],
  namespace = 'urn:iso:std:iso:20022:tech:xsd:camt.053.001.02',
): string {
  const statements = accounts.map((a, i) => {
    const balance = (code: string, cents: number, day: string) => `
      <Bal><Tp><CdOrPrtry><Cd>${code}</Cd></CdOrPrtry></Tp><Amt Ccy="EUR">${decimal(cents)}</Amt><CdtDbtInd>${cents < 0 ? 'DBIT' : 'CRDT'}</CdtDbtInd><Dt><Dt>${day}</Dt></Dt></Bal>`;
    const entries = a.movements.map((m) => {
      const isCredit = m.amountCents > 0;
      const party = m.counterpartyName
        ? `<RltdPties><${isCredit ? 'Dbtr' : 'Cdtr'}><Nm>${escapeXml(m.counterpartyName)}</Nm></${isCredit ? 'Dbtr' : 'Cdtr'}>${
            m.counterpartyIban
              ? `<${isCredit ? 'DbtrAcct' : 'CdtrAcct'}><Id><IBAN>${m.counterpartyIban}</IBAN></Id></${isCredit ? 'DbtrAcct' : 'CdtrAcct'}>`
              : ''
          }</RltdPties>`
        : '';
      return `
      <Ntry>
        <Amt Ccy="EUR">${decimal(m.amountCents)}</Amt>
        <CdtDbtInd>${isCredit ? 'CRDT' : 'DBIT'}</CdtDbtInd>
        <Sts>BOOK</Sts>
        <BookgDt><Dt>${m.date}</Dt></BookgDt>
        <ValDt><Dt>${m.date}</Dt></ValDt>
        <NtryDtls><TxDtls>${m.reference ? `<Refs><EndToEndId>${escapeXml(m.reference)}</EndToEndId></Refs>` : ''}${party}<RmtInf><Ustrd>${escapeXml(m.concept)}</Ustrd></RmtInf></TxDtls></NtryDtls>
      </Ntry>`;
    });
    return `
    <Stmt>
      <Id>STMT-${i + 1}</Id>
      <CreDtTm>${a.to}T23:59:00</CreDtTm>
      <FrToDt><FrDtTm>${a.from}T00:00:00</FrDtTm><ToDtTm>${a.to}T23:59:59</ToDtTm></FrToDt>
      <Acct><Id><IBAN>${a.iban}</IBAN></Id><Ccy>EUR</Ccy></Acct>${balance('OPBD', a.openingCents, a.from)}${balance('CLBD', closingOf({ ...a, bank: '', branch: '', account: '' }), a.to)}${entries.join('')}
    </Stmt>`;
  });
  return `<?xml version="1.0" encoding="UTF-8"?>
<Document xmlns="${namespace}" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">
  <BkToCstmrStmt>
    <GrpHdr><MsgId>CUADRA-TEST</MsgId><CreDtTm>2026-01-31T23:59:00</CreDtTm></GrpHdr>${statements.join('')}
  </BkToCstmrStmt>
</Document>
`;
}
