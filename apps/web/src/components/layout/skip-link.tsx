import type { MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { MAIN_CONTENT_ID } from './main-content';

/** First focusable element of every page: jumps past the top bar to the content. */
export function SkipLink() {
  const { t } = useTranslation();
  const skip = (event: MouseEvent<HTMLAnchorElement>) => {
    const main = document.getElementById(MAIN_CONTENT_ID);
    if (!main) return;
    // Handled here rather than as a fragment navigation, so the router and the URL are left alone.
    event.preventDefault();
    main.focus();
    main.scrollIntoView();
  };
  return (
    <a
      href={`#${MAIN_CONTENT_ID}`}
      onClick={skip}
      className="sr-only z-50 rounded-md bg-white px-4 py-2 font-medium text-brand-800 shadow-lg ring-2 ring-brand-700 focus:not-sr-only focus:absolute focus:top-2 focus:left-2"
    >
      {t('a11y.skipToContent')}
    </a>
  );
}
