import type { BankMovement, MovementList } from '@cuadra/shared';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { initAuth } from '../../access/auth-store';
import { i18n } from '../../i18n/i18n';
import { renderWithProviders } from '../../test/render';
import { storeTestSession, testUser } from '../../test/session';
import { BankPanel } from './bank-panel';

type Call = { url: URL; method: string; body: unknown };
const json = (status: number, value: unknown) =>
  new Response(JSON.stringify(value), { status, headers: { 'content-type': 'application/json' } });

function stubFetch(answer: (call: Call) => Response) {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const call = {
        url: new URL(String(input), 'http://localhost'),
        method: init?.method ?? 'GET',
        body: typeof init?.body === 'string' ? JSON.parse(init.body) : init?.body,
      };
      calls.push(call);
      return answer(call);
    }),
  );
  return calls;
}

const movement = (over: Partial<BankMovement>): BankMovement => ({
  id: 'm-1',
  statementId: 's-1',
  iban: 'ES9121000418450200051332',
  bookingDate: '2026-01-22',
  valueDate: '2026-01-22',
  amountCents: 60_500,
  currency: 'EUR',
  concept: 'TRANSFERENCIA CLINICA DENTAL SUR',
  counterpartyName: null,
  counterpartyIban: null,
  reference: null,
  sourceLine: 4,
  status: 'proposed',
  matchedBy: null,
  ignoreReason: null,
  score: 65,
  reasons: ['amount_exact', 'name_similar', 'date_near'],
  invoices: [
    {
      invoiceId: 'inv-2',
      number: 'FV-2026-0102',
      counterparty: 'Clínica Dental Sur',
      issueDate: '2026-01-08',
      totalCents: 60_500,
      currency: 'EUR',
      amountCents: 60_500,
    },
  ],
  ...over,
});

const proposed = movement({});
const fee = movement({
  id: 'm-2',
  amountCents: -1_250,
  concept: 'COMISION MANTENIMIENTO',
  status: 'unmatched',
  score: null,
  reasons: [],
  invoices: [],
});
const list = (movements: BankMovement[]): MovementList => ({
  movements,
  nextOffset: null,
  totals: {
    count: 2,
    byStatus: { unmatched: 1, proposed: 1, matched: 0, ignored: 0 },
    creditsCents: 60_500,
    debitsCents: -1_250,
  },
});

beforeEach(() => storeTestSession());
afterEach(async () => {
  vi.unstubAllGlobals();
  await act(() => i18n.changeLanguage('en'));
});

