/** What a page view reports: no personal data, only the page and its language. */
export type PageView = { path: string; title: string; language: string };
export type PageViewTracker = (view: PageView) => void;

// None by default: Cuadra ships without analytics. An operator who wants them plugs one in at start-up.
let tracker: PageViewTracker | null = null;

/** Installs (or, with null, removes) the tracker that article pages report their views to. */
export function setPageViewTracker(next: PageViewTracker | null): void {
  tracker = next;
}

export function trackPageView(view: PageView): void {
  try {
    tracker?.(view);
  } catch {
    // A broken tracker must never break the page.
  }
}
