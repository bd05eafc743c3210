import { formatLongDate } from '@cuadra/shared';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageHeader } from '../../components/layout/page-header';
import { toLocale } from '../../i18n/i18n';
import { StaticPageMeta } from '../../lib/seo/static-page-meta';

/** When the policy texts last changed (shown in the page's language). */
const LEGAL_UPDATED = new Date(Date.UTC(2026, 0, 15));

type LegalDocument = 'privacy' | 'terms';

const SECTIONS = {
  privacy: ['collect', 'use', 'retention', 'security', 'processors', 'rights', 'contact', 'changes'],
  terms: ['service', 'account', 'credits', 'invoices', 'refunds', 'data', 'changes', 'liability', 'law'],
} as const;

/** A policy page: an introduction, a table of contents, and one short section per commitment. */
export function LegalPage({ document: doc }: { document: LegalDocument }) {
  const { t, i18n } = useTranslation();
  const { t: tm } = useTranslation('marketing');
  const language = toLocale(i18n.resolvedLanguage);
  const sections = SECTIONS[doc] as readonly string[];
  const key = (section: string, part: 'title' | 'text') =>
    `${doc}.sections.${section}.${part}` as 'privacy.sections.collect.title';
  return (
    <div className="mx-auto w-full max-w-3xl px-4 py-12 sm:px-6 sm:py-16">
      <StaticPageMeta page={doc} path={`/${doc}`} />
      <PageHeader title={t(`pages.${doc}.title`)}>
        <p>{tm(`${doc}.intro`)}</p>
        <p className="mt-3 text-sm text-slate-500">
          {tm('legal.updated', { date: formatLongDate(LEGAL_UPDATED, language) })}
        </p>
      </PageHeader>
      <nav
        aria-labelledby={`${doc}-contents`}
        className="mt-10 rounded-xl bg-white p-5 ring-1 ring-slate-200"
      >
        <h2 id={`${doc}-contents`} className="text-sm font-semibold text-slate-900">
          {tm('legal.contents')}
        </h2>
        <ol className="mt-3 grid list-decimal gap-1 pl-5 text-sm sm:grid-cols-2">
          {sections.map((section) => (
            <li key={section}>
              <a href={`#${section}`} className="text-brand-800 underline-offset-2 hover:underline">
                {tm(key(section, 'title'))}
              </a>
            </li>
          ))}
        </ol>
      </nav>
      <div className="mt-10 flex flex-col gap-8">
        {sections.map((section, index) => (
          <section key={section} id={section} aria-labelledby={`${section}-title`} className="scroll-mt-20">
            <h2 id={`${section}-title`} className="text-xl font-semibold text-slate-900">
              {index + 1}. {tm(key(section, 'title'))}
            </h2>
            <p className="mt-2 leading-7 text-slate-700">{tm(key(section, 'text'))}</p>
            {section === 'contact' && (
              <p className="mt-2">
                <Link to="/contact" className="font-medium text-brand-800 underline underline-offset-2">
                  {t('pages.contact.title')}
                </Link>
              </p>
            )}
          </section>
        ))}
      </div>
    </div>
  );
}
