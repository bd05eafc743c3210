import type { PendingList } from '@cuadra/shared';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../i18n/i18n';
import { renderWithProviders } from '../../test/render';
import { storeTestSession } from '../../test/session';
import { PendingPayments } from './pending-payments';

const json = (status: number, value: unknown) =>
  new Response(JSON.stringify(value), { status, headers: { 'content-type': 'application/json' } });

const list: PendingList = {
  asOf: '2026-04-15',
  invoices: [
    {
      invoiceId: 'i-1',
      type: 'issued',
      number: 'FV-2026-0002',
      counterparty: 'Construcciones Ebro SL',
      issueDate: '2026-01-10',
      dueDate: null,
      currency: 'EUR',
      totalCents: 50_000,
      paidCents: 0,
      pendingCents: 50_000,
      pendingEurCents: 50_000,
      rate: null,
      days: 95,
      bucket: '90+',
      reviewed: true,
    },
    {
      invoiceId: 'i-2',
      type: 'received',
      number: 'AE-1',
      counterparty: 'Dubai Trading',
      issueDate: '2024-03-14',
      dueDate: null,
      currency: 'AED',
      totalCents: 30_000,
      paidCents: 0,
      pendingCents: 30_000,
      pendingEurCents: null,
      rate: null,
      days: 762,
      bucket: '90+',
      reviewed: true,
    },
  ],
  totals: {
    issued: { '0-30': 0, '31-60': 0, '61-90': 0, '90+': 50_000 },
    received: { '0-30': 0, '31-60': 0, '61-90': 0, '90+': 0 },
  },
  noRateCount: 1,
};

beforeEach(() => storeTestSession());
afterEach(async () => {
  vi.unstubAllGlobals();
  await act(() => i18n.changeLanguage('en'));
});

describe('the pending payments', () => {
  it('asks nothing until opened, then shows the buckets and the list in Spanish, filtered by side', async () => {
    await act(() => i18n.changeLanguage('es'));
    const urls: URL[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL) => {
        const url = new URL(String(input), 'http://localhost');
        urls.push(url);
        const type = url.searchParams.get('type');
        return json(200, {
          ...list,
          invoices: list.invoices.filter((i) => !type || i.type === type),
        });
      }),
    );
    renderWithProviders(<PendingPayments clientId="c-1" />);
    const toggle = screen.getByRole('button', { name: 'Mostrar' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(urls).toHaveLength(0);
    fireEvent.click(toggle);
    const rows = await screen.findAllByTestId('pending-invoice');
    expect(rows).toHaveLength(2);
    expect(urls[0]?.pathname).toBe('/api/v1/clients/c-1/bank/pending');
    const buckets = screen.getByTestId('pending-buckets');
    expect(within(buckets).getByText('Más de 90 días').nextElementSibling?.textContent).toMatch(
      /^Por cobrar: 500,00\s€Por pagar: 0,00\s€$/,
    );
    expect(within(rows[0] as HTMLElement).getByText('95 días vencida · Más de 90 días')).toBeTruthy();
    expect(within(rows[1] as HTMLElement).getByText('sin cambio del BCE: fuera de los totales')).toBeTruthy();
    expect(screen.getByText(/1 factura en otra moneda no tiene cambio del BCE/)).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Por pagar' }));
    await waitFor(() => expect(screen.getAllByTestId('pending-invoice')).toHaveLength(1));
    expect(urls.at(-1)?.searchParams.get('type')).toBe('received');
  });

  it('says when nothing is pending, and when the list cannot be loaded', async () => {
    let fail = false;
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        fail
          ? json(404, { error: { code: 'CLIENT_NOT_FOUND', message: 'x' } })
          : json(200, { ...list, invoices: [], noRateCount: 0 }),
      ),
    );
    renderWithProviders(<PendingPayments clientId="c-1" />);
    fireEvent.click(screen.getByRole('button', { name: 'Show' }));
    expect(await screen.findByText('Nothing pending: every dated invoice is paid.')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Download CSV' }) as HTMLButtonElement).disabled).toBe(true);
    fail = true;
    fireEvent.click(screen.getByRole('button', { name: 'To pay' }));
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByRole('button', { name: 'Try again' })).toBeTruthy();
  });
});
