import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/** The closing call to action of every article (spec-2 §2.10). */
export function ArticleCta() {
  const { t } = useTranslation('blog');
  return (
    <section
      aria-labelledby="article-cta-title"
      className="mt-14 rounded-3xl bg-brand-900 px-6 py-10 text-center sm:px-10"
    >
      <h2 id="article-cta-title" className="text-2xl font-semibold text-white">
        {t('cta.title')}
      </h2>
      <p className="mx-auto mt-3 max-w-xl text-brand-50">{t('cta.text')}</p>
      <Link
        to="/register"
        className="mt-7 inline-flex items-center justify-center rounded-md bg-white px-6 py-3 text-base font-semibold text-brand-900 shadow-sm hover:bg-brand-50"
      >
        {t('cta.button')}
      </Link>
    </section>
  );
}
