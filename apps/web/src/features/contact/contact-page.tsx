import { CONTACT_MESSAGE_MAX_LENGTH, type ContactRequest, ContactRequestSchema } from '@cuadra/shared';
import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useAuth } from '../../access/auth-store';
import { DocumentTitle } from '../../components/document-title';
import { FieldError, inputClass, primaryButtonClass } from '../../components/ui/index';
import { api } from '../../lib/api';
import { useErrorMessage } from '../../lib/error-message';

type Field = 'name' | 'email' | 'message';

/**
 * spec-2 §2.6, open to everyone: a signed-in user's name and email come from the account, a visitor gives
 * theirs. `?subject=` presets the subject (the Enterprise plan's "Contact us" links here with it).
 */
export function ContactPage() {
  const { t } = useTranslation('clients');
  const toMessage = useErrorMessage();
  const { user } = useAuth();
  const [searchParams] = useSearchParams();
  const [form, setForm] = useState({
    name: '',
    email: '',
    subject: searchParams.get('subject')?.slice(0, 200) ?? '',
    message: '',
  });
  const [invalid, setInvalid] = useState<Set<Field>>(new Set());
  const send = useMutation({
    mutationFn: (body: ContactRequest) => api.post('/contact', body),
    onSuccess: () => setForm((current) => ({ ...current, message: '' })),
  });
  const id = useId();

  function submit(event: FormEvent) {
    event.preventDefault();
    const body = {
      message: form.message,
      ...(form.subject.trim() ? { subject: form.subject } : {}),
      ...(user ? {} : { name: form.name, email: form.email }),
    };
    const parsed = ContactRequestSchema.safeParse(body);
    const missing = new Set<Field>(
      (parsed.success ? [] : parsed.error.issues.map((issue) => issue.path[0])).filter(
        (field): field is Field => field === 'name' || field === 'email' || field === 'message',
      ),
    );
    if (!user && !form.name.trim()) missing.add('name');
    if (!user && !form.email.trim()) missing.add('email');
    setInvalid(missing);
    if (parsed.success && missing.size === 0) send.mutate(parsed.data);
  }

  const update = (field: keyof typeof form) => (value: string) => {
    setForm((current) => ({ ...current, [field]: value }));
    send.reset();
  };
  const errorOf = (field: Field) =>
    invalid.has(field)
      ? t(field === 'message' ? 'contact.messageRequired' : `contact.${field}Required`)
      : undefined;
  const described = (field: Field) =>
    invalid.has(field) ? { 'aria-invalid': true, 'aria-describedby': `${id}-${field}-error` } : {};

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
        {user ? (
          <dl className="grid gap-3 text-sm sm:grid-cols-2">
            <div>
              <dt className="font-medium text-slate-800">{t('contact.name')}</dt>
              <dd className="mt-1 break-words text-slate-700">{user.name}</dd>
            </div>
            <div>
              <dt className="font-medium text-slate-800">{t('contact.email')}</dt>
              <dd className="mt-1 break-all text-slate-700">{user.email}</dd>
            </div>
          </dl>
        ) : (
          <div className="grid gap-4 sm:grid-cols-2">
            <div>
              <label htmlFor={`${id}-name`} className="block text-sm font-medium text-slate-800">
                {t('contact.name')}
              </label>
              <input
                id={`${id}-name`}
                name="name"
                autoComplete="name"
                required
                maxLength={200}
                value={form.name}
                onChange={(event) => update('name')(event.target.value)}
                className={inputClass}
                {...described('name')}
              />
              <FieldError id={`${id}-name-error`} message={errorOf('name')} />
            </div>
            <div>
              <label htmlFor={`${id}-email`} className="block text-sm font-medium text-slate-800">
                {t('contact.email')}
              </label>
              <input
                id={`${id}-email`}
                name="email"
                type="email"
                autoComplete="email"
                required
                value={form.email}
                onChange={(event) => update('email')(event.target.value)}
                className={inputClass}
                {...described('email')}
              />
              <FieldError id={`${id}-email-error`} message={errorOf('email')} />
            </div>
          </div>
        )}
        <div>
          <label htmlFor={`${id}-subject`} className="block text-sm font-medium text-slate-800">
            {t('contact.subject')}
          </label>
          <input
            id={`${id}-subject`}
            name="subject"
            maxLength={200}
            value={form.subject}
            onChange={(event) => update('subject')(event.target.value)}
            className={inputClass}
          />
        </div>
        <div>
          <label htmlFor={`${id}-message`} className="block text-sm font-medium text-slate-800">
            {t('contact.messageLabel')}
          </label>
          <textarea
            id={`${id}-message`}
            name="message"
            value={form.message}
            onChange={(event) => update('message')(event.target.value)}
            required
            rows={6}
            maxLength={CONTACT_MESSAGE_MAX_LENGTH}
            className={inputClass}
            {...described('message')}
          />
          <FieldError id={`${id}-message-error`} message={errorOf('message')} />
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
