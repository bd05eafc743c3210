import { type CSSProperties, type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CheckIcon, DocumentIcon } from '../../components/icons';

const STEPS = ['upload', 'review', 'report'] as const;

/**
 * The landing page's "video": a looped, drawn walkthrough of upload → review → report. No video file and
 * nothing fetched from another origin; the steps are real text beside it, and a button pauses it
 * (WCAG 2.2.2). It stands still for visitors who prefer reduced motion.
 */
export function Walkthrough() {
  const { t } = useTranslation('marketing');
  const [paused, setPaused] = useState(false);
  return (
    <div className="grid items-center gap-8 lg:grid-cols-2">
      <figure className="min-w-0" data-paused={paused}>
        <div
          aria-hidden="true"
          className="overflow-hidden rounded-xl bg-slate-900 shadow-lg ring-1 ring-slate-800"
        >
          <div className="flex items-center gap-1.5 border-b border-slate-700 px-3 py-2">
            <span className="size-2.5 rounded-full bg-slate-600" />
            <span className="size-2.5 rounded-full bg-slate-600" />
            <span className="size-2.5 rounded-full bg-slate-600" />
          </div>
          <div className="relative h-52 bg-slate-50 sm:h-60">
            <Screen delay={0}>
              <div className="flex h-full flex-col items-center justify-center gap-3 rounded-lg border-2 border-dashed border-brand-500 bg-brand-50">
                <div className="flex gap-2">
                  {[0, 1, 2].map((n) => (
                    <DocumentIcon key={n} className="size-8 text-brand-700" />
                  ))}
                </div>
                <p className="text-sm font-medium text-brand-900">{t('video.screen.uploading')}</p>
                <div className="h-1.5 w-40 overflow-hidden rounded-full bg-brand-100">
                  <div className="h-full w-2/3 rounded-full bg-brand-600" />
                </div>
              </div>
            </Screen>
            <Screen delay={-8}>
              <div className="grid h-full grid-cols-2 gap-3">
                <div className="flex flex-col gap-1.5 rounded-lg bg-white p-3 ring-1 ring-slate-200">
                  <span className="h-2 w-16 rounded bg-slate-800" />
                  <span className="h-1.5 w-24 rounded bg-slate-300" />
                  <span className="h-1.5 w-20 rounded bg-slate-300" />
                  <span className="mt-2 h-1.5 w-full rounded bg-slate-200" />
                  <span className="h-1.5 w-full rounded bg-slate-200" />
                  <span className="mt-auto h-2 w-12 self-end rounded bg-amber-400" />
                </div>
                <div className="flex flex-col gap-2 rounded-lg bg-white p-3 ring-1 ring-slate-200">
                  {[0, 1, 2].map((n) => (
                    <span key={n} className="flex items-center gap-1.5">
                      <CheckIcon className="size-3.5 text-brand-700" />
                      <span className="h-1.5 flex-1 rounded bg-slate-200" />
                    </span>
                  ))}
                  <span className="rounded bg-amber-100 px-1.5 py-1 text-[0.65rem] font-semibold text-amber-900">
                    {t('video.screen.reviewing')}
                  </span>
                </div>
              </div>
            </Screen>
            <Screen delay={-4}>
              <div className="flex h-full flex-col rounded-lg bg-white p-3 ring-1 ring-slate-200">
                <p className="text-sm font-semibold text-slate-900">{t('video.screen.report')}</p>
                <div className="mt-3 flex flex-1 items-end gap-3">
                  {[55, 80, 40, 95, 65, 75].map((height) => (
                    <span
                      key={height}
                      className="flex-1 rounded-t bg-brand-600"
                      style={{ height: `${height}%` }}
                    />
                  ))}
                </div>
              </div>
            </Screen>
          </div>
        </div>
      </figure>
      <div>
        <ol className="flex flex-col gap-5">
          {STEPS.map((step) => (
            <li key={step}>
              <h3 className="font-semibold text-slate-900">{t(`video.steps.${step}.title`)}</h3>
              <p className="mt-1 text-slate-600">{t(`video.steps.${step}.text`)}</p>
            </li>
          ))}
        </ol>
        <button
          type="button"
          onClick={() => setPaused((value) => !value)}
          className="mt-6 inline-flex items-center gap-2 rounded-md bg-white px-3 py-2 text-sm font-semibold text-slate-800 shadow-sm ring-1 ring-slate-300 hover:bg-slate-50"
        >
          <span aria-hidden="true">{paused ? '▶' : '❚❚'}</span>
          {paused ? t('video.play') : t('video.pause')}
        </button>
      </div>
    </div>
  );
}

/** One screen of the loop; the delays put them a third of the 12 s cycle apart. */
function Screen({ delay, children }: { delay: number; children: ReactNode }) {
  return (
    <div className="cuadra-screen absolute inset-0 p-4" style={{ '--delay': `${delay}s` } as CSSProperties}>
      {children}
    </div>
  );
}
