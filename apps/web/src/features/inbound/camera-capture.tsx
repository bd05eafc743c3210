import type { UploadBatch } from '@cuadra/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { primaryButtonClass, secondaryButtonClass } from '../../components/ui';
import { apiRequest } from '../../lib/api';
import { useErrorMessage } from '../../lib/error-message';
import { clientKeys, invoiceKeys } from '../../lib/query-keys';

/** The server takes at most this many shots in one document (features/inbound/photos.ts). */
export const MAX_SHOTS = 20;
/** Phone photos are 3–5 MB; scaled to this long side (ample for OCR) they are ~0.5 MB each. */
const LONG_SIDE_PX = 2400;

/** A photo scaled down in the browser before it is sent; the original when the browser cannot. */
async function shrink(file: File): Promise<Blob> {
  try {
    const bitmap = await createImageBitmap(file);
    const scale = Math.min(1, LONG_SIDE_PX / Math.max(bitmap.width, bitmap.height));
    if (scale === 1) return file;
    const canvas = document.createElement('canvas');
    canvas.width = Math.round(bitmap.width * scale);
    canvas.height = Math.round(bitmap.height * scale);
    canvas.getContext('2d')?.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
    return await new Promise<Blob>((resolve) =>
      canvas.toBlob((blob) => resolve(blob ?? file), 'image/jpeg', 0.85),
    );
  } catch {
    return file;
  }
}

export async function uploadPhotos(clientId: string, shots: readonly File[]): Promise<UploadBatch> {
  const form = new FormData();
  for (const [i, shot] of shots.entries()) form.append('files[]', await shrink(shot), `shot-${i + 1}.jpg`);
  return apiRequest<UploadBatch>(`/clients/${encodeURIComponent(clientId)}/photos`, {
    method: 'POST',
    body: form,
  });
}

/**
 * Photos from the phone's camera (`capture`): each shot is a page; "Send" makes them one document. On a
 * computer the same button opens the file picker for images.
 */
export function CameraCapture({ clientId }: { clientId: string }) {
  const { t } = useTranslation('inbound');
  const toMessage = useErrorMessage();
  const queryClient = useQueryClient();
  const inputId = useId();
  const [shots, setShots] = useState<File[]>([]);
  const [previews, setPreviews] = useState<string[]>([]);
  const [sending, setSending] = useState(false);
  const [message, setMessage] = useState<{ tone: 'ok' | 'error'; text: string } | null>(null);

  useEffect(() => {
    const urls = shots.map((shot) => URL.createObjectURL(shot));
    setPreviews(urls);
    return () => {
      for (const url of urls) URL.revokeObjectURL(url);
    };
  }, [shots]);

  async function send() {
    setSending(true);
    setMessage(null);
    try {
      await uploadPhotos(clientId, shots);
      setShots([]);
      setMessage({ tone: 'ok', text: t('camera.sent') });
      void queryClient.invalidateQueries({ queryKey: invoiceKeys.lists(clientId) });
      void queryClient.invalidateQueries({ queryKey: clientKeys.all });
    } catch (error) {
      setMessage({ tone: 'error', text: toMessage(error) });
    } finally {
      setSending(false);
    }
  }

  return (
    <section aria-labelledby="camera-title" className="mt-4 rounded-lg border border-slate-200 bg-white p-4">
      <h2 id="camera-title" className="text-base font-semibold text-slate-900">
        {t('camera.title')}
      </h2>
      <p className="text-sm text-slate-600">{t('camera.intro')}</p>
      <div className="mt-2 flex flex-wrap items-center gap-2">
        <label htmlFor={inputId} className={`${secondaryButtonClass} cursor-pointer`}>
          {shots.length ? t('camera.addPage') : t('camera.take')}
        </label>
        <input
          id={inputId}
          type="file"
          accept="image/jpeg,image/png,image/*"
          capture="environment"
          className="sr-only"
          data-testid="camera-input"
          disabled={sending || shots.length >= MAX_SHOTS}
          onChange={(event) => {
            const taken = [...(event.currentTarget.files ?? [])];
            event.currentTarget.value = '';
            setShots((current) => [...current, ...taken].slice(0, MAX_SHOTS));
          }}
        />
        {shots.length ? (
          <>
            <button type="button" className={primaryButtonClass} disabled={sending} onClick={send}>
              {t('camera.send', { count: shots.length })}
            </button>
            <button
              type="button"
              className={secondaryButtonClass}
              disabled={sending}
              onClick={() => setShots([])}
            >
              {t('camera.discard')}
            </button>
          </>
        ) : null}
      </div>
      {previews.length ? (
        <ol className="mt-2 flex gap-2 overflow-x-auto" aria-label={t('camera.pages')}>
          {previews.map((url, i) => (
            <li key={url} className="shrink-0">
              <img src={url} alt={t('camera.page', { n: i + 1 })} className="h-20 w-auto rounded border" />
            </li>
          ))}
        </ol>
      ) : null}
      <p
        role="status"
        className={`mt-1 text-sm ${message?.tone === 'error' ? 'text-red-700' : 'text-slate-700'}`}
      >
        {message?.text ?? ''}
      </p>
    </section>
  );
}
