import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../i18n/i18n';
import { routes } from '../../router';
import { renderRoutes } from '../../test/render';
import { storeTestSession, testUser } from '../../test/session';

/** The page module loads lazily; on a busy machine that takes longer than the default second. */
const SLOW = { timeout: 10_000 };
// The first route load on a busy machine can take longer than the default 5 s per test.
vi.setConfig({ testTimeout: 30_000 });

type Call = { url: URL; method: string; body: unknown };

/** A fake API: the client list answers from `clients`, POST /clients answers like the server. */
function stubApi(
  clients: { id: string; name: string; registered?: boolean; taxId?: string; needsReview?: number }[] = [],
  me = testUser(),
) {
  const calls: Call[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const method = init?.method ?? 'GET';
    const body = init?.body ? JSON.parse(String(init.body)) : undefined;
    calls.push({ url, method, body });
    const json = (status: number, value: unknown) =>
      new Response(JSON.stringify(value), { status, headers: { 'content-type': 'application/json' } });
    if (url.pathname === '/api/v1/me') return json(200, me);
    if (url.pathname.startsWith('/api/v1/clients/export.')) {
      return new Response('Name\r\n', {
        status: 200,
        headers: { 'content-disposition': 'attachment; filename="clients_2026-11-24.csv"' },
      });
    }
    if (url.pathname === '/api/v1/clients' && method === 'GET') {
      const q = (url.searchParams.get('q') ?? '').toLowerCase();
      const registered = url.searchParams.get('registered');
      const limit = Number(url.searchParams.get('limit') ?? 50);
      const start = Number(url.searchParams.get('cursor') ?? 0);
      const all = clients
        .filter((c) => c.name.toLowerCase().includes(q))
        .filter((c) => registered === null || String(Boolean(c.registered)) === registered)
        .filter((c) => url.searchParams.get('toReview') !== 'true' || (c.needsReview ?? 0) > 0)
        .sort((a, b) => a.name.localeCompare(b.name) * (url.searchParams.get('order') === 'desc' ? -1 : 1))
        .map((c) => ({
          taxId: null,
          status: c.registered ? 'registered' : 'dummy',
          registered: Boolean(c.registered),
          documents: 0,
          needsReview: 0,
          createdAt: new Date(0).toISOString(),
          ...c,
        }));
      const items = all.slice(start, start + limit);
      const next = start + limit < all.length ? String(start + limit) : null;
      return json(200, { items, total: all.length, limit, nextCursor: next });
    }
    if (url.pathname === '/api/v1/clients' && method === 'POST') {
      const existing = clients.find((c) => c.taxId && c.taxId === body.taxId);
      if (existing) {
        return json(409, {
          error: {
            code: 'CLIENT_TAX_ID_TAKEN',
            message: 'x',
            details: { clientId: existing.id, name: existing.name },
          },
        });
      }
      return json(201, {
        id: 'new-id',
        name: body.name,
        taxId: body.taxId,
        status: 'dummy',
        registered: false,
      });
    }
    return json(404, { error: { code: 'NOT_FOUND', message: 'Not found' } });
  });
  vi.stubGlobal('fetch', fetchMock);
  return calls;
}

afterEach(() => vi.unstubAllGlobals());
// The machine running these is often busy: a slow render is not a failure.
vi.setConfig({ testTimeout: 30_000 });

