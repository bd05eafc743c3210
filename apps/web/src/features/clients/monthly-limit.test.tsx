import type { ClientDetail } from '@cuadra/shared';
import { DEFAULT_ACCOUNT_MAPPING } from '@cuadra/shared';
import { configure, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { initAuth } from '../../access/auth-store';
import { i18n } from '../../i18n/i18n';
import { renderRoutes } from '../../test/render';
import { storeTestSession, testUser } from '../../test/session';
import { CustomerPage } from './customer-page';

configure({ asyncUtilTimeout: 10_000 });

function clientWith(monthlyLimit: number | null, monthlyUsed = 0): ClientDetail {
  return {
    id: 'c-1',
    name: 'Marta Soler',
    taxId: null,
    status: 'dummy',
    registered: false,
    documents: 0,
    needsReview: 0,
    createdAt: new Date(0).toISOString(),
    role: 'owner',
    grossIncomeCents: 0,
    invitation: null,
    inboundEmail: 'abcdefghijklmnopqrstuvwxyz@in.localhost',
    creditsPayer: { name: 'Ana García', isSelf: true },
    taxProfile: {
      legalForm: 'individual',
      legalFormInferred: true,
      vatRegime: 'general',
      irpfMethod: 'direct',
      territory: 'common',
      accounts: DEFAULT_ACCOUNT_MAPPING,
    },
    monthlyLimit,
    monthlyUsed,
  };
}

type Call = { path: string; method: string; body: unknown };

/** The client and invoice endpoints the client page reads, answering like the server. */
function stubApi(initial: ClientDetail, uploadAnswer?: { status: number; body: unknown }) {
  const calls: Call[] = [];
  let client = initial;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input), 'http://localhost');
      const method = init?.method ?? 'GET';
      const body = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
      calls.push({ path: url.pathname, method, body });
      const json = (status: number, value: unknown) =>
        new Response(JSON.stringify(value), { status, headers: { 'content-type': 'application/json' } });
      if (url.pathname === '/api/v1/clients/c-1' && method === 'PATCH') {
        client = { ...client, ...body };
        return json(200, client);
      }
      if (url.pathname === '/api/v1/clients/c-1') return json(200, client);
      if (url.pathname === '/api/v1/clients/c-1/invoices') {
        return json(200, { invoices: [], grossIncomeCents: 0, needsReviewCount: 0, scansAvailable: 40 });
      }
      if (url.pathname === '/api/v1/clients/c-1/uploads' && uploadAnswer) {
        return json(uploadAnswer.status, uploadAnswer.body);
      }
      return json(404, { error: { code: 'NOT_FOUND', message: 'Not found' } });
    }),
  );
  return calls;
}

const pdf = (name: string) => new File(['%PDF-1.4'], name, { type: 'application/pdf' });

function renderPage() {
  storeTestSession(testUser());
  return renderRoutes([{ path: '/customer/:customerId', element: <CustomerPage /> }], '/customer/c-1');
}

afterEach(async () => {
  vi.unstubAllGlobals();
  await i18n.changeLanguage('en');
});

