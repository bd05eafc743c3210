import { useTranslation } from 'react-i18next';
import { DocumentTitle } from '../../components/document-title';
import { SignUpForm } from './sign-up-form';

const BENEFITS = ['credits', 'instant', 'accurate', 'support'] as const;

/** /start-free (spec-1 §2): a grid of four benefits beside the sign-up form and Google sign-in. */
export function StartFreePage() {
  const { t } = useTranslation('auth');
  return (
    <div className="mx-auto grid w-full max-w-5xl gap-10 px-4 py-12 sm:px-6 sm:py-16 lg:grid-cols-2">
      <DocumentTitle title={t('startFree.title')} />
      <div>
        <h1 className="text-3xl font-semibold tracking-tight text-slate-900 sm:text-4xl">
          {t('startFree.title')}
        </h1>
        <p className="mt-4 text-lg text-slate-600">{t('startFree.subtitle')}</p>
        <h2 className="sr-only">{t('startFree.benefitsLabel')}</h2>
        <ul className="mt-8 grid gap-4 sm:grid-cols-2">
          {BENEFITS.map((key) => (
            <li key={key} className="rounded-lg bg-white p-4 shadow-sm ring-1 ring-slate-200">
              <p className="font-semibold text-slate-900">{t(`startFree.benefits.${key}.title`)}</p>
              <p className="mt-1 text-sm text-slate-600">{t(`startFree.benefits.${key}.text`)}</p>
            </li>
          ))}
        </ul>
      </div>
      <div className="rounded-xl bg-white p-6 shadow-sm ring-1 ring-slate-200 sm:p-8">
        <SignUpForm origin="startFree" />
      </div>
    </div>
  );
}
