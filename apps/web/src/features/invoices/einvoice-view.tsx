import { type EInvoiceView, formatMediumDate, formatMoney, type OriginalInvoice } from '@cuadra/shared';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { toLocale } from '../../i18n/i18n';
import { api } from '../../lib/api';

/**
 * An uploaded e-invoice XML (Facturae, UBL, CII) drawn as a readable invoice: the server reads the file with
 * the extraction engine's XML readers and answers plain values, which React renders as text. The XML itself
 * never reaches the page as markup.
 */
export function EInvoiceOriginal({ invoiceId }: { invoiceId: string }) {
  const { t } = useTranslation('invoices');
  const original = useQuery({
    queryKey: ['invoices', 'original', invoiceId],
    queryFn: ({ signal }) =>
      api.get<EInvoiceView>(`/invoices/${encodeURIComponent(invoiceId)}/original`, { signal }),
    staleTime: Number.POSITIVE_INFINITY,
    retry: 1,
  });
  if (original.isPending) {
    return (
      <p role="status" className="p-4 text-sm text-slate-600">
        {t('viewer.loading')}
      </p>
    );
  }
  if (original.isError) {
    return <p className="p-4 text-sm text-slate-700">{t('viewer.notPreviewable')}</p>;
  }
  return (
    <div data-testid="einvoice-original" className="flex flex-col gap-3">
      {original.data.invoices.map((invoice, index) => (
        <ReadableInvoice
          // biome-ignore lint/suspicious/noArrayIndexKey: the file's invoices in file order, never reordered
          key={index}
          invoice={invoice}
          format={original.data.format}
        />
      ))}
    </div>
  );
}

