import {
  type AccountMapping,
  type ClientDetail,
  LEGAL_FORMS,
  type LegalForm,
  TERRITORIES,
  type Territory,
  VAT_REGIMES,
  type VatRegime,
} from '@cuadra/shared';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCanWrite } from '../../access/can-write';
import { inputClass, primaryButtonClass } from '../../components/ui';
import { selectClass, type Translate } from '../../components/ui/form-controls';
import { useErrorMessage } from '../../lib/error-message';
import { useUpdateTaxProfile } from './forms-api';

const ACCOUNT_FIELDS = [
  'customerPrefix',
  'supplierPrefix',
  'incomeAccount',
  'expenseAccount',
  'vatOutputAccount',
  'vatInputAccount',
  'surchargeOutputAccount',
  'withholdingReceivableAccount',
  'withholdingPayableAccount',
  'subaccountDigits',
] as const satisfies readonly (keyof AccountMapping)[];
type AccountField = (typeof ACCOUNT_FIELDS)[number];

/** The client's legal form, VAT regime and territory (what decides which forms apply) and the accounts the
 * exports book to. Owner only. */
export function TaxProfileEditor({ client }: { client: ClientDetail }) {
  const { t } = useTranslation('forms');
  const tx = t as unknown as Translate;
  const toMessage = useErrorMessage();
  const id = useId();
  const profile = client.taxProfile;
  const canWrite = useCanWrite();
  const canEdit = client.role === 'owner' && canWrite;
  const [legalForm, setLegalForm] = useState<LegalForm | 'auto'>(
    profile.legalFormInferred ? 'auto' : profile.legalForm,
  );
  const [vatRegime, setVatRegime] = useState<VatRegime>(profile.vatRegime);
  const [territory, setTerritory] = useState<Territory>(profile.territory);
  const [accounts, setAccounts] = useState<Record<AccountField, string>>(
    () =>
      Object.fromEntries(ACCOUNT_FIELDS.map((field) => [field, String(profile.accounts[field])])) as Record<
        AccountField,
        string
      >,
  );
  const update = useUpdateTaxProfile(client.id);
  // Only the accounts someone changed are sent; the others keep following the defaults.
  const changedAccounts = Object.fromEntries(
    ACCOUNT_FIELDS.filter((field) => accounts[field] !== String(profile.accounts[field])).map((field) => [
      field,
      field === 'subaccountDigits' ? Number(accounts[field]) : accounts[field].trim(),
    ]),
  );

  return (
    <form
      aria-labelledby={`${id}-title`}
      className="mt-4 rounded-md border border-slate-200 p-3 sm:p-4"
      onSubmit={(event) => {
        event.preventDefault();
        update.mutate({
          legalForm: legalForm === 'auto' ? null : legalForm,
          vatRegime,
          territory,
          ...(Object.keys(changedAccounts).length > 0 ? { accounts: changedAccounts } : {}),
        });
      }}
    >
      <h3 id={`${id}-title`} className="font-semibold text-slate-900">
        {t('profile.title')}
      </h3>
      <fieldset disabled={!canEdit || update.isPending} className="mt-2 grid gap-3 sm:grid-cols-3">
        <div className="text-sm font-medium text-slate-800">
          <label htmlFor={`${id}-legal-form`}>{t('profile.legalForm')}</label>
          <select
            id={`${id}-legal-form`}
            value={legalForm}
            onChange={(e) => setLegalForm(e.target.value as LegalForm | 'auto')}
            className={selectClass}
          >
            <option value="auto">
              {t('profile.legalFormAuto', { value: tx(`profile.legalForms.${profile.legalForm}`) })}
            </option>
            {LEGAL_FORMS.map((value) => (
              <option key={value} value={value}>
                {tx(`profile.legalForms.${value}`)}
              </option>
            ))}
          </select>
        </div>
        <div className="text-sm font-medium text-slate-800">
          <label htmlFor={`${id}-vat-regime`}>{t('profile.vatRegime')}</label>
          <select
            id={`${id}-vat-regime`}
            value={vatRegime}
            onChange={(e) => setVatRegime(e.target.value as VatRegime)}
            className={selectClass}
          >
            {VAT_REGIMES.map((value) => (
              <option key={value} value={value}>
                {tx(`profile.vatRegimes.${value}`)}
              </option>
            ))}
          </select>
        </div>
        <div className="text-sm font-medium text-slate-800">
          <label htmlFor={`${id}-territory`}>{t('profile.territory')}</label>
          <select
            id={`${id}-territory`}
            value={territory}
            onChange={(e) => setTerritory(e.target.value as Territory)}
            className={selectClass}
          >
            {TERRITORIES.map((value) => (
              <option key={value} value={value}>
                {tx(`profile.territories.${value}`)}
              </option>
            ))}
          </select>
        </div>
      </fieldset>
      <details className="mt-3">
        <summary className="cursor-pointer text-sm font-medium text-slate-800">
          {t('profile.accounts')}
        </summary>
        <p className="mt-1 text-sm text-slate-600">{t('profile.accountsHint')}</p>
        <fieldset disabled={!canEdit || update.isPending} className="mt-2 grid gap-3 sm:grid-cols-2">
          {ACCOUNT_FIELDS.map((field) => (
            <div key={field} className="text-sm font-medium text-slate-800">
              <label htmlFor={`${id}-${field}`}>{tx(`profile.accountFields.${field}`)}</label>
              <input
                id={`${id}-${field}`}
                inputMode="numeric"
                pattern={field === 'subaccountDigits' ? '[0-9]{1,2}' : '[0-9]{3,12}'}
                value={accounts[field]}
                onChange={(e) => setAccounts({ ...accounts, [field]: e.target.value })}
                className={inputClass}
              />
            </div>
          ))}
        </fieldset>
      </details>
      {canEdit ? (
        <div className="mt-3 flex flex-col gap-2 sm:flex-row sm:items-center">
          <button type="submit" className={primaryButtonClass} disabled={update.isPending}>
            {update.isPending ? t('profile.saving') : t('profile.save')}
          </button>
          <p aria-live="polite" className="text-sm">
            {update.isSuccess ? <span className="text-green-800">{t('profile.saved')}</span> : null}
            {update.isError ? <span className="text-red-700">{toMessage(update.error)}</span> : null}
          </p>
        </div>
      ) : null}
    </form>
  );
}
