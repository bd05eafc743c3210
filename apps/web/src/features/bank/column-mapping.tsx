import {
  CSV_COLUMNS,
  type CsvColumn,
  type CsvColumns,
  CsvColumnsSchema,
  type CsvMapping,
  type MappingProposal,
} from '@cuadra/shared';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { primaryButtonClass } from '../../components/ui';

/**
 * A CSV or XLSX whose columns the server did not recognise (STATEMENT_MAPPING_REQUIRED): its guess, a few
 * rows to judge by, and one choice per field; confirmed once, the server remembers it for the client's
 * next files of that bank.
 */
export function ColumnMapping({
  proposal,
  isSending,
  onConfirm,
}: {
  proposal: MappingProposal;
  isSending: boolean;
  onConfirm: (mapping: CsvMapping) => void;
}) {
  const { t } = useTranslation('bank');
  const id = useId();
  const [chosen, setChosen] = useState<Partial<Record<CsvColumn, number>>>(proposal.proposal);
  const checked = CsvColumnsSchema.safeParse(chosen);
  const columnName = (index: number) =>
    t('mapping.column', { n: index + 1, name: proposal.headers[index] || '—' });
  return (
    <section
      aria-labelledby={`${id}-title`}
      className="mt-3 rounded-md border border-amber-200 bg-amber-50 p-3"
      data-testid="column-mapping"
    >
      <h3 id={`${id}-title`} className="font-semibold text-slate-900">
        {t('mapping.title')}
      </h3>
      <p className="mt-1 text-sm text-slate-700">{t('mapping.help')}</p>
      <div className="mt-3 overflow-x-auto">
        <table className="min-w-full border-collapse text-xs">
          <caption className="sr-only">{t('mapping.sample')}</caption>
          <thead>
            <tr>
              {proposal.headers.map((_header, index) => (
                <th
                  // biome-ignore lint/suspicious/noArrayIndexKey: columns are positional
                  key={index}
                  scope="col"
                  className="border border-slate-300 bg-white px-2 py-1 text-left font-medium"
                >
                  {columnName(index)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {proposal.sample.map((row, r) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: sample rows have no identity
              <tr key={r}>
                {proposal.headers.map((_, c) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: columns are positional
                  <td key={c} className="border border-slate-200 bg-white px-2 py-1 whitespace-nowrap">
                    {row[c] ?? ''}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <div className="mt-3 grid grid-cols-1 gap-2 sm:grid-cols-2">
        {CSV_COLUMNS.map((field) => (
          <label key={field} className="block text-sm font-medium text-slate-800">
            {t(`mapping.field.${field}`)}
            <select
              value={chosen[field] ?? ''}
              onChange={(event) =>
                setChosen((current) => {
                  const next = { ...current };
                  if (event.target.value === '') delete next[field];
                  else next[field] = Number(event.target.value);
                  return next;
                })
              }
              className="mt-1 block w-full rounded-md border border-slate-300 bg-white px-2 py-1 text-sm"
            >
              <option value="">{t('mapping.none')}</option>
              {proposal.headers.map((_, index) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: columns are positional
                <option key={index} value={index}>
                  {columnName(index)}
                </option>
              ))}
            </select>
          </label>
        ))}
      </div>
      {checked.success ? null : <p className="mt-2 text-sm text-amber-900">{t('mapping.needed')}</p>}
      <button
        type="button"
        className={`${primaryButtonClass} mt-3`}
        disabled={!checked.success || isSending}
        onClick={() => {
          if (checked.success) onConfirm({ line: proposal.line, columns: checked.data as CsvColumns });
        }}
      >
        {isSending ? t('upload.importing') : t('mapping.confirm')}
      </button>
    </section>
  );
}
