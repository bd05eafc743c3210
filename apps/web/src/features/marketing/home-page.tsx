import './marketing.css';
import type { ComponentType } from 'react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { useHasSession } from '../../access/use-has-session';
import { CoinsIcon, DocumentIcon, ReceiptIcon } from '../../components/icons';
import { PRIMARY_BUTTON, SECONDARY_BUTTON } from '../../components/layout/nav-styles';
import { StaticPageMeta } from '../../lib/seo/static-page-meta';
import { PackCards } from '../checkout';
import { FaqSection } from './faq-section';
import { InvoiceFlow } from './invoice-flow';
import { ReportsSection } from './reports-section';
import { SampleInvoiceDemo } from './sample-invoice-demo';
import { Walkthrough } from './walkthrough';

const BENEFITS = [
  { key: 'time', icon: CoinsIcon },
  { key: 'reports', icon: ReceiptIcon },
  { key: 'extraction', icon: DocumentIcon },
] as const satisfies readonly { key: string; icon: ComponentType<{ className?: string }> }[];

const SECTION = 'mx-auto w-full max-w-6xl px-4 py-16 sm:px-6 sm:py-20';

/**
 * The landing page (spec-1 §2 "Landing page"). A visitor who holds a valid token goes to /dashboard;
 * that is decided after hydration, since the prerendered page is the visitors' page.
 */
export function HomePage() {
  const { t } = useTranslation();
  const { t: tm } = useTranslation('marketing');
  const hasSession = useHasSession();
  const navigate = useNavigate();
  useEffect(() => {
    if (hasSession) void navigate('/dashboard', { replace: true });
  }, [hasSession, navigate]);

  return (
    <>
      <StaticPageMeta page="home" path="/" />

      <section className="bg-white">
        <div className="mx-auto grid w-full max-w-6xl items-center gap-10 px-4 py-14 sm:px-6 sm:py-20 lg:grid-cols-[3fr_2fr]">
          <div>
            <p className="text-sm font-semibold text-brand-700">{tm('hero.eyebrow')}</p>
            <h1 className="mt-3 text-4xl font-bold tracking-tight text-balance text-slate-900 sm:text-5xl">
              {t('pages.home.title')}
            </h1>
            <p className="mt-5 max-w-2xl text-lg text-pretty text-slate-600">{tm('hero.subtitle')}</p>
            <div className="mt-8 flex flex-col gap-3 sm:flex-row">
              <Link to="/select-plan" className={`${PRIMARY_BUTTON} px-6 py-3 text-base`}>
                {tm('hero.cta')}
              </Link>
              <a href="#prices" className={`${SECONDARY_BUTTON} px-6 py-3 text-base`}>
                {tm('hero.offers')}
              </a>
            </div>
            <p className="mt-4 text-sm text-slate-600">{tm('hero.note')}</p>
          </div>
          <InvoiceFlow />
        </div>
      </section>

      <section aria-labelledby="benefits-title" className={SECTION}>
        <h2 id="benefits-title" className="text-center text-2xl font-semibold text-slate-900 sm:text-3xl">
          {tm('benefits.title')}
        </h2>
        <ul className="mt-10 grid gap-6 md:grid-cols-3">
          {BENEFITS.map(({ key, icon: Icon }) => (
            <li key={key} className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200">
              <Icon className="size-8 text-brand-700" />
              <h3 className="mt-4 text-lg font-semibold text-slate-900">{tm(`benefits.${key}.title`)}</h3>
              <p className="mt-2 text-slate-600">{tm(`benefits.${key}.text`)}</p>
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="demo-title" className="bg-white">
        <div className={SECTION}>
          <h2 id="demo-title" className="text-2xl font-semibold text-slate-900 sm:text-3xl">
            {tm('demo.title')}
          </h2>
          <p className="mt-3 max-w-2xl text-slate-600">{tm('demo.subtitle')}</p>
          <div className="mt-10">
            <SampleInvoiceDemo />
          </div>
        </div>
      </section>

      <section aria-labelledby="video-title" className={SECTION}>
        <h2 id="video-title" className="text-2xl font-semibold text-slate-900 sm:text-3xl">
          {tm('video.title')}
        </h2>
        <p className="mt-3 max-w-2xl text-slate-600">{tm('video.subtitle')}</p>
        <div className="mt-10">
          <Walkthrough />
        </div>
      </section>

      <section aria-labelledby="reports-title" className="bg-white">
        <div className={SECTION}>
          <ReportsSection />
        </div>
      </section>

      <section id="prices" aria-labelledby="prices-title" className={`${SECTION} scroll-mt-20`}>
        <div className="text-center">
          <p className="text-sm font-semibold text-brand-700">{tm('prices.eyebrow')}</p>
          <h2 id="prices-title" className="mt-2 text-2xl font-semibold text-slate-900 sm:text-3xl">
            {tm('prices.title')}
          </h2>
          <p className="mx-auto mt-3 max-w-2xl text-slate-600">{tm('prices.subtitle')}</p>
        </div>
        <div className="mx-auto mt-12 max-w-4xl">
          <PackCards heading="h3" />
        </div>
      </section>

      <section aria-labelledby="faq-title" className="bg-white">
        <div className="mx-auto w-full max-w-3xl px-4 py-16 sm:px-6 sm:py-20">
          <h2 id="faq-title" className="text-center text-2xl font-semibold text-slate-900 sm:text-3xl">
            {tm('faq.title')}
          </h2>
          <div className="mt-10">
            <FaqSection />
          </div>
        </div>
      </section>

      <section aria-labelledby="closing-title" className={SECTION}>
        <div className="rounded-3xl bg-brand-900 px-6 py-12 text-center sm:px-12">
          <h2 id="closing-title" className="text-2xl font-semibold text-white sm:text-3xl">
            {tm('closing.title')}
          </h2>
          <p className="mx-auto mt-3 max-w-xl text-brand-50">{tm('closing.text')}</p>
          <Link
            to="/select-plan"
            className="mt-8 inline-flex items-center justify-center rounded-md bg-white px-6 py-3 text-base font-semibold text-brand-900 shadow-sm hover:bg-brand-50"
          >
            {tm('closing.cta')}
          </Link>
        </div>
      </section>
    </>
  );
}
