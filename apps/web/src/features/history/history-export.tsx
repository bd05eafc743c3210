import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DateInput } from '../../components/ui/date-input';
import { inputClass, secondaryButtonClass } from '../../components/ui/index';
import { apiFile } from '../../lib/api';
import { useErrorMessage } from '../../lib/error-message';
import { saveBlob } from '../../lib/save-blob';

const today = () => new Date().toISOString().slice(0, 10);
const monthStart = () => `${today().slice(0, 8)}01`;

/**
 * The client's history of a period as CSV (issue 40 item 4): every change to the client and its invoices,
 * who made it and through what. Fetched with the Bearer header and saved through a temporary link.
 */
export function HistoryExport({ clientId }: { clientId: string }) {
  const { t } = useTranslation('team');
  const toMessage = useErrorMessage();
  const id = useId();
  const [from, setFrom] = useState(monthStart);
  const [to, setTo] = useState(today);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);

  const download = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      const { blob, filename } = await apiFile(`/clients/${encodeURIComponent(clientId)}/history.csv`, {
        query: { from, to },
      });
      saveBlob(blob, filename ?? `history_${from}_${to}.csv`);
    } catch (caught) {
      setError(caught);
    } finally {
      setBusy(false);
    }
  };

  return (
    <form onSubmit={download} className="mt-3 flex flex-col gap-2 sm:flex-row sm:flex-wrap sm:items-end">
      <p className="w-full text-sm font-medium text-slate-900">{t('historyExport.title')}</p>
      <div className="text-sm text-slate-700">
        <label htmlFor={`${id}-from`}>{t('historyExport.from')}</label>
        <DateInput id={`${id}-from`} required className={inputClass} value={from} onChange={setFrom} />
      </div>
      <div className="text-sm text-slate-700">
        <label htmlFor={`${id}-to`}>{t('historyExport.to')}</label>
        <DateInput id={`${id}-to`} required className={inputClass} value={to} onChange={setTo} />
      </div>
      <button type="submit" className={secondaryButtonClass} disabled={busy}>
        {busy ? t('historyExport.downloading') : t('historyExport.download')}
      </button>
      {error ? (
        <p role="alert" className="w-full text-sm text-red-800">
          {toMessage(error)}
        </p>
      ) : null}
    </form>
  );
}
