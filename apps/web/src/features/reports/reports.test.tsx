import { type FiscalSummary, formatMoney } from '@cuadra/shared';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../i18n/i18n';
import { routes } from '../../router';
import { renderRoutes, renderWithProviders } from '../../test/render';
import { storeTestSession } from '../../test/session';
import { ReportPanel } from './report-panel';

const SLOW = { timeout: 10_000 };
type Call = { url: URL; method: string; body: unknown };
const json = (status: number, value: unknown) =>
  new Response(JSON.stringify(value), { status, headers: { 'content-type': 'application/json' } });

function stubFetch(answer: (call: Call) => Response | Promise<Response>) {
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

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-11-22T10:00:00'));
  URL.createObjectURL = vi.fn(() => 'blob:report');
  URL.revokeObjectURL = vi.fn();
});
afterEach(async () => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  await act(() => i18n.changeLanguage('en'));
});

describe('the report panel', () => {
  it('keeps the button disabled until the range is valid and says why', async () => {
    stubFetch(() => json(404, {}));
    renderWithProviders(<ReportPanel clientId="c-1" />);
    const button = screen.getByRole('button', { name: 'Generate report' }) as HTMLButtonElement;
    expect(button.disabled).toBe(true);
    const start = screen.getByLabelText('Start date') as HTMLInputElement;
    const end = screen.getByLabelText('End date') as HTMLInputElement;
    // The fields read the app's language (issue 36), not the browser's: the pattern shows as placeholder.
    expect(start.placeholder).toBe('mm/dd/yyyy');
    expect(start.lang).toBe('en-US');

    fireEvent.change(start, { target: { value: '2026-03-01' } });
    expect(screen.getByRole('alert').textContent).toBe('Please select both start and end dates');
    fireEvent.change(end, { target: { value: '2026-02-01' } });
    expect(screen.getByRole('alert').textContent).toBe('Start date must be before end date');
    fireEvent.change(start, { target: { value: '2024-01-01' } });
    fireEvent.change(end, { target: { value: '2026-01-02' } });
    expect(screen.getByRole('alert').textContent).toBe('Date range cannot exceed 2 years');
    expect(button.disabled).toBe(true);

    fireEvent.change(start, { target: { value: '2026-01-01' } });
    expect(button.disabled).toBe(false);
    expect(screen.getByText('Selected: 01/01/2026 – 01/02/2026 (2 days, quarterly report)')).toBeTruthy();
  });

  it('fills a quarter from the shortcuts, generates, and offers the file in a modal', async () => {
    const calls = stubFetch(({ url }) =>
      url.pathname.endsWith('/reports')
        ? json(200, {
            downloadUrl: '/api/v1/reports/a.b.c',
            kind: 'quarterly',
            filename: 'quarterly-report_ana_2026-07-01_2026-09-30.xlsx',
            expiresAt: '2026-11-22T10:15:00Z',
          })
        : new Response('xlsx', { status: 200 }),
    );
    storeTestSession();
    renderWithProviders(<ReportPanel clientId="c-1" />);
    expect((screen.getByRole('button', { name: 'Quarter 4 of 2026' }) as HTMLButtonElement).disabled).toBe(
      false,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Quarter 3 of 2026' }));
    expect((screen.getByLabelText('Start date') as HTMLInputElement).value).toBe('07/01/2026');
    expect((screen.getByLabelText('End date') as HTMLInputElement).value).toBe('09/30/2026');
    fireEvent.click(screen.getByRole('button', { name: 'Generate report' }));

    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByRole('heading').textContent).toBe('Your report is ready');
    const link = within(dialog).getByRole('link', {
      name: 'Download quarterly-report_ana_2026-07-01_2026-09-30.xlsx',
    }) as HTMLAnchorElement;
    expect(link.getAttribute('href')).toBe('blob:report');
    expect(link.getAttribute('download')).toBe('quarterly-report_ana_2026-07-01_2026-09-30.xlsx');
    expect(calls[0]?.body).toEqual({
      from: '2026-07-01',
      to: '2026-09-30',
      format: 'xlsx',
      period: 'quarterly',
    });
    expect(calls[1]?.url.pathname).toBe('/api/v1/reports/a.b.c');

    // The year shortcut ends today, not in the future.
    fireEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    fireEvent.click(screen.getByRole('button', { name: 'Year 2026' }));
    expect((screen.getByLabelText('End date') as HTMLInputElement).value).toBe('11/22/2026');
  });

  it('calls the year so far an annual report, in the hint and in the request', async () => {
    await act(() => i18n.changeLanguage('es'));
    const calls = stubFetch(() => json(200, { kind: 'annual' }));
    renderWithProviders(<ReportPanel clientId="c-1" />);
    fireEvent.click(screen.getByRole('button', { name: 'Año 2026' }));
    expect(screen.getByText('Seleccionado: 01/01/2026 – 22/11/2026 (326 días, informe anual)')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Generar informe' }));
    await screen.findByRole('dialog');
    expect(calls[0]?.body).toMatchObject({ from: '2026-01-01', to: '2026-11-22', period: 'annual' });
    fireEvent.click(screen.getByRole('button', { name: 'Cerrar' }));
    // Editing a date by hand makes it a plain range again; typed day first, as the screen is Spanish.
    expect((screen.getByLabelText('Fecha de inicio') as HTMLInputElement).value).toBe('01/01/2026');
    fireEvent.change(screen.getByLabelText('Fecha de inicio'), { target: { value: '02/01/2026' } });
    expect(
      screen.getByText('Seleccionado: 02/01/2026 – 22/11/2026 (325 días, informe personalizado)'),
    ).toBeTruthy();
  });

  it('shows the spec’s errors, in Spanish too', async () => {
    await act(() => i18n.changeLanguage('es'));
    let answer: () => Response = () => json(200, { kind: 'custom' });
    stubFetch(() => answer());
    renderWithProviders(<ReportPanel clientId="c-1" />);
    fireEvent.change(screen.getByLabelText('Fecha de inicio'), { target: { value: '2026-02-01' } });
    fireEvent.change(screen.getByLabelText('Fecha de fin'), { target: { value: '2026-01-01' } });
    expect(screen.getByRole('alert').textContent).toBe(
      'La fecha de inicio debe ser anterior a la fecha de fin',
    );
    fireEvent.change(screen.getByLabelText('Fecha de fin'), { target: { value: '2026-06-30' } });
    expect(
      screen.getByText('Seleccionado: 01/02/2026 – 30/06/2026 (150 días, informe personalizado)'),
    ).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Generar informe' }));
    let dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByRole('alert').textContent).toBe(
      'No se ha encontrado la URL de descarga en la respuesta',
    );
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cerrar' }));

    answer = () => json(500, { error: { code: 'INTERNAL', message: 'x' } });
    fireEvent.click(screen.getByRole('button', { name: 'Generar informe' }));
    dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByRole('alert').textContent).toBe('No se ha podido generar el informe');
  });

  it('says Download URL not found and Failed to generate report in English', async () => {
    let answer: () => Response = () => json(200, {});
    stubFetch(() => answer());
    renderWithProviders(<ReportPanel clientId="c-1" />);
    fireEvent.click(screen.getByRole('button', { name: 'Quarter 1 of 2026' }));
    fireEvent.click(screen.getByRole('button', { name: 'Generate report' }));
    expect((await screen.findByRole('dialog')).textContent).toContain('Download URL not found in response');
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    answer = () => json(200, { downloadUrl: '/api/v1/reports/x', kind: 'quarterly', filename: 'f.xlsx' });
    // The link answers but the file does not come.
    const original = fetch;
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL, init?: RequestInit) =>
        String(input).includes('/reports/x')
          ? json(410, { error: { code: 'REPORT_LINK_EXPIRED' } })
          : original(input, init),
      ),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Generate report' }));
    expect((await screen.findByRole('dialog')).textContent).toContain('Failed to generate report');
  });
});

