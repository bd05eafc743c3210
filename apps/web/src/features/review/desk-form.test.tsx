import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { createRef } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { i18n } from '../../i18n/i18n';
import { renderWithProviders } from '../../test/render';
import { testInvoice } from '../invoices/test-invoice';
import { DeskForm, type DeskFormHandle, fieldsInPageOrder } from './desk-form';

const at = (page: number, x: number, y: number) => ({
  confidence: 0.9,
  verified: false,
  source: 'text',
  box: { page, x, y, w: 0.1, h: 0.02 },
});

describe('the desk form', () => {
  it('puts the fields in page order (page, top to bottom, left to right), unplaced ones last', () => {
    const order = fieldsInPageOrder({
      total: at(1, 0.7, 0.8),
      issuer_name: at(1, 0.1, 0.05),
      invoice_number: at(1, 0.6, 0.2),
      issue_date: at(1, 0.3, 0.2),
      client_name: at(2, 0.1, 0.1),
    });
    expect(order.slice(0, 5)).toEqual(['issuerName', 'issueDate', 'number', 'total', 'recipientName']);
    expect(order).toHaveLength(15);
    expect(order.slice(5, 7)).toEqual(['dueDate', 'issuerTaxId']);
  });

  it('warns on a wrong tax id check letter, in both languages, and still saves what was typed', async () => {
    const onSave = vi.fn();
    renderWithProviders(
      <DeskForm
        invoice={testInvoice({ type: 'received' })}
        saving={false}
        saveError={null}
        onSave={onSave}
        onFocusField={() => undefined}
      />,
    );
    const taxId = await screen.findByLabelText('Issuer tax id');
    fireEvent.change(taxId, { target: { value: '12345678A' } });
    const warning = () => document.getElementById(`${taxId.id}-warn`)?.textContent ?? '';
    expect(taxId.getAttribute('aria-describedby')).toContain(`${taxId.id}-warn`);
    expect(warning()).toContain('The check letter or digit does not match');
    await act(() => i18n.changeLanguage('es'));
    expect(warning()).toContain('La letra o el dígito de control no cuadra');
    await act(() => i18n.changeLanguage('en'));
    fireEvent.submit(taxId.closest('form') as HTMLFormElement);
    expect(onSave).toHaveBeenCalledWith(expect.objectContaining({ issuerTaxId: '12345678A' }));
  });

  it('lists what the engine left out or found not adding up, in both languages, and nothing for how a page was read', async () => {
    renderWithProviders(
      <DeskForm
        invoice={testInvoice({
          type: 'received',
          extractionWarnings: ['WITHHOLDING_IMPLAUSIBLE', 'AMOUNTS_CENT_DIFFERENCE', 'ROTATED'],
        })}
        saving={false}
        saveError={null}
        onSave={() => undefined}
        onFocusField={() => undefined}
      />,
    );
    const list = await screen.findByRole('list', { name: 'What to check on this invoice' });
    const items = () => [...list.querySelectorAll('li')].map((li) => li.textContent);
    expect(items()).toEqual([
      "The document's own figures differ by a few cents; the printed total was kept.",
      'A withholding not smaller than the tax base was read and left out: enter it by hand if the invoice has one.',
    ]);
    await act(() => i18n.changeLanguage('es'));
    expect(items()[1]).toBe(
      'Se leyó una retención no menor que la base imponible y se ha dejado fuera: introdúcela a mano si la factura la lleva.',
    );
    await act(() => i18n.changeLanguage('en'));
  });

  it('says which correction a field was learned from, in both languages, and forgets it (button or key)', async () => {
    const fetchMock = vi.fn(async () => new Response(null, { status: 204 }));
    vi.stubGlobal('fetch', fetchMock);
    const learned = (invoiceNumber: string, placeId: string) => ({
      ...at(1, 0.1, 0.2),
      source: 'memory',
      learnedFrom: { placeId, invoiceNumber },
    });
    const form = createRef<DeskFormHandle>();
    renderWithProviders(
      <DeskForm
        ref={form}
        invoice={testInvoice({
          number: 'A/7790',
          evidence: { invoice_number: learned('A/7781', 'p-1'), due_date: learned('A/7781', 'p-2') },
        })}
        saving={false}
        saveError={null}
        onSave={() => undefined}
        onFocusField={() => undefined}
      />,
    );
    const number = await screen.findByLabelText('Invoice number');
    const note = () => document.getElementById(`${number.id}-mark`)?.textContent ?? '';
    expect(number.getAttribute('data-mark')).toBe('memory');
    expect(note()).toContain('Learned from your correction of A/7781');
    await act(() => i18n.changeLanguage('es'));
    expect(note()).toContain('Aprendido de tu corrección de A/7781');
    await act(() => i18n.changeLanguage('en'));

    fireEvent.click(screen.getByRole('button', { name: 'Forget where this supplier prints Invoice number' }));
    await waitFor(() => expect(number.getAttribute('data-mark')).toBeNull());
    expect(fetchMock).toHaveBeenCalledWith(
      expect.stringContaining('/api/v1/invoices/inv-1/learned/invoice_number'),
      expect.objectContaining({ method: 'DELETE' }),
    );
    expect(note()).toBe('');

    // The desk's key forgets the next learned field; with none left it says so.
    await act(async () => expect(form.current?.forgetLearned()).toBe(true));
    await waitFor(() => expect(screen.queryByText(/Learned from your correction/)).toBeNull());
    expect(fetchMock).toHaveBeenLastCalledWith(
      expect.stringContaining('/learned/due_date'),
      expect.objectContaining({ method: 'DELETE' }),
    );
    expect(form.current?.forgetLearned()).toBe(false);
    vi.unstubAllGlobals();
  });

  it('shows and reads dates in the app’s language, not the browser’s (issue 36)', async () => {
    // jsdom's browser is English (en-US); the app is in Spanish.
    expect(navigator.language).toBe('en-US');
    await act(() => i18n.changeLanguage('es'));
    const onSave = vi.fn();
    try {
      renderWithProviders(
        <DeskForm
          invoice={testInvoice({ type: 'received', issueDate: '2024-03-05', dueDate: null })}
          saving={false}
          saveError={null}
          onSave={onSave}
          onFocusField={() => undefined}
        />,
      );
      const issued = (await screen.findByLabelText('Fecha de emisión')) as HTMLInputElement;
      // 5 March, written as a Spanish reader writes it, with the pattern said to screen readers.
      expect(issued.value).toBe('05/03/2024');
      expect(issued.placeholder).toBe('dd/mm/aaaa');
      const hint = issued
        .getAttribute('aria-describedby')
        ?.split(' ')
        .map((id) => document.getElementById(id)?.textContent)
        .join(' ');
      expect(hint).toContain('Escribe la fecha como dd/mm/aaaa');

      // Typed day first, loosely: 6 April. The form hands on an ISO day.
      fireEvent.change(issued, { target: { value: '6/4/24' } });
      fireEvent.blur(issued);
      expect(issued.value).toBe('06/04/2024');
      fireEvent.submit(issued.closest('form') as HTMLFormElement);
      expect(onSave).toHaveBeenCalledWith(expect.objectContaining({ issueDate: '2024-04-06' }));

      // The same day in English reads month first.
      await act(() => i18n.changeLanguage('en'));
      const english = screen.getByLabelText('Issue date') as HTMLInputElement;
      expect(english.value).toBe('04/06/2024');
      expect(english.placeholder).toBe('mm/dd/yyyy');
    } finally {
      await act(() => i18n.changeLanguage('en'));
    }
  });
});
