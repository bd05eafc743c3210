import { CONTACT_MESSAGE_MAX_LENGTH, ContactRequestSchema } from '@cuadra/shared';
import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DocumentTitle } from '../../components/document-title';
import { FieldError, inputClass, primaryButtonClass } from '../../components/ui';
import { api } from '../../lib/api';
import { useErrorMessage } from '../../lib/error-message';
import { useAuth } from '../auth/auth-store';

/** spec-2 §2.6: the signed-in user's name and email, a required message, send. */
export function ContactPage() {
  const { t } = useTranslation('clients');
  const toMessage = useErrorMessage();
  const { user } = useAuth();
  const [message, setMessage] = useState('');
  const [required, setRequired] = useState(false);
  const send = useMutation({
    mutationFn: (body: { message: string }) => api.post('/contact', body),
    onSuccess: () => setMessage(''),
  });
  const id = useId();

  function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = ContactRequestSchema.safeParse({ message });
    setRequired(!parsed.success);
    if (parsed.success) send.mutate(parsed.data);
  }

  return (
    <div className="mx-auto w-full max-w-2xl px-4 py-8 sm:px-6">
      <DocumentTitle title={t('contact.title')} />
      <h1 className="text-2xl font-semibold tracking-tight text-slate-900">{t('contact.title')}</h1>
      <p className="mt-2 mb-6 text-slate-600">{t('contact.intro')}</p>
      <form
        onSubmit={submit}
        noValidate
        className="flex flex-col gap-4 rounded-lg border border-slate-200 bg-white p-4 sm:p-6"
      >
        <dl className="grid gap-3 text-sm sm:grid-cols-2">
          <div>
            <dt className="font-medium text-slate-800">{t('contact.name')}</dt>
            <dd className="mt-1 break-words text-slate-700">{user?.name ?? '—'}</dd>
          </div>
          <div>
            <dt className="font-medium text-slate-800">{t('contact.email')}</dt>
            <dd className="mt-1 break-all text-slate-700">{user?.email ?? '—'}</dd>
          </div>
        </dl>
        <div>
          <label htmlFor={id} className="block text-sm font-medium text-slate-800">
            {t('contact.messageLabel')}
          </label>
          <textarea
            id={id}
            name="message"
            value={message}
            onChange={(event) => {
              setMessage(event.target.value);
              send.reset();
            }}
            required
            rows={6}
            maxLength={CONTACT_MESSAGE_MAX_LENGTH}
            aria-invalid={required ? true : undefined}
            aria-describedby={required ? `${id}-error` : undefined}
            className={inputClass}
          />
          <FieldError id={`${id}-error`} message={required ? t('contact.messageRequired') : undefined} />
        </div>
        <div aria-live="polite">
          {send.isSuccess ? (
            <p role="status" className="rounded-md bg-emerald-50 px-3 py-2 text-sm text-emerald-800">
              {t('contact.success')}
            </p>
          ) : null}
        </div>
        {send.isError ? (
          <div role="alert" className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-800">
            <p className="font-medium">{t('contact.error')}</p>
            <p>{toMessage(send.error)}</p>
          </div>
        ) : null}
        <div>
          <button type="submit" disabled={send.isPending} className={primaryButtonClass}>
            {send.isPending ? t('contact.sending') : t('contact.send')}
          </button>
        </div>
      </form>
    </div>
  );
}
