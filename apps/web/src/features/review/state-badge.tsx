import type { ReviewState } from '@cuadra/shared';
import { useTranslation } from 'react-i18next';

const TONE: Record<ReviewState, string> = {
  processing: 'bg-slate-100 text-slate-800 ring-slate-300',
  needs_review: 'bg-amber-100 text-amber-900 ring-amber-300',
  reviewed: 'bg-emerald-50 text-emerald-800 ring-emerald-200',
  failed: 'bg-red-50 text-red-800 ring-red-200',
  duplicate: 'bg-slate-100 text-slate-700 ring-slate-300',
};

export function StateBadge({ state }: { state: ReviewState }) {
  const { t } = useTranslation('review');
  return (
    <span className={`shrink-0 rounded-full px-2 py-0.5 text-xs font-medium ring-1 ${TONE[state]}`}>
      {t(`state.${state}`)}
    </span>
  );
}
