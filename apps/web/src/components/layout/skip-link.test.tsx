import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { routes } from '../../router';
import { renderRoutes } from '../../test/render';

describe('skip link', () => {
  it('is the first focusable element and moves focus to the main content', async () => {
    renderRoutes(routes, '/features');
    await screen.findByRole('heading', { level: 1, name: 'Features' });

    const skip = screen.getByRole('link', { name: 'Skip to main content' });
    expect(document.querySelector('a[href], button, select')).toBe(skip);

    fireEvent.click(skip);

    expect(document.activeElement).toBe(screen.getByRole('main'));
  });
});
