import { WELCOME_CREDITS } from '@cuadra/shared';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../components/layout/page-header';
import { ContactPlans, PackCards, type PackPurchaseControls } from './pack-cards';

/**
 * The body of /credits and /select-plan: packs, how credits work, the contact plans. Signed in, the page
 * adds a purchase panel (balance and purchase status) above the packs, and buy buttons (issue 7).
 */
export function PricingContent({
  title,
  panel = null,
  purchase = null,
}: {
  title: string;
  panel?: ReactNode;
  purchase?: PackPurchaseControls | null;
}) {
  const { t } = useTranslation('pricing');
  const { t: tm } = useTranslation('marketing');
  return (
    <div className="mx-auto w-full max-w-5xl px-4 py-12 sm:px-6 sm:py-16">
      <PageHeader eyebrow={tm('prices.eyebrow')} title={title}>
        <p>{tm('prices.subtitle')}</p>
      </PageHeader>
      <h2 className="sr-only">{tm('prices.title')}</h2>
      {panel}
      <div className="mt-12">
        <PackCards heading="h3" purchase={purchase} />
      </div>
      <section aria-labelledby="credit-notes" className="mx-auto mt-10 max-w-3xl">
        <h2 id="credit-notes" className="text-base font-semibold text-slate-900">
          {t('notes.title')}
        </h2>
        <ul className="mt-3 list-disc space-y-1 pl-5 text-sm text-slate-700">
          <li>{t('notes.oneCredit')}</li>
          <li>{t('notes.free')}</li>
          <li>{t('notes.welcome', { count: WELCOME_CREDITS })}</li>
        </ul>
      </section>
      <section aria-labelledby="contact-plans" className="mt-14">
        <h2 id="contact-plans" className="text-xl font-semibold text-slate-900">
          {t('plans.title')}
        </h2>
        <div className="mt-6">
          <ContactPlans />
        </div>
      </section>
    </div>
  );
}
