import type { ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { CoinsIcon, LockIcon, ReceiptIcon, ShieldIcon } from '../icons';
import { LogoMark } from '../logo';
import { LanguageSwitcher } from './language-switcher';

const COLUMNS = [
  {
    heading: 'footer.product',
    links: [
      { to: '/features', key: 'footer.features' },
      { to: '/credits', key: 'footer.pricing' },
      { to: '/integrations', key: 'footer.integrations' },
      { to: '/blog', key: 'footer.blog' },
    ],
  },
  {
    heading: 'footer.business',
    links: [
      { to: '/register/accountant', key: 'footer.forAccountants' },
      { to: '/register/freelancer', key: 'footer.forFreelancers' },
      { to: '/start-free', key: 'footer.startFree' },
    ],
  },
  {
    heading: 'footer.support',
    links: [
      { to: '/help', key: 'footer.help' },
      { to: '/contact', key: 'footer.contact' },
      { to: '/privacy', key: 'footer.privacy' },
      { to: '/terms', key: 'footer.terms' },
    ],
  },
] as const;

// Only claims the product keeps by design (DESIGN.md): no certifications, no hosting promises.
const TRUST_INDICATORS = [
  { key: 'footer.trustGdpr', icon: ShieldIcon },
  { key: 'footer.trustEncrypted', icon: LockIcon },
  { key: 'footer.trustTax', icon: ReceiptIcon },
  { key: 'footer.trustCredits', icon: CoinsIcon },
] as const satisfies readonly { key: string; icon: ComponentType<{ className?: string }> }[];

export function Footer() {
  const { t } = useTranslation();
  return (
    <footer className="border-t border-slate-200 bg-white">
      <div className="mx-auto max-w-7xl px-4 py-10 sm:px-6">
        <div className="grid gap-8 sm:grid-cols-2 lg:grid-cols-4">
          <div>
            <p className="flex items-center gap-2 text-base font-semibold text-slate-900">
              <LogoMark className="size-6" />
              {t('brand.name')}
            </p>
            <p className="mt-3 max-w-xs text-sm text-slate-600">{t('footer.tagline')}</p>
          </div>
          {COLUMNS.map((column) => (
            <nav key={column.heading} aria-label={t(column.heading)}>
              <h2 className="text-sm font-semibold text-slate-900">{t(column.heading)}</h2>
              <ul className="mt-3 flex flex-col gap-2">
                {column.links.map((link) => (
                  <li key={link.to}>
                    <Link to={link.to} className="rounded-sm text-sm text-slate-600 hover:text-slate-900">
                      {t(link.key)}
                    </Link>
                  </li>
                ))}
              </ul>
            </nav>
          ))}
        </div>

        <ul
          aria-label={t('footer.trustLabel')}
          className="mt-10 grid gap-3 border-t border-slate-200 pt-6 text-sm text-slate-700 sm:grid-cols-2 lg:grid-cols-4"
        >
          {TRUST_INDICATORS.map(({ key, icon: TrustIcon }) => (
            <li key={key} className="flex items-center gap-2">
              <TrustIcon className="size-5 shrink-0 text-brand-700" />
              {t(key)}
            </li>
          ))}
        </ul>

        <div className="mt-8 flex flex-col gap-4 border-t border-slate-200 pt-6 sm:flex-row sm:items-center sm:justify-between">
          <p className="text-sm text-slate-500">
            {t('footer.copyright', { year: new Date().getFullYear() })}
          </p>
          <LanguageSwitcher />
        </div>
      </div>
    </footer>
  );
}
