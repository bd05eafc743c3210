import type { UploadBatch } from '@cuadra/shared';
import { act, configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../i18n/i18n';
import { renderWithProviders } from '../../test/render';
import { storeTestSession } from '../../test/session';
import { DEFAULT_INVOICE_SORT, useInvoiceList } from '../invoices/invoices-api';
import { batchStorageKey, POLL_INTERVAL_MS, UploadPanel } from './upload-panel';

/** Stands in for the client page's invoice table: how many rows it would show. */
function TableProbe() {
  const list = useInvoiceList('c-1', DEFAULT_INVOICE_SORT);
  const rows = list.data?.pages.flatMap((page) => page.invoices);
  return <p data-testid="table-rows">{rows ? `${rows.length} rows` : 'loading'}</p>;
}

type Call = { path: string; method: string; body: BodyInit | null | undefined };

const doc = (id: string, filename: string, status: UploadBatch['documents'][number]['status']) => ({
  id,
  filename,
  status,
  errorCode: null,
  invoiceId: status === 'needs_review' ? `inv-${id}` : null,
  duplicateOfInvoiceId: null,
});

/** A fake API: the upload answers with `uploaded`, each poll with the next of `polls` (the last repeats). */
function stubApi(uploaded: UploadBatch | { status: number; body: unknown }, polls: UploadBatch[] = []) {
  const calls: Call[] = [];
  let poll = 0;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input), 'http://localhost');
      const method = init?.method ?? 'GET';
      calls.push({ path: url.pathname, method, body: init?.body });
      const json = (status: number, value: unknown) =>
        new Response(JSON.stringify(value), { status, headers: { 'content-type': 'application/json' } });
      if (url.pathname === '/api/v1/clients/c-1/uploads' && method === 'POST') {
        return 'batchId' in uploaded ? json(202, uploaded) : json(uploaded.status, uploaded.body);
      }
      if (url.pathname.startsWith('/api/v1/uploads/')) {
        const next = polls[Math.min(poll, polls.length - 1)];
        poll += 1;
        return json(200, next);
      }
      if (url.pathname === '/api/v1/clients/c-1/invoices') {
        // The server's table: one invoice per document the last poll saw finished.
        const seen = poll === 0 ? null : polls[Math.min(poll, polls.length) - 1];
        const finished = seen ? seen.documents.filter((d) => d.status === 'needs_review').length : 0;
        return json(200, {
          invoices: Array.from({ length: finished }, (_, i) => ({ id: `inv-${i}` })),
          grossIncomeCents: 0,
          needsReviewCount: finished,
          scansAvailable: 3,
        });
      }
      return json(404, { error: { code: 'NOT_FOUND', message: 'Not found' } });
    }),
  );
  return calls;
}

const pick = (files: File[]) =>
  fireEvent.change(screen.getByLabelText('choose files'), { target: { files } });
const pdf = (name: string) => new File(['%PDF-1.7'], name, { type: 'application/pdf' });
const polls = (calls: Call[]) => calls.filter((c) => c.path.startsWith('/api/v1/uploads/')).length;

// Lazy routes load slowly on a busy machine: wait longer than Testing Library's 1 s.
configure({ asyncUtilTimeout: 10_000 });
vi.setConfig({ testTimeout: 30_000 });

