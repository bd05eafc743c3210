import type { DocumentSplit } from '@cuadra/shared';
import { configure, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { initAuth } from '../../access/auth-store';
import { renderWithProviders } from '../../test/render';
import { storeTestSession, testUser } from '../../test/session';
import { SplitBar } from './split-bar';

configure({ asyncUtilTimeout: 10_000 });

const split: DocumentSplit = {
  splitId: 's-1',
  filename: 'lote.pdf',
  pageCount: 4,
  parts: [
    { documentId: 'd-1', invoiceId: 'i-1', pageFrom: 1, pageTo: 1, status: 'ready' },
    { documentId: 'd-2', invoiceId: 'i-2', pageFrom: 2, pageTo: 3, status: 'needs_review' },
    { documentId: 'd-3', invoiceId: 'i-3', pageFrom: 4, pageTo: 4, status: 'needs_review' },
  ],
};

function stubApi(answer: (body: { parts: { pageFrom: number; pageTo: number }[] }) => [number, unknown]) {
  const puts: unknown[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input), 'http://localhost');
      const json = (status: number, value: unknown) =>
        new Response(JSON.stringify(value), { status, headers: { 'content-type': 'application/json' } });
      if (url.pathname !== '/api/v1/documents/d-2/split') return json(404, { error: { code: 'NOT_FOUND' } });
      if (init?.method === 'PUT') {
        const body = JSON.parse(String(init.body));
        puts.push(body);
        return json(...answer(body));
      }
      return json(200, split);
    }),
  );
  return puts;
}

beforeEach(() => storeTestSession());
afterEach(() => vi.unstubAllGlobals());

describe('an invoice cut from a PDF that held several', () => {
  it('says which pages it is, and moves a boundary from the keyboard-reachable form', async () => {
    const puts = stubApi((body) => [
      200,
      {
        ...split,
        parts: [
          split.parts[0],
          { documentId: 'd-4', invoiceId: null, pageFrom: 2, pageTo: 2, status: 'queued' },
          {
            documentId: 'd-5',
            invoiceId: null,
            pageFrom: body.parts[2]?.pageFrom,
            pageTo: 4,
            status: 'queued',
          },
        ],
      },
    ]);
    renderWithProviders(<SplitBar split={{ documentId: 'd-2', pageFrom: 2, pageTo: 3 }} clientId="c-1" />);
    expect(screen.getByText('Pages 2–3 of a file that held several invoices.')).toBeTruthy();
    const adjust = screen.getByRole('button', { name: 'Adjust pages' });
    expect(adjust.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(adjust);
    await screen.findByText('lote.pdf: 4 pages, 3 invoices.');
    expect(screen.getByText('reviewed')).toBeTruthy();

    fireEvent.change(screen.getByLabelText('Invoice 2: last page'), { target: { value: '2' } });
    fireEvent.change(screen.getByLabelText('Invoice 3: first page'), { target: { value: '3' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save pages' }));
    await screen.findByText('Saved. The invoices whose pages changed are being read again.');
    expect(puts).toEqual([
      {
        parts: [
          { pageFrom: 1, pageTo: 1 },
          { pageFrom: 2, pageTo: 2 },
          { pageFrom: 3, pageTo: 4 },
        ],
      },
    ]);
    // This invoice was read again as a new one: the way back to the client's list.
    expect(screen.getByRole('link', { name: 'Open the client’s invoices' }).getAttribute('href')).toBe(
      '/customer/c-1',
    );
  });

  it('tells a reader of the firm which pages these are, and offers no adjustment (issue 40)', async () => {
    storeTestSession(testUser({ firmRole: 'reader' }));
    initAuth();
    renderWithProviders(<SplitBar split={{ documentId: 'd-2', pageFrom: 2, pageTo: 3 }} clientId="c-1" />);
    expect(await screen.findByText('Pages 2–3 of a file that held several invoices.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Adjust pages' })).toBeNull();
  });

  it('shows why a move is refused', async () => {
    stubApi(() => [409, { error: { code: 'SPLIT_LOCKED', message: '' } }]);
    renderWithProviders(<SplitBar split={{ documentId: 'd-2', pageFrom: 2, pageTo: 3 }} clientId="c-1" />);
    fireEvent.click(screen.getByRole('button', { name: 'Adjust pages' }));
    await screen.findByText('lote.pdf: 4 pages, 3 invoices.');
    fireEvent.change(screen.getByLabelText('Invoice 1: last page'), { target: { value: '2' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save pages' }));
    await waitFor(() =>
      expect(
        screen.getByText(
          'An invoice whose pages would change is already reviewed or still being read; its pages cannot be moved.',
        ),
      ).toBeTruthy(),
    );
  });
});
