import { formatLongDate, formatMoney } from '@cuadra/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { useAuth } from '../../access/auth-store';
import { useCanWrite } from '../../access/can-write';
import { useClient } from '../../access/clients';
import { DocumentTitle } from '../../components/document-title';
import { linkClass, RegisteredMarker, StateBox, secondaryButtonClass } from '../../components/ui';
import { toLocale } from '../../i18n/i18n';
import { useErrorMessage } from '../../lib/error-message';
import { BankPanel } from '../bank';
import { ClientMembersPanel } from '../firms';
import { FormsPanel } from '../forms';
import { CameraCapture, InboundPanel } from '../inbound';
import { DEFAULT_INVOICE_SORT, InvoiceTable, useInvoiceList } from '../invoices';
import { ReportPanel } from '../reports';
import { UploadPanel } from '../uploads';
import { ClientTabs, useClientTab } from './client-tabs';
import { InviteDialog } from './invite-dialog';
import { MonthlyLimitPanel } from './monthly-limit-panel';

/**
 * The client page (spec-2 §2.2): header with initial and name, tax id and gross income (the sum of issued
 * invoices, es-ES format in Spanish); the owner can invite the client; then three tabs: Invoices (the upload
 * panel and the sortable invoices table, issue 6), Reports, and Forms (the AEAT forms, issue 18).
 */
export function CustomerPage() {
  const { customerId = '' } = useParams();
  const { t, i18n } = useTranslation('clients');
  const toMessage = useErrorMessage();
  const { user } = useAuth();
  const client = useClient(customerId);
  const [inviting, setInviting] = useState(false);
  const [invoiceSort, setInvoiceSort] = useState(DEFAULT_INVOICE_SORT);
  const invoices = useInvoiceList(customerId, invoiceSort);
  const [tab, setTab] = useClientTab();
  const canWrite = useCanWrite();

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
  // A reader of the firm (issue 40) reads and exports: nothing that would change the client is offered.
  const readOnly = !canWrite;
  const manages = isOwner && !isOwnPage && !readOnly;
  const canInvite = manages && !data.registered && user?.verified === true;
  const initial = data.name.trim().charAt(0).toLocaleUpperCase() || '?';

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
            {formatMoney(
              invoices.data?.pages[0]?.grossIncomeCents ?? data.grossIncomeCents,
              toLocale(i18n.resolvedLanguage),
            )}
          </dd>
        </dl>
      </header>

      {manages ? (
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
                date: formatLongDate(new Date(data.invitation.expiresAt), toLocale(i18n.resolvedLanguage)),
              })}
            </p>
          ) : null}
        </div>
      ) : null}

      {manages ? <ClientMembersPanel clientId={data.id} /> : null}

      <ClientTabs tab={tab} onChange={setTab}>
        {tab === 'reports' ? <ReportPanel clientId={data.id} /> : null}
        {tab === 'forms' ? <FormsPanel client={data} /> : null}
        {tab === 'bank' ? <BankPanel clientId={data.id} /> : null}
        {tab === 'invoices' ? (
          <>
            <MonthlyLimitPanel client={data} canEdit={manages} />

            {readOnly ? (
              <p
                data-testid="read-only"
                className="mt-8 rounded-md bg-slate-100 px-4 py-3 text-sm text-slate-700"
              >
                {t('customer.readOnly')}
              </p>
            ) : invoices.isError ? null : data.monthlyLimit === 0 ? (
              // spec-2 §2.2: the upload panel is shown only if the monthly limit is above 0.
              <p
                data-testid="uploads-off"
                className="mt-8 rounded-md bg-slate-100 px-4 py-3 text-sm text-slate-700"
              >
                {t('monthlyLimit.uploadsOff')}
              </p>
            ) : (
              <>
                <UploadPanel
                  clientId={data.id}
                  scansAvailable={invoices.data?.pages[0]?.scansAvailable ?? null}
                  creditsPayer={data.creditsPayer}
                  monthly={
                    data.monthlyLimit === null
                      ? null
                      : {
                          limit: data.monthlyLimit,
                          remaining: Math.max(0, data.monthlyLimit - data.monthlyUsed),
                        }
                  }
                />
                <CameraCapture clientId={data.id} />
              </>
            )}

            {readOnly ? null : <InboundPanel client={data} />}

            <section aria-labelledby="invoices-title" className="mt-8">
              <h2 id="invoices-title" className="mb-3 text-xl font-semibold text-slate-900">
                {isOwnPage ? t('customer.yourPage') : t('customer.invoicesTitle')}
              </h2>
              <InvoiceTable clientId={data.id} list={invoices} params={invoiceSort} onSort={setInvoiceSort} />
            </section>
          </>
        ) : null}
      </ClientTabs>
      {inviting ? <InviteDialog client={data} onClose={() => setInviting(false)} /> : null}
    </Page>
  );
}

function Page({ children }: { children: React.ReactNode }) {
  return <div className="mx-auto w-full max-w-5xl px-4 py-8 sm:px-6">{children}</div>;
}
