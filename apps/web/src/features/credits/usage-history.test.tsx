import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { initAuth } from '../../access/auth-store';
import { i18n } from '../../i18n/i18n';
import { renderWithProviders } from '../../test/render';
import { storeTestSession, testUser } from '../../test/session';
import { UsageHistory } from './usage-history';

const json = (status: number, value: unknown) =>
  new Response(JSON.stringify(value), { status, headers: { 'content-type': 'application/json' } });

afterEach(async () => {
  vi.unstubAllGlobals();
  await act(() => i18n.changeLanguage('en'));
});

describe('the usage history', () => {
  it('names the client and file of each scan, in both languages', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL) =>
        String(input).includes('/credits/ledger')
          ? json(200, {
              entries: [
                {
                  id: 'e2',
                  kind: 'debit',
                  amount: -1,
                  createdAt: '2026-03-02T10:05:00.000Z',
                  clientId: 'c-1',
                  clientName: 'Bar Pepe SL',
                  fileName: 'ticket-0412.jpg',
                },
                {
                  id: 'e1',
                  kind: 'purchase',
                  amount: 150,
                  createdAt: '2026-03-01T10:00:00.000Z',
                  clientId: null,
                  clientName: null,
                  fileName: null,
                },
              ],
              nextCursor: null,
            })
          : json(200, testUser()),
      ),
    );
    storeTestSession();
    initAuth();
    renderWithProviders(<UsageHistory />);
    const table = await screen.findByTestId('usage-history', {}, { timeout: 4_000 });
    const headers = [...table.querySelectorAll('thead th')].map((th) => th.textContent);
    expect(headers).toEqual(['Date', 'Movement', 'Client', 'File', 'Credits']);
    const [scan, purchase] = [...table.querySelectorAll('tbody tr')] as HTMLElement[];
    expect(scan?.querySelector('[data-testid="usage-client"]')?.textContent).toBe('Bar Pepe SL');
    expect(scan?.querySelector('[data-testid="usage-file"]')?.textContent).toBe('ticket-0412.jpg');
    // On a phone the two columns are hidden and the same names sit under the movement.
    expect(scan?.querySelector('[data-testid="usage-for"]')?.textContent).toBe(
      'Bar Pepe SL · ticket-0412.jpg',
    );
    expect(purchase?.querySelector('[data-testid="usage-for"]')).toBeNull();
    await act(() => i18n.changeLanguage('es'));
    expect([...table.querySelectorAll('thead th')].map((th) => th.textContent)).toEqual([
      'Fecha',
      'Movimiento',
      'Cliente',
      'Archivo',
      'Créditos',
    ]);
  });

  it('leaves out reservations that move no credits', async () => {
    await act(() => i18n.changeLanguage('es'));
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL) =>
        String(input).includes('/credits/ledger')
          ? json(200, {
              entries: [
                { id: 'e3', kind: 'debit', amount: -1, createdAt: '2026-03-02T10:05:00.000Z' },
                { id: 'e2', kind: 'reservation', amount: 0, createdAt: '2026-03-02T10:00:00.000Z' },
                { id: 'e1', kind: 'purchase', amount: 150, createdAt: '2026-03-01T10:00:00.000Z' },
              ],
              nextCursor: null,
            })
          : json(200, testUser()),
      ),
    );
    storeTestSession();
    initAuth();
    renderWithProviders(<UsageHistory />);
    const table = await screen.findByTestId('usage-history', {}, { timeout: 4_000 });
    expect(table.querySelectorAll('tbody tr')).toHaveLength(2);
    expect(screen.getByText('Factura escaneada')).toBeTruthy();
    expect(screen.queryByText('Reservado para un escaneo')).toBeNull();
    expect(screen.queryByText('0')).toBeNull();
  });

  it('brings the next, older page by its cursor with a "Load more" button, and stops at the end', async () => {
    const urls: URL[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL) => {
        const url = new URL(String(input), 'http://localhost');
        if (!url.pathname.endsWith('/credits/ledger')) return json(200, testUser());
        urls.push(url);
        return url.searchParams.get('cursor') === 'older'
          ? json(200, {
              entries: [{ id: 'e1', kind: 'purchase', amount: 150, createdAt: '2026-03-01T10:00:00.000Z' }],
              nextCursor: null,
            })
          : json(200, {
              entries: [{ id: 'e2', kind: 'debit', amount: -1, createdAt: '2026-03-02T10:05:00.000Z' }],
              nextCursor: 'older',
            });
      }),
    );
    storeTestSession();
    initAuth();
    renderWithProviders(<UsageHistory />);
    const table = await screen.findByTestId('usage-history', {}, { timeout: 4_000 });
    expect(table.querySelectorAll('tbody tr')).toHaveLength(1);
    fireEvent.click(screen.getByRole('button', { name: 'Load more movements' }));
    expect(await screen.findByText('Credit purchase', {}, { timeout: 4_000 })).toBeTruthy();
    expect(table.querySelectorAll('tbody tr')).toHaveLength(2);
    expect(urls.map((url) => url.searchParams.get('cursor'))).toEqual([null, 'older']);
    expect(urls[0]?.searchParams.get('limit')).toBe('50');
    expect(screen.queryByRole('button', { name: 'Load more movements' })).toBeNull();
    expect(screen.getByText('2 shown')).toBeTruthy();
  });
});
