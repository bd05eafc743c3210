import type { Invoice, InvoiceList, User } from '@cuadra/shared';
import { act, configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../i18n/i18n';
import { routes } from '../../router';
import { renderRoutes } from '../../test/render';
import { storeTestSession, testUser } from '../../test/session';
import { testInvoice } from './test-invoice';

type Call = { url: URL; method: string; body: unknown };

const client = {
  id: 'c-1',
  name: 'Marta Gil',
  taxId: null,
  status: 'dummy',
  registered: false,
  documents: 2,
  needsReview: 1,
  createdAt: new Date(0).toISOString(),
  role: 'owner',
  grossIncomeCents: 0,
  invitation: null,
};

function list(overrides: Partial<InvoiceList> = {}): InvoiceList {
  return {
    invoices: [
      {
        id: 'inv-1',
        type: null,
        number: 'F-2024-001',
        issueDate: '2024-03-05',
        counterpartyName: 'Talleres Ruiz SL',
        totalCents: 106000,
        currency: 'EUR',
        checked: false,
        hasFile: true,
      },
      {
        id: 'inv-2',
        type: 'issued',
        number: null,
        issueDate: null,
        counterpartyName: null,
        totalCents: 123456,
        currency: 'EUR',
        checked: true,
        hasFile: false,
      },
      {
        id: 'inv-3',
        type: 'received',
        number: 'P-77',
        issueDate: '2024-02-01',
        counterpartyName: 'Papelería Sol SL',
        totalCents: 5000,
        currency: 'EUR',
        checked: true,
        hasFile: false,
      },
    ],
    grossIncomeCents: 123456,
    needsReviewCount: 1,
    scansAvailable: 3,
    nextCursor: null,
    ...overrides,
  };
}

/** A fake API for the client page and the invoice screens. */
function stubApi(
  options: {
    invoice?: Invoice | null;
    putStatus?: number;
    putError?: { code: string; message: string; details?: unknown };
    deleteStatus?: number;
    /** A second page of invoices behind the first page's cursor. */
    paged?: boolean;
    /** Who GET /me says is signed in (an owner by default). */
    user?: User;
  } = {},
) {
  const calls: Call[] = [];
  let invoice = options.invoice === undefined ? testInvoice() : options.invoice;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input), 'http://localhost');
      const method = init?.method ?? 'GET';
      const body = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
      calls.push({ url, method, body });
      const json = (status: number, value: unknown) =>
        new Response(JSON.stringify(value), { status, headers: { 'content-type': 'application/json' } });
      const p = url.pathname;
      if (p === '/api/v1/me') return json(200, options.user ?? testUser());
      if (p === '/api/v1/clients/c-1') return json(200, client);
      if (p === '/api/v1/clients/c-1/invoices') {
        if (!options.paged) return json(200, list());
        if (url.searchParams.get('cursor') !== 'page-2') return json(200, list({ nextCursor: 'page-2' }));
        const [first] = list().invoices;
        return json(
          200,
          list({ invoices: [{ ...first!, id: 'inv-9', number: 'F-2023-099' }], nextCursor: null }),
        );
      }
      if (p.startsWith('/api/v1/invoices/inv-1/learned/') && method === 'DELETE')
        return new Response(null, { status: 204 });
      if (p === '/api/v1/invoices/inv-1/file')
        return new Response('jpg', { status: 200, headers: { 'content-type': 'image/jpeg' } });
      if (p === '/api/v1/invoices/inv-1' && invoice) {
        if (method === 'GET') return json(200, invoice);
        if (method === 'PUT') {
          if (options.putStatus)
            return json(options.putStatus, { error: options.putError ?? { code: 'INTERNAL', message: 'x' } });
          invoice = { ...invoice, ...body, checked: true };
          return json(200, invoice);
        }
        if (method === 'DELETE') {
          if (options.deleteStatus)
            return json(options.deleteStatus, { error: { code: 'INTERNAL', message: 'x' } });
          return new Response(null, { status: 204 });
        }
      }
      const decision = /^\/api\/v1\/documents\/([^/]+)\/(keep|discard)$/.exec(p);
      if (decision && method === 'POST' && invoice) {
        invoice = {
          ...invoice,
          possibleDuplicates: invoice.possibleDuplicates.filter((d) => d.documentId !== decision[1]),
        };
        return json(200, { invoiceId: decision[2] === 'keep' ? 'inv-7' : null });
      }
      if (p.startsWith('/api/v1/invoices/'))
        return json(404, { error: { code: 'INVOICE_NOT_FOUND', message: 'No invoice found' } });
      return json(404, { error: { code: 'NOT_FOUND', message: 'Not found' } });
    }),
  );
  return calls;
}

