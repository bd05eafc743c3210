import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { i18n } from '../../i18n/i18n';
import { renderWithProviders } from '../../test/render';
import { IntegrationsPage } from './integrations-page';

afterEach(async () => {
  await i18n.changeLanguage('en');
});

/** The badge of the card whose title is `title`. */
function badgeOf(title: string): string | null {
  const card = screen.getByRole('heading', { level: 2, name: title }).closest('li');
  return card?.querySelector('p')?.textContent ?? null;
}

describe('the integrations page', () => {
  it('marks the accounting exports that work (a3, ContaPlus, ContaSOL, libro registro) available', async () => {
    renderWithProviders(<IntegrationsPage />, '/integrations');
    expect(badgeOf('a3, ContaPlus and ContaSOL exports')).toBe('Available now');
    expect(badgeOf('Libro registro de IVA (XLSX and CSV)')).toBe('Available now');
    // Only what does not exist yet is planned: direct connections with no file.
    expect(screen.getAllByText('Planned')).toHaveLength(1);
    expect(badgeOf('Direct connections to accounting software')).toBe('Planned');

    await i18n.changeLanguage('es');
    expect(
      await screen.findByRole('heading', { name: 'Exportación a a3, ContaPlus y ContaSOL' }),
    ).toBeTruthy();
    expect(badgeOf('Exportación a a3, ContaPlus y ContaSOL')).toBe('Disponible');
    expect(screen.getAllByText('Previsto')).toHaveLength(1);
  });
});