describe('the client page and the monthly upload limit', { timeout: 30_000 }, () => {
  it('hides the upload panel when the limit is 0, in both languages', async () => {
    stubApi(clientWith(0, 2));
    renderPage();
    expect(await screen.findByTestId('uploads-off')).toBeTruthy();
    // A limit of 0 is "off", not "2 of 0 used".
    expect(screen.getByTestId('monthly-usage').textContent).toBe(
      '2 files uploaded this month; uploads are turned off',
    );
    expect(screen.getByText('Uploads are turned off for this client: its monthly limit is 0.')).toBeTruthy();
    expect(screen.queryByTestId('drop-zone')).toBeNull();
    await i18n.changeLanguage('es');
    expect(
      await screen.findByText('Las subidas están desactivadas para este cliente: su límite mensual es 0.'),
    ).toBeTruthy();
    expect(screen.getByTestId('monthly-usage').textContent).toBe(
      '2 archivos subidos este mes; subidas desactivadas',
    );
    expect(screen.queryByTestId('drop-zone')).toBeNull();
  });

  it('shows the panel with a limit above 0, and "n of limit used this month"', async () => {
    stubApi(clientWith(5, 3));
    renderPage();
    expect(await screen.findByTestId('drop-zone')).toBeTruthy();
    expect(screen.getByTestId('monthly-usage').textContent).toBe('3 of 5 files used this month');
    await i18n.changeLanguage('es');
    await waitFor(() =>
      expect(screen.getByTestId('monthly-usage').textContent).toBe('3 de 5 archivos usados este mes'),
    );
  });

  it('uploads nothing when 3 files are dropped against a limit of 2, and names the limit', async () => {
    const calls = stubApi(clientWith(2));
    renderPage();
    const zone = await screen.findByTestId('drop-zone');
    fireEvent.drop(zone, { dataTransfer: { files: [pdf('a.pdf'), pdf('b.pdf'), pdf('c.pdf')] } });
    const message = await screen.findByText(
      'You have exceeded your monthly capacity: this client’s limit is 2 files a month and 2 left this month. Nothing was uploaded.',
    );
    expect(message.closest('[role="alert"]')).toBeTruthy();
    expect(calls.some((call) => call.path.endsWith('/uploads'))).toBe(false);
  });

  it('shows the server’s refusal with its limit when the month filled up meanwhile (Spanish)', async () => {
    await i18n.changeLanguage('es');
    stubApi(clientWith(2), {
      status: 422,
      body: {
        error: {
          code: 'MONTHLY_LIMIT_EXCEEDED',
          message: 'x',
          details: { limit: 2, used: 2, remaining: 0 },
        },
      },
    });
    renderPage();
    const zone = await screen.findByTestId('drop-zone');
    fireEvent.drop(zone, { dataTransfer: { files: [pdf('a.pdf')] } });
    const message = await screen.findByText(
      'Has superado tu capacidad mensual: el límite de este cliente es de 2 archivos al mes y le quedan 0 este mes. No se ha subido nada.',
    );
    expect(message.closest('[role="alert"]')).toBeTruthy();
  });

  it('lets the accountant set the limit (placeholder "e.g. 6") and remove it', async () => {
    const calls = stubApi(clientWith(null));
    renderPage();
    const field = (await screen.findByLabelText('Files per month')) as HTMLInputElement;
    // A bare grey "6" reads as a value already set; the placeholder says it is an example.
    expect(field.placeholder).toBe('e.g. 6');
    expect(screen.getByTestId('monthly-usage').textContent).toBe('0 files uploaded this month; no limit');
    fireEvent.change(field, { target: { value: '2' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save limit' }));
    expect(await screen.findByText('Limit saved.')).toBeTruthy();
    expect(calls).toContainEqual({ path: '/api/v1/clients/c-1', method: 'PATCH', body: { monthlyLimit: 2 } });
    expect(screen.getByTestId('monthly-usage').textContent).toBe('0 of 2 files used this month');

    fireEvent.change(field, { target: { value: '-3' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save limit' }));
    expect(await screen.findByText(/Enter a whole number of files/)).toBeTruthy();

    fireEvent.change(field, { target: { value: '' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save limit' }));
    await waitFor(() =>
      expect(calls).toContainEqual({
        path: '/api/v1/clients/c-1',
        method: 'PATCH',
        body: { monthlyLimit: null },
      }),
    );
  });
});

describe('the client page for a reader of the firm (issue 40)', { timeout: 30_000 }, () => {
  it('offers nothing that would change the client, and says why, in both languages', async () => {
    stubApi(clientWith(5, 3));
    storeTestSession(testUser({ firmRole: 'reader' }));
    initAuth();
    renderRoutes([{ path: '/customer/:customerId', element: <CustomerPage /> }], '/customer/c-1');
    expect((await screen.findByTestId('read-only')).textContent).toBe(
      "Your role in the firm lets you read and export this client's invoices, not add or change them.",
    );
    expect(screen.queryByTestId('drop-zone')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Invite to Cuadra' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Save limit' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'New address' })).toBeNull();
    // The invoices themselves stay readable.
    expect(screen.getByRole('heading', { name: 'Invoices' })).toBeTruthy();
    await i18n.changeLanguage('es');
    expect((await screen.findByTestId('read-only')).textContent).toBe(
      'Tu rol en la asesoría te permite consultar y exportar las facturas de este cliente, no añadirlas ni cambiarlas.',
    );
  });
});
