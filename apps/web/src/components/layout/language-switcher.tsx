import { LOCALES, type Locale } from '@cuadra/shared';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { saveAccountLocale } from '../../access/account-locale';
import { toLocale } from '../../i18n/i18n';
import { LANGUAGE_NAMES } from '../../i18n/language-names';
import { localizedPath, splitLocalizedPath } from '../../lib/seo/localized-path';
import { PRERENDERED_PATHS } from '../../lib/seo/public-pages';
import { GlobeIcon } from '../icons';

export function LanguageSwitcher() {
  const { t, i18n } = useTranslation();
  const id = useId();
  const current = toLocale(i18n.resolvedLanguage);
  const location = useLocation();
  const navigate = useNavigate();
  const choose = (language: Locale) => {
    void i18n.changeLanguage(language);
    // Signed in: the account's language too, so the next email is in it (a failure keeps the page's choice).
    saveAccountLocale(language).catch(() => undefined);
    // A public page has an address per language: go to this page's.
    const { path } = splitLocalizedPath(location.pathname);
    if (PRERENDERED_PATHS.includes(path)) navigate(localizedPath(path, language) + location.search);
  };
  return (
    <div className="flex items-center gap-2">
      <GlobeIcon className="size-5 text-slate-500" />
      <label htmlFor={id} className="text-sm text-slate-700">
        {t('language.label')}
      </label>
      <select
        id={id}
        value={current}
        data-language-switch=""
        onChange={(event) => choose(toLocale(event.target.value))}
        className="rounded-md border border-slate-300 bg-white py-1.5 pr-8 pl-3 text-sm text-slate-900"
      >
        {LOCALES.map((locale) => (
          <option key={locale} value={locale} lang={locale}>
            {LANGUAGE_NAMES[locale]}
          </option>
        ))}
      </select>
    </div>
  );
}
