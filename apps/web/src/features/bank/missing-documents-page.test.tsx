import type { PublicBankRequest } from '@cuadra/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../i18n/i18n';
import { renderWithProviders } from '../../test/render';
import { MissingDocumentsPage } from './missing-documents-page';

const json = (status: number, value: unknown) =>
  new Response(JSON.stringify(value), { status, headers: { 'content-type': 'application/json' } });

const request = (uploaded = false): PublicBankRequest => ({
  clientName: 'Taller Núñez',
  accountantName: 'Lucía Ferrer',
  locale: 'es',
  expiresAt: '2026-12-12T00:00:00.000Z',
  lines: [
    {
      id: 'line-1',
      bookingDate: '2026-02-05',
      amountCents: -111_200,
      currency: 'EUR',
      concept: 'TRANSF SERVICIOS EJEMPLO SUR',
      counterpartyName: null,
      uploaded,
    },
    {
      id: 'line-2',
      bookingDate: '2026-02-10',
      amountCents: 30_000,
      currency: 'EUR',
      concept: 'INGRESO CLIENTE VARIOS',
      counterpartyName: null,
      uploaded: false,
    },
  ],
});

describe('the missing documents drop page', () => {
  let calls: { url: string; method: string; body: unknown }[];
  beforeEach(async () => {
    calls = [];
    await i18n.changeLanguage('en');
  });
  afterEach(() => vi.unstubAllGlobals());

  const stub = (answer: (url: string, method: string) => Response) =>
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
        const url = String(input);
        const method = init?.method ?? 'GET';
        calls.push({ url, method, body: init?.body });
        return answer(url, method);
      }),
    );

  it('lists each movement in the client’s language and sends the file chosen for a line', async () => {
    let sent = false;
    stub((url, method) => {
      if (method === 'POST') {
        sent = true;
        return json(201, { line: { ...request().lines[0], uploaded: true }, errorCode: null });
      }
      expect(url).toBe('/api/v1/bank/requests/tok.en');
      return json(200, request(sent));
    });
    renderWithProviders(<MissingDocumentsPage />, '/missing-documents?token=tok.en');

    // The request is the client's, in Spanish: the page switches to it.
    expect(await screen.findByText(/Lucía Ferrer necesita la factura/)).toBeTruthy();
    expect(screen.getByText(/^Pago de 1\.112,00\s€$/)).toBeTruthy();
    expect(screen.getByText(/^Ingreso de 300,00\s€$/)).toBeTruthy();
    expect(screen.getByText('0 de 2 enviados')).toBeTruthy();

    // Each picker is named for its movement, so a screen reader tells them apart.
    const picker = screen.getByLabelText(/^Añadir la factura del movimiento del 05\/02\/2026, 1\.112,00\s€$/);
    const file = new File(['<Invoice/>'], 'factura.xml', { type: 'text/xml' });
    fireEvent.change(picker, { target: { files: [file] } });

    await waitFor(() => expect(screen.getByText('1 de 2 enviados')).toBeTruthy());
    const post = calls.find((c) => c.method === 'POST');
    expect(post?.url).toBe('/api/v1/bank/requests/tok.en/lines/line-1');
    expect((post?.body as FormData | undefined)?.get('files[]')).toBeInstanceOf(File);
    const first = screen.getAllByRole('listitem')[0] as HTMLElement;
    expect(within(first).getByText(/Enviada/)).toBeTruthy();
  });

  it('says so when the link has expired, in the page’s language', async () => {
    stub(() =>
      json(410, { error: { code: 'BANK_REQUEST_LINK_EXPIRED', message: 'This link has expired.' } }),
    );
    renderWithProviders(<MissingDocumentsPage />, '/missing-documents?token=old');
    expect((await screen.findByRole('alert')).textContent).toBe(
      'This link has expired. Ask your accountant for a new one.',
    );
  });

  it('shows a loading state first, and a refused file’s reason on its line', async () => {
    stub((_url, method) =>
      method === 'POST'
        ? json(201, { line: request().lines[1], errorCode: 'UNSUPPORTED_TYPE' })
        : json(200, { ...request(), locale: 'en' }),
    );
    renderWithProviders(<MissingDocumentsPage />, '/missing-documents?token=t');
    expect(screen.getByRole('status').textContent).toBe('Loading the movements…');
    const picker = await screen.findByLabelText('Add the invoice for the movement of 02/10/2026, €300.00');
    fireEvent.change(picker, { target: { files: [new File(['hello'], 'notes.txt')] } });
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toMatch(/.+/);
    expect(screen.getByText('0 of 2 sent')).toBeTruthy();
  });
});
