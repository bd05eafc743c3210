import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/** The mark: a square (cuadrar, to square the books) with a tick. Same drawing as public/favicon.svg. */
export function LogoMark({ className = 'size-8' }: { className?: string }) {
  return (
    <svg viewBox="0 0 32 32" aria-hidden="true" focusable="false" className={className}>
      <rect width="32" height="32" rx="7" className="fill-brand-700" />
      <path
        d="M9 16.5l4.5 4.5L23 11.5"
        fill="none"
        stroke="#fff"
        strokeWidth="3.2"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}

export function Logo() {
  const { t } = useTranslation();
  return (
    <Link
      to="/"
      aria-label={t('brand.homeLink')}
      className="flex items-center gap-2 rounded-md text-lg font-semibold tracking-tight text-slate-900"
    >
      <LogoMark />
      <span>{t('brand.name')}</span>
    </Link>
  );
}