beforeEach(() => {
  window.sessionStorage.clear();
  storeTestSession();
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('the upload panel', () => {
  it('explains failed files with their error code and links a duplicate to its original', async () => {
    window.sessionStorage.setItem(batchStorageKey('c-1'), 'b-2');
    stubApi({ batchId: 'x', pendingCount: 0, documents: [] }, [
      {
        batchId: 'b-2',
        pendingCount: 0,
        documents: [
          { ...doc('d1', 'empty.pdf', 'failed'), errorCode: 'EMPTY_FILE' },
          { ...doc('d2', 'again.pdf', 'duplicate'), duplicateOfInvoiceId: 'inv-7' },
        ],
      },
    ]);
    renderWithProviders(<UploadPanel clientId="c-1" scansAvailable={1} />);
    expect(await screen.findByText('Failed: The file is empty.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Open the original invoice' }).getAttribute('href')).toBe(
      '/invoicePage/inv-7',
    );
    expect(screen.getByTestId('processing-counter').textContent).toBe('Processing complete');
  });

  it('refuses wrong types, uploads the rest, polls every 5 s until nothing is pending, then toasts for 3 s', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'] });
    const batch = (pending: number, statuses: ('queued' | 'processing' | 'needs_review')[]) => ({
      batchId: 'b-1',
      pendingCount: pending,
      documents: [doc('d1', 'a.pdf', statuses[0] ?? 'queued'), doc('d2', 'b.jpg', statuses[1] ?? 'queued')],
    });
    const calls = stubApi(batch(2, ['queued', 'queued']), [
      batch(1, ['needs_review', 'processing']),
      batch(0, ['needs_review', 'needs_review']),
    ]);
    const scanComplete = vi.fn();
    window.addEventListener('scanComplete', scanComplete);
    renderWithProviders(<UploadPanel clientId="c-1" scansAvailable={3} />);
    expect(screen.getByText('3 scans available')).toBeTruthy();

    pick([pdf('a.pdf'), new File(['x'], 'b.jpg', { type: 'image/jpeg' }), new File(['x'], 'notes.txt')]);
    expect(screen.getByRole('alert').textContent).toContain('Invalid file types: notes.txt');
    await act(() => vi.advanceTimersByTimeAsync(0));
    const upload = calls.find((c) => c.method === 'POST') as Call;
    expect((upload.body as FormData).getAll('files[]').map((f) => (f as File).name)).toEqual([
      'a.pdf',
      'b.jpg',
    ]);
    // (No waitFor with fake timers: Testing Library would take them for Jest's.)
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(screen.getByTestId('processing-counter').textContent).toBe('Processing: 2 files left');
    expect(window.sessionStorage.getItem(batchStorageKey('c-1'))).toBe('b-1');

    await act(() => vi.advanceTimersByTimeAsync(POLL_INTERVAL_MS - 1));
    expect(polls(calls)).toBe(0);
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(polls(calls)).toBe(1);
    await act(() => vi.advanceTimersByTimeAsync(1)); // React Query tells the panel a timer tick later
    expect(screen.getByTestId('processing-counter').textContent).toBe('Processing: 1 file left');
    expect(scanComplete).not.toHaveBeenCalled();

    await act(() => vi.advanceTimersByTimeAsync(POLL_INTERVAL_MS));
    expect(polls(calls)).toBe(2);
    expect(screen.getByTestId('processing-counter').textContent).toBe('Processing complete');
    expect(screen.getByTestId('toast').textContent).toContain('Processing complete');
    expect(scanComplete).toHaveBeenCalledTimes(1);
    expect(window.sessionStorage.getItem(batchStorageKey('c-1'))).toBeNull();

    await act(() => vi.advanceTimersByTimeAsync(2_999));
    expect(screen.queryByTestId('toast')).not.toBeNull();
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(screen.queryByTestId('toast')).toBeNull();

    // Polling stopped at 0.
    await act(() => vi.advanceTimersByTimeAsync(POLL_INTERVAL_MS * 3));
    expect(polls(calls)).toBe(2);
    window.removeEventListener('scanComplete', scanComplete);

    // The panel can be dismissed.
    fireEvent.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByTestId('upload-result')).toBeNull();
  });

  it('refreshes the invoice table as each document finishes, and counts the queue from one number', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'] });
    const batch = (statuses: ('queued' | 'processing' | 'needs_review')[]) => ({
      batchId: 'b-3',
      pendingCount: statuses.filter((s) => s !== 'needs_review').length,
      documents: statuses.map((status, i) => doc(`d${i}`, `${i}.pdf`, status)),
    });
    const calls = stubApi(batch(['queued', 'queued', 'queued']), [
      batch(['needs_review', 'processing', 'queued']),
      batch(['needs_review', 'processing', 'queued']),
      batch(['needs_review', 'needs_review', 'needs_review']),
    ]);
    renderWithProviders(
      <>
        <UploadPanel clientId="c-1" scansAvailable={3} />
        <TableProbe />
      </>,
    );
    pick([pdf('0.pdf'), pdf('1.pdf'), pdf('2.pdf')]);
    await act(() => vi.advanceTimersByTimeAsync(0));
    const counter = () => screen.getByTestId('processing-counter').textContent;
    const progress = () => screen.getByTestId('processing-progress').textContent;
    const listFetches = () => calls.filter((c) => c.path === '/api/v1/clients/c-1/invoices').length;
    expect(counter()).toBe('Processing: 3 files left');
    expect(progress()).toBe('0 of 3 files processed');
    expect(screen.getByTestId('table-rows').textContent).toBe('0 rows');

    // One document finished: the table is refetched, and the panel's two lines agree.
    const before = listFetches();
    await act(() => vi.advanceTimersByTimeAsync(POLL_INTERVAL_MS));
    expect(listFetches()).toBe(before + 1);
    expect(counter()).toBe('Processing: 2 files left');
    expect(progress()).toBe('1 of 3 files processed');
    // (React Query tells its observers on a later tick, a few ms at most.)
    await act(() => vi.advanceTimersByTimeAsync(50));
    expect(screen.getByTestId('table-rows').textContent).toBe('1 rows');

    // Nothing new finished: no refetch.
    await act(() => vi.advanceTimersByTimeAsync(POLL_INTERVAL_MS));
    expect(listFetches()).toBe(before + 1);

    // The last ones finished: "complete" appears only with the table already holding every invoice.
    await act(() => vi.advanceTimersByTimeAsync(POLL_INTERVAL_MS));
    expect(counter()).toBe('Processing complete');
    await act(() => vi.advanceTimersByTimeAsync(50));
    expect(screen.getByTestId('table-rows').textContent).toBe('3 rows');
    expect(screen.queryByTestId('processing-progress')).toBeNull();
  });

  it('uploads the files the credits cover and names the ones that wait (issue 36 item 20)', async () => {
    const calls = stubApi({ batchId: 'b-1', pendingCount: 1, documents: [] });
    renderWithProviders(<UploadPanel clientId="c-1" scansAvailable={1} />);
    pick([pdf('a.pdf'), pdf('b.pdf')]);
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toContain(
      'Your balance covers 1 file, so the first was uploaded. Waiting for credits: b.pdf.',
    );
    expect(alert.textContent).not.toContain('monthly');
    expect(within(alert).getByRole('link', { name: 'Buy credits' }).getAttribute('href')).toBe('/credits');
    await new Promise((done) => setTimeout(done, 0));
    const posted = calls.find((c) => c.method === 'POST');
    expect((posted!.body as FormData).getAll('files[]').map((f) => (f as File).name)).toEqual(['a.pdf']);
  });

  it('shows the server’s refusal when credits ran out meanwhile, and a generic failure otherwise', async () => {
    stubApi({
      status: 402,
      body: { error: { code: 'INSUFFICIENT_CREDITS', message: 'x', details: { needed: 2, allowance: 0 } } },
    });
    renderWithProviders(<UploadPanel clientId="c-1" scansAvailable={2} />);
    pick([pdf('a.pdf'), pdf('b.pdf')]);
    expect((await screen.findByRole('alert')).textContent).toContain(
      'Not enough credits: these files need 2 and your balance is 0 credits. Nothing was uploaded.',
    );
    vi.unstubAllGlobals();
    stubApi({ status: 500, body: { error: { code: 'INTERNAL', message: 'x' } } });
    pick([pdf('a.pdf')]);
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toBe(
        'File upload failed. Please try again. Server error, please try again later',
      ),
    );
  });

  it('offers credits instead of the drop zone at 0 scans, in Spanish too', async () => {
    await i18n.changeLanguage('es');
    renderWithProviders(<UploadPanel clientId="c-1" scansAvailable={0} />);
    expect(screen.queryByTestId('drop-zone')).toBeNull();
    expect(screen.getByRole('link', { name: 'Comprar créditos' }).getAttribute('href')).toBe('/credits');
  });

  it('resumes a batch kept in sessionStorage, and lists 3 files until expanded', async () => {
    window.sessionStorage.setItem(batchStorageKey('c-1'), 'b-9');
    const files = ['1.pdf', '2.pdf', '3.pdf', '4.pdf', '5.pdf'].map((name, i) =>
      doc(`d${i}`, name, 'processing'),
    );
    const calls = stubApi({ batchId: 'x', pendingCount: 0, documents: [] }, [
      { batchId: 'b-9', pendingCount: 5, documents: files },
    ]);
    renderWithProviders(<UploadPanel clientId="c-1" scansAvailable={4} />);
    await screen.findByText('1.pdf');
    expect(calls[0]?.path).toBe('/api/v1/uploads/b-9');
    expect(screen.queryByText('4.pdf')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Show all 5 files' }));
    expect(screen.getByText('5.pdf')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Show fewer' }).getAttribute('aria-expanded')).toBe('true');
  });
});
