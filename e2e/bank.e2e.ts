import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { logIn, registerAndVerify, uniqueEmail } from './support/accounts';
import { pageApi as api } from './support/api';
import { baseUrl, connectBrowser, hasBrowser, newContext } from './support/browser';

/** One of our own generated invoices (the engine's golden fixtures), reviewed as below. */
const FIXTURE = fileURLToPath(
  new URL('../packages/extract/test/fixtures/golden/modern-freelancer-irpf.pdf', import.meta.url),
);

/** An e-invoice of ours (UBL, 1,112.00 € to the client A46103834): what the client drops from a phone. */
const UBL_INVOICE = fileURLToPath(
  new URL('../packages/extract/test/fixtures/xml/ubl-tax-total-per-scheme.xml', import.meta.url),
);

/**
 * Statement files written here, from made-up movements (no real bank data). Norma 43: 80-character
 * records 11 (account, period, opening), 22 + 23 (movement, concept), 33 (totals, closing), 88 (end).
 */
const pad = (value: number, length: number) => String(value).padStart(length, '0');
const text = (value: string, length: number) => value.padEnd(length, ' ').slice(0, length);
function norma43(movements: { date: string; cents: number; concept: string }[], openingCents: number) {
  const ymd = (iso: string) => iso.slice(2).replaceAll('-', '');
  const key = (cents: number) => (cents < 0 ? '1' : '2');
  const records = [
    `112100041802000513322601012601312${pad(openingCents, 14)}9783${text('CUADRA E2E', 26)}   `,
  ];
  for (const m of movements) {
    records.push(
      `22    0418${ymd(m.date)}${ymd(m.date)}02000${key(m.cents)}${pad(Math.abs(m.cents), 14)}${pad(0, 10)}${text('', 28)}`,
    );
    records.push(`2301${text(m.concept, 76)}`);
  }
  const debits = movements.filter((m) => m.cents < 0);
  const credits = movements.filter((m) => m.cents > 0);
  const sum = (list: typeof movements) => list.reduce((s, m) => s + Math.abs(m.cents), 0);
  const closing = movements.reduce((s, m) => s + m.cents, openingCents);
  records.push(
    `33210004180200051332${pad(debits.length, 5)}${pad(sum(debits), 14)}${pad(credits.length, 5)}${pad(sum(credits), 14)}2${pad(closing, 14)}978    `,
  );
  records.push(`88${'9'.repeat(18)}${pad(records.length, 6)}${' '.repeat(54)}`);
  return records.join('\r\n');
}

function camt053(iban: string, movements: { date: string; cents: number; concept: string; name: string }[]) {
  const amount = (cents: number) => (Math.abs(cents) / 100).toFixed(2);
  const closing = movements.reduce((s, m) => s + m.cents, 0);
  const entries = movements
    .map(
      (
        m,
      ) => `<Ntry><Amt Ccy="EUR">${amount(m.cents)}</Amt><CdtDbtInd>${m.cents < 0 ? 'DBIT' : 'CRDT'}</CdtDbtInd><Sts>BOOK</Sts>
        <BookgDt><Dt>${m.date}</Dt></BookgDt><NtryDtls><TxDtls><RltdPties><${m.cents < 0 ? 'Cdtr' : 'Dbtr'}><Nm>${m.name}</Nm></${m.cents < 0 ? 'Cdtr' : 'Dbtr'}></RltdPties>
        <RmtInf><Ustrd>${m.concept}</Ustrd></RmtInf></TxDtls></NtryDtls></Ntry>`,
    )
    .join('\n');
  return `<?xml version="1.0" encoding="UTF-8"?>
<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.08"><BkToCstmrStmt><GrpHdr><MsgId>E2E</MsgId></GrpHdr>
<Stmt><Id>1</Id><FrToDt><FrDtTm>2026-02-01T00:00:00</FrDtTm><ToDtTm>2026-02-28T23:59:59</ToDtTm></FrToDt>
<Acct><Id><IBAN>${iban}</IBAN></Id><Ccy>EUR</Ccy></Acct>
<Bal><Tp><CdOrPrtry><Cd>OPBD</Cd></CdOrPrtry></Tp><Amt Ccy="EUR">0.00</Amt><CdtDbtInd>CRDT</CdtDbtInd><Dt><Dt>2026-02-01</Dt></Dt></Bal>
<Bal><Tp><CdOrPrtry><Cd>CLBD</Cd></CdOrPrtry></Tp><Amt Ccy="EUR">${amount(closing)}</Amt><CdtDbtInd>${closing < 0 ? 'DBIT' : 'CRDT'}</CdtDbtInd><Dt><Dt>2026-02-28</Dt></Dt></Bal>
${entries}
</Stmt></BkToCstmrStmt></Document>`;
}

