import { useTranslation } from 'react-i18next';
import { MAIN_CONTENT_ID } from './main-content';

/** Shown while the first page's code loads (route modules are lazy). */
export function PageLoading() {
  const { t } = useTranslation();
  return (
    <main
      id={MAIN_CONTENT_ID}
      tabIndex={-1}
      className="flex flex-1 items-center justify-center p-12 outline-none"
    >
      <p role="status" className="text-sm text-slate-600">
        {t('loading')}
      </p>
    </main>
  );
}
