import { formatMoney } from '@cuadra/shared';
import { type CSSProperties, type ReactNode, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toLocale } from '../../i18n/i18n';

/** The eleven kinds of field the demo highlights, in legend order (spec-1 §2 "Landing page"). */
export const DEMO_FIELDS = [
  'number',
  'dates',
  'issuer',
  'client',
  'taxIds',
  'products',
  'quantities',
  'unitPrices',
  'subtotal',
  'taxes',
  'totalTerms',
] as const;
type DemoField = (typeof DEMO_FIELDS)[number];

/** The spec's sample: 19 % tax, 30 days net, 2 % discount within 10 days (sample figures only). */
const VAT_RATE = 19;
const LINES = [
  { key: 'paper', quantity: 10, unitCents: 2490 },
  { key: 'toner', quantity: 4, unitCents: 6850 },
  { key: 'chairs', quantity: 2, unitCents: 28900 },
] as const;
export const SAMPLE_SUBTOTAL_CENTS = LINES.reduce((sum, line) => sum + line.quantity * line.unitCents, 0);
export const SAMPLE_TAX_CENTS = Math.round((SAMPLE_SUBTOTAL_CENTS * VAT_RATE) / 100);

/** The share of the invoice that must be visible before it animates (the spec's observer threshold). */
export const REVEAL_THRESHOLD = 0.3;
const STEP_SECONDS = 0.22;

/** True once the element has been at least 30 % in view; it never turns back (the demo animates once). */
function useRevealOnce<T extends Element>() {
  const ref = useRef<T>(null);
  const [revealed, setRevealed] = useState(false);
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    if (typeof IntersectionObserver === 'undefined') {
      setRevealed(true);
      return;
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((entry) => entry.isIntersecting)) return;
        setRevealed(true);
        observer.disconnect();
      },
      { threshold: REVEAL_THRESHOLD },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return { ref, revealed };
}

function Field({
  field,
  children,
  badge = true,
}: {
  field: DemoField;
  children: ReactNode;
  badge?: boolean;
}) {
  const index = DEMO_FIELDS.indexOf(field);
  // The badge sits in the flow before its field, not on its corner: pinned to the corner it covered the
  // field's own last digits and, at 390 px, the next column's amounts.
  return (
    <span
      className="inline-flex max-w-full items-start gap-1"
      data-field={field}
      style={{ '--delay': `${index * STEP_SECONDS}s` } as CSSProperties}
    >
      {badge && (
        <span
          aria-hidden="true"
          className="cuadra-field-badge mt-0.5 flex size-4 shrink-0 items-center justify-center rounded-full bg-brand-800 text-[0.6rem] leading-none font-bold text-white"
        >
          {index + 1}
        </span>
      )}
      <span className="cuadra-field min-w-0 px-0.5">{children}</span>
    </span>
  );
}

