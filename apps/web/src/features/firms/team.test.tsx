import type { FirmView, History } from '@cuadra/shared';
import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { initAuth } from '../../access/auth-store';
import { i18n } from '../../i18n/i18n';
import { renderWithProviders } from '../../test/render';
import { storeTestSession, testUser } from '../../test/session';
import { HistoryList } from '../history/history-list';
import { TeamPanel } from './team-panel';

configure({ asyncUtilTimeout: 10_000 });

const OWNER = testUser();
const firm = (overrides: Partial<FirmView> = {}): FirmView => ({
  firm: { id: '0190a1b2-c3d4-7e5f-8a9b-000000000001', name: 'Gestoría Sur', taxId: null },
  myRole: 'owner',
  members: [
    {
      userId: OWNER.id,
      name: 'Ana García',
      email: OWNER.email,
      role: 'owner',
      allClients: false,
      monthlyCreditCap: null,
      clients: 0,
      creditsThisMonth: 4,
    },
  ],
  invitations: [],
  ...overrides,
});

type Call = { path: string; method: string; body: unknown };

/** The team endpoints, answering like the server: the firm, and invitations that join its list. */
function stubApi(initial: FirmView | { status: number; code: string }, history?: History) {
  const calls: Call[] = [];
  let view = initial;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input), 'http://localhost');
      const method = init?.method ?? 'GET';
      const body = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
      calls.push({ path: url.pathname, method, body });
      const json = (status: number, value: unknown) =>
        new Response(JSON.stringify(value), { status, headers: { 'content-type': 'application/json' } });
      if ('code' in view) return json(view.status, { error: { code: view.code, message: view.code } });
      if (url.pathname === '/api/v1/firm') return json(200, view);
      if (url.pathname === '/api/v1/firm/invitations' && method === 'POST') {
        const invitation = {
          id: '0190a1b2-c3d4-7e5f-8a9b-000000000009',
          email: body.email,
          role: body.role,
          expiresAt: '2026-12-01T10:00:00.000Z',
        };
        view = { ...view, invitations: [invitation] };
        return json(201, invitation);
      }
      if (url.pathname.endsWith('/history') && history) return json(200, history);
      // The hand-over (issue 40): the member named becomes the owner, the caller an admin.
      const handOver = /^\/api\/v1\/firm\/members\/([^/]+)\/hand-over$/.exec(url.pathname);
      if (handOver && method === 'POST') {
        view = {
          ...view,
          myRole: 'admin',
          members: view.members.map((m) => ({
            ...m,
            role: m.userId === handOver[1] ? 'owner' : m.role === 'owner' ? 'admin' : m.role,
          })),
        };
        return json(200, view);
      }
      if (url.pathname === '/api/v1/me') {
        const me = 'members' in view ? view.members.find((m) => m.userId === OWNER.id) : undefined;
        return json(200, { ...OWNER, firmRole: me?.role ?? 'owner' });
      }
      return json(404, { error: { code: 'NOT_FOUND', message: 'Not found' } });
    }),
  );
  return calls;
}

afterEach(async () => {
  vi.unstubAllGlobals();
  await i18n.changeLanguage('en');
});

