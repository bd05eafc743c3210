import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { i18n } from '../../i18n/i18n';
import { renderWithProviders } from '../../test/render';
import { storeTestSession, testUser } from '../../test/session';
import { UploadPanel } from '../uploads/upload-panel';

afterEach(() => i18n.changeLanguage('en'));

/** Issue 16 "one count of credits": a linked freelancer sees whose credits an upload spends. */
describe('whose credits an upload spends', () => {
  it('names the accountant when the uploads spend their credits', async () => {
    storeTestSession(testUser({ accountType: 'freelancer' }));
    renderWithProviders(
      <UploadPanel
        clientId="c-1"
        scansAvailable={142}
        creditsPayer={{ name: 'Gestoría Martín', isSelf: false }}
      />,
    );
    expect(await screen.findByText('142 scans available, paid from Gestoría Martín’s credits')).toBeTruthy();
    await i18n.changeLanguage('es');
    expect(
      await screen.findByText('142 escaneos disponibles, pagados con los créditos de Gestoría Martín'),
    ).toBeTruthy();
  });

  it('shows the plain count when the uploads spend the user’s own credits', async () => {
    storeTestSession(testUser());
    renderWithProviders(
      <UploadPanel clientId="c-1" scansAvailable={3} creditsPayer={{ name: 'Ana García', isSelf: true }} />,
    );
    expect(await screen.findByText('3 scans available')).toBeTruthy();
  });
});
