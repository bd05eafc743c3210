import { type ClientDetail, DEFAULT_ACCOUNT_MAPPING, type FormResult } from '@cuadra/shared';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../i18n/i18n';
import { routes } from '../../router';
import { renderRoutes, renderWithProviders } from '../../test/render';
import { storeTestSession, testUser } from '../../test/session';
import { initAuth } from '../auth/auth-store';
import { FormsPanel } from './forms-panel';

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
        body: init?.body ? JSON.parse(String(init.body)) : undefined,
      };
      calls.push(call);
      return answer(call);
    }),
  );
  return calls;
}

const client: ClientDetail = {
  id: 'c-1',
  name: 'Lucía Romero',
  taxId: '12345678Z',
  status: 'dummy',
  registered: false,
  documents: 3,
  needsReview: 0,
  createdAt: new Date(0).toISOString(),
  role: 'owner',
  grossIncomeCents: 0,
  invitation: null,
  monthlyLimit: null,
  monthlyUsed: 0,
  taxProfile: {
    legalForm: 'individual',
    legalFormInferred: true,
    vatRegime: 'general',
    irpfMethod: 'direct',
    territory: 'common',
    accounts: DEFAULT_ACCOUNT_MAPPING,
  },
  inboundEmail: 'abcdefghijklmnopqrstuvwxyz@in.localhost',
  creditsPayer: { name: 'Gestoría Martín', isSelf: true },
};

const empty = (form: string, period: string): FormResult =>
  ({ form, year: 2026, period, boxes: {}, invoices: {}, warnings: [] }) as FormResult;

function answerForms({ url, method }: Call) {
  if (method === 'PATCH')
    return json(200, { ...client, taxProfile: { ...client.taxProfile, territory: 'bizkaia' } });
  if (url.pathname.endsWith('/invoices')) {
    return json(200, {
      invoices: [
        {
          id: 'inv-1',
          type: 'issued',
          number: 'F-1',
          issueDate: '2026-07-15',
          counterpartyName: 'Bar Sol SL',
          totalCents: 212_000,
          currency: 'EUR',
          checked: true,
          hasFile: false,
        },
      ],
      grossIncomeCents: 0,
      needsReviewCount: 0,
      scansAvailable: 0,
    });
  }
  const form = url.pathname.split('/').pop() as string;
  const period = url.searchParams.get('period') as string;
  if (form === '303') {
    return json(200, {
      form: '303',
      year: 2026,
      period,
      boxes: { '07': 200_000, '09': 42_000, '27': 42_000 },
      invoices: { '07': ['inv-1'], '09': ['inv-1'], '27': ['inv-1'] },
      warnings: [{ code: 'UNREVIEWED_INVOICES', invoiceIds: ['inv-9'] }],
    });
  }
  if (form === '115') return json(422, { error: { code: 'FORM_FORAL_TERRITORY', message: 'x' } });
  if (form === '202') {
    return json(200, {
      form: '202',
      year: 2026,
      period,
      boxes: { '04': 580_000, '17': 17, '18': 98_600, '29': 100, '34': 69_500 },
      invoices: { '04': ['inv-1'], '17': [], '18': ['inv-1'], '29': [], '34': ['inv-1'] },
      warnings: [
        { code: 'ESTIMATE_FROM_INVOICES', invoiceIds: [] },
        { code: 'BOX_DESIGN_UNVERIFIED', invoiceIds: [] },
      ],
    });
  }
  return json(200, empty(form, period));
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-11-22T10:00:00'));
  storeTestSession();
});
afterEach(async () => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  await act(() => i18n.changeLanguage('en'));
});

