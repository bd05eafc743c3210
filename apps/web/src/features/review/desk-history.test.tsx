import type { ReviewItem } from '@cuadra/shared';
import { act, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { initAuth } from '../../access/auth-store';
import { i18n } from '../../i18n/i18n';
import { renderWithProviders } from '../../test/render';
import { storeTestSession, testUser } from '../../test/session';
import { testInvoice } from '../invoices/test-invoice';
import { ReviewDeskPage } from './desk-page';

const json = (status: number, value: unknown) =>
  new Response(JSON.stringify(value), { status, headers: { 'content-type': 'application/json' } });

const item: ReviewItem = {
  id: 'd-1',
  invoiceId: 'inv-1',
  clientId: 'c-1',
  clientName: 'Lucía Romero',
  state: 'needs_review',
  fileName: 'factura-enero.pdf',
  issuerName: 'Papelería Sol',
  issueDate: '2026-01-15',
  totalCents: 12_100,
  currency: 'EUR',
  type: 'received',
  duplicateOfInvoiceId: null,
  duplicateOf: null,
  fieldCount: 10,
  verifiedCount: 8,
  lowConfidenceCount: 1,
  createdAt: '2026-01-16T10:00:00.000Z',
};

function stubApi() {
  const asked: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const url = new URL(String(input), 'http://localhost');
      asked.push(url.pathname);
      if (url.pathname.endsWith('/review-queue')) return json(200, { items: [item], nextCursor: null });
      if (url.pathname.endsWith('/invoices/inv-1/history')) {
        return json(200, {
          entries: [
            {
              id: '0190a1b2-c3d4-7e5f-8a9b-00000000000b',
              field: 'totalCents',
              from: 12_100,
              to: 12_200,
              via: 'screen',
              actor: { id: 'u-2', name: 'Pablo Staff' },
              at: '2026-03-02T09:00:00.000Z',
            },
          ],
        });
      }
      if (url.pathname.endsWith('/invoices/inv-1')) return json(200, testInvoice({ file: null }));
      return json(404, { error: { code: 'NOT_FOUND', message: 'x' } });
    }),
  );
  return asked;
}

afterEach(async () => {
  vi.unstubAllGlobals();
  await act(() => i18n.changeLanguage('en'));
});

describe('the desk’s history of the current invoice', () => {
  it('opens with `h` or its button, names who changed what, and closes with Escape', async () => {
    storeTestSession();
    const asked = stubApi();
    renderWithProviders(<ReviewDeskPage />);
    await screen.findByRole('button', { name: 'History h' });

    fireEvent.keyDown(document.activeElement ?? document.body, { key: 'h' });
    const dialog = await screen.findByRole('dialog', { name: 'History of factura-enero.pdf' });
    const entry = await within(dialog).findByRole('listitem');
    expect(entry.textContent).toContain('Pablo Staff');
    expect(entry.textContent).toContain('€122.00');
    expect(asked).toContain('/api/v1/invoices/inv-1/history');

    fireEvent.keyDown(dialog, { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();

    await act(() => i18n.changeLanguage('es'));
    fireEvent.click(screen.getByRole('button', { name: 'Historial h' }));
    expect(await screen.findByRole('dialog', { name: 'Historial de factura-enero.pdf' })).toBeTruthy();
  });

  it('lists `h` among the desk keys', async () => {
    storeTestSession();
    stubApi();
    renderWithProviders(<ReviewDeskPage />);
    await screen.findByRole('button', { name: 'History h' });
    fireEvent.keyDown(document.body, { key: '?' });
    const keys = await screen.findByRole('dialog', { name: 'Keyboard shortcuts' });
    expect(within(keys).getByText('Show who changed what on this invoice')).toBeTruthy();
  });
});

describe('the desk for a reader of the firm (issue 40)', () => {
  it('shows the fields but offers no save, accept or delete; the keys say why', async () => {
    storeTestSession(testUser({ firmRole: 'reader' }));
    initAuth();
    const asked = stubApi();
    const writes: string[] = [];
    const fetch = globalThis.fetch;
    vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
      if (init?.method && init.method !== 'GET') writes.push(`${init.method} ${String(input)}`);
      return fetch(input, init);
    });
    renderWithProviders(<ReviewDeskPage />);
    const form = await screen.findByRole('form', { name: 'Invoice fields' });
    // The fields are there to read, and none can be changed.
    const fields = within(form).getAllByRole('textbox') as HTMLInputElement[];
    expect(fields.length).toBeGreaterThan(3);
    for (const field of fields) expect(field.matches(':disabled')).toBe(true);
    expect(within(form).queryByRole('button', { name: 'Save and next (Enter)' })).toBeNull();
    expect(within(form).getByTestId('read-only-note')).toBeTruthy();

    // Every write key answers with a short message instead of acting.
    for (const key of ['Enter', 'x', 'a', 'Delete', 't', 'f']) {
      fireEvent.keyDown(document.body, { key });
      expect(screen.getByTestId('desk-notice').textContent).toBe(
        'Readers cannot change anything: this key does nothing for you.',
      );
    }
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.queryByRole('button', { name: /Accept 1/ })).toBeNull();
    // Reading keys still work, and the key list shows only those.
    fireEvent.keyDown(document.body, { key: '?' });
    const keys = await screen.findByRole('dialog', { name: 'Keyboard shortcuts' });
    expect(within(keys).getByText('Show who changed what on this invoice')).toBeTruthy();
    expect(within(keys).queryByText('a')).toBeNull();
    expect(writes).toEqual([]);
    expect(asked).toContain('/api/v1/invoices/inv-1');

    await act(() => i18n.changeLanguage('es'));
    fireEvent.keyDown(keys, { key: 'Escape' });
    fireEvent.keyDown(document.body, { key: 'a' });
    expect(screen.getByTestId('desk-notice').textContent).toBe(
      'Un lector no puede modificar nada: esta tecla no hace nada para ti.',
    );
  });
});