async function chooseFile(page: Page, name: string, content: string) {
  await page
    .getByTestId('statement-file')
    .setInputFiles({ name, mimeType: 'application/octet-stream', buffer: Buffer.from(content) });
}

describe.skipIf(!hasBrowser)('the Bank tab in Chromium', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await connectBrowser();
  });
  afterAll(() => browser?.close());

  it('imports a Norma 43 and a camt.053 file, matches the invoice, undoes by keyboard, in both languages', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));

    const email = uniqueEmail('bank');
    await registerAndVerify(page, { name: 'Asesoría Banco', email, accountType: 'accountant' });
    await logIn(page, email);
    await page.waitForURL('**/dashboard');
    await page.getByRole('button', { name: 'Add customer' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add customer' });
    await dialog.getByLabel('Client name').fill('Lucía Banco');
    await dialog.getByRole('button', { name: 'Add', exact: true }).click();
    await dialog.getByText('Client Lucía Banco added successfully.').waitFor();
    await page.keyboard.press('Escape');
    await page.getByRole('link', { name: 'View details of Lucía Banco' }).click();
    await page.waitForURL('**/customer/**');
    const clientId = new URL(page.url()).pathname.split('/').pop() as string;

    // One invoice, uploaded and reviewed through the API as the review screen would: F2026-017 to Bar Sol, 2,120.00.
    const token = (await page.evaluate(() => localStorage.getItem('authToken'))) as string;
    const form = new FormData();
    form.append('files[]', new Blob([await readFile(FIXTURE)], { type: 'application/pdf' }), 'e1.pdf');
    const upload = await fetch(`${baseUrl}/api/v1/clients/${clientId}/uploads`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
      body: form,
    });
    const batch = (await upload.json()) as { batchId: string };
    let invoiceId = '';
    await expect
      .poll(
        async () => {
          const status = await api<{ pendingCount: number; documents: { invoiceId?: string }[] }>(
            page,
            `/api/v1/uploads/${batch.batchId}`,
          );
          invoiceId = status.documents[0]?.invoiceId ?? '';
          return status.pendingCount;
        },
        { timeout: 120_000, interval: 500 },
      )
      .toBe(0);
    const invoice = await api<Record<string, unknown>>(page, `/api/v1/invoices/${invoiceId}`);
    const { id: _i, clientId: _c, checked: _k, evidence: _e, file: _f, createdAt: _t, ...fields } = invoice;
    await api(page, `/api/v1/invoices/${invoiceId}`, {
      method: 'PUT',
      json: {
        ...fields,
        type: 'issued',
        number: 'F2026-017',
        issueDate: '2026-01-15',
        dueDate: null,
        surchargeCents: null,
        recipientName: 'Bar Sol',
        recipientTaxId: 'B12345674',
        taxBaseCents: 200_000,
        vatTotalCents: 42_000,
        withholdingCents: 30_000,
        withholdingRate: '15',
        totalCents: 212_000,
        vatBreakdown: [{ rate: '21', baseCents: 200_000, vatCents: 42_000 }],
      },
    });

    await page.reload();
    await page.getByRole('tab', { name: 'Bank', exact: true }).click();
    await page.getByText('No movements yet: import a statement above.').waitFor();

    // Norma 43: the payment names the invoice and is matched on its own; the fee is left unmatched.
    await chooseFile(
      page,
      'enero.n43',
      norma43(
        [
          { date: '2026-01-28', cents: 212_000, concept: 'TRANSF BAR SOL FRA F2026-017' },
          { date: '2026-01-31', cents: -1_250, concept: 'COMISION MANTENIMIENTO' },
        ],
        100_000,
      ),
    );
    await page.getByRole('button', { name: 'Import statement' }).click();
    await expect
      .poll(() => page.getByTestId('import-result').textContent())
      .toBe('2 movement(s) imported (0 already known): 1 matched on their own, 0 proposed for you to check.');
    const matched = page.locator('[data-testid="movement"][data-status="matched"]');
    await matched.getByText('Matched automatically').waitFor();
    await matched.getByText('F2026-017 · Bar Sol ·', { exact: false }).waitFor();
    await matched
      .getByText('Why: exact amount due · invoice number in the concept', { exact: false })
      .waitFor();
    expect(await page.getByTestId('bank-totals').textContent()).toBe(
      'Credits €2,120.00 · Charges −€12.50 · Net €2,107.50',
    );

    // The same file again: nothing new, said so, nothing imported twice.
    await chooseFile(
      page,
      'enero.n43',
      norma43(
        [
          { date: '2026-01-28', cents: 212_000, concept: 'TRANSF BAR SOL FRA F2026-017' },
          { date: '2026-01-31', cents: -1_250, concept: 'COMISION MANTENIMIENTO' },
        ],
        100_000,
      ),
    );
    await page.getByRole('button', { name: 'Import statement' }).click();
    await page
      .getByRole('alert')
      .getByText('Every movement of this statement has already been imported.')
      .waitFor();

    // Undo the automatic match from the keyboard: focus the movement, press u.
    await matched.focus();
    await page.keyboard.press('u');
    await page.locator('[data-testid="movement"][data-status="matched"]').waitFor({ state: 'detached' });
    expect(await page.locator('[data-testid="movement"][data-status="unmatched"]').count()).toBe(2);

    // Spanish from here: a camt.053 of a second account, and a broken file that names its line.
    await page.evaluate(() => localStorage.setItem('i18nextLng', 'es'));
    await page.reload();
    await page.getByRole('tab', { name: 'Banco', exact: true }).click();
    await chooseFile(
      page,
      'febrero.xml',
      camt053('ES7620770024003102575766', [
        { date: '2026-02-10', cents: 5_000, concept: 'Devolución fianza', name: 'Inmobiliaria Olmo' },
        { date: '2026-02-11', cents: -2_000, concept: 'Cuota tarjeta', name: 'Banco' },
      ]),
    );
    await page.getByRole('button', { name: 'Importar extracto' }).click();
    await expect
      .poll(() => page.getByTestId('import-result').textContent())
      .toContain('2 movimiento(s) importado(s)');
    await page.getByText('Devolución fianza').waitFor();
    await page.getByText('Inmobiliaria Olmo').waitFor();
    expect(await page.getByText('camt.053 · ES76 2077 0024 0031 0257 5766').count()).toBe(1);
    expect(await page.getByText('Norma 43 · ES91 2100 0418 4502 0005 1332').count()).toBe(1);

    await chooseFile(
      page,
      'roto.n43',
      `${norma43([{ date: '2026-01-05', cents: 100, concept: 'X' }], 0).slice(0, 250)}`,
    );
    await page.getByRole('button', { name: 'Importar extracto' }).click();
    const alert = page.getByRole('alert');
    await alert.getByText('No se ha podido leer este extracto bancario', { exact: false }).waitFor();
    expect(await alert.textContent()).toContain('(línea 4)');

    // Filter: the unmatched ones only, then a phone's width.
    await page.getByRole('button', { name: /^Sin casar/ }).click();
    // The undone movement is proposed again (never applied again on its own): 3 left unmatched.
    await expect.poll(() => page.getByTestId('movement').count()).toBe(3);
    await page.setViewportSize({ width: 390, height: 800 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);

    expect(errors).toEqual([]);
    await context.close();
  }, 240_000);

  it('asks the client for a missing invoice: the link opens on a phone, the file dropped is proposed for its line', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));

    const email = uniqueEmail('bank-ask');
    await registerAndVerify(page, { name: 'Asesoría Pide', email, accountType: 'accountant' });
    await logIn(page, email);
    await page.waitForURL('**/dashboard');
    // The client (its tax id is the customer's on the invoice the freelancer will send), invited by email.
    const client = await api<{ id: string }>(page, '/api/v1/clients', {
      method: 'POST',
      json: { name: 'Cliente Prueba S.A.', taxId: 'A46103834' },
    });
    const freelancerEmail = uniqueEmail('bank-client');
    await api(page, `/api/v1/clients/${client.id}/invitations`, {
      method: 'POST',
      json: { email: freelancerEmail, locale: 'en' },
    });

    await page.goto(`/customer/${client.id}`);
    await page.getByRole('tab', { name: 'Bank', exact: true }).click();
    await chooseFile(
      page,
      'febrero.xml',
      camt053('ES7620770024003102575766', [
        {
          date: '2026-02-10',
          cents: -111_200,
          concept: 'TRANSF SERVICIOS MENSUALES',
          name: 'Ejemplo Sur SL',
        },
      ]),
    );
    await page.getByRole('button', { name: 'Import statement' }).click();
    await expect
      .poll(() => page.getByTestId('import-result').textContent())
      .toContain('1 movement(s) imported');

    // The accountant asks for what is missing; the email (dev outbox) carries the link.
    await page.getByRole('button', { name: 'Ask for the missing invoices' }).click();
    await page.getByText(`Sent to ${freelancerEmail}: 1 movement.`).waitFor();
    let link = '';
    await expect
      .poll(
        async () => {
          const mails = (await (await fetch(`${baseUrl}/dev/mail.json`)).json()) as {
            to: string;
            text: string;
          }[];
          const found = mails
            .filter((mail) => mail.to === freelancerEmail)
            .map((mail) => /https?:\/\/\S+\/missing-documents\?token=\S+/.exec(mail.text)?.[0])
            .find(Boolean);
          link = found ?? '';
          return link;
        },
        { timeout: 15_000 },
      )
      .toBeTruthy();

    // The freelancer, on a phone, without an account.
    const phone = await browser.newContext({ baseURL: baseUrl, viewport: { width: 390, height: 800 } });
    const mobile = await phone.newPage();
    mobile.on('pageerror', (error) => errors.push(error.message));
    await mobile.goto(link);
    await mobile.getByRole('heading', { name: 'Invoices your accountant needs' }).waitFor();
    await mobile.getByText('Payment of €1,112.00').waitFor();
    await mobile.getByText('0 of 1 sent').waitFor();
    expect(await mobile.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await mobile.getByLabel(/Add the invoice for the movement of 02\/10\/2026/).setInputFiles({
      name: 'factura-servicios.xml',
      mimeType: 'application/xml',
      buffer: await readFile(UBL_INVOICE),
    });
    await mobile.getByText('Sent. Thank you!').waitFor();
    await mobile.getByText('1 of 1 sent').waitFor();
    await phone.close();

    // The accountant sees the file proposed for that movement, said to come from the client.
    await expect
      .poll(
        async () => {
          await page.reload();
          await page.getByRole('tab', { name: 'Bank', exact: true }).click();
          await page.getByTestId('movement').first().waitFor();
          return page.locator('[data-testid="movement"][data-status="proposed"]').count();
        },
        { timeout: 120_000, interval: 2_000 },
      )
      .toBe(1);
    const proposed = page.locator('[data-testid="movement"][data-status="proposed"]');
    await proposed.getByText('TRANSF SERVICIOS MENSUALES').waitFor();
    await proposed.getByText('UB-2025-17', { exact: false }).waitFor();
    await proposed.getByText('the client sent it for this movement', { exact: false }).waitFor();
    // Until accepted, the client's invoice is pending, over 90 days past its date.
    await page.getByRole('button', { name: 'Show', exact: true }).click();
    const pending = page.getByTestId('pending-invoice');
    await pending.getByText('UB-2025-17', { exact: false }).waitFor();
    await pending.getByText('Over 90 days', { exact: false }).waitFor();

    // Accepted from the keyboard, as any proposal: paid, so nothing is pending any more.
    await proposed.focus();
    await page.keyboard.press('Enter');
    await page.locator('[data-testid="movement"][data-status="matched"]').waitFor();
    await page.getByText('Nothing pending: every dated invoice is paid.').waitFor();

    // A CSV of a layout not known yet: the columns are confirmed once; the bank's next file needs nothing.
    const csv = (day: string, cents: string) =>
      [
        'Cuenta ES76 2077 0024 0031 0257 5766',
        'Día;Texto del movimiento;Euros',
        `${day};Ingreso tienda;${cents}`,
      ].join('\r\n');
    await chooseFile(page, 'banco-marzo.csv', csv('03/03/2026', '150,00'));
    await page.getByRole('button', { name: 'Import statement' }).click();
    const mapping = page.getByTestId('column-mapping');
    await mapping.getByRole('heading', { name: 'Which column is which?' }).waitFor();
    expect(await mapping.getByLabel('Amount (signed)').inputValue()).toBe('2');
    await page.setViewportSize({ width: 390, height: 800 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await mapping.getByRole('button', { name: 'Import with these columns' }).click();
    await expect
      .poll(() => page.getByTestId('import-result').textContent())
      .toContain('1 movement(s) imported');
    await chooseFile(page, 'banco-abril.csv', csv('03/04/2026', '90,00'));
    await page.getByRole('button', { name: 'Import statement' }).click();
    await expect
      .poll(() => page.getByTestId('import-result').textContent())
      .toContain('1 movement(s) imported');
    expect(await page.getByTestId('column-mapping').count()).toBe(0);

    expect(errors).toEqual([]);
    await context.close();
  }, 300_000);
});