function summary(overrides: Partial<FiscalSummary> = {}): FiscalSummary {
  const zero303 = (quarter: number) => ({
    quarter,
    charged: [],
    chargedTotalCents: 0,
    deductible: [],
    deductibleTotalCents: 0,
    regimeResultCents: 0,
    compensationAppliedCents: 0,
    toPayCents: 0,
    carryForwardCents: 0,
  });
  const zero130 = (quarter: number) => ({
    quarter,
    incomeCents: 0,
    expensesCents: 0,
    netYieldCents: 0,
    twentyPercentCents: 0,
    earlierPaymentsCents: 0,
    withholdingsCents: 0,
    resultCents: 0,
    reductionCents: 0,
    toPayCents: 0,
  });
  return {
    clientId: 'c-1',
    year: 2026,
    includeUnreviewed: false,
    invoiceCount: 3,
    unreviewedCount: 1,
    unusableCount: 0,
    legalForm: 'individual',
    modelo303: [
      {
        ...zero303(1),
        charged: [{ rate: '21', baseCents: 587_900, vatCents: 123_459, surchargeCents: 0 }],
        chargedTotalCents: 123_459,
        regimeResultCents: 123_459,
        toPayCents: 123_459,
      },
      zero303(2),
      zero303(3),
      zero303(4),
    ],
    modelo130: [
      { ...zero130(1), incomeCents: 587_900, toPayCents: 117_580 },
      zero130(2),
      zero130(3),
      zero130(4),
    ],
    priorYear: {
      year: 2025,
      invoiceCount: 2,
      netYieldCents: 800_000,
      incomeCents: 1_000_000,
      incomeWithWithholdingCents: 800_000,
      reductionPerQuarterCents: 10_000,
      filingNotRequired: true,
    },
    annual: {
      incomeCents: 587_900,
      expensesCents: 0,
      taxableBaseCents: 587_900,
      withholdingsCents: 0,
      estimatedTaxCents: 6_232,
      stateTaxCents: 3_116,
      regionalTaxCents: 3_116,
      fractionalPaymentsCents: 117_580,
      differentialCents: -111_348,
      bracket: { fromCents: 0, toCents: 1_245_000, rateBasisPoints: 1900 },
      quarterlyPaymentCents: 1_558,
      scaleYear: 2026,
      region: 'general',
      personalMinimumCents: 555_000,
    },
    ...overrides,
  };
}

