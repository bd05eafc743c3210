import type { EInvoiceView } from '@cuadra/shared';
import { act, configure, fireEvent, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../i18n/i18n';
import { renderWithProviders } from '../../test/render';
import { storeTestSession } from '../../test/session';
import { DocumentViewer } from './document-viewer';

configure({ asyncUtilTimeout: 10_000 });

const ORIGINAL: EInvoiceView = {
  format: 'ubl',
  invoices: [
    {
      number: 'FV-2026-031',
      issueDate: '2026-02-03',
      dueDate: '2026-03-05',
      issuerName: 'Suministros <b>Norte</b> SL',
      issuerAddress: null,
      issuerTaxId: 'ESA58818501',
      recipientName: 'Talleres Gómez S.L.',
      recipientAddress: null,
      recipientTaxId: 'ESB12345674',
      currency: 'EUR',
      taxBaseCents: 11000,
      vatTotalCents: 2200,
      withholdingCents: null,
      withholdingRate: null,
      surchargeCents: null,
      otherTaxesCents: null,
      totalCents: 13200,
      vatBreakdown: [
        { rate: '21', baseCents: 10000, vatCents: 2100 },
        { rate: '10', baseCents: 1000, vatCents: 100 },
      ],
      items: [
        {
          description: 'Tornillería',
          quantity: '4',
          unitPriceCents: 2500,
          lineTotalCents: 10000,
          vatRate: '21',
          irpfRate: null,
        },
      ],
    },
  ],
};

function stubFiles(mediaType: string) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const path = new URL(String(input), 'http://localhost').pathname;
      if (path === '/api/v1/invoices/inv-1/file')
        return new Response('<Invoice/>', { status: 200, headers: { 'content-type': mediaType } });
      if (path === '/api/v1/invoices/inv-1/original')
        return new Response(JSON.stringify(ORIGINAL), {
          status: 200,
          headers: { 'content-type': 'application/json' },
        });
      return new Response('{}', { status: 404, headers: { 'content-type': 'application/json' } });
    }),
  );
}

beforeEach(() => {
  storeTestSession();
  URL.createObjectURL = vi.fn(() => 'blob:original');
  URL.revokeObjectURL = vi.fn();
});
afterEach(async () => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  await act(() => i18n.changeLanguage('en'));
});

/** Two fields to focus in turn, beside the viewer. */
function Harness() {
  const [field, setField] = useState<'none' | 'number' | 'total'>('none');
  const boxes = {
    none: null,
    number: { page: 1, x: 0.1, y: 0.05, w: 0.2, h: 0.03 },
    total: { page: 1, x: 0.6, y: 0.9, w: 0.2, h: 0.03 },
  };
  return (
    <>
      <button type="button" onClick={() => setField('number')}>
        number
      </button>
      <button type="button" onClick={() => setField('total')}>
        total
      </button>
      <DocumentViewer
        invoiceId="inv-1"
        file={{ mediaType: 'image/png', filename: 'scan.png' }}
        highlight={boxes[field]}
      />
    </>
  );
}

describe('the original beside the invoice form', () => {
  it('shows an uploaded e-invoice XML as a readable invoice, its values as text, in both languages', async () => {
    stubFiles('application/xml');
    renderWithProviders(
      <DocumentViewer
        invoiceId="inv-1"
        file={{ mediaType: 'application/xml', filename: 'factura.xml' }}
        highlight={null}
      />,
    );
    const view = await screen.findByTestId('einvoice-original');
    expect(screen.queryByText(/cannot be shown here/)).toBeNull();
    expect(screen.getByRole('heading', { name: 'Invoice FV-2026-031' })).toBeTruthy();
    // Markup inside the XML's values stays text: no element is made from it.
    expect(screen.getByText('Suministros <b>Norte</b> SL')).toBeTruthy();
    expect(view.querySelector('b')).toBeNull();
    expect(screen.getByText('Talleres Gómez S.L.')).toBeTruthy();
    expect(screen.getByText('Tornillería')).toBeTruthy();
    expect(screen.getAllByTestId('einvoice-vat-line').map((row) => row.textContent)).toEqual([
      '21 %€100.00€21.00',
      '10 %€10.00€1.00',
    ]);
    expect(screen.getByTestId('einvoice-total').textContent).toBe('€132.00');
    await act(() => i18n.changeLanguage('es'));
    expect(await screen.findByRole('heading', { name: 'Factura FV-2026-031' })).toBeTruthy();
    expect(screen.getByText('Impuestos por tipo')).toBeTruthy();
    expect(screen.getByTestId('einvoice-total').textContent).toBe('132,00\u00a0€');
  });

  it('scrolls the focused field’s box into view when zoomed, each time another field is focused', async () => {
    stubFiles('image/png');
    const scrolled: Element[] = [];
    Element.prototype.scrollIntoView = vi.fn(function (this: Element) {
      scrolled.push(this);
    });
    renderWithProviders(<Harness />);
    await screen.findByRole('img', { name: 'Original invoice' });
    for (let i = 0; i < 4; i++) fireEvent.click(screen.getByRole('button', { name: 'Zoom in' }));
    fireEvent.click(screen.getByRole('button', { name: 'number' }));
    await waitFor(() => expect(scrolled.at(-1)?.getAttribute('data-testid')).toBe('field-highlight'));
    const before = scrolled.length;
    fireEvent.click(screen.getByRole('button', { name: 'total' }));
    await waitFor(() => expect(scrolled.length).toBeGreaterThan(before));
    const box = scrolled.at(-1) as HTMLElement;
    expect(box.getAttribute('data-testid')).toBe('field-highlight');
    expect(box.style.top).toBe('90%');
  });
});
