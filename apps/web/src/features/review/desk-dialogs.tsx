import { useTranslation } from 'react-i18next';
import { primaryButtonClass, secondaryButtonClass } from '../../components/ui';
import { Modal } from '../../components/ui/modal';
import { HistoryList } from '../history';
import { DESK_KEYS, READ_KEYS } from './desk-keys';

/** `?`: the desk's keys; a reader sees only the ones that read. */
export function KeysDialog({ canWrite, onClose }: { canWrite: boolean; onClose: () => void }) {
  const { t } = useTranslation('review');
  return (
    <Modal title={t('keys.title')} onClose={onClose}>
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
        {(canWrite ? DESK_KEYS : READ_KEYS).map((key) => (
          <div key={key} className="contents">
            <dt>
              <kbd className="rounded border border-slate-300 bg-slate-50 px-1.5 py-0.5 font-mono text-xs">
                {key === 'Tab' ? 'Tab / Shift+Tab' : key}
              </kbd>
            </dt>
            <dd className="text-slate-700">{t(`keys.${key}`)}</dd>
          </div>
        ))}
      </dl>
    </Modal>
  );
}

/** `h`: who changed what on the current invoice (issue 40). */
export function HistoryDialog({
  fileName,
  invoiceId,
  onClose,
}: {
  fileName: string;
  invoiceId: string;
  onClose: () => void;
}) {
  const { t } = useTranslation('review');
  return (
    <Modal title={t('history.title', { name: fileName })} onClose={onClose}>
      <HistoryList entity="invoices" id={invoiceId} />
    </Modal>
  );
}

/** `Delete`: the current invoice is deleted only once this is confirmed. */
export function DeleteDialog({
  label,
  pending,
  error,
  onCancel,
  onConfirm,
}: {
  /** The invoice's number, or its file's name before it has one. */
  label: string;
  pending: boolean;
  error: string | null;
  onCancel: () => void;
  onConfirm: () => void;
}) {
  const { t: ti } = useTranslation('invoices');
  return (
    <Modal title={ti('delete.title')} onClose={onCancel}>
      <p className="text-sm text-slate-700">{ti('delete.confirm', { number: label })}</p>
      {error ? (
        <p role="alert" className="mt-2 text-sm text-red-800">
          {ti('delete.error', { message: error })}
        </p>
      ) : null}
      <div className="mt-4 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <button type="button" onClick={onCancel} className={secondaryButtonClass}>
          {ti('delete.cancel')}
        </button>
        <button
          type="button"
          onClick={onConfirm}
          disabled={pending}
          className={`${primaryButtonClass} bg-red-700 hover:bg-red-800`}
        >
          {pending ? ti('delete.deleting') : ti('delete.submit')}
        </button>
      </div>
    </Modal>
  );
}
