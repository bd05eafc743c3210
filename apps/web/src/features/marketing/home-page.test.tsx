import { PACKS, savingPercent } from '@cuadra/shared';
import { act, configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../i18n/i18n';
import { routes } from '../../router';
import { renderRoutes } from '../../test/render';
import { buyHref } from '../checkout/pack-cards';
import { FAQ_TOPICS } from './faq-section';
import {
  DEMO_FIELDS,
  REVEAL_THRESHOLD,
  SAMPLE_SUBTOTAL_CENTS,
  SAMPLE_TAX_CENTS,
} from './sample-invoice-demo';

// The first visit of a route compiles its lazy modules, which is slow on a busy machine.
configure({ asyncUtilTimeout: 5000 });

type ObserverCallback = (entries: Partial<IntersectionObserverEntry>[]) => void;
const observers: {
  callback: ObserverCallback;
  options?: IntersectionObserverInit;
  disconnect: () => void;
}[] = [];

class FakeIntersectionObserver {
  disconnect = vi.fn();
  observe = vi.fn();
  constructor(callback: ObserverCallback, options?: IntersectionObserverInit) {
    observers.push({ callback, options, disconnect: this.disconnect });
  }
}

afterEach(() => {
  observers.length = 0;
  Reflect.deleteProperty(window, 'IntersectionObserver');
});

describe('the landing page', () => {
  it('has the title, two calls to action to /select-plan, the launch-offers anchor and every section', async () => {
    renderRoutes(routes, '/');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Invoice capture that adds up' }),
    ).toBeTruthy();
    const ctas = screen.getAllByRole('link', { name: 'Choose your credits' });
    expect(ctas.map((link) => link.getAttribute('href'))).toEqual(['/select-plan', '/select-plan']);
    expect(screen.getByRole('link', { name: 'See the launch offers' }).getAttribute('href')).toBe('#prices');
    expect(document.getElementById('prices')).toBeTruthy();
    for (const name of [
      'Under 10 seconds per invoice',
      'Reports ready to file',
      'Every field, checked',
      'From a pile of receipts to a finished quarter',
      'Reports that match what you file',
      'Frequently asked questions',
    ]) {
      expect(screen.getByRole('heading', { name }), name).toBeTruthy();
    }
    expect(screen.getByRole('img', { name: 'Invoices and receipts flowing into Cuadra' })).toBeTruthy();
    // The page's <title> is hoisted into <head> after the page renders (late on a busy machine).
    await waitFor(() =>
      expect(document.title).toBe('Cuadra — invoice capture for accountants and freelancers in Spain'),
    );
  });

  it('prices the packs from the shared catalogue: badge, struck-through original, saving', async () => {
    renderRoutes(routes, '/');
    await screen.findByRole('heading', { level: 1 });
    const prices = within(document.getElementById('prices') as HTMLElement);
    expect(prices.getByText('Most popular')).toBeTruthy();
    expect(PACKS.map(savingPercent)).toEqual([33, 56]);
    expect(prices.getByText('Save 33%')).toBeTruthy();
    expect(prices.getByText('Save 56%')).toBeTruthy();
    expect([...document.querySelectorAll('#prices s')].map((s) => s.textContent)).toEqual(['€9', '€45']);
    expect(prices.getByText('33 credits')).toBeTruthy();
    expect(prices.getByRole('link', { name: 'Buy the Large Credits Pack' }).getAttribute('href')).toMatch(
      /^\/start-free(\?plan=large)?$/,
    );

    await i18n.changeLanguage('es');
    expect(await prices.findByText('Ahorra un 56%')).toBeTruthy();
    expect([...document.querySelectorAll('#prices s')].map((s) => s.textContent)).toEqual([
      '9\u00a0€',
      '45\u00a0€',
    ]);
  });

  it('sends a signed-in buyer to settings with the pack, a visitor to the free sign-up', () => {
    expect(buyHref({ id: 'large' }, true)).toBe('/user?buyCredits=true&priceId=large');
    expect(buyHref({ id: 'small' }, false)).toMatch(/^\/start-free(\?plan=small)?$/);
  });

  it('has the twelve FAQ topics as an accordion that opens', async () => {
    renderRoutes(routes, '/');
    await screen.findByRole('heading', { level: 1 });
    expect(FAQ_TOPICS).toHaveLength(12);
    const details = document.querySelectorAll('details');
    expect(details).toHaveLength(12);
    const first = details[0] as HTMLDetailsElement;
    expect(first.open).toBe(false);
    fireEvent.click(within(first).getByText('What file types can I upload?'));
    first.open = true; // jsdom does not toggle <details> on click
    expect(within(first).getByText(/PDF invoices, photos and scans/)).toBeTruthy();
  });

  it('highlights the sample invoice once, when 30 % of it is in view, with the eleven field kinds', async () => {
    Object.defineProperty(window, 'IntersectionObserver', {
      value: FakeIntersectionObserver,
      configurable: true,
    });
    renderRoutes(routes, '/');
    await screen.findByRole('heading', { level: 1 });
    const demo = document.querySelector('[data-revealed]') as HTMLElement;
    expect(demo.dataset.revealed).toBe('false');
    expect(within(demo).getAllByRole('listitem')).toHaveLength(11);
    expect(DEMO_FIELDS).toHaveLength(11);

    const observer = observers.at(-1);
    expect(observer?.options?.threshold).toBe(REVEAL_THRESHOLD);
    expect(REVEAL_THRESHOLD).toBe(0.3);
    act(() => observer?.callback([{ isIntersecting: false }]));
    expect(demo.dataset.revealed).toBe('false');
    act(() => observer?.callback([{ isIntersecting: true }]));
    expect(demo.dataset.revealed).toBe('true');
    expect(observer?.disconnect).toHaveBeenCalled();
  });

  it('uses the spec’s sample: 19 % tax on the subtotal, 30 days net, 2 % within 10 days', async () => {
    renderRoutes(routes, '/');
    await screen.findByRole('heading', { level: 1 });
    expect(SAMPLE_TAX_CENTS).toBe(Math.round(SAMPLE_SUBTOTAL_CENTS * 0.19));
    expect(screen.getByText('VAT 19%')).toBeTruthy();
    expect(screen.getByText('30 days net. 2% discount if paid within 10 days.')).toBeTruthy();
  });
});
