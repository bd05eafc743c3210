import type { ClientDetail, InboundMessage } from '@cuadra/shared';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { inputClass, linkClass, secondaryButtonClass } from '../../components/ui';
import { useErrorMessage } from '../../lib/error-message';
import {
  useAddInboundSender,
  useInboundMessages,
  useInboundSenders,
  useInboundSettings,
  useRemoveInboundSender,
  useRotateInboundAddress,
  useSetInboundSettings,
} from './inbound-api';

/**
 * The client's inbound email (issue 21): the address with a copy button (the owner can replace it), who may
 * send besides the accountant and the client's users, and the mails received, each a batch with its sender
 * and subject.
 */
export function InboundPanel({ client }: { client: ClientDetail }) {
  const { t } = useTranslation('inbound');
  const toMessage = useErrorMessage();
  const isOwner = client.role === 'owner';
  const rotate = useRotateInboundAddress(client.id);
  const [copied, setCopied] = useState(false);
  const addressId = useId();

  async function copy() {
    try {
      await navigator.clipboard.writeText(client.inboundEmail);
      setCopied(true);
      setTimeout(() => setCopied(false), 2_000);
    } catch {
      setCopied(false);
    }
  }

  return (
    <section
      aria-labelledby="inbound-title"
      className="mt-8 rounded-lg border border-slate-200 bg-white p-4 sm:p-6"
    >
      <h2 id="inbound-title" className="text-xl font-semibold text-slate-900">
        {t('title')}
      </h2>
      <p className="mt-1 text-sm text-slate-600">{t('intro')}</p>
      <div className="mt-3 flex flex-col gap-2 sm:flex-row sm:items-center">
        <label htmlFor={addressId} className="sr-only">
          {t('address')}
        </label>
        {/* An <output>, not an input: a phone shows the whole address, wrapped, instead of its first half. */}
        <output
          id={addressId}
          className={`${inputClass} mt-0 block min-w-0 select-all break-all font-mono sm:flex-1`}
          data-testid="inbound-email"
        >
          {client.inboundEmail}
        </output>
        <button type="button" onClick={copy} className={secondaryButtonClass}>
          {copied ? t('copied') : t('copy')}
        </button>
        {isOwner ? (
          <button
            type="button"
            className={secondaryButtonClass}
            disabled={rotate.isPending}
            onClick={() => {
              if (window.confirm(t('rotateConfirm'))) rotate.mutate();
            }}
          >
            {t('rotate')}
          </button>
        ) : null}
      </div>
      <p role="status" className="mt-1 text-sm text-slate-600">
        {rotate.isError ? toMessage(rotate.error) : copied ? t('copiedLong') : ''}
      </p>
      {isOwner ? <ReplyToggle clientId={client.id} /> : null}
      {isOwner ? <AllowedSenders clientId={client.id} /> : null}
      <ReceivedMails clientId={client.id} />
    </section>
  );
}

/** Whether senders get a reply saying what became of their mail: off unless the accountant turns it on. */
function ReplyToggle({ clientId }: { clientId: string }) {
  const { t } = useTranslation('inbound');
  const toMessage = useErrorMessage();
  const settings = useInboundSettings(clientId);
  const save = useSetInboundSettings(clientId);
  const hintId = useId();
  const checked = save.isPending
    ? (save.variables?.replyToSender ?? false)
    : (settings.data?.replyToSender ?? false);
  return (
    <div className="mt-4">
      <label className="flex items-center gap-2 text-sm font-medium text-slate-900">
        <input
          type="checkbox"
          role="switch"
          aria-checked={checked}
          aria-describedby={hintId}
          checked={checked}
          disabled={!settings.data || save.isPending}
          onChange={(event) => save.mutate({ replyToSender: event.currentTarget.checked })}
          className="h-4 w-4"
        />
        {t('reply.label')}
      </label>
      <p id={hintId} className="text-sm text-slate-600">
        {settings.isError ? toMessage(settings.error) : t('reply.hint')}
      </p>
      <p role="status" className="text-sm text-red-800">
        {save.isError ? toMessage(save.error) : ''}
      </p>
    </div>
  );
}

