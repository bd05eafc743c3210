import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../test/render';
import { storeTestSession } from '../../test/session';
import { ExportMenu } from './export-menu';

beforeEach(() => {
  storeTestSession();
  vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: () => 'blob:x', revokeObjectURL: () => {} }));
});
afterEach(() => vi.unstubAllGlobals());

describe('the export menu', () => {
  it('asks the libro registro for the bank’s payment dates when ticked; other files have no such choice', async () => {
    const urls: URL[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL) => {
        urls.push(new URL(String(input), 'http://localhost'));
        return new Response('x', { status: 200 });
      }),
    );
    renderWithProviders(<ExportMenu clientId="c-1" from="2026-01-01" to="2026-03-31" />);
    fireEvent.click(screen.getByLabelText('With payment dates from the bank (Cobro / Pago)'));
    fireEvent.click(screen.getByRole('button', { name: 'Download' }));
    await waitFor(() => expect(urls).toHaveLength(1));
    expect(urls[0]?.pathname).toBe('/api/v1/clients/c-1/exports/libro-registro-xlsx');
    expect(urls[0]?.searchParams.get('payments')).toBe('true');

    fireEvent.change(screen.getByLabelText('File'), { target: { value: 'a3' } });
    expect(screen.queryByLabelText('With payment dates from the bank (Cobro / Pago)')).toBeNull();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Download' })).toBeTruthy());
    fireEvent.click(screen.getByRole('button', { name: 'Download' }));
    await waitFor(() => expect(urls).toHaveLength(2));
    expect(urls[1]?.searchParams.get('payments')).toBeNull();
  });
});
