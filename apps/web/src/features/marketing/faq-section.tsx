import { useTranslation } from 'react-i18next';

/** The spec's twelve FAQ topics, in its order (spec-1 §2 "Landing page"). */
export const FAQ_TOPICS = [
  'fileTypes',
  'scanTime',
  'hiddenFees',
  'oneTime',
  'unusedScans',
  'incorrectScans',
  'automaticCharges',
  'batchUpload',
  'userType',
  'refundPolicy',
  'dataSecurity',
  'mobileAccess',
] as const;

/** An accordion of native <details>: keyboard and screen-reader friendly, and it works without JavaScript. */
export function FaqSection() {
  const { t } = useTranslation('faq');
  return (
    <div className="divide-y divide-slate-200 rounded-2xl bg-white ring-1 ring-slate-200">
      {FAQ_TOPICS.map((topic) => (
        <details key={topic} className="group px-5 py-1 sm:px-6">
          <summary className="flex cursor-pointer list-none items-center justify-between gap-4 py-4 font-medium text-slate-900 [&::-webkit-details-marker]:hidden">
            <h3>{t(`${topic}.q`)}</h3>
            <span
              aria-hidden="true"
              className="text-xl leading-none text-brand-700 transition-transform group-open:rotate-45"
            >
              +
            </span>
          </summary>
          <p className="pb-5 text-slate-600">{t(`${topic}.a`)}</p>
        </details>
      ))}
    </div>
  );
}
