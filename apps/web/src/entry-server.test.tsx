import { afterEach, describe, expect, it, vi } from 'vitest';
import { PRERENDER_PAGES, renderNotFound, renderPage } from './entry-server';

// Issue 36, item 1: the prerender (scripts/prerender.mjs) ran every public page through these functions and
// then stayed alive for five minutes on the timers they left behind, so the first `npm start` and every
// `npm run build` waited for them. A render must leave nothing scheduled.
afterEach(() => {
  vi.useRealTimers();
});

describe('the server render of the public pages', { timeout: 60_000 }, () => {
  it('leaves no timer pending after rendering every prerendered page in both languages', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'setInterval', 'setImmediate'] });
    for (const page of PRERENDER_PAGES) {
      for (const language of ['en', 'es'] as const) {
        const rendered = await renderPage(page.path, language);
        expect(rendered.status).toBe(200);
      }
    }
    await renderNotFound('es');
    expect(vi.getTimerCount()).toBe(0);
  });
});
