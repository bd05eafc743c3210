import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PRIMARY_BUTTON, SECONDARY_BUTTON } from '../../components/layout/nav-styles';
import { type StaticPageId, StaticPageMeta } from '../../lib/seo/static-page-meta';

type Outcome = 'success' | 'registerCancel' | 'paymentCancelled';

const LINKS: Record<Outcome, { primary: string; secondary: string }> = {
  success: { primary: '/dashboard', secondary: '/credits' },
  registerCancel: { primary: '/dashboard', secondary: '/credits' },
  paymentCancelled: { primary: '/credits', secondary: '/dashboard' },
};

/** A payment's outcome page: what happened, in plain words, and where to go next. Not for search engines. */
export function OutcomePage({
  outcome,
  path,
  title,
  tone,
}: {
  outcome: Outcome & StaticPageId;
  path: string;
  title: string;
  tone: 'good' | 'neutral';
}) {
  const { t } = useTranslation('marketing');
  return (
    <div className="mx-auto w-full max-w-2xl px-4 py-16 text-center sm:py-24">
      <StaticPageMeta page={outcome} path={path} noindex />
      <p
        aria-hidden="true"
        className={`mx-auto flex size-14 items-center justify-center rounded-full text-2xl font-bold ${
          tone === 'good' ? 'bg-brand-100 text-brand-800' : 'bg-amber-100 text-amber-900'
        }`}
      >
        {tone === 'good' ? '✓' : '×'}
      </p>
      <h1 className="mt-6 text-3xl font-semibold tracking-tight text-slate-900 sm:text-4xl">{title}</h1>
      <p className="mt-4 text-base text-slate-600 sm:text-lg">{t(`outcome.${outcome}.text`)}</p>
      <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row">
        <Link to={LINKS[outcome].primary} className={PRIMARY_BUTTON}>
          {t(`outcome.${outcome}.primary`)}
        </Link>
        <Link to={LINKS[outcome].secondary} className={SECONDARY_BUTTON}>
          {t(`outcome.${outcome}.secondary`)}
        </Link>
      </div>
    </div>
  );
}
