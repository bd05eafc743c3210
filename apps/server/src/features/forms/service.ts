import {
  FORAL_TERRITORIES,
  FORM_PERIODS,
  type FormId,
  type FormResult,
  type FormWarning,
  periodRange,
  type TaxProfile,
} from '@cuadra/shared';
import { type ClientRow, visibleClientOrThrow } from '../../access/clients';
import type { UserRow } from '../../access/users';
import { AppError } from '../../errors';
import { findInvoicesInRange } from '../../fiscal/invoices-in-range';
import { taxProfileOf } from '../../fiscal/profile';
import type { FormInvoice } from '../../fiscal/sheet';
import type { Services } from '../../services';
import { allInEuros, loadRates } from '../currency';
import { findGeneration, recordGeneration } from './generation';
import { modelo111, modelo115, modelo130, modelo202 } from './income-tax';
import { modelo347, modelo349 } from './informative';
import { modelo303, modelo390, splitByQuarter } from './vat';

const VAT_FORMS: readonly FormId[] = ['303', '390', '349'];

/** Why a form does not apply to a client's profile, as an error code; null when it does. */
export function whyNotApplicable(form: FormId, profile: TaxProfile) {
  if (FORAL_TERRITORIES.includes(profile.territory)) return 'FORM_FORAL_TERRITORY' as const;
  if (profile.territory === 'canarias' && VAT_FORMS.includes(form)) return 'FORM_CANARIAS_IGIC' as const;
  if (profile.territory === 'ceuta_melilla' && VAT_FORMS.includes(form)) {
    return 'FORM_CEUTA_MELILLA_IPSI' as const;
  }
  if (profile.vatRegime === 'exempt' && (form === '303' || form === '390')) return 'FORM_VAT_EXEMPT' as const;
  if (form === '130' && profile.legalForm !== 'individual') return 'FORM_INDIVIDUALS_ONLY' as const;
  if (form === '202' && profile.legalForm !== 'company') return 'FORM_COMPANIES_ONLY' as const;
  return null;
}

/** Reviewed invoices with a type and a date count; the others are named in warnings. */
function reviewedOnly(invoices: FormInvoice[], range: { from: string; to: string }) {
  const inPeriod = (i: FormInvoice) =>
    i.issueDate !== null && i.issueDate >= range.from && i.issueDate <= range.to;
  const warnings: FormWarning[] = [];
  const unreviewed = invoices.filter((i) => !i.checked && inPeriod(i)).map((i) => i.id);
  if (unreviewed.length > 0) warnings.push({ code: 'UNREVIEWED_INVOICES', invoiceIds: unreviewed });
  const untyped = invoices.filter((i) => i.checked && i.type === null && inPeriod(i)).map((i) => i.id);
  if (untyped.length > 0) warnings.push({ code: 'INCOMPLETE_INVOICES', invoiceIds: untyped });
  return { reviewed: invoices.filter((i) => i.checked && i.type !== null && i.issueDate !== null), warnings };
}

/** Merges warnings of the same code. */
function withWarnings(result: FormResult, extra: FormWarning[]): FormResult {
  const byCode = new Map<string, Set<string>>();
  for (const w of [...extra, ...result.warnings]) {
    const set = byCode.get(w.code) ?? new Set<string>();
    for (const id of w.invoiceIds) set.add(id);
    byCode.set(w.code, set);
  }
  return {
    ...result,
    warnings: [...byCode.entries()].map(([code, ids]) => ({
      code: code as FormWarning['code'],
      invoiceIds: [...ids].sort(),
    })),
  };
}

/** One AEAT form of a client for a period, from the reviewed invoices as stored. */
export async function getForm(
  services: Services,
  user: UserRow,
  clientId: string,
  form: FormId,
  year: number,
  period: string,
): Promise<FormResult> {
  const client = await visibleClientOrThrow(services, user, clientId);
  if (!FORM_PERIODS[form].includes(period)) throw new AppError('FORM_PERIOD_INVALID');
  const profile = taxProfileOf(client);
  const reason = whyNotApplicable(form, profile);
  if (reason) throw new AppError(reason);
  const result = await buildForm(services, client, profile, form, year, period);
  return { ...result, generation: await findGeneration(services.db, client.id, form, year, period) };
}

/** Records that the caller generated the form for the period, and returns it as generated. */
export async function markFormGenerated(
  services: Services,
  user: UserRow,
  via: 'screen' | 'api',
  clientId: string,
  form: FormId,
  year: number,
  period: string,
): Promise<FormResult> {
  // Refused exactly as reading it would be (not visible, wrong period, form not applicable).
  await getForm(services, user, clientId, form, year, period);
  await recordGeneration(services.db, clientId, user.id, via, form, year, period);
  return getForm(services, user, clientId, form, year, period);
}

async function buildForm(
  services: Services,
  client: ClientRow,
  profile: TaxProfile,
  form: FormId,
  year: number,
  period: string,
): Promise<FormResult> {
  const range = periodRange(year, period);
  const quarter = Number(period[0]);
  // 303 and 130 need the year so far (compensation, cumulative boxes); the others only their period.
  const cumulative = form === '303' || form === '130';
  const loaded = await findInvoicesInRange(
    services.db,
    client.id,
    cumulative ? `${year}-01-01` : range.from,
    range.to,
  );
  const { reviewed: asStored, warnings } = reviewedOnly(loaded, range);
  // Foreign currencies in euros at the ECB rate of each invoice's date; without a rate, left out and named.
  const rates = loadRates(services.config.DATA_DIR);
  const { invoices: reviewed, converted, missing } = allInEuros(asStored, rates);
  const inRange = (ids: string[]) =>
    ids.filter((id) => {
      const date = asStored.find((i) => i.id === id)?.issueDate as string;
      return date >= range.from;
    });
  if (inRange(converted).length > 0)
    warnings.push({ code: 'CURRENCY_CONVERTED', invoiceIds: inRange(converted) });
  if (inRange(missing).length > 0)
    warnings.push({ code: 'CURRENCY_RATE_MISSING', invoiceIds: inRange(missing) });
  const inPeriod = reviewed.filter((i) => (i.issueDate as string) >= range.from);
  switch (form) {
    case '303':
      return withWarnings(
        modelo303(year, quarter, splitByQuarter(reviewed), profile.vatRegime).result(period),
        warnings,
      );
    case '130': {
      const prior = await findInvoicesInRange(
        services.db,
        client.id,
        `${year - 1}-01-01`,
        `${year - 1}-12-31`,
      );
      const priorReviewed = allInEuros(
        prior.filter((i) => i.checked && i.type !== null),
        rates,
      ).invoices;
      return withWarnings(modelo130(year, quarter, splitByQuarter(reviewed), priorReviewed), warnings);
    }
    case '111':
      return withWarnings(modelo111(year, quarter, inPeriod), warnings);
    case '115':
      return withWarnings(modelo115(year, quarter, inPeriod), warnings);
    case '349':
      return withWarnings(modelo349(year, quarter, inPeriod), warnings);
    case '347':
      return withWarnings(modelo347(year, inPeriod), warnings);
    case '390':
      return withWarnings(modelo390(year, inPeriod, profile.vatRegime), warnings);
    case '202':
      return withWarnings(modelo202(year, period, inPeriod), warnings);
  }
}
