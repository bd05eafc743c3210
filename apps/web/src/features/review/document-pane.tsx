import type { Invoice, ReviewItem } from '@cuadra/shared';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { secondaryButtonClass } from '../../components/ui';
import { invoiceKeys } from '../../lib/query-keys';
import {
  EVIDENCE_KEYS,
  FIT_ZOOM_INDEX,
  type FieldBox,
  fetchInvoiceFile,
  PageViewer,
  SplitBar,
  ZOOM_STEPS,
} from '../invoices';

/** The desk's middle: the original with its zoom, every field's box, and the focused one highlighted. */
export function DocumentPane({
  item,
  invoice,
  focused,
}: {
  item: ReviewItem;
  invoice: Invoice | null;
  focused: string | null;
}) {
  const { t } = useTranslation('review');
  const { t: ti } = useTranslation('invoices');
  const [zoomIndex, setZoomIndex] = useState(FIT_ZOOM_INDEX);
  const file = invoice?.file ?? null;
  const original = useQuery({
    queryKey: invoiceKeys.file(item.invoiceId ?? ''),
    queryFn: ({ signal }) => fetchInvoiceFile(item.invoiceId ?? '', { signal }),
    enabled: Boolean(item.invoiceId && file),
    staleTime: Number.POSITIVE_INFINITY,
    retry: 1,
  });
  const boxes: FieldBox[] = invoice
    ? Object.entries(EVIDENCE_KEYS).flatMap(([field, key]) => {
        const box = invoice.evidence[key]?.box;
        return box ? [{ key, box, label: ti(`fields.${field}` as 'fields.number') }] : [];
      })
    : [];
  const viewable = file && (file.mediaType === 'application/pdf' || file.mediaType.startsWith('image/'));
  return (
    <section
      aria-labelledby="original-title"
      className="flex min-w-0 flex-col rounded-lg border border-slate-200 bg-white lg:max-h-[calc(100vh-9rem)]"
    >
      <div className="flex flex-wrap items-center justify-between gap-2 border-b border-slate-200 px-3 py-2">
        <h2 id="original-title" className="min-w-0 truncate text-sm font-semibold text-slate-900">
          {t('original')} <span className="font-normal text-slate-600">{item.fileName}</span>
        </h2>
        {viewable ? (
          <div className="flex items-center gap-2">
            <button
              type="button"
              onClick={() => setZoomIndex((z) => Math.max(0, z - 1))}
              disabled={zoomIndex === 0}
              aria-label={t('viewer.zoomOut')}
              className={`${secondaryButtonClass} px-2 py-1`}
            >
              −
            </button>
            <output
              aria-live="polite"
              data-testid="zoom-level"
              className="w-16 text-center text-sm tabular-nums"
            >
              {ZOOM_STEPS[zoomIndex]} %
            </output>
            <button
              type="button"
              onClick={() => setZoomIndex((z) => Math.min(ZOOM_STEPS.length - 1, z + 1))}
              disabled={zoomIndex === ZOOM_STEPS.length - 1}
              aria-label={t('viewer.zoomIn')}
              className={`${secondaryButtonClass} px-2 py-1`}
            >
              +
            </button>
          </div>
        ) : null}
      </div>
      {file?.split && invoice ? <SplitBar split={file.split} clientId={invoice.clientId} /> : null}
      <div className="min-h-64 flex-1 overflow-auto bg-slate-100 p-2" data-testid="original">
        {!item.invoiceId || !invoice ? null : !file ? (
          <p className="p-4 text-sm text-slate-600">{t('viewer.noFile')}</p>
        ) : original.isError ? (
          <p role="alert" className="p-4 text-sm text-red-800">
            {t('viewer.error')}
          </p>
        ) : !original.data ? (
          <p role="status" className="p-4 text-sm text-slate-600">
            {t('viewer.loading')}
          </p>
        ) : viewable ? (
          <PageViewer
            blob={original.data.blob}
            mediaType={file.mediaType}
            zoom={ZOOM_STEPS[zoomIndex] ?? 100}
            boxes={boxes}
            focused={focused}
          />
        ) : (
          <p className="p-4 text-sm text-slate-600">{t('viewer.notPreviewable')}</p>
        )}
      </div>
    </section>
  );
}