function ReadableInvoice({ invoice, format }: { invoice: OriginalInvoice; format: EInvoiceView['format'] }) {
  const { t, i18n } = useTranslation('invoices');
  const language = toLocale(i18n.resolvedLanguage);
  const money = (cents: number | null) =>
    cents === null ? '—' : formatMoney(cents, language, { currency: invoice.currency });
  const date = (iso: string | null) => (iso ? formatMediumDate(iso, language) : '—');
  return (
    <article className="rounded-md bg-white p-4 text-sm text-slate-800 shadow-sm ring-1 ring-slate-200">
      <header className="flex flex-wrap items-baseline justify-between gap-2 border-b border-slate-200 pb-2">
        <h3 className="text-base font-semibold text-slate-900">
          {t('einvoice.title', { number: invoice.number ?? '—' })}
        </h3>
        <p className="text-xs text-slate-600">{t(`einvoice.format.${format}`)}</p>
      </header>
      <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1">
        <dt className="text-slate-600">{t('einvoice.issueDate')}</dt>
        <dd>{date(invoice.issueDate)}</dd>
        <dt className="text-slate-600">{t('einvoice.dueDate')}</dt>
        <dd>{date(invoice.dueDate)}</dd>
      </dl>
      <div className="mt-3 grid gap-3 sm:grid-cols-2">
        <Party
          title={t('einvoice.issuer')}
          name={invoice.issuerName}
          taxId={invoice.issuerTaxId}
          address={invoice.issuerAddress}
        />
        <Party
          title={t('einvoice.recipient')}
          name={invoice.recipientName}
          taxId={invoice.recipientTaxId}
          address={invoice.recipientAddress}
        />
      </div>
      {invoice.items.length > 0 ? (
        <div className="mt-4 overflow-x-auto">
          <table className="w-full text-left">
            <caption className="sr-only">{t('einvoice.lines')}</caption>
            <thead className="border-b border-slate-300 text-xs text-slate-600">
              <tr>
                <th scope="col" className="py-1 pr-2 font-medium">
                  {t('einvoice.description')}
                </th>
                <th scope="col" className="py-1 pr-2 text-right font-medium">
                  {t('einvoice.quantity')}
                </th>
                <th scope="col" className="py-1 pr-2 text-right font-medium">
                  {t('einvoice.unitPrice')}
                </th>
                <th scope="col" className="py-1 pr-2 text-right font-medium">
                  {t('einvoice.vatRate')}
                </th>
                <th scope="col" className="py-1 text-right font-medium">
                  {t('einvoice.amount')}
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {invoice.items.map((item, index) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: the invoice's lines in file order
                <tr key={index}>
                  <td className="py-1 pr-2 break-words">{item.description}</td>
                  <td className="py-1 pr-2 text-right tabular-nums">{item.quantity ?? '—'}</td>
                  <td className="py-1 pr-2 text-right whitespace-nowrap tabular-nums">
                    {money(item.unitPriceCents)}
                  </td>
                  <td className="py-1 pr-2 text-right tabular-nums">
                    {item.vatRate === null ? '—' : `${item.vatRate} %`}
                  </td>
                  <td className="py-1 text-right whitespace-nowrap tabular-nums">
                    {money(item.lineTotalCents)}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      {invoice.vatBreakdown.length > 0 ? (
        <table className="mt-4 ml-auto text-right">
          <caption className="text-left text-xs font-medium text-slate-600">{t('einvoice.taxes')}</caption>
          <thead className="text-xs text-slate-600">
            <tr>
              <th scope="col" className="py-1 pr-3 font-medium">
                {t('einvoice.rate')}
              </th>
              <th scope="col" className="py-1 pr-3 font-medium">
                {t('einvoice.base')}
              </th>
              <th scope="col" className="py-1 font-medium">
                {t('einvoice.tax')}
              </th>
            </tr>
          </thead>
          <tbody>
            {invoice.vatBreakdown.map((line, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: the breakdown in file order
              <tr key={index} data-testid="einvoice-vat-line">
                <th scope="row" className="py-0.5 pr-3 font-normal">
                  {line.taxType ? `${line.taxType} ` : ''}
                  {line.rate} %
                </th>
                <td className="py-0.5 pr-3 whitespace-nowrap tabular-nums">{money(line.baseCents)}</td>
                <td className="py-0.5 whitespace-nowrap tabular-nums">{money(line.vatCents)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
      <dl className="mt-4 ml-auto grid max-w-xs grid-cols-[1fr_auto] gap-x-4 gap-y-1 text-right">
        <dt className="text-slate-600">{t('einvoice.taxBase')}</dt>
        <dd className="whitespace-nowrap tabular-nums">{money(invoice.taxBaseCents)}</dd>
        <dt className="text-slate-600">{t('einvoice.vatTotal')}</dt>
        <dd className="whitespace-nowrap tabular-nums">{money(invoice.vatTotalCents)}</dd>
        {invoice.withholdingCents !== null ? (
          <>
            <dt className="text-slate-600">{t('einvoice.withholding')}</dt>
            <dd className="whitespace-nowrap tabular-nums">−{money(Math.abs(invoice.withholdingCents))}</dd>
          </>
        ) : null}
        <dt className="font-semibold text-slate-900">{t('einvoice.total')}</dt>
        <dd
          data-testid="einvoice-total"
          className="whitespace-nowrap font-semibold tabular-nums text-slate-900"
        >
          {money(invoice.totalCents)}
        </dd>
      </dl>
    </article>
  );
}

function Party({
  title,
  name,
  taxId,
  address,
}: {
  title: string;
  name: string | null;
  taxId: string | null;
  address: string | null;
}) {
  return (
    <section className="min-w-0">
      <h4 className="text-xs font-semibold uppercase tracking-wide text-slate-600">{title}</h4>
      <p className="break-words font-medium text-slate-900">{name ?? '—'}</p>
      {taxId ? <p className="text-slate-700">{taxId}</p> : null}
      {address ? <p className="break-words whitespace-pre-line text-slate-700">{address}</p> : null}
    </section>
  );
}