describe('the dashboard’s client section', () => {
  it('links each client’s name to its page, and lays each row out as a labelled card on phones', async () => {
    stubApi([
      { id: 'c-1', name: 'Talleres Ruiz' },
      { id: 'c-2', name: 'Marta Gil', registered: true },
    ]);
    storeTestSession();
    renderRoutes(routes, '/dashboard');
    const table = await screen.findByRole('table', { name: 'Your clients' }, SLOW);
    const name = within(table).getByRole('link', { name: 'Talleres Ruiz' });
    expect(name.getAttribute('href')).toBe('/customer/c-1');
    const row = name.closest('tr');
    expect(row?.className).toContain('max-md:grid');
    const labels = Array.from(row?.querySelectorAll('td[data-label]') ?? [], (td) =>
      td.getAttribute('data-label'),
    );
    expect(labels).toEqual(['Status', 'Documents', 'Needs review']);
    await i18n.changeLanguage('es');
    expect(within(table).getByRole('link', { name: 'Marta Gil' }).getAttribute('href')).toBe('/customer/c-2');
    await i18n.changeLanguage('en');
  });

  it('offers a reader of the firm the clients to read, and no way to add one (issue 40)', async () => {
    const reader = testUser({ firmRole: 'reader' });
    stubApi([{ id: 'c-1', name: 'Talleres Ruiz' }], reader);
    storeTestSession(reader);
    renderRoutes(routes, '/dashboard');
    await screen.findByRole('table', { name: 'Your clients' }, SLOW);
    expect(screen.getByRole('link', { name: 'View details of Talleres Ruiz' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Add customer' })).toBeNull();
    expect(screen.queryByRole('button', { name: /Invite/ })).toBeNull();
  });

  it('lists clients with the registered-user marker and a view-details link', async () => {
    stubApi([
      { id: 'c-1', name: 'Talleres Ruiz' },
      { id: 'c-2', name: 'Marta Gil', registered: true },
    ]);
    storeTestSession();
    renderRoutes(routes, '/dashboard');
    const table = await screen.findByRole('table', { name: 'Your clients' }, SLOW);
    const marta = within(table).getByRole('rowheader', { name: /Marta Gil/ });
    expect(within(marta).getByText('registered user')).toBeTruthy();
    const link = screen.getByRole('link', { name: 'View details of Talleres Ruiz' });
    expect(link.getAttribute('href')).toBe('/customer/c-1');
  });

  it('searches and sorts on the server, and says when nothing matches', async () => {
    const calls = stubApi([{ id: 'c-1', name: 'Talleres Ruiz' }]);
    storeTestSession();
    renderRoutes(routes, '/dashboard');
    await screen.findByRole('table', {}, SLOW);
    fireEvent.click(screen.getByRole('button', { name: /Name, sorted A to Z/ }));
    await waitFor(() => expect(calls.some((c) => c.url.searchParams.get('order') === 'desc')).toBe(true));
    fireEvent.change(screen.getByLabelText('Search clients'), { target: { value: 'zzz' } });
    expect(
      await screen.findByText('Client not found. No client name contains “zzz”.', {}, SLOW),
    ).toBeTruthy();
    expect(calls.some((c) => c.url.searchParams.get('q') === 'zzz')).toBe(true);
  });

  it('filters registered and to-review clients on the server, and exports the filtered list', async () => {
    const calls = stubApi([
      { id: 'c-1', name: 'Talleres Ruiz', needsReview: 2 },
      { id: 'c-2', name: 'Marta Gil', registered: true },
      { id: 'c-3', name: 'Ana Sol' },
    ]);
    storeTestSession();
    URL.createObjectURL = vi.fn(() => 'blob:clients');
    URL.revokeObjectURL = vi.fn();
    renderRoutes(routes, '/dashboard');
    const table = await screen.findByRole('table', { name: 'Your clients' }, SLOW);
    expect(within(table).getAllByRole('rowheader')).toHaveLength(3);
    fireEvent.change(screen.getByLabelText('Account status'), { target: { value: 'false' } });
    await waitFor(() => expect(within(table).queryByRole('rowheader', { name: /Marta Gil/ })).toBeNull());
    fireEvent.click(screen.getByRole('checkbox', { name: 'With invoices to review' }));
    await waitFor(() => expect(within(table).getAllByRole('rowheader')).toHaveLength(1));
    expect(within(table).getByRole('rowheader', { name: /Talleres Ruiz/ })).toBeTruthy();
    expect(screen.getByText('1 of 1 client')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(URL.createObjectURL).toHaveBeenCalled());
    const exported = calls.find((c) => c.url.pathname === '/api/v1/clients/export.csv');
    expect(Object.fromEntries(exported!.url.searchParams)).toEqual({
      order: 'asc',
      registered: 'false',
      toReview: 'true',
    });
    fireEvent.click(screen.getByRole('button', { name: 'Export Excel' }));
    await waitFor(() =>
      expect(calls.some((c) => c.url.pathname === '/api/v1/clients/export.xlsx')).toBe(true),
    );
  }, 30_000);

  it('loads the next page of clients by its cursor, keeping the search and order', async () => {
    const many = Array.from({ length: 60 }, (_, i) => ({
      id: `c-${i}`,
      name: `Cliente ${String(i).padStart(2, '0')}`,
    }));
    const calls = stubApi(many);
    storeTestSession();
    renderRoutes(routes, '/dashboard?order=desc');
    const table = await screen.findByRole('table', { name: 'Your clients' }, SLOW);
    expect(within(table).getAllByRole('rowheader')).toHaveLength(50);
    expect(screen.getByText('50 of 60 clients')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Load more clients' }));
    await waitFor(() => expect(within(table).getAllByRole('rowheader')).toHaveLength(60));
    const last = calls.filter((c) => c.url.pathname === '/api/v1/clients').at(-1)!;
    expect(last.url.searchParams.get('cursor')).toBe('50');
    expect(last.url.searchParams.get('order')).toBe('desc');
    expect(screen.queryByRole('button', { name: 'Load more clients' })).toBeNull();
  }, 30_000);

  it('shows the empty state, and asks an unverified user to verify before adding clients', async () => {
    const unverified = testUser({ verified: false });
    stubApi([], unverified);
    storeTestSession(unverified);
    renderRoutes(routes, '/dashboard');
    expect(await screen.findByText(/No clients yet/, {}, SLOW)).toBeTruthy();
    expect(screen.getByText('Please verify your email address before adding clients.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Add customer/ })).toBeNull();
  });

  it('adds a client in a modal that traps focus, checks the tax id, clears the field, and closes on Escape', async () => {
    const calls = stubApi([]);
    storeTestSession();
    renderRoutes(routes, '/dashboard');
    const open = await screen.findByRole('button', { name: /Add customer/ }, SLOW);
    open.focus();
    fireEvent.click(open);
    const dialog = await screen.findByRole('dialog', { name: 'Add customer' });
    const name = within(dialog).getByLabelText('Client name');
    expect(document.activeElement).toBe(name);

    fireEvent.click(within(dialog).getByRole('button', { name: 'Add' }));
    expect(await within(dialog).findByText('The client name is required.')).toBeTruthy();

    fireEvent.change(name, { target: { value: 'Café Sol' } });
    fireEvent.change(within(dialog).getByLabelText('Tax id (NIF, NIE or CIF)'), {
      target: { value: '12345678A' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add' }));
    expect(await within(dialog).findByText(/This tax id \(NIF, NIE or CIF\) is not valid/)).toBeTruthy();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);

    fireEvent.change(within(dialog).getByLabelText('Tax id (NIF, NIE or CIF)'), {
      target: { value: '12345678z' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add' }));
    expect(await within(dialog).findByText('Client Café Sol added successfully.')).toBeTruthy();
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ name: 'Café Sol', taxId: '12345678Z' });
    expect((name as HTMLInputElement).value).toBe('');

    // Tab from the last control wraps to the first; Escape closes and focus returns to the button.
    const buttons = within(dialog).getAllByRole('button');
    buttons.at(-1)?.focus();
    fireEvent.keyDown(document, { key: 'Tab' });
    expect(dialog.contains(document.activeElement)).toBe(true);
    fireEvent.keyDown(document, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(document.activeElement).toBe(open);
  });

  it('says when the tax id is already one of the accountant’s clients, with a link to it', async () => {
    await i18n.changeLanguage('es');
    try {
      stubApi([{ id: 'c-7', name: 'José Álvarez Peña', taxId: '12345678Z' }]);
      storeTestSession();
      renderRoutes(routes, '/dashboard');
      fireEvent.click(await screen.findByRole('button', { name: /Añadir cliente/ }, SLOW));
      const dialog = await screen.findByRole('dialog');
      fireEvent.change(within(dialog).getByLabelText('Nombre del cliente'), { target: { value: 'José' } });
      fireEvent.change(within(dialog).getByLabelText(/NIF/), { target: { value: 'ES 12345678-Z' } });
      fireEvent.click(within(dialog).getByRole('button', { name: 'Añadir' }));
      const alert = await within(dialog).findByText(/Ya tienes un cliente con este NIF/);
      const link = within(alert).getByRole('link', { name: 'Abrir José Álvarez Peña' });
      expect(link.getAttribute('href')).toBe('/customer/c-7');
      expect(within(dialog).queryByText(/añadido/)).toBeNull();
    } finally {
      await i18n.changeLanguage('en');
    }
  });

  it('reads in Spanish', async () => {
    stubApi([{ id: 'c-1', name: 'Talleres Ruiz', registered: true }]);
    storeTestSession();
    await i18n.changeLanguage('es');
    renderRoutes(routes, '/dashboard');
    expect(await screen.findByText('usuario registrado', {}, SLOW)).toBeTruthy();
    expect(screen.getByRole('button', { name: /Añadir cliente/ })).toBeTruthy();
    expect(screen.getByLabelText('Buscar clientes')).toBeTruthy();
  });
});