// Lazy routes load slowly on a busy machine: wait longer than Testing Library's 1 s.
configure({ asyncUtilTimeout: 10_000 });
vi.setConfig({ testTimeout: 30_000 });

beforeEach(() => {
  storeTestSession();
  URL.createObjectURL = vi.fn(() => 'blob:original');
  URL.revokeObjectURL = vi.fn();
});
afterEach(() => vi.unstubAllGlobals());

describe('the client page’s invoices', () => {
  it('lists invoices with the unreviewed row highlighted, gross income and scans available', async () => {
    stubApi();
    renderRoutes(routes, '/customer/c-1');
    const table = await screen.findByRole('table', { name: 'Invoices' });
    const unchecked = within(table).getByRole('row', { name: /F-2024-001/ });
    expect(unchecked.className).toContain('bg-amber-50');
    expect(within(unchecked).getByText('Needs review')).toBeTruthy();
    expect(
      within(unchecked).getByRole('link', { name: 'Review invoice F-2024-001' }).getAttribute('href'),
    ).toBe('/invoicereview?invoiceId=inv-1');
    const checked = within(table).getByRole('row', { name: /N\/A/ });
    expect(checked.className).not.toContain('bg-amber-50');
    expect(within(checked).getByText('€1,234.56')).toBeTruthy();
    expect(within(checked).getByText('No file')).toBeTruthy();
    expect(screen.getAllByText('€1,234.56').length).toBe(2); // header and row
    expect(screen.getByText('3 scans available')).toBeTruthy();
  });

  it('names the counterparty column by role: the client on issued invoices, the supplier on received ones', async () => {
    stubApi();
    renderRoutes(routes, '/customer/c-1');
    const table = await screen.findByRole('table', { name: 'Invoices' });
    expect(within(table).getByRole('columnheader', { name: /Client \/ Supplier/ })).toBeTruthy();
    const received = within(table).getByRole('row', { name: /P-77/ });
    expect(within(received).getByText('Papelería Sol SL').getAttribute('data-label')).toBe('Supplier');
    const issued = within(table).getByRole('row', { name: /N\/A/ });
    const labels = Array.from(issued.querySelectorAll('td[data-label]'), (td) =>
      td.getAttribute('data-label'),
    );
    expect(labels).toContain('Client');
    expect(labels).not.toContain('Supplier');
    await act(() => i18n.changeLanguage('es'));
    expect(within(table).getByRole('columnheader', { name: /Cliente \/ Proveedor/ })).toBeTruthy();
    expect(within(received).getByText('Papelería Sol SL').getAttribute('data-label')).toBe('Proveedor');
    await act(() => i18n.changeLanguage('en'));
  });

  it('sorts on the server: date descending first, a click toggles, another column starts ascending', async () => {
    const calls = stubApi();
    renderRoutes(routes, '/customer/c-1');
    await screen.findByRole('table', { name: 'Invoices' });
    const listCalls = () =>
      calls.filter((c) => c.url.pathname.endsWith('/invoices')).map((c) => c.url.search);
    expect(listCalls()[0]).toBe('?sort=date&order=desc&limit=50');
    fireEvent.click(screen.getByRole('button', { name: /^Date/ }));
    await waitFor(() => expect(listCalls()).toContain('?sort=date&order=asc&limit=50'));
    fireEvent.click(screen.getByRole('button', { name: /^Invoice total/ }));
    await waitFor(() => expect(listCalls()).toContain('?sort=total&order=asc&limit=50'));
    expect(screen.getByRole('columnheader', { name: /Invoice total/ }).getAttribute('aria-sort')).toBe(
      'ascending',
    );
  });

  it('loads the next page on the same sort with a keyboard-reachable button, and says so', async () => {
    const calls = stubApi({ paged: true });
    renderRoutes(routes, '/customer/c-1');
    const table = await screen.findByRole('table', { name: 'Invoices' });
    expect(within(table).queryByRole('row', { name: /F-2023-099/ })).toBeNull();
    expect(screen.getByText('3 shown').getAttribute('aria-live')).toBe('polite');
    const more = screen.getByRole('button', { name: 'Load more invoices' });
    more.focus();
    fireEvent.click(more);
    expect(await within(table).findByRole('row', { name: /F-2023-099/ })).toBeTruthy();
    const next = calls.filter((c) => c.url.pathname.endsWith('/invoices')).at(-1)!;
    expect(Object.fromEntries(next.url.searchParams)).toEqual({
      sort: 'date',
      order: 'desc',
      limit: '50',
      cursor: 'page-2',
    });
    // The last page: no button, the count announced; the header's figures stay the first page's.
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Load more invoices' })).toBeNull());
    expect(screen.getByText('4 shown')).toBeTruthy();
    expect(screen.getByText('3 scans available')).toBeTruthy();
  });

  it('deletes after a confirmation, with the spec’s alerts in Spanish', async () => {
    await i18n.changeLanguage('es');
    const calls = stubApi({ deleteStatus: 500 });
    renderRoutes(routes, '/customer/c-1');
    expect(await screen.findByText('1.234,56 €', { selector: 'dd' })).toBeTruthy();
    fireEvent.click(await screen.findByRole('button', { name: 'Borrar la factura F-2024-001' }));
    const dialog = screen.getByRole('dialog', { name: 'Borrar factura' });
    expect(dialog.textContent).toContain('¿Estás seguro');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Borrar' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(
      'Error al borrar la factura: Error del servidor, inténtalo de nuevo más tarde',
    );
    vi.unstubAllGlobals();
    stubApi();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Borrar' }));
    expect((await screen.findByTestId('toast')).textContent).toBe('Factura borrada exitosamente');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(calls.some((c) => c.method === 'DELETE')).toBe(true);
  });
});