describe('Settings → Team', { timeout: 30_000 }, () => {
  it('shows a one-person firm, invites a colleague with a role, and lists the invitation', async () => {
    storeTestSession(OWNER);
    const calls = stubApi(firm());
    renderWithProviders(<TeamPanel />);
    expect(await screen.findByText('Only you so far. Invite a colleague below.')).toBeTruthy();
    expect(screen.getByText('No pending invitations.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Leave the team' })).toBeNull();
    expect((screen.getByLabelText('Firm name') as HTMLInputElement).value).toBe('Gestoría Sur');
    fireEvent.change(screen.getByLabelText('Email address'), { target: { value: 'pablo@example.com' } });
    fireEvent.change(screen.getByLabelText('Role'), { target: { value: 'reader' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send invitation' }));
    expect(await screen.findByText('Invitation sent to pablo@example.com.')).toBeTruthy();
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      email: 'pablo@example.com',
      role: 'reader',
    });
    expect(
      await screen.findByRole('button', { name: 'Revoke the invitation to pablo@example.com' }),
    ).toBeTruthy();
  });

  it('lets a staff member see the team but not manage it, in Spanish', async () => {
    storeTestSession(OWNER);
    stubApi(firm({ myRole: 'staff' }));
    await i18n.changeLanguage('es');
    renderWithProviders(<TeamPanel />);
    expect(
      await screen.findByText('Solo el titular o un administrador puede cambiar el equipo.'),
    ).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Enviar invitación' })).toBeNull();
    // A member may leave; the owner, whose firm it is, may not.
    expect(screen.getByRole('button', { name: 'Salir del equipo' })).toBeTruthy();
  });

  it('hands the firm over to a member after a confirmation; the owner becomes an administrator', async () => {
    storeTestSession(OWNER);
    initAuth();
    const colleague = {
      userId: '0190a1b2-c3d4-7e5f-8a9b-000000000002',
      name: 'Pablo Equipo',
      email: 'pablo@example.com',
      role: 'admin' as const,
      allClients: false,
      monthlyCreditCap: null,
      clients: 2,
      creditsThisMonth: 0,
    };
    const calls = stubApi(firm({ members: [...firm().members, colleague] }));
    renderWithProviders(<TeamPanel />);
    fireEvent.click(await screen.findByRole('button', { name: 'Hand the firm over to Pablo Equipo' }));
    const dialog = await screen.findByRole('dialog', { name: 'Hand the firm over to Pablo Equipo?' });
    expect(dialog.textContent).toContain('You become an administrator');
    // Cancelling sends nothing.
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);

    fireEvent.click(screen.getByRole('button', { name: 'Hand the firm over to Pablo Equipo' }));
    const again = await screen.findByRole('dialog', { name: 'Hand the firm over to Pablo Equipo?' });
    fireEvent.click(within(again).getByRole('button', { name: 'Hand over to Pablo Equipo' }));
    expect(
      await screen.findByText('Pablo Equipo is now the owner of the firm. You are an administrator.'),
    ).toBeTruthy();
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.path)).toEqual([
      `/api/v1/firm/members/${colleague.userId}/hand-over`,
    ]);
    // The list follows: no more owner's controls (an admin does not hand the firm over), and the session
    // knows the new role.
    await waitFor(() => expect(screen.queryByRole('button', { name: /Hand the firm over/ })).toBeNull());
    expect(JSON.parse(window.localStorage.getItem('user') ?? '{}').firmRole).toBe('admin');
  });

  it('offers the hand-over to the owner only, in Spanish', async () => {
    storeTestSession(OWNER);
    const colleague = { ...firm().members[0]!, userId: 'u-9', name: 'Pablo Equipo', role: 'staff' as const };
    stubApi(firm({ myRole: 'admin', members: [{ ...firm().members[0]!, role: 'admin' }, colleague] }));
    await i18n.changeLanguage('es');
    renderWithProviders(<TeamPanel />);
    await screen.findByRole('button', { name: 'Quitar a Pablo Equipo del equipo' });
    expect(screen.queryByRole('button', { name: /Traspasar la asesoría/ })).toBeNull();
  });

  it('says so when the team cannot be loaded, and offers to try again', async () => {
    storeTestSession(OWNER);
    stubApi({ status: 500, code: 'INTERNAL' });
    renderWithProviders(<TeamPanel />);
    expect(await screen.findByText('Your team could not be loaded.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });
});

describe('an invoice’s history', { timeout: 30_000 }, () => {
  it('names who changed which field, from what to what, and through what; newest first', async () => {
    storeTestSession(OWNER);
    stubApi(firm(), {
      entries: [
        {
          id: '0190a1b2-c3d4-7e5f-8a9b-00000000000a',
          field: 'issuerName',
          from: 'Maria Lopez',
          to: 'María López',
          via: 'memory',
          actor: null,
          at: '2026-03-01T09:00:00.000Z',
        },
        {
          id: '0190a1b2-c3d4-7e5f-8a9b-00000000000b',
          field: 'totalCents',
          from: 12_100,
          to: 12_200,
          via: 'screen',
          actor: { id: OWNER.id, name: 'Pablo Equipo' },
          at: '2026-03-02T09:00:00.000Z',
        },
      ],
    });
    renderWithProviders(<HistoryList entity="invoices" id="i-1" />);
    const items = await screen.findAllByRole('listitem');
    expect(items[0]?.textContent).toContain('Total');
    expect(items[0]?.textContent).toContain('Pablo Equipo');
    expect(items[0]?.textContent).toContain('€121.00');
    expect(items[0]?.textContent).toContain('€122.00');
    expect(items[0]?.textContent).toContain('screen');
    expect(items[1]?.textContent).toContain('Cuadra');
    expect(items[1]?.textContent).toContain('supplier memory');
    await i18n.changeLanguage('es');
    await waitFor(() =>
      expect(screen.getAllByRole('listitem')[1]?.textContent).toContain('memoria de proveedor'),
    );
  });

  it('says when nothing has changed yet', async () => {
    storeTestSession(OWNER);
    stubApi(firm(), { entries: [] });
    renderWithProviders(<HistoryList entity="invoices" id="i-2" />);
    expect(await screen.findByText('No changes yet: this is the invoice as it was read.')).toBeTruthy();
  });
});
