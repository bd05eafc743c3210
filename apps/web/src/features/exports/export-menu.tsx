import { EXPORT_KINDS, type ExportKind } from '@cuadra/shared';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { selectClass, type Translate } from '../../components/ui/form-controls';
import { secondaryButtonClass } from '../../components/ui/index';
import { useErrorMessage } from '../../lib/error-message';
import { fetchExport } from './exports-api';

/** The period's books and accounting-package files, fetched with the session and saved by the browser. */
export function ExportMenu({ clientId, from, to }: { clientId: string; from: string; to: string }) {
  const { t } = useTranslation('forms');
  const tx = t as unknown as Translate;
  const toMessage = useErrorMessage();
  const id = useId();
  const [kind, setKind] = useState<ExportKind>('libro-registro-xlsx');
  const [withPayments, setWithPayments] = useState(false);
  const isBook = kind === 'libro-registro-xlsx' || kind === 'libro-registro-csv';
  const [state, setState] = useState<{ busy: boolean; message: string | null; error: boolean }>({
    busy: false,
    message: null,
    error: false,
  });
  const [url, setUrl] = useState<string | null>(null);

  useEffect(
    () => () => {
      if (url) URL.revokeObjectURL(url);
    },
    [url],
  );

  const filenames: Record<ExportKind, string> = {
    'libro-registro-xlsx': `libro-registro_${from}_${to}.xlsx`,
    'libro-registro-csv': `libro-registro_${from}_${to}.csv`,
    a3: 'SUENLACE.DAT',
    contaplus: `contaplus-diario_${from}_${to}.txt`,
    contasol: `contasol_${from}_${to}.zip`,
  };

  async function download() {
    setState({ busy: true, message: null, error: false });
    try {
      const blob = await fetchExport(clientId, kind, from, to, { payments: isBook && withPayments });
      const objectUrl = URL.createObjectURL(blob);
      setUrl(objectUrl);
      const anchor = document.createElement('a');
      anchor.href = objectUrl;
      anchor.download = filenames[kind];
      anchor.click();
      setState({ busy: false, message: t('exports.ready', { filename: filenames[kind] }), error: false });
    } catch (error) {
      setState({ busy: false, message: `${t('exports.failed')} ${toMessage(error)}`, error: true });
    }
  }

  return (
    <section aria-labelledby={`${id}-title`} className="mt-6">
      <h3 id={`${id}-title`} className="text-base font-semibold text-slate-900">
        {t('exports.title')}{' '}
        <span className="font-normal text-slate-600">
          ({from} – {to})
        </span>
      </h3>
      <div className="mt-2 flex flex-col gap-2 sm:flex-row sm:items-end">
        <div className="text-sm font-medium text-slate-800 sm:w-72">
          <label htmlFor={`${id}-kind`}>{t('exports.kind')}</label>
          <select
            id={`${id}-kind`}
            value={kind}
            onChange={(e) => setKind(e.target.value as ExportKind)}
            className={selectClass}
          >
            {EXPORT_KINDS.map((value) => (
              <option key={value} value={value}>
                {tx(`exports.kinds.${value}`)}
              </option>
            ))}
          </select>
        </div>
        {isBook ? (
          <label className="flex items-center gap-2 text-sm text-slate-800">
            <input
              type="checkbox"
              checked={withPayments}
              onChange={(e) => setWithPayments(e.target.checked)}
              className="h-4 w-4"
            />
            {t('exports.payments')}
          </label>
        ) : null}
        <button type="button" onClick={download} disabled={state.busy} className={secondaryButtonClass}>
          {state.busy ? t('exports.downloading') : t('exports.download')}
        </button>
      </div>
      <p aria-live="polite" className={`mt-2 text-sm ${state.error ? 'text-red-700' : 'text-slate-700'}`}>
        {state.message}
      </p>
    </section>
  );
}