export function SampleInvoiceDemo() {
  const { t, i18n } = useTranslation('marketing');
  const language = toLocale(i18n.resolvedLanguage);
  const money = (cents: number) => formatMoney(cents, language, { wholeUnits: true });
  const { ref, revealed } = useRevealOnce<HTMLDivElement>();
  const total = SAMPLE_SUBTOTAL_CENTS + SAMPLE_TAX_CENTS;

  return (
    <div ref={ref} data-revealed={revealed} className="grid gap-8 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
      <figure className="min-w-0">
        <div className="overflow-x-auto rounded-xl bg-white p-4 text-xs text-slate-700 shadow-sm ring-1 ring-slate-200 sm:p-6 sm:text-sm">
          <div className="flex flex-wrap items-start justify-between gap-4">
            <div>
              <p className="text-lg font-bold tracking-wide text-slate-900">{t('demo.invoiceLabel')}</p>
              <p className="mt-1">
                {t('demo.number')}: <Field field="number">2026-0412</Field>
              </p>
            </div>
            <dl className="grid grid-cols-[auto_auto] gap-x-3 gap-y-1">
              <dt>{t('demo.issued')}</dt>
              <dd>
                <Field field="dates">14/04/2026</Field>
              </dd>
              <dt>{t('demo.due')}</dt>
              <dd>
                <Field field="dates" badge={false}>
                  14/05/2026
                </Field>
              </dd>
            </dl>
          </div>
          <div className="mt-5 grid gap-4 sm:grid-cols-2">
            <div>
              <p className="font-semibold text-slate-900">{t('demo.from')}</p>
              <Field field="issuer">
                Nordlicht Bürobedarf GmbH
                <br />
                Friedrichstraße 120, 10117 Berlin
              </Field>
              <p className="mt-1">
                {t('demo.taxId')}: <Field field="taxIds">DE281937465</Field>
              </p>
            </div>
            <div>
              <p className="font-semibold text-slate-900">{t('demo.billTo')}</p>
              <Field field="client">
                Hansen &amp; Partner Steuerberatung
                <br />
                Jungfernstieg 7, 20354 Hamburg
              </Field>
              <p className="mt-1">
                {t('demo.taxId')}:{' '}
                <Field field="taxIds" badge={false}>
                  DE314159265
                </Field>
              </p>
            </div>
          </div>
          <table className="mt-5 w-full text-left">
            <thead className="border-b border-slate-300 text-slate-900">
              <tr>
                <th scope="col" className="py-1.5 pr-2 font-semibold">
                  {t('demo.description')}
                </th>
                <th scope="col" className="py-1.5 pr-2 text-right font-semibold">
                  {t('demo.qty')}
                </th>
                <th scope="col" className="py-1.5 pr-2 text-right font-semibold">
                  {t('demo.unitPrice')}
                </th>
                <th scope="col" className="py-1.5 text-right font-semibold">
                  {t('demo.amount')}
                </th>
              </tr>
            </thead>
            <tbody>
              {LINES.map((line, index) => (
                <tr key={line.key} className="border-b border-slate-100">
                  <td className="py-1.5 pr-2">
                    <Field field="products" badge={index === 0}>
                      {t(`demo.items.${line.key}`)}
                    </Field>
                  </td>
                  <td className="py-1.5 pr-2 text-right">
                    <Field field="quantities" badge={index === 0}>
                      {line.quantity}
                    </Field>
                  </td>
                  <td className="py-1.5 pr-2 text-right whitespace-nowrap">
                    <Field field="unitPrices" badge={index === 0}>
                      {money(line.unitCents)}
                    </Field>
                  </td>
                  <td className="py-1.5 text-right whitespace-nowrap">
                    {money(line.quantity * line.unitCents)}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          <dl className="mt-4 ml-auto grid max-w-xs grid-cols-[1fr_auto] gap-x-4 gap-y-1.5 text-right">
            <dt>{t('demo.subtotal')}</dt>
            <dd className="whitespace-nowrap">
              <Field field="subtotal">{money(SAMPLE_SUBTOTAL_CENTS)}</Field>
            </dd>
            <dt>{t('demo.tax')}</dt>
            <dd className="whitespace-nowrap">
              <Field field="taxes">{money(SAMPLE_TAX_CENTS)}</Field>
            </dd>
            <dt className="font-bold text-slate-900">{t('demo.total')}</dt>
            <dd className="font-bold whitespace-nowrap text-slate-900">
              <Field field="totalTerms">{money(total)}</Field>
            </dd>
          </dl>
          <p className="mt-4 border-t border-slate-200 pt-3">
            <span className="font-semibold text-slate-900">{t('demo.terms')}: </span>
            <Field field="totalTerms" badge={false}>
              {t('demo.termsText')}
            </Field>
          </p>
        </div>
        <figcaption className="mt-2 text-center text-sm text-slate-600">{t('demo.caption')}</figcaption>
      </figure>
      <div>
        <h3 className="text-base font-semibold text-slate-900">{t('demo.legendTitle')}</h3>
        <ol className="mt-4 grid gap-2 text-sm text-slate-700 sm:grid-cols-2 lg:grid-cols-1">
          {DEMO_FIELDS.map((field, index) => (
            <li key={field} className="flex items-center gap-3">
              <span
                aria-hidden="true"
                className="flex size-6 shrink-0 items-center justify-center rounded-full bg-brand-800 text-xs font-bold text-white"
              >
                {index + 1}
              </span>
              {t(`demo.fields.${field}`)}
            </li>
          ))}
        </ol>
      </div>
    </div>
  );
}
