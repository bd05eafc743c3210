import type { ClientDetail, InboundMessageList } from '@cuadra/shared';
import { DEFAULT_ACCOUNT_MAPPING } from '@cuadra/shared';
import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../test/render';
import { storeTestSession } from '../../test/session';
import { CameraCapture } from './camera-capture';
import { InboundPanel } from './inbound-panel';

configure({ asyncUtilTimeout: 10_000 });

const client: ClientDetail = {
  id: 'c-1',
  name: 'Marta Gil',
  taxId: null,
  status: 'dummy',
  registered: false,
  documents: 3,
  needsReview: 3,
  createdAt: new Date(0).toISOString(),
  role: 'owner',
  grossIncomeCents: 0,
  invitation: null,
  monthlyLimit: null,
  monthlyUsed: 0,
  inboundEmail: 'abcdefghijklmnopqrstuvwxyz@in.localhost',
  creditsPayer: { name: 'Gestoría Martín', isSelf: true },
  taxProfile: {
    legalForm: 'individual',
    legalFormInferred: false,
    vatRegime: 'general',
    irpfMethod: 'direct',
    territory: 'common',
    accounts: DEFAULT_ACCOUNT_MAPPING,
  },
};

const messages: InboundMessageList = {
  items: [
    {
      id: 'm-2',
      channel: 'smtp',
      sender: 'stranger@example.net',
      subject: null,
      status: 'refused',
      batchId: null,
      documents: [],
      pendingCount: 0,
      spf: null,
      dkim: null,
      dmarc: null,
      mailAuth: 'unchecked',
      skipped: [],
      createdAt: new Date().toISOString(),
    },
    {
      id: 'm-1',
      channel: 'smtp',
      sender: 'ana@example.com',
      subject: 'Tres facturas',
      status: 'accepted',
      batchId: 'b-1',
      documents: [
        { id: 'd-1', filename: 'lote (p. 1-1).pdf', status: 'needs_review', invoiceId: 'i-1' },
        { id: 'd-2', filename: 'lote (p. 2-3).pdf', status: 'needs_review', invoiceId: 'i-2' },
      ],
      pendingCount: 0,
      spf: 'pass',
      dkim: 'pass',
      dmarc: 'pass',
      mailAuth: 'pass',
      skipped: [],
      createdAt: new Date().toISOString(),
    },
  ],
  nextCursor: null,
};

function stubApi() {
  const calls: { path: string; method: string; body: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input), 'http://localhost');
      const method = init?.method ?? 'GET';
      calls.push({ path: url.pathname, method, body: init?.body });
      const json = (status: number, value: unknown) =>
        new Response(JSON.stringify(value), { status, headers: { 'content-type': 'application/json' } });
      const p = url.pathname;
      if (p === '/api/v1/clients/c-1/inbound-messages') return json(200, messages);
      if (p === '/api/v1/clients/c-1/inbound-senders' && method === 'GET')
        return json(200, { items: [{ id: 's-1', email: 'proveedor@example.com', createdAt: '' }] });
      if (p === '/api/v1/clients/c-1/inbound-senders' && method === 'POST')
        return json(201, { id: 's-2', email: 'otro@example.com', createdAt: '' });
      if (p === '/api/v1/clients/c-1/inbound-settings' && method === 'GET')
        return json(200, { replyToSender: false });
      if (p === '/api/v1/clients/c-1/inbound-settings' && method === 'PUT')
        return json(200, JSON.parse(String(init?.body)));
      if (p === '/api/v1/clients/c-1/photos')
        return json(202, { batchId: 'b-9', pendingCount: 1, documents: [] });
      return json(404, { error: { code: 'NOT_FOUND', message: 'Not found' } });
    }),
  );
  return calls;
}

beforeEach(() => storeTestSession());
afterEach(() => vi.unstubAllGlobals());

describe("the client's inbound email", () => {
  it('shows the address with a copy button, the allow-list and the mails with what each became', async () => {
    const calls = stubApi();
    const writeText = vi.fn(async () => {});
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    renderWithProviders(<InboundPanel client={client} />);

    expect((screen.getByLabelText('Inbound email address') as HTMLInputElement).value).toBe(
      client.inboundEmail,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Copy' }));
    await screen.findByRole('button', { name: 'Copied' });
    expect(writeText).toHaveBeenCalledWith(client.inboundEmail);

    await screen.findByText('proveedor@example.com');
    fireEvent.change(screen.getByLabelText('Allow another address'), {
      target: { value: 'otro@example.com' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Allow' }));
    await waitFor(() =>
      expect(calls.some((c) => c.method === 'POST' && c.path.endsWith('/inbound-senders'))).toBe(true),
    );

    const mails = await screen.findByTestId('inbound-mails');
    expect(within(mails).getByText('Refused: sender not allowed')).toBeTruthy();
    expect(within(mails).getByText('Tres facturas')).toBeTruthy();
    expect(within(mails).getByText('2 documents')).toBeTruthy();
    const part = within(mails).getByRole('link', { name: 'lote (p. 2-3).pdf' });
    expect(part.getAttribute('href')).toBe('/invoicePage/i-2');
  });

  it('sends senders no reply until the accountant turns replies on', async () => {
    const calls = stubApi();
    renderWithProviders(<InboundPanel client={client} />);
    const toggle = screen.getByRole('switch', { name: 'Reply to senders with what was received' });
    await waitFor(() => expect((toggle as HTMLInputElement).disabled).toBe(false));
    expect((toggle as HTMLInputElement).checked).toBe(false);
    fireEvent.click(toggle);
    await waitFor(() => expect((toggle as HTMLInputElement).checked).toBe(true));
    const put = calls.find((c) => c.method === 'PUT' && c.path.endsWith('/inbound-settings'));
    expect(JSON.parse(String(put?.body))).toEqual({ replyToSender: true });
  });

  it('opens the camera on phones and sends several shots as one document', async () => {
    const calls = stubApi();
    URL.createObjectURL = vi.fn(() => `blob:${Math.random()}`);
    URL.revokeObjectURL = vi.fn();
    renderWithProviders(<CameraCapture clientId="c-1" />);
    const input = screen.getByTestId('camera-input');
    expect(input.getAttribute('capture')).toBe('environment');
    const shot = (name: string) =>
      new File([new Uint8Array([0xff, 0xd8, 0xff])], name, { type: 'image/jpeg' });
    fireEvent.change(input, { target: { files: [shot('a.jpg')] } });
    fireEvent.change(input, { target: { files: [shot('b.jpg')] } });
    fireEvent.click(await screen.findByRole('button', { name: 'Send 2 pages as one document' }));
    await screen.findByText('Sent: it is being read.');
    const upload = calls.find((c) => c.path === '/api/v1/clients/c-1/photos');
    expect(upload?.body).toBeInstanceOf(FormData);
    expect((upload?.body as FormData | undefined)?.getAll('files[]')).toHaveLength(2);
  });
});
