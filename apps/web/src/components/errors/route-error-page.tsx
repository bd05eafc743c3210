import { useTranslation } from 'react-i18next';
import { isRouteErrorResponse, Link, useRouteError } from 'react-router';
import { DocumentTitle } from '../document-title';
import { MAIN_CONTENT_ID } from '../layout/main-content';
import { PRIMARY_BUTTON } from '../layout/nav-styles';

/** The spec's wording (spec-1 §2 "Router fallback"), kept verbatim in both languages. */
export const ROUTE_ERROR_TITLE = 'Unexpected Application Error!';

/**
 * The router's fallback (`errorElement`): a failed route module, a thrown response, or a crash in a
 * layout. Shows the status text or the error's message.
 */
export function RouteErrorPage() {
  const error = useRouteError();
  const { t } = useTranslation();
  const status = isRouteErrorResponse(error) ? error.status : null;
  const detail = describeRouteError(error) ?? t('routeError.unknown');

  return (
    <main id={MAIN_CONTENT_ID} tabIndex={-1} className="flex flex-1 flex-col outline-none">
      <DocumentTitle title={ROUTE_ERROR_TITLE} />
      <div className="mx-auto w-full max-w-2xl px-4 py-16">
        <h1 className="text-2xl font-semibold tracking-tight text-slate-900 sm:text-3xl">
          {ROUTE_ERROR_TITLE}
        </h1>
        <p className="mt-3 text-slate-600">{t('routeError.intro')}</p>
        <p className="mt-4 rounded-md bg-red-50 px-4 py-3 font-mono text-sm break-words text-red-800 ring-1 ring-red-200">
          {status ? `${status} ` : ''}
          {detail}
        </p>
        <Link to="/" reloadDocument className={`${PRIMARY_BUTTON} mt-6`}>
          {t('routeError.home')}
        </Link>
      </div>
    </main>
  );
}

/** The status text of a thrown response, or the message of an error; null when there is nothing to show. */
export function describeRouteError(error: unknown): string | null {
  if (isRouteErrorResponse(error)) {
    if (error.statusText) return error.statusText;
    return typeof error.data === 'string' && error.data ? error.data : null;
  }
  if (error instanceof Error) return error.message || error.name;
  if (typeof error === 'string' && error) return error;
  return null;
}
