import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../i18n/i18n';
import { renderWithProviders } from '../../test/render';
import { storeTestSession } from '../../test/session';
import { MissingRequest } from './missing-request';

const json = (status: number, value: unknown) =>
  new Response(JSON.stringify(value), { status, headers: { 'content-type': 'application/json' } });

describe('the Bank tab’s request for missing documents', () => {
  beforeEach(async () => {
    storeTestSession();
    await i18n.changeLanguage('en');
  });
  afterEach(() => vi.unstubAllGlobals());

  it('shows “12 movements, 9 matched, 3 requested 5 days ago” and sends the request above the minimum', async () => {
    const posts: unknown[] = [];
    const fiveDaysAgo = new Date(Date.now() - 5 * 86_400_000 - 3_600_000).toISOString();
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
        if (init?.method === 'POST') {
          posts.push(JSON.parse(String(init.body)));
          return json(201, {
            id: 'r-1',
            email: 'marta@example.com',
            createdAt: new Date().toISOString(),
            expiresAt: new Date().toISOString(),
            lines: [{}, {}, {}],
          });
        }
        expect(String(input)).toBe('/api/v1/clients/c-1/bank/requests');
        return json(200, {
          movements: 12,
          matched: 9,
          requested: 3,
          lastRequestedAt: fiveDaysAgo,
          email: 'marta@example.com',
        });
      }),
    );
    renderWithProviders(<MissingRequest clientId="c-1" />);
    await waitFor(() =>
      expect(screen.getByTestId('request-summary').textContent).toBe(
        '12 movements, 9 matched, 3 requested 5 days ago',
      ),
    );
    fireEvent.change(screen.getByLabelText('Minimum amount (€)'), { target: { value: '50' } });
    fireEvent.change(screen.getByLabelText('Reminders'), { target: { value: '7' } });
    fireEvent.click(screen.getByRole('button', { name: 'Ask for the missing invoices' }));
    expect(await screen.findByText('Sent to marta@example.com: 3 movements.')).toBeTruthy();
    expect(posts).toEqual([{ thresholdCents: 5_000, remindEveryDays: 7 }]);
  });

  it('tells the accountant to invite a client that has no email, with no button', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        json(200, { movements: 0, matched: 0, requested: 0, lastRequestedAt: null, email: null }),
      ),
    );
    renderWithProviders(<MissingRequest clientId="c-2" />);
    expect(await screen.findByText('Invite the client first: they have no email address yet.')).toBeTruthy();
    expect(screen.queryByRole('button')).toBeNull();
  });
});
