import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useClientList } from '../../access/clients';
import { DocumentTitle } from '../../components/document-title';
import { inputClass, linkClass, primaryButtonClass, StateBox } from '../../components/ui';
import { useErrorMessage } from '../../lib/error-message';
import { uploadInvoiceFiles } from '../invoices';
import { clearSharedFiles, readSharedFiles } from './pwa';

/**
 * Where "Share → Cuadra" lands (issue 21): the files the service worker kept, a choice of client, and the
 * ordinary upload (same holds and credits as a dropped file).
 */
export function SharePage() {
  const { t } = useTranslation('inbound');
  const toMessage = useErrorMessage();
  const selectId = useId();
  const [files, setFiles] = useState<File[] | null>(null);
  const [clientId, setClientId] = useState('');
  const [state, setState] = useState<'idle' | 'uploading' | 'done'>('idle');
  const [error, setError] = useState<string | null>(null);
  const clients = useClientList({ q: '', order: 'asc' });
  const items = clients.data?.items ?? [];

  useEffect(() => {
    readSharedFiles().then(setFiles, () => setFiles([]));
  }, []);
  useEffect(() => {
    if (!clientId && items.length === 1 && items[0]) setClientId(items[0].id);
  }, [clientId, items]);

  async function upload() {
    if (!files?.length || !clientId) return;
    setState('uploading');
    setError(null);
    try {
      await uploadInvoiceFiles(clientId, files);
      await clearSharedFiles();
      setState('done');
    } catch (e) {
      setError(toMessage(e));
      setState('idle');
    }
  }

  return (
    <div className="mx-auto w-full max-w-xl px-4 py-8">
      <DocumentTitle title={t('share.title')} />
      <h1 className="mb-4 text-2xl font-semibold tracking-tight text-slate-900">{t('share.title')}</h1>
      {files === null ? null : state === 'done' ? (
        <StateBox>
          <p>{t('share.done')}</p>
          <Link to={`/customer/${clientId}`} className={linkClass}>
            {t('share.open')}
          </Link>
        </StateBox>
      ) : files.length === 0 ? (
        <StateBox>{t('share.none')}</StateBox>
      ) : (
        <div className="space-y-3">
          <p className="text-sm text-slate-700">{t('share.intro', { count: files.length })}</p>
          <ul className="list-disc pl-5 text-sm text-slate-700">
            {files.map((file, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: shared files can have the same name
              <li key={i}>{file.name}</li>
            ))}
          </ul>
          <div>
            <label htmlFor={selectId} className="text-sm text-slate-700">
              {t('share.client')}
            </label>
            <select
              id={selectId}
              className={inputClass}
              value={clientId}
              onChange={(e) => setClientId(e.target.value)}
            >
              <option value="">{t('share.choose')}</option>
              {items.map((client) => (
                <option key={client.id} value={client.id}>
                  {client.name}
                </option>
              ))}
            </select>
          </div>
          <button
            type="button"
            className={primaryButtonClass}
            disabled={!clientId || state === 'uploading'}
            onClick={upload}
          >
            {state === 'uploading' ? t('share.uploading') : t('share.upload')}
          </button>
          {error ? (
            <p role="alert" className="text-sm text-red-700">
              {error}
            </p>
          ) : null}
        </div>
      )}
    </div>
  );
}