function AllowedSenders({ clientId }: { clientId: string }) {
  const { t } = useTranslation('inbound');
  const toMessage = useErrorMessage();
  const senders = useInboundSenders(clientId, true);
  const add = useAddInboundSender(clientId);
  const remove = useRemoveInboundSender(clientId);
  const [email, setEmail] = useState('');
  const inputId = useId();

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!email.trim()) return;
    add.mutate({ email }, { onSuccess: () => setEmail('') });
  }

  return (
    <div className="mt-4">
      <h3 className="text-base font-semibold text-slate-900">{t('senders.title')}</h3>
      <p className="text-sm text-slate-600">{t('senders.intro')}</p>
      {senders.data?.items.length ? (
        <ul className="mt-2 divide-y divide-slate-100 text-sm">
          {senders.data.items.map((sender) => (
            <li key={sender.id} className="flex items-center justify-between gap-2 py-1">
              <span className="truncate">{sender.email}</span>
              <button
                type="button"
                className="text-sm text-red-700 hover:underline"
                onClick={() => remove.mutate(sender.id)}
                aria-label={t('senders.removeLabel', { email: sender.email })}
              >
                {t('senders.remove')}
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      <form onSubmit={submit} className="mt-2 flex flex-col gap-2 sm:flex-row sm:items-end">
        <div className="sm:flex-1">
          <label htmlFor={inputId} className="text-sm text-slate-700">
            {t('senders.add')}
          </label>
          <input
            id={inputId}
            type="email"
            value={email}
            onChange={(e) => setEmail(e.target.value)}
            className={inputClass}
            placeholder="facturas@proveedor.es"
            aria-invalid={add.isError}
          />
        </div>
        <button type="submit" className={secondaryButtonClass} disabled={add.isPending}>
          {t('senders.submit')}
        </button>
      </form>
      {add.isError ? (
        <p role="alert" className="mt-1 text-sm text-red-700">
          {toMessage(add.error)}
        </p>
      ) : null}
    </div>
  );
}

function ReceivedMails({ clientId }: { clientId: string }) {
  const { t, i18n } = useTranslation('inbound');
  const messages = useInboundMessages(clientId);
  const items = messages.data?.items ?? [];
  const format = new Intl.DateTimeFormat(i18n.resolvedLanguage === 'es' ? 'es-ES' : 'en-GB', {
    dateStyle: 'short',
    timeStyle: 'short',
  });
  return (
    <div className="mt-4">
      <h3 className="text-base font-semibold text-slate-900">{t('mails.title')}</h3>
      {items.length === 0 ? (
        <p className="text-sm text-slate-600">{t('mails.none')}</p>
      ) : (
        <ul className="mt-2 divide-y divide-slate-100 text-sm" data-testid="inbound-mails">
          {items.map((mail) => (
            <li key={mail.id} className="py-2">
              <div className="flex flex-wrap items-baseline justify-between gap-2">
                <span className="font-medium text-slate-900">{mail.subject || t('mails.noSubject')}</span>
                <span className="text-xs text-slate-500">{format.format(new Date(mail.createdAt))}</span>
              </div>
              <div className="text-slate-600">
                {t('mails.from', { sender: mail.sender })} · <MailOutcome mail={mail} />
              </div>
              <MailDocuments mail={mail} clientId={clientId} />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

function MailOutcome({ mail }: { mail: InboundMessage }) {
  const { t } = useTranslation('inbound');
  if (mail.status !== 'accepted') return <span>{t(`status.${mail.status}`)}</span>;
  return (
    <span>
      {mail.pendingCount > 0
        ? t('mails.pending', { count: mail.pendingCount })
        : t('mails.documents', { count: mail.documents.length })}
    </span>
  );
}

/** What the mail became: one line per document (a PDF of several invoices shows one per invoice). */
function MailDocuments({ mail, clientId }: { mail: InboundMessage; clientId: string }) {
  const { t: tInvoices } = useTranslation('invoices');
  if (mail.documents.length === 0) return null;
  return (
    <ul className="mt-1 space-y-0.5 pl-3 text-xs text-slate-600">
      {mail.documents.map((doc) => (
        <li key={doc.id} className="flex flex-wrap gap-x-2">
          {doc.invoiceId ? (
            <Link
              to={`/invoicePage/${encodeURIComponent(doc.invoiceId)}`}
              state={{ clientId }}
              className={linkClass}
            >
              {doc.filename}
            </Link>
          ) : (
            <span>{doc.filename}</span>
          )}
          <span>· {tInvoices(`batch.status.${doc.status}`)}</span>
        </li>
      ))}
    </ul>
  );
}
