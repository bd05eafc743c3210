import { render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import { i18n } from '../i18n/i18n';
import { ApiError } from './api';
import { useErrorMessage } from './error-message';

function ErrorText({ error }: { error: unknown }) {
  const toMessage = useErrorMessage();
  return <p role="alert">{toMessage(error)}</p>;
}

function renderError(error: unknown) {
  return render(
    <I18nextProvider i18n={i18n}>
      <ErrorText error={error} />
    </I18nextProvider>,
  );
}

describe('useErrorMessage', () => {
  it("says what went wrong in the user's language", async () => {
    const offline = new ApiError(0, 'NETWORK', 'Failed to fetch');
    const { rerender } = renderError(offline);
    expect(screen.getByRole('alert').textContent).toBe('Network connection error');

    await i18n.changeLanguage('es');
    rerender(
      <I18nextProvider i18n={i18n}>
        <ErrorText error={offline} />
      </I18nextProvider>,
    );
    expect(screen.getByRole('alert').textContent).toBe('Error de conexión de red');
  });

  it('uses the shared message for a server code', () => {
    renderError(new ApiError(429, 'RATE_LIMITED', 'Too many requests'));
    expect(screen.getByRole('alert').textContent).toBe(
      'Too many attempts. Please wait a moment and try again.',
    );
  });
});