describe('reviewing a new invoice', () => {
  it('requires the type, then saves and goes back to the client page with the success alert', async () => {
    const calls = stubApi();
    renderRoutes(routes, '/invoicereview?invoiceId=inv-1');
    await screen.findByRole('button', { name: 'Save invoice' });
    expect(screen.getByRole('heading', { name: 'Review new invoice' })).toBeTruthy();
    expect(screen.getByTestId('zoom-level').textContent).toBe('Zoom 100 %');
    fireEvent.click(screen.getByRole('button', { name: 'Save invoice' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Please select the invoice type');
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);

    fireEvent.click(screen.getByRole('radio', { name: 'Received' }));
    fireEvent.change(screen.getByLabelText('Invoice total'), { target: { value: '1.060,00 €' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save invoice' }));
    await screen.findByRole('table', { name: 'Invoices' });
    const put = calls.find((c) => c.method === 'PUT');
    expect(put?.body).toMatchObject({ type: 'received', totalCents: 106000, number: 'F-2024-001' });
    expect((await screen.findByTestId('toast')).textContent).toBe('Invoice saved successfully');
  });

  it('warns on a tax id whose check letter is wrong or that is no tax id, and still saves it as typed', async () => {
    const calls = stubApi();
    renderRoutes(routes, '/invoicereview?invoiceId=inv-1');
    await screen.findByRole('button', { name: 'Save invoice' });
    const issuer = screen.getByLabelText('Issuer tax id');
    expect(issuer.getAttribute('aria-describedby') ?? '').not.toContain('warn'); // B12345674 checks out
    fireEvent.change(issuer, { target: { value: '12345678A' } });
    const describedBy = () =>
      (issuer.getAttribute('aria-describedby') ?? '')
        .split(' ')
        .map((id) => document.getElementById(id)?.textContent ?? '')
        .join(' ');
    expect(describedBy()).toContain('The check letter or digit does not match');
    fireEvent.change(issuer, { target: { value: 'XYZ' } });
    expect(describedBy()).toContain('Not a Spanish NIF, NIE or CIF');
    fireEvent.change(screen.getByLabelText('Client tax id'), { target: { value: 'DE123456789' } });
    expect(screen.getByLabelText('Client tax id').getAttribute('aria-describedby') ?? '').not.toContain(
      'warn',
    );
    fireEvent.click(screen.getByRole('radio', { name: 'Received' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save invoice' }));
    await screen.findByRole('table', { name: 'Invoices' });
    expect(calls.find((c) => c.method === 'PUT')?.body).toMatchObject({
      issuerTaxId: 'XYZ',
      recipientTaxId: 'DE123456789',
    });
  });

  it('shows figures that disagree on the right fields, in Spanish before sending and as the server names them', async () => {
    await i18n.changeLanguage('es');
    const calls = stubApi({
      invoice: testInvoice({ type: 'received' }),
      putStatus: 422,
      putError: {
        code: 'VAT_BREAKDOWN_MISMATCH',
        message: 'El desglose de IVA no suma la base imponible y el total de IVA.',
        details: { mismatches: [{ field: 'vatTotalCents', valueCents: 21000, expectedCents: 20999 }] },
      },
    });
    renderRoutes(routes, '/invoicereview?invoiceId=inv-1');
    const save = await screen.findByRole('button', { name: 'Guardar factura' });
    // The breakdown is on the form, one row per rate.
    expect((screen.getByLabelText('% IVA (Tipo de IVA 1)') as HTMLInputElement).value).toBe('21');
    expect((screen.getByLabelText('Base (Tipo de IVA 1)') as HTMLInputElement).value).toBe('1000,00');
    const total = screen.getByLabelText('Total factura');
    fireEvent.change(total, { target: { value: '1.100,50' } });
    fireEvent.click(save);
    await waitFor(() => expect(total.getAttribute('aria-invalid')).toBe('true'));
    const errorOf = (input: HTMLElement) =>
      document.getElementById(input.getAttribute('aria-describedby')?.split(' ')[0] ?? '')?.textContent;
    expect(errorOf(total)).toBe('Base + IVA + recargo − IRPF suman 1.060,00\u00a0€');
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);

    // Figures the browser finds right but the server refuses: its details land on the field it names.
    fireEvent.change(total, { target: { value: '1.060,00' } });
    fireEvent.click(save);
    const vat = screen.getByLabelText('Total IVA');
    await waitFor(() => expect(vat.getAttribute('aria-invalid')).toBe('true'));
    expect(errorOf(vat)).toBe('No coincide con el desglose de IVA, que suma 209,99\u00a0€');
    expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(1);
  });

  it('says which correction taught a field read from memory, in both languages, and forgets it', async () => {
    const calls = stubApi({
      invoice: testInvoice({
        evidence: {
          invoice_number: {
            confidence: 0.97,
            verified: false,
            source: 'memory',
            box: null,
            learnedFrom: { placeId: 'p-1', invoiceNumber: 'A/7781' },
          },
        },
      }),
    });
    renderRoutes(routes, '/invoicereview?invoiceId=inv-1');
    await screen.findByRole('button', { name: 'Save invoice' });
    expect(screen.getByText(/Learned from your correction of A\/7781/)).toBeTruthy();
    await act(() => i18n.changeLanguage('es'));
    expect(screen.getByText(/Aprendido de tu corrección de A\/7781/)).toBeTruthy();
    await act(() => i18n.changeLanguage('en'));
    fireEvent.click(screen.getByRole('button', { name: /^Forget where this supplier prints/ }));
    await waitFor(() => expect(screen.queryByText(/Learned from your correction/)).toBeNull());
    expect(
      calls.some(
        (c) => c.method === 'DELETE' && c.url.pathname === '/api/v1/invoices/inv-1/learned/invoice_number',
      ),
    ).toBe(true);
  });

  it('says so when there is no invoice to review', async () => {
    stubApi();
    renderRoutes(routes, '/invoicereview');
    // The spec's words, written as a sentence (issue 16 item 15).
    expect(await screen.findByText('No invoice data available.')).toBeTruthy();
  });

  it('says so in Spanish, as a sentence', async () => {
    await act(() => i18n.changeLanguage('es'));
    try {
      stubApi();
      renderRoutes(routes, '/invoicereview');
      expect(await screen.findByText('No hay datos de factura disponibles.')).toBeTruthy();
    } finally {
      await act(() => i18n.changeLanguage('en'));
    }
  });

  it('says when the file held several invoices and only the first was read', async () => {
    stubApi({ invoice: testInvoice({ extractionWarnings: ['MULTIPLE_INVOICES'] }) });
    renderRoutes(routes, '/invoicereview?invoiceId=inv-1');
    await screen.findByRole('button', { name: 'Save invoice' });
    expect(screen.getByText(/only the first was read/)).toBeTruthy();
    expect(screen.queryByText(/hard to read/)).toBeNull();
  });

  it('shows the bank payments matched to the invoice and the day it was paid', async () => {
    const payment = (movementId: string, bookingDate: string, amountCents: number) => ({
      movementId,
      bookingDate,
      amountCents,
      currency: 'EUR',
    });
    stubApi({
      invoice: testInvoice({
        paidAt: '2024-04-20',
        payments: [payment('m-1', '2024-04-02', 50_000), payment('m-2', '2024-04-20', 56_000)],
      }),
    });
    renderRoutes(routes, '/invoicereview?invoiceId=inv-1');
    await screen.findByRole('button', { name: 'Save invoice' });
    expect(screen.getByText(/^Paid on 04\/20\/2024 by bank:/).textContent).toBe(
      'Paid on 04/20/2024 by bank: 04/02/2024 €500.00 · 04/20/2024 €560.00',
    );
  });

  it('says when the scan was hard to read, so every field is checked against the original', async () => {
    stubApi({ invoice: testInvoice({ extractionWarnings: ['LOW_OCR_CONFIDENCE', 'ROTATED'] }) });
    renderRoutes(routes, '/invoicereview?invoiceId=inv-1');
    await screen.findByRole('button', { name: 'Save invoice' });
    const notices = screen.getByRole('list', { name: 'What to check on this invoice' });
    expect(notices.textContent).toMatch(/hard to read: check every field/);
    expect(screen.queryByText(/only the first was read/)).toBeNull();
  });

  it('presets the type found from the client on the document and says why, in both languages', async () => {
    const preset = (type: 'issued' | 'received') =>
      testInvoice({
        type,
        evidence: { type: { confidence: 0.95, verified: false, source: 'party', box: null } },
      });
    stubApi({ invoice: preset('issued') });
    const view = renderRoutes(routes, '/invoicereview?invoiceId=inv-1');
    await screen.findByRole('button', { name: 'Save invoice' });
    expect((screen.getByRole('radio', { name: 'Issued' }) as HTMLInputElement).checked).toBe(true);
    expect(screen.getByTestId('type-reason').textContent).toBe('Your client is the issuer');
    // Once the accountant says otherwise, the reason no longer holds.
    fireEvent.click(screen.getByRole('radio', { name: 'Received' }));
    expect(screen.queryByTestId('type-reason')).toBeNull();
    view.unmount();

    await act(() => i18n.changeLanguage('es'));
    try {
      stubApi({ invoice: preset('received') });
      renderRoutes(routes, '/invoicereview?invoiceId=inv-1');
      expect((await screen.findByTestId('type-reason')).textContent).toBe('Tu cliente es el destinatario');
    } finally {
      await act(() => i18n.changeLanguage('en'));
    }
  });

  it('says nothing of why when the type was not preset', async () => {
    stubApi();
    renderRoutes(routes, '/invoicereview?invoiceId=inv-1');
    await screen.findByRole('button', { name: 'Save invoice' });
    expect(screen.queryByTestId('type-reason')).toBeNull();
  });
});

describe('editing an invoice', () => {
  it('highlights low-confidence fields, outlines the focused one on the original, and sends null VAT and IRPF at 0', async () => {
    // No breakdown: a VAT of 0 against a 21 % line would not add up (issue 36 item 8).
    const calls = stubApi({ invoice: testInvoice({ type: 'issued', vatBreakdown: [] }) });
    renderRoutes(routes, '/invoicePage/inv-1');
    await screen.findByRole('button', { name: 'Save changes' });
    expect(screen.getByRole('heading', { name: 'Edit invoice' })).toBeTruthy();
    const total = screen.getByLabelText('Invoice total');
    expect(total.getAttribute('data-low-confidence')).toBe('true');
    expect(screen.getByLabelText('Invoice number').getAttribute('data-low-confidence')).toBeNull();
    await screen.findByRole('img', { name: 'Original invoice' });
    fireEvent.focus(total);
    const box = screen.getByTestId('field-highlight');
    expect([box.style.left, box.style.top, box.style.width]).toEqual(['60%', '80%', '20%']);
    fireEvent.click(screen.getByRole('button', { name: 'Zoom in' }));
    expect(screen.getByTestId('zoom-level').textContent).toBe('Zoom 125 %');

    fireEvent.change(screen.getByLabelText('VAT total'), { target: { value: '0' } });
    fireEvent.change(screen.getByLabelText('IRPF withholding'), { target: { value: '' } });
    fireEvent.change(screen.getByLabelText('Invoice total'), { target: { value: '1000' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add line' }));
    fireEvent.change(screen.getByLabelText('Description (Line 2)'), { target: { value: 'Portes' } });
    fireEvent.click(screen.getByRole('button', { name: 'Remove line 1' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    await screen.findByRole('table', { name: 'Invoices' });
    const put = calls.find((c) => c.method === 'PUT');
    expect(put?.body).toMatchObject({ vatTotalCents: null, withholdingCents: null, type: 'issued' });
    expect((put?.body as { items?: unknown[] } | undefined)?.items).toEqual([
      {
        description: 'Portes',
        quantity: '0',
        unitPriceCents: null,
        lineTotalCents: null,
        vatRate: null,
        irpfRate: null,
      },
    ]);
  });

  it('shows errorSavingInvoice and stays on the form when saving fails', async () => {
    stubApi({ invoice: testInvoice({ type: 'issued' }), putStatus: 500 });
    renderRoutes(routes, '/invoicePage/inv-1');
    fireEvent.click(await screen.findByRole('button', { name: 'Save changes' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Error saving the invoice: Server error, please try again later',
    );
  });

  it('offers keep both or discard for the files read as this invoice again (issue 36)', async () => {
    const calls = stubApi({
      invoice: testInvoice({
        type: 'received',
        possibleDuplicates: [
          { documentId: 'd-2', filename: 'ticket-foto.jpg', createdAt: '2024-03-07T09:00:00.000Z' },
          { documentId: 'd-3', filename: 'ticket-copia.pdf', createdAt: '2024-03-08T09:00:00.000Z' },
        ],
      }),
    });
    renderRoutes(routes, '/invoicePage/inv-1');
    const section = await screen.findByRole('region', { name: 'Possible duplicates of this invoice' });
    expect(within(section).getByText('ticket-foto.jpg')).toBeTruthy();
    expect(within(section).getByText('Received 7 Mar 2024')).toBeTruthy();

    fireEvent.click(within(section).getByRole('button', { name: 'Keep both (1 credit): ticket-foto.jpg' }));
    expect(
      await within(section).findByText('Kept: it is now an invoice to review, and one credit was used.'),
    ).toBeTruthy();
    expect(within(section).getByRole('link', { name: 'Open the invoice kept' }).getAttribute('href')).toBe(
      '/invoicePage/inv-7',
    );
    // The list follows the server: the kept file is no longer offered, the other one still is.
    await waitFor(() => expect(within(section).queryByText('ticket-foto.jpg')).toBeNull());
    fireEvent.click(within(section).getByRole('button', { name: 'Discard: ticket-copia.pdf' }));
    expect(await within(section).findByText('Discarded. Nothing was charged.')).toBeTruthy();
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.url.pathname)).toEqual([
      '/api/v1/documents/d-2/keep',
      '/api/v1/documents/d-3/discard',
    ]);
  });

  it('says No invoice found for an unknown id', async () => {
    stubApi();
    renderRoutes(routes, '/invoicePage/nope');
    expect(await screen.findByText('No invoice found')).toBeTruthy();
  });
});

describe('a reader of the firm (issue 40)', () => {
  const reader = testUser({ firmRole: 'reader' });

  it('opens an invoice to read: every field shown, none editable, no save, keep or discard', async () => {
    storeTestSession(reader);
    const calls = stubApi({
      user: reader,
      invoice: testInvoice({
        type: 'received',
        possibleDuplicates: [
          { documentId: 'd-2', filename: 'ticket-foto.jpg', createdAt: '2024-03-07T09:00:00.000Z' },
        ],
      }),
    });
    renderRoutes(routes, '/invoicePage/inv-1');
    const note = await screen.findByTestId('read-only-note');
    expect(note.textContent).toBe(
      'Your role in the firm is Reader: you can read and export, not change anything.',
    );
    const fields = screen.getAllByRole('textbox') as HTMLInputElement[];
    expect(fields.length).toBeGreaterThan(3);
    for (const field of fields) expect(field.matches(':disabled'), field.id).toBe(true);
    expect(screen.queryByRole('button', { name: /^Save/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /Keep both/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /Discard/ })).toBeNull();
    // The duplicate is still named, and the way back is offered.
    expect(screen.getByText('ticket-foto.jpg')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Back to the client' })).toBeTruthy();
    expect(calls.filter((c) => c.method !== 'GET')).toEqual([]);
    await act(() => i18n.changeLanguage('es'));
    expect(screen.getByTestId('read-only-note').textContent).toBe(
      'Tu rol en la asesoría es Lector: puedes consultar y exportar, no modificar nada.',
    );
    await act(() => i18n.changeLanguage('en'));
  });

  it('lists the client’s invoices with a way to view each, and none to review or delete', async () => {
    storeTestSession(reader);
    stubApi({ user: reader });
    renderRoutes(routes, '/customer/c-1');
    expect(await screen.findByRole('link', { name: 'View invoice F-2024-001' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Review invoice F-2024-001' })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Delete invoice/ })).toBeNull();
  });
});