describe('the Bank tab', () => {
  it('shows the proposal with its reasons and totals, and accepts it from the keyboard', async () => {
    let accepted = false;
    const calls = stubFetch(({ url, method }) => {
      if (url.pathname.endsWith('/statements')) return json(200, { statements: [] });
      if (url.pathname.endsWith('/rules')) return json(200, { rules: [] });
      if (method === 'POST' && url.pathname.endsWith('/m-1/match')) {
        accepted = true;
        return json(200, { ...proposed, status: 'matched', matchedBy: 'user' });
      }
      const status = url.searchParams.get('status');
      const all = accepted
        ? [{ ...proposed, status: 'matched' as const, matchedBy: 'user' as const }, fee]
        : [proposed, fee];
      return json(200, list(status ? all.filter((m) => m.status === status) : all));
    });
    renderWithProviders(<BankPanel clientId="c-1" />);
    const rows = await screen.findAllByTestId('movement');
    expect(rows).toHaveLength(2);
    const first = rows[0] as HTMLElement;
    expect(within(first).getByText(/FV-2026-0102 · Clínica Dental Sur/)).toBeTruthy();
    expect(
      within(first).getByText("Why: exact amount due · name in the movement · date near the invoice's"),
    ).toBeTruthy();
    expect(screen.getByTestId('bank-totals').textContent).toBe(
      'Credits €605.00 · Charges −€12.50 · Net €592.50',
    );
    expect(screen.getByText('No statement imported yet.')).toBeTruthy();

    first.focus();
    fireEvent.keyDown(first, { key: 'j' });
    expect(document.activeElement).toBe(rows[1]);
    fireEvent.keyDown(rows[1] as HTMLElement, { key: 'Enter' }); // nothing to accept on an unmatched one
    fireEvent.keyDown(rows[1] as HTMLElement, { key: 'k' });
    fireEvent.keyDown(first, { key: 'Enter' });
    await waitFor(() =>
      expect(calls.filter((c) => c.method === 'POST').map((c) => c.url.pathname)).toEqual([
        '/api/v1/clients/c-1/bank/movements/m-1/match',
      ]),
    );
    await waitFor(() =>
      expect((screen.getAllByTestId('movement')[0] as HTMLElement).dataset.status).toBe('matched'),
    );

    fireEvent.click(screen.getByRole('button', { name: /Proposed/ }));
    await waitFor(() => expect(screen.getByText('No movements with this status.')).toBeTruthy());
  });

  it('sets a fee aside for good with the chosen reason, and lists the rule to forget it', async () => {
    let rules: { id: string; pattern: string; direction: string; reason: string; createdAt: string }[] = [];
    const calls = stubFetch(({ url, method }) => {
      if (url.pathname.endsWith('/statements')) return json(200, { statements: [] });
      if (url.pathname.endsWith('/rules')) return json(200, { rules });
      if (method === 'POST' && url.pathname.endsWith('/m-2/ignore')) {
        rules = [
          { id: 'r-1', pattern: 'comision mantenimiento', direction: 'debit', reason: 'fee', createdAt: '' },
        ];
        return json(200, { ...fee, status: 'ignored', ignoreReason: 'fee' });
      }
      if (method === 'DELETE') {
        rules = [];
        return new Response(null, { status: 204 });
      }
      return json(200, list([proposed, fee]));
    });
    renderWithProviders(<BankPanel clientId="c-1" />);
    const row = (await screen.findAllByTestId('movement'))[1] as HTMLElement;
    expect(screen.queryByRole('heading', { name: 'Saved rules' })).toBeNull();
    fireEvent.change(screen.getByLabelText('Reason when setting aside:'), { target: { value: 'fee' } });
    fireEvent.click(within(row).getByRole('button', { name: 'Always set aside' }));
    await screen.findByRole('heading', { name: 'Saved rules' });
    const ignore = calls.find((c) => c.method === 'POST');
    expect(ignore?.body).toEqual({ reason: 'fee', remember: true });
    expect(screen.getByText('“comision mantenimiento” (charges): bank fee')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Forget the rule “comision mantenimiento”' }));
    await waitFor(() => expect(screen.queryByRole('heading', { name: 'Saved rules' })).toBeNull());
  });

  it('names the line of an unreadable file, in Spanish', async () => {
    await act(() => i18n.changeLanguage('es'));
    const calls = stubFetch(({ url, method }) => {
      if (method === 'POST') {
        return json(422, {
          error: {
            code: 'STATEMENT_UNREADABLE',
            message: 'x',
            details: { line: 7, reason: 'record_length' },
          },
        });
      }
      if (url.pathname.endsWith('/statements')) return json(200, { statements: [] });
      if (url.pathname.endsWith('/rules')) return json(200, { rules: [] });
      return json(200, {
        movements: [],
        totals: {
          count: 0,
          byStatus: { unmatched: 0, proposed: 0, matched: 0, ignored: 0 },
          creditsCents: 0,
          debitsCents: 0,
        },
      });
    });
    renderWithProviders(<BankPanel clientId="c-1" />);
    expect(await screen.findByText('Aún no hay movimientos: importa un extracto arriba.')).toBeTruthy();
    const input = screen.getByLabelText('Fichero del extracto') as HTMLInputElement;
    fireEvent.change(input, { target: { files: [new File(['11'], 'malo.n43')] } });
    fireEvent.change(screen.getByLabelText('IBAN (solo para un CSV que no indica su cuenta)'), {
      target: { value: ' ES91 2100 0418 4502 0005 1332 ' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Importar extracto' }));
    const alert = await screen.findByRole('alert');
    const sent = calls.find((c) => c.method === 'POST');
    expect(sent?.url.searchParams.get('iban')).toBe('ES91 2100 0418 4502 0005 1332');
    expect(sent?.url.searchParams.get('name')).toBe('malo.n43');
    expect(alert.textContent).toContain('No se ha podido leer este extracto bancario');
    expect(alert.textContent).toContain('(línea 7)');
  });

  it('offers a reader of the firm no import, request, match, set-aside or rule to forget (issue 40)', async () => {
    const reader = testUser({ firmRole: 'reader' });
    storeTestSession(reader);
    initAuth();
    const rule = {
      id: 'r-1',
      pattern: 'comision mantenimiento',
      direction: 'debit',
      reason: 'fee',
      createdAt: '',
    };
    const calls = stubFetch(({ url }) => {
      if (url.pathname === '/api/v1/me') return json(200, reader);
      if (url.pathname.endsWith('/statements')) return json(200, { statements: [] });
      if (url.pathname.endsWith('/rules')) return json(200, { rules: [rule] });
      return json(200, list([proposed, fee]));
    });
    renderWithProviders(<BankPanel clientId="c-1" />);
    const rows = await screen.findAllByTestId('movement');
    await screen.findByRole('heading', { name: 'Saved rules' });
    // Everything is there to read ...
    expect(within(rows[0] as HTMLElement).getByText(/FV-2026-0102 · Clínica Dental Sur/)).toBeTruthy();
    expect(screen.getByText('“comision mantenimiento” (charges): bank fee')).toBeTruthy();
    // ... and nothing to change it with.
    expect(screen.getByTestId('read-only-note').textContent).toBe(
      'Your role in the firm is Reader: you can read and export, not change anything.',
    );
    for (const row of rows) expect(within(row).queryAllByRole('button')).toEqual([]);
    expect(screen.queryByLabelText('Statement file')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Import statement' })).toBeNull();
    expect(screen.queryByLabelText('Reason when setting aside:')).toBeNull();
    expect(screen.queryByRole('button', { name: /Forget the rule/ })).toBeNull();
    expect(screen.queryByRole('heading', { name: 'Ask the client for what is missing' })).toBeNull();
    // The movement keys say so rather than act.
    (rows[0] as HTMLElement).focus();
    fireEvent.keyDown(rows[0] as HTMLElement, { key: 'Enter' });
    expect(
      await screen.findByText('Readers cannot change anything: this key does nothing for you.'),
    ).toBeTruthy();
    expect(calls.filter((c) => c.method !== 'GET')).toEqual([]);
    await act(() => i18n.changeLanguage('es'));
    expect(screen.getByTestId('read-only-note').textContent).toBe(
      'Tu rol en la asesoría es Lector: puedes consultar y exportar, no modificar nada.',
    );
  });

  it('says when the movements cannot be loaded', async () => {
    stubFetch(({ url }) =>
      url.pathname.endsWith('/statements')
        ? json(200, { statements: [] })
        : json(404, { error: { code: 'CLIENT_NOT_FOUND', message: 'x' } }),
    );
    renderWithProviders(<BankPanel clientId="c-1" />);
    const retry = await screen.findByRole('button', { name: 'Try again' });
    expect(retry.closest('[role="alert"]')?.textContent).toContain('Try again');
  });

  it('shows the movements past the first page on request, keyboard order kept', async () => {
    // The server's page is MOVEMENT_PAGE_MAX; the list follows whatever `nextOffset` it is told.
    const many = (from: number, count: number) =>
      Array.from({ length: count }, (_, n) =>
        movement({
          id: `m-${from + n}`,
          concept: `COMPRA ${from + n}`,
          status: 'unmatched',
          invoices: [],
          reasons: [],
        }),
      );
    const calls = stubFetch(({ url }) => {
      if (url.pathname.endsWith('/statements')) return json(200, { statements: [] });
      if (url.pathname.endsWith('/rules')) return json(200, { rules: [] });
      const offset = Number(url.searchParams.get('offset'));
      const totals = {
        ...list([]).totals,
        count: 5,
        byStatus: { unmatched: 5, proposed: 0, matched: 0, ignored: 0 },
      };
      return json(
        200,
        offset === 0
          ? { movements: many(0, 3), nextOffset: 3, totals }
          : { movements: many(3, 2), nextOffset: null, totals },
      );
    });
    renderWithProviders(<BankPanel clientId="c-1" />);
    expect(await screen.findAllByTestId('movement')).toHaveLength(3);
    expect(screen.getByText('3 of 5 shown')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Show more movements' }));
    await waitFor(() => expect(screen.getAllByTestId('movement')).toHaveLength(5));
    const pages = calls.filter((c) => c.url.pathname.endsWith('/movements'));
    expect(pages.map((c) => c.url.searchParams.get('offset'))).toEqual(['0', '3']);
    expect(pages[0]?.url.searchParams.get('limit')).toBe('500');
    expect(screen.queryByRole('button', { name: 'Show more movements' })).toBeNull();
    const rows = screen.getAllByTestId('movement');
    (rows[2] as HTMLElement).focus();
    fireEvent.keyDown(rows[2] as HTMLElement, { key: 'j' });
    expect(document.activeElement).toBe(rows[3]);
  });

  it('asks which column is which for an unknown CSV, and sends the file again with the confirmed columns', async () => {
    await act(() => i18n.changeLanguage('es'));
    const empty = { ...list([]), totals: { ...list([]).totals, count: 0 } };
    const calls = stubFetch(({ url, method }) => {
      if (url.pathname.endsWith('/statements') && method === 'GET') return json(200, { statements: [] });
      if (url.pathname.endsWith('/rules')) return json(200, { rules: [] });
      if (method === 'POST' && !url.searchParams.get('mapping')) {
        return json(422, {
          error: {
            code: 'STATEMENT_MAPPING_REQUIRED',
            message: 'x',
            details: {
              line: 2,
              headers: ['Día', 'Texto', 'Euros'],
              proposal: { date: 0, concept: 1 },
              sample: [['01/03/2026', 'Comisión', '-2,00']],
            },
          },
        });
      }
      if (method === 'POST') {
        return json(201, { statements: [], imported: 1, duplicates: 0, matched: 0, proposed: 0 });
      }
      return json(200, empty);
    });
    renderWithProviders(<BankPanel clientId="c-1" />);
    const input = (await screen.findByLabelText('Fichero del extracto')) as HTMLInputElement;
    fireEvent.change(input, { target: { files: [new File(['Día;Texto;Euros'], 'banco.csv')] } });
    fireEvent.click(screen.getByRole('button', { name: 'Importar extracto' }));
    const mapping = await screen.findByTestId('column-mapping');
    expect(within(mapping).getByRole('cell', { name: 'Comisión' })).toBeTruthy();
    const confirm = within(mapping).getByRole('button', { name: 'Importar con estas columnas' });
    // No amount yet: nothing can be sent.
    expect((confirm as HTMLButtonElement).disabled).toBe(true);
    expect(within(mapping).getByText(/Elige al menos la fecha/)).toBeTruthy();
    fireEvent.change(within(mapping).getByLabelText('Importe (con signo)'), { target: { value: '2' } });
    fireEvent.click(confirm);
    await screen.findByTestId('import-result');
    const posts = calls.filter((c) => c.method === 'POST');
    expect(posts).toHaveLength(2);
    expect(JSON.parse(posts[1]?.url.searchParams.get('mapping') ?? '')).toEqual({
      line: 2,
      columns: { date: 0, concept: 1, amount: 2 },
    });
    expect(posts[1]?.url.searchParams.get('name')).toBe('banco.csv');
    expect(screen.queryByTestId('column-mapping')).toBeNull();
  });
});