describe('the Forms tab', () => {
  it('shows the quarter to file, each form as boxes, the invoices behind a figure and why a form does not apply', async () => {
    const calls = stubFetch(answerForms);
    renderWithProviders(<FormsPanel client={client} />);
    // 22 November: the third quarter is the one to file.
    const card = (await screen.findByRole('heading', { name: /Form 303 \(VAT return\)/ })).closest(
      'article',
    )!;
    expect(within(card as HTMLElement).getByText('File by 10/20/2026')).toBeTruthy();
    const figure = await within(card as HTMLElement).findByRole('button', {
      name: '€2,000.00: show the 1 invoice(s) behind box 07',
    });
    expect(figure.textContent).toBe('€2,000.00');
    expect(within(card as HTMLElement).getByText('General regime 21 %: tax base')).toBeTruthy();
    expect(
      within(card as HTMLElement).getByText(
        '1 invoice(s) of the period are not reviewed yet and are left out.',
      ),
    ).toBeTruthy();
    fireEvent.click(figure);
    expect(figure.getAttribute('aria-expanded')).toBe('true');
    const link = within(card as HTMLElement).getByRole('link', { name: 'F-1 · Bar Sol SL' });
    expect(link.getAttribute('href')).toBe('/invoicePage/inv-1');

    const rent = (await screen.findByRole('heading', { name: /Form 115/ })).closest('article')!;
    await waitFor(() =>
      expect(within(rent as HTMLElement).getByText(/Does not apply to this client/)).toBeTruthy(),
    );
    expect(within(rent as HTMLElement).getByText(/foral territory/)).toBeTruthy();

    const asked = calls
      .filter((c) => c.url.pathname.includes('/forms/'))
      .map((c) => c.url.pathname.split('/').pop());
    expect(asked.sort()).toEqual(['111', '115', '130', '303', '349']);
    expect(
      calls.every((c) => !c.url.pathname.includes('/forms/') || c.url.searchParams.get('period') === '3T'),
    ).toBe(true);

    // The export menu offers ContaSOL's import sheets.
    const contasol = screen.getByRole('option', { name: 'ContaSOL (IVR and IVS sheets, ZIP)' });
    expect((contasol as HTMLOptionElement).disabled).toBe(false);

    // The filing calendar: quarterly by the 20th, the fourth quarter and 390 by 30 January.
    expect(screen.getByText('Filing calendar 2026')).toBeTruthy();
    expect(screen.getAllByText('01/30/2027').length).toBe(2);
  });

  it('saves the tax profile', async () => {
    const calls = stubFetch(answerForms);
    renderWithProviders(<FormsPanel client={client} />);
    fireEvent.change(screen.getByLabelText('Territory'), { target: { value: 'bizkaia' } });
    fireEvent.change(screen.getByLabelText('Income account'), { target: { value: '70000000' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save tax profile' }));
    await screen.findByText('Tax profile saved.');
    const patch = calls.find((c) => c.method === 'PATCH');
    expect(patch?.url.pathname).toBe('/api/v1/clients/c-1');
    expect(patch?.body).toEqual({
      taxProfile: {
        legalForm: null,
        vatRegime: 'general',
        territory: 'bizkaia',
        accounts: { incomeAccount: '70000000' },
      },
    });
  });

  it('speaks Spanish with the AEAT’s names', async () => {
    stubFetch(answerForms);
    await act(() => i18n.changeLanguage('es'));
    renderWithProviders(<FormsPanel client={client} />);
    expect(
      await screen.findByRole('heading', { name: /Modelo 303 \(IVA, autoliquidación trimestral\)/ }),
    ).toBeTruthy();
    expect(await screen.findByText('2.000,00 €')).toBeTruthy();
    expect(screen.getAllByText('Presentar hasta el 20/10/2026')).toHaveLength(5);
  });

  it('is a tab of the client page, reached with the arrow keys, and the address keeps it', async () => {
    stubFetch((call) => {
      if (call.url.pathname === '/api/v1/clients/c-1') return json(200, client);
      if (call.url.pathname.includes('/forms/') || call.url.pathname.endsWith('/invoices')) {
        return answerForms(call);
      }
      return json(404, { error: { code: 'NOT_FOUND', message: 'x' } });
    });
    const { router } = renderRoutes(routes, '/customer/c-1');
    const invoicesTab = await screen.findByRole('tab', { name: 'Invoices' }, { timeout: 10_000 });
    expect(invoicesTab.getAttribute('aria-selected')).toBe('true');
    expect(screen.getByRole('tablist', { name: 'Client sections' })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: /Form 303/ })).toBeNull();
    // Only the selected tab is in the tab order; the arrows move and select.
    expect(screen.getByRole('tab', { name: 'Forms' }).getAttribute('tabindex')).toBe('-1');
    invoicesTab.focus();
    fireEvent.keyDown(invoicesTab, { key: 'ArrowRight' });
    expect(screen.getByRole('tab', { name: 'Reports' }).getAttribute('aria-selected')).toBe('true');
    fireEvent.keyDown(screen.getByRole('tab', { name: 'Reports' }), { key: 'End' });
    // Bank is the last tab; Forms is the one before it.
    const bankTab = screen.getByRole('tab', { name: 'Bank' });
    expect(bankTab.getAttribute('aria-selected')).toBe('true');
    fireEvent.keyDown(bankTab, { key: 'ArrowLeft' });
    const formsTab = screen.getByRole('tab', { name: 'Forms' });
    expect(formsTab.getAttribute('aria-selected')).toBe('true');
    expect(document.activeElement).toBe(formsTab);
    const panel = screen.getByRole('tabpanel', { name: 'Forms' });
    expect(
      await within(panel).findByRole('heading', { name: /Form 303 \(VAT return\)/ }, { timeout: 5_000 }),
    ).toBeTruthy();
    expect(within(panel).getByRole('region', { name: 'Forms' })).toBeTruthy();
    expect(router.state.location.search).toBe('?tab=forms');
  });

  it('shows a company its 202 instalment, percentages as percentages, and no 130', async () => {
    const company: ClientDetail = {
      ...client,
      name: 'Bar Sol SL',
      taxId: 'B12345674',
      taxProfile: { ...(client.taxProfile as NonNullable<ClientDetail['taxProfile']>), legalForm: 'company' },
    };
    const calls = stubFetch(answerForms);
    renderWithProviders(<FormsPanel client={company} />);
    const card = (
      await screen.findByRole('heading', { name: /Form 202 \(corporate tax instalment\)/ })
    ).closest('article') as HTMLElement;
    expect(within(card).getByText(/2P/)).toBeTruthy();
    expect(await within(card).findByText('17 %')).toBeTruthy();
    expect(within(card).getByText('100 %')).toBeTruthy();
    expect(
      within(card).getByRole('button', { name: '€695.00: show the 1 invoice(s) behind box 34' }),
    ).toBeTruthy();
    expect(within(card).getByText(/An estimate from the reviewed invoices only/)).toBeTruthy();
    expect(calls.some((c) => c.url.pathname.endsWith('/forms/130'))).toBe(false);
    expect(calls.find((c) => c.url.pathname.endsWith('/forms/202'))?.url.searchParams.get('period')).toBe(
      '2P',
    );
  });

  it('marks the 303 as generated and flags the invoices changed after it, with who changed them, in both languages', async () => {
    const generated = {
      at: '2026-10-15T09:30:00.000Z',
      by: { id: 'u-1', name: 'Marta Owner' },
      changedAfter: [
        {
          invoiceId: 'inv-1',
          fields: ['number'],
          by: [{ id: 'u-2', name: 'Pablo Staff' }],
          at: '2026-10-16T11:00:00.000Z',
        },
      ],
    };
    const calls = stubFetch((call) => {
      if (call.method === 'POST' && call.url.pathname.endsWith('/forms/303/generated')) {
        return json(200, { ...empty('303', '3T'), generation: generated });
      }
      if (call.url.pathname.endsWith('/forms/303'))
        return json(200, { ...empty('303', '3T'), generation: null });
      return answerForms(call);
    });
    renderWithProviders(<FormsPanel client={client} />);
    const card = (await screen.findByRole('heading', { name: /Form 303/ })).closest('article') as HTMLElement;
    expect(await within(card).findByText(/Not marked as generated yet/)).toBeTruthy();
    fireEvent.click(within(card).getByRole('button', { name: 'Mark as generated' }));

    const flagged = await within(card).findByRole('status');
    expect(flagged.textContent).toContain('1 invoice changed after generation:');
    expect(flagged.textContent).toContain('changed after generation by Pablo Staff');
    expect(within(flagged).getByRole('link', { name: 'F-1 · Bar Sol SL' }).getAttribute('href')).toBe(
      '/invoicePage/inv-1',
    );
    expect(within(card).getByText(/Generated on .* by Marta Owner\./)).toBeTruthy();
    const post = calls.find((c) => c.method === 'POST');
    expect(post?.url.searchParams.get('year')).toBe('2026');
    expect(post?.url.searchParams.get('period')).toBe('3T');

    await act(() => i18n.changeLanguage('es'));
    expect(within(card).getByRole('status').textContent).toContain(
      'cambiada después de generarlo por Pablo Staff',
    );
    expect(within(card).getByRole('button', { name: 'Marcar de nuevo como generado' })).toBeTruthy();
  });

  it('flags the changes after generation on every generated form, not only the 303', async () => {
    const generated = {
      at: '2026-10-15T09:30:00.000Z',
      by: { id: 'u-1', name: 'Marta Owner' },
      changedAfter: [
        {
          invoiceId: 'inv-1',
          fields: ['totalCents'],
          by: [{ id: 'u-2', name: 'Pablo Staff' }],
          at: '2026-10-16T11:00:00.000Z',
        },
      ],
    };
    stubFetch((call) => {
      if (call.url.pathname.endsWith('/forms/130'))
        return json(200, { ...empty('130', '3T'), generation: generated });
      if (call.url.pathname.endsWith('/forms/111'))
        return json(200, { ...empty('111', '3T'), generation: null });
      return answerForms(call);
    });
    renderWithProviders(<FormsPanel client={client} />);
    const card = (await screen.findByRole('heading', { name: /Form 130/ })).closest('article') as HTMLElement;
    await waitFor(() =>
      expect(within(card).getByRole('status').textContent).toContain(
        'changed after generation by Pablo Staff',
      ),
    );
    expect(within(card).getByRole('button', { name: 'Mark as generated again' })).toBeTruthy();
    const withholdings = (await screen.findByRole('heading', { name: /Form 111/ })).closest(
      'article',
    ) as HTMLElement;
    expect(await within(withholdings).findByText(/Not marked as generated yet/)).toBeTruthy();
  });
});

describe('the Forms tab for a reader of the firm (issue 40)', () => {
  it('shows when each form was generated and what changed after, with no mark or profile save', async () => {
    const reader = testUser({ firmRole: 'reader' });
    storeTestSession(reader);
    initAuth();
    const generated = {
      at: '2026-10-15T09:30:00.000Z',
      by: { id: 'u-1', name: 'Marta Owner' },
      changedAfter: [
        {
          invoiceId: 'inv-1',
          fields: ['number'],
          by: [{ id: 'u-2', name: 'Pablo Staff' }],
          at: '2026-10-16T11:00:00.000Z',
        },
      ],
    };
    const calls = stubFetch((call) => {
      if (call.url.pathname === '/api/v1/me') return json(200, reader);
      if (call.url.pathname.endsWith('/forms/303'))
        return json(200, { ...empty('303', '3T'), generation: generated });
      return answerForms(call);
    });
    renderWithProviders(<FormsPanel client={client} />);
    const card = (await screen.findByRole('heading', { name: /Form 303/ })).closest('article') as HTMLElement;
    await waitFor(() =>
      expect(within(card).getByRole('status').textContent).toContain(
        'changed after generation by Pablo Staff',
      ),
    );
    expect(within(card).getByText(/Generated on .* by Marta Owner\./)).toBeTruthy();
    await screen.findByRole('heading', { name: /Form 130/ });
    expect(screen.queryByRole('button', { name: /Mark as generated/ })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Save tax profile' })).toBeNull();
    expect(calls.filter((c) => c.method !== 'GET')).toEqual([]);
  });
});