describe('the fiscal summary page', () => {
  it('shows 303, 130 and the annual estimate in Spanish, and the toggle asks for unreviewed invoices', async () => {
    await act(() => i18n.changeLanguage('es'));
    storeTestSession();
    const calls = stubFetch(({ url }) => {
      if (url.pathname === '/api/v1/clients/c-1/fiscal-summary') {
        return json(
          200,
          summary({ includeUnreviewed: url.searchParams.get('includeUnreviewed') === 'true' }),
        );
      }
      if (url.pathname === '/api/v1/clients/c-1') return json(200, { id: 'c-1', name: 'Lucía Romero' });
      return json(404, { error: { code: 'NOT_FOUND', message: 'x' } });
    });
    renderRoutes(routes, '/customer/c-1/fiscal?year=2026');
    expect(await screen.findByRole('heading', { name: 'Resumen fiscal 2026' }, SLOW)).toBeTruthy();
    const vat = await screen.findByRole('table', { name: 'Modelo 303 (IVA) por trimestre' }, SLOW);
    const charged = within(vat).getByRole('row', { name: /IVA repercutido al 21 %/ });
    expect(within(charged).getAllByRole('cell')[0]?.textContent).toBe('1.234,59\u00a0€');
    expect(screen.getByText('Estimaciones, no declaraciones presentadas')).toBeTruthy();
    expect(screen.getByText(/1 factura de 2026 aún no está revisada\. No se cuentan abajo\./)).toBeTruthy();
    expect(screen.getByText(/el cliente no tiene que presentar el modelo 130/)).toBeTruthy();
    expect(screen.getByText('1.113,48 € a devolver')).toBeTruthy();
    expect(screen.getByText('de 0,00 € a 12.450,00 € al 19 %')).toBeTruthy();

    fireEvent.click(screen.getByLabelText('Incluir facturas sin revisar'));
    await waitFor(() =>
      expect(calls.some((c) => c.url.searchParams.get('includeUnreviewed') === 'true')).toBe(true),
    );
    expect(await screen.findByText(/Se cuentan abajo\./)).toBeTruthy();
  });

  it('shows a company no Modelo 130 and no IRPF estimate, but a note on 202', async () => {
    await act(() => i18n.changeLanguage('en'));
    storeTestSession();
    stubFetch(({ url }) => {
      if (url.pathname === '/api/v1/clients/c-1/fiscal-summary') {
        return json(200, summary({ legalForm: 'company', modelo130: [], annual: null }));
      }
      if (url.pathname === '/api/v1/clients/c-1') return json(200, { id: 'c-1', name: 'Bar Sol SL' });
      return json(404, { error: { code: 'NOT_FOUND', message: 'x' } });
    });
    renderRoutes(routes, '/customer/c-1/fiscal?year=2026');
    expect(await screen.findByRole('heading', { name: 'Income tax: a company' }, SLOW)).toBeTruthy();
    expect(screen.getByText(/files no Form 130/)).toBeTruthy();
    expect(screen.getByRole('table', { name: /303/ })).toBeTruthy();
    expect(screen.queryByRole('table', { name: /130/ })).toBeNull();
  });

  it('formats money as the language expects', () => {
    expect(formatMoney(123_456, 'es')).toBe('1.234,56\u00a0€');
    expect(formatMoney(123_456, 'en')).toBe('€1,234.56');
    expect(formatMoney(-5, 'es')).toBe('−0,05\u00a0€');
    expect(formatMoney(200_000, 'es')).toBe('2.000,00\u00a0€');
  });
});
