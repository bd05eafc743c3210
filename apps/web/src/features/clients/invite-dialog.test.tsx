import { act, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../i18n/i18n';
import { renderWithProviders } from '../../test/render';
import { InviteDialog } from './invite-dialog';

afterEach(async () => {
  vi.unstubAllGlobals();
  await act(() => i18n.changeLanguage('en'));
});

describe('the invite dialog', () => {
  it('says what is wrong with the email itself, and sends nothing', async () => {
    await act(() => i18n.changeLanguage('es'));
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    renderWithProviders(<InviteDialog client={{ id: 'c-1', name: 'Ana' }} onClose={() => {}} />);
    const dialog = screen.getByRole('dialog');
    const email = within(dialog).getByLabelText('Dirección de correo electrónico');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Enviar invitación' }));
    expect(within(dialog).getByText('Escribe el email del cliente.')).toBeTruthy();
    fireEvent.change(email, { target: { value: 'ana@' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Enviar invitación' }));
    expect(within(dialog).getByText('Escribe un email válido, como nombre@ejemplo.com.')).toBeTruthy();
    expect(within(dialog).queryByText(/Algunos campos no son válidos/)).toBeNull();
    expect(email.getAttribute('aria-invalid')).toBe('true');
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
