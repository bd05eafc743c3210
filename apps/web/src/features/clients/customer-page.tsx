import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { DocumentTitle } from '../../components/document-title';
import { useErrorMessage } from '../../lib/error-message';
import { useAuth } from '../auth/auth-store';
import { useClient } from './clients-api';
import { InviteDialog } from './invite-dialog';
import { linkClass, RegisteredMarker, StateBox, secondaryButtonClass } from './ui';

/** spec-2 §2.2: gross income in EUR, in es-ES format whatever the interface language. */
const EUR = new Intl.NumberFormat('es-ES', { style: 'currency', currency: 'EUR' });
export const formatCents = (cents: number) => EUR.format(cents / 100);

/**
 * The client page's header (spec-2 §2.2): initial and name, tax id, gross income; the owner can invite
 * the client. The invoices table and the upload panel come with the invoice pipeline.
 */
export function CustomerPage() {
  const { customerId = '' } = useParams();
  const { t, i18n } = useTranslation('clients');
  const toMessage = useErrorMessage();
  const { user } = useAuth();
  const client = useClient(customerId);
  const [inviting, setInviting] = useState(false);

  if (client.isPending) {
    return (
      <Page>
        <h1 className="mb-4 text-2xl font-semibold tracking-tight text-slate-900">{t('customer.title')}</h1>
        <StateBox>{t('customer.loading')}</StateBox>
      </Page>
    );
  }
  if (client.isError) {
    return (
      <Page>
        <DocumentTitle title={t('customer.loadError')} />
        <h1 className="mb-4 text-2xl font-semibold tracking-tight text-slate-900">{t('customer.title')}</h1>
        <StateBox tone="error">
          <p className="font-semibold">{t('customer.loadError')}</p>
          <p className="mt-1">{toMessage(client.error)}</p>
          <div className="mt-3 flex justify-center gap-3">
            <button type="button" onClick={() => client.refetch()} className={secondaryButtonClass}>
              {t('table.retry')}
            </button>
            <Link to="/dashboard" className={secondaryButtonClass}>
              {t('customer.back')}
            </Link>
          </div>
        </StateBox>
      </Page>
    );
  }

  const data = client.data;
  const isOwner = data.role === 'owner';
  const isOwnPage = user?.accountType === 'freelancer';
  const canInvite = isOwner && !data.registered && user?.verified === true;
  const initial = data.name.trim().charAt(0).toLocaleUpperCase() || '?';
  const dateFormat = new Intl.DateTimeFormat(i18n.resolvedLanguage === 'es' ? 'es-ES' : 'en-GB', {
    dateStyle: 'long',
  });

  return (
    <Page>
      <DocumentTitle title={data.name} />
      {isOwnPage ? null : (
        <Link to="/dashboard" className={`${linkClass} text-sm`}>
          ← {t('customer.back')}
        </Link>
      )}
      <header className="mt-3 flex flex-col gap-4 rounded-lg border border-slate-200 bg-white p-4 sm:flex-row sm:items-center sm:justify-between sm:p-6">
        <div className="flex min-w-0 items-center gap-4">
          <span
            aria-hidden="true"
            className="flex size-12 shrink-0 items-center justify-center rounded-full bg-brand-700 text-xl font-semibold text-white"
          >
            {initial}
          </span>
          <div className="min-w-0">
            <h1 className="truncate text-2xl font-semibold tracking-tight text-slate-900" title={data.name}>
              {data.name}
            </h1>
            <p className="text-sm text-slate-600">
              <span className="sr-only">{t('customer.taxId')}: </span>
              {data.taxId ?? t('customer.noTaxId')}
            </p>
            <div className="mt-1 flex flex-wrap items-center gap-2 text-sm text-slate-700">
              {data.registered ? <RegisteredMarker label={t('table.registeredUser')} /> : null}
              {isOwnPage ? null : <span>{t(`status.${data.status}`)}</span>}
            </div>
          </div>
        </div>
        <dl className="shrink-0 sm:text-right">
          <dt className="text-sm text-slate-600">
            {t('customer.grossIncome')} <span className="text-xs">({t('customer.grossIncomeHint')})</span>
          </dt>
          <dd className="text-2xl font-semibold tabular-nums text-slate-900">
            {formatCents(data.grossIncomeCents)}
          </dd>
        </dl>
      </header>

      {isOwner && !isOwnPage ? (
        <div className="mt-4 flex flex-col gap-3 sm:flex-row sm:items-center">
          {canInvite ? (
            <button type="button" onClick={() => setInviting(true)} className={secondaryButtonClass}>
              {t('customer.invite')}
            </button>
          ) : null}
          {data.invitation ? (
            <p className="text-sm text-slate-600">
              {t('invite.pending', {
                email: data.invitation.email,
                date: dateFormat.format(new Date(data.invitation.expiresAt)),
              })}
            </p>
          ) : null}
        </div>
      ) : null}

      <section aria-labelledby="invoices-title" className="mt-8">
        <h2 id="invoices-title" className="mb-3 text-xl font-semibold text-slate-900">
          {isOwnPage ? t('customer.yourPage') : t('customer.invoicesTitle')}
        </h2>
        <div className="relative overflow-x-auto rounded-lg border border-slate-200 bg-white">
          <table className="min-w-full divide-y divide-slate-200 text-sm">
            <thead className="bg-slate-50 text-left text-xs font-semibold uppercase tracking-wide text-slate-600">
              <tr>
                <th scope="col" className="px-3 py-2">
                  {t('customer.columns.date')}
                </th>
                <th scope="col" className="px-3 py-2">
                  {t('customer.columns.number')}
                </th>
                <th scope="col" className="px-3 py-2">
                  {t('customer.columns.client')}
                </th>
                <th scope="col" className="px-3 py-2 text-right">
                  {t('customer.columns.total')}
                </th>
                <th scope="col" className="px-3 py-2">
                  {t('customer.columns.download')}
                </th>
              </tr>
            </thead>
            <tbody>
              <tr>
                <td colSpan={5} className="px-3 py-6 text-center text-slate-600">
                  {t('customer.invoicesEmpty')}
                </td>
              </tr>
            </tbody>
          </table>
        </div>
      </section>
      {inviting ? <InviteDialog client={data} onClose={() => setInviting(false)} /> : null}
    </Page>
  );
}

function Page({ children }: { children: React.ReactNode }) {
  return <div className="mx-auto w-full max-w-5xl px-4 py-8 sm:px-6">{children}</div>;
}
