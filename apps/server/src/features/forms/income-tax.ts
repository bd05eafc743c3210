/**
 * Income-tax forms: Modelo 130 (IRPF instalments of individuals in direct estimation), 111 (withholdings on
 * professionals' and employees' income), 115 (withholdings on rent of urban premises), 202 (corporate tax
 * instalments).
 *
 * Sources of the box numbers:
 * - 130: AEAT, "Modelo 130. Instrucciones" and "Diseño de registro" (Orden HAP/258/2015 form; design file
 *   DR130e15v12.xls, kept in OCA/l10n-spain `l10n_es_aeat_mod130/doc/`): section I boxes 01–07, totals
 *   12–19 (13: reduction of art. 110.3.c RIRPF).
 * - 111: AEAT, "Modelo 111. Diseño de registro" (Orden EHA/586/2011 and later), boxes as listed in
 *   OCA/l10n-spain `l10n_es_aeat_mod111/models/mod111.py`: 07–09 economic activities (count of payees,
 *   amounts, withholdings), 28 = sum of withholdings, 30 = result.
 * - 115: AEAT, "Modelo 115. Diseño de registro" (Orden HAC/1431/2003 as amended), as in OCA/l10n-spain
 *   `l10n_es_aeat_mod115`: 01 payees, 02 base, 03 withholdings, 05 result.
 * - 202: AEAT, "Manual práctico de Sociedades 2024", capítulo 15 "Pago fraccionado IS 2024" (sede.
 *   agenciatributaria.gob.es, …/manual-sociedades-2024/capitulo-15-pago-fraccionado-is-2024/…), and the
 *   AEAT's "Modelo 202. Instrucciones para períodos impositivos iniciados en 2023 y siguientes" (Orden
 *   HFP/227/2017 as amended by Orden HAC/941/2018). Art. 40.2 LIS modality: [01] base (last Modelo 200's
 *   quota), [02] 18 %, [03] result. Art. 40.3 LIS modality (the base imponible of the first 3, 9 or 11
 *   months): [04] resultado contable, [05]/[06] IS corrections, [07]/[08] other corrections, [37],
 *   [38] = [05] + [07], [39] = [06] + [37] + [08], [13] = [04] + [38] − [39] (base imponible previa),
 *   [16] = [13] − [44] − [14] + [45] − [46], never negative (base del pago fraccionado), [17] porcentaje
 *   (5/7 of the tax rate rounded down: 17 for 25 %, below 10 M€ of turnover), [18] resultado previo,
 *   [27] bonificaciones, [28] retenciones e ingresos a cuenta, [29] % of operations in common territory,
 *   [30] earlier instalments of the same period, [31] previous return (complementary only), [33] minimum
 *   for turnover ≥ 10 M€, [34] a ingresar. From invoices only the 40.3 modality can be estimated (40.2 needs
 *   last year's Modelo 200), so we fill [04], [13], [16], [17], [18], [28], [29], [30] and [34]. Box [32]
 *   sits between [31] and [34] and we could not read its definition: it is left out and the warning
 *   BOX_DESIGN_UNVERIFIED says some boxes are empty.
 */
import { type FormResult, percentOf } from '@cuadra/shared';
import { box13Reduction, modelo130Year } from '../../fiscal/fiscal';
import {
  counterparty,
  type FormInvoice,
  RENT_WITHHOLDING_RATE,
  Sheet,
  withholdingRateOf,
} from '../../fiscal/sheet';

const sum = (list: FormInvoice[], pick: (i: FormInvoice) => number | null) =>
  list.reduce((s, i) => s + (pick(i) ?? 0), 0);

/**
 * Modelo 130 for a quarter, with the same arithmetic as the fiscal summary (fiscal/fiscal.ts): income is
 * the base of issued invoices, expenses the base of received ones, withholdings those on issued invoices,
 * all cumulative since 1 January; box 13 from the prior year's net yield when there are invoices for it.
 */
export function modelo130(
  year: number,
  quarter: number,
  byQuarter: FormInvoice[][],
  priorYear: FormInvoice[],
): FormResult {
  const issued = (list: FormInvoice[]) => list.filter((i) => i.type === 'issued');
  const received = (list: FormInvoice[]) => list.filter((i) => i.type === 'received');
  const priorNet =
    sum(issued(priorYear), (i) => i.taxBaseCents) - sum(received(priorYear), (i) => i.taxBaseCents);
  const reduction = priorYear.length > 0 ? box13Reduction(priorNet) : 0;
  const rows = modelo130Year(
    byQuarter.map((list) => ({
      incomeCents: sum(issued(list), (i) => i.taxBaseCents),
      expensesCents: sum(received(list), (i) => i.taxBaseCents),
      withholdingsCents: sum(issued(list), (i) => i.withholdingCents),
    })),
    reduction,
  );
  const row = rows[quarter - 1];
  const sheet = new Sheet();
  if (!row) return sheet.result('130', year, `${quarter}T`);
  const sinceJanuary = byQuarter.slice(0, quarter).flat();
  const ids = (list: FormInvoice[]) => list.map((i) => i.id);
  const earlier = byQuarter.slice(0, quarter - 1).flat();
  sheet.set('01', row.incomeCents, ids(issued(sinceJanuary)));
  sheet.set('02', row.expensesCents, ids(received(sinceJanuary)));
  sheet.set('03', row.netYieldCents, ids(sinceJanuary));
  sheet.set('04', row.twentyPercentCents, ids(sinceJanuary));
  sheet.set('05', row.earlierPaymentsCents, ids(earlier));
  sheet.set(
    '06',
    row.withholdingsCents,
    ids(issued(sinceJanuary).filter((i) => (i.withholdingCents ?? 0) !== 0)),
  );
  sheet.set('07', row.resultCents, ids(sinceJanuary));
  sheet.total('12', ['07']);
  sheet.set('13', row.reductionCents, ids(priorYear));
  sheet.total('14', ['12', '-13']);
  sheet.total('17', ['14']);
  sheet.total('19', ['17']);
  return sheet.result('130', year, `${quarter}T`);
}

/** Received invoices on which the client withheld IRPF, split into rent (115) and the rest (111). */
function withheldByClient(invoices: FormInvoice[]) {
  const withheld = invoices.filter((i) => i.type === 'received' && (i.withholdingCents ?? 0) !== 0);
  return {
    rent: withheld.filter((i) => withholdingRateOf(i) === RENT_WITHHOLDING_RATE),
    activities: withheld.filter((i) => withholdingRateOf(i) !== RENT_WITHHOLDING_RATE),
  };
}

const payeeCount = (list: FormInvoice[]) =>
  new Set(list.map((i) => counterparty(i).taxId ?? `name:${counterparty(i).name ?? i.id}`)).size;

/**
 * Modelo 111 for a quarter: professionals' invoices the client received with IRPF withheld (15 %, 7 % for
 * new professionals, …) go to section II, economic activities. Employees' payroll is not captured.
 */
export function modelo111(year: number, quarter: number, invoices: FormInvoice[]): FormResult {
  const sheet = new Sheet();
  const { activities } = withheldByClient(invoices);
  const ids = activities.map((i) => i.id);
  sheet.set('07', payeeCount(activities), ids);
  sheet.set(
    '08',
    sum(activities, (i) => i.taxBaseCents),
    ids,
  );
  sheet.set(
    '09',
    sum(activities, (i) => i.withholdingCents),
    ids,
  );
  sheet.total('28', ['03', '06', '09', '12', '15', '18', '21', '24', '27']);
  sheet.total('30', ['28']);
  for (const id of ids) sheet.warn('WITHHOLDING_FEEDS_111', id);
  return sheet.result('111', year, `${quarter}T`);
}

/** Modelo 115 for a quarter: rent invoices the client received with 19 % withheld. */
export function modelo115(year: number, quarter: number, invoices: FormInvoice[]): FormResult {
  const sheet = new Sheet();
  const { rent } = withheldByClient(invoices);
  const ids = rent.map((i) => i.id);
  sheet.set('01', payeeCount(rent), ids);
  sheet.set(
    '02',
    sum(rent, (i) => i.taxBaseCents),
    ids,
  );
  sheet.set(
    '03',
    sum(rent, (i) => i.withholdingCents),
    ids,
  );
  sheet.total('05', ['03']);
  for (const id of ids) sheet.warn('WITHHOLDING_FEEDS_115', id);
  return sheet.result('115', year, `${quarter}T`);
}

/** 17 %: 5/7 of the general 25 % corporate tax rate, rounded down (art. 40.3 LIS, turnover < 10 M€). */
export const MODELO_202_PERCENT = 17;

/** The last day of each 202 instalment's months: the first 3, 9 and 11 months of the year. */
const INSTALMENT_ENDS = ['-03-31', '-09-30', '-11-30'] as const;

/**
 * Modelo 202 by the art. 40.3 LIS modality, estimated from invoices: the resultado contable [04] is the base
 * of the issued invoices minus the base of the received ones since 1 January (no payroll, depreciation or
 * other entries the invoices do not show; no IS booked, so no IS correction), no corrections or
 * compensation of earlier losses ([13] = [16] = [04], floored at 0), 17 % ([17]), the withholdings on the
 * issued invoices ([28]), all in common territory ([29] = 100), and the earlier instalments of the year as
 * computed the same way ([30]). `invoices` are the reviewed ones from 1 January to the period's end.
 */
export function modelo202(year: number, period: string, invoices: FormInvoice[]): FormResult {
  const sheet = new Sheet();
  const instalment = Number(period[0]);
  const issued = (list: FormInvoice[]) => list.filter((i) => i.type === 'issued');
  const received = (list: FormInvoice[]) => list.filter((i) => i.type === 'received');
  const ids = (list: FormInvoice[]) => list.map((i) => i.id);
  let earlier = 0;
  let earlierInvoices: FormInvoice[] = [];
  for (let k = 1; k <= instalment; k++) {
    const end = `${year}${INSTALMENT_ENDS[k - 1]}`;
    const months = invoices.filter((i) => (i.issueDate as string) <= end);
    const result = sum(issued(months), (i) => i.taxBaseCents) - sum(received(months), (i) => i.taxBaseCents);
    const base = Math.max(0, result);
    const previous = percentOf(base, MODELO_202_PERCENT * 100);
    const withheld = issued(months).filter((i) => (i.withholdingCents ?? 0) !== 0);
    const withholdings = sum(withheld, (i) => i.withholdingCents);
    const toPay = Math.max(0, previous - withholdings - earlier);
    if (k === instalment) {
      sheet.set('04', result, ids(months));
      sheet.set('13', result, ids(months));
      sheet.set('16', base, ids(months));
      sheet.set('17', MODELO_202_PERCENT);
      sheet.set('18', previous, ids(months));
      sheet.set('28', withholdings, ids(withheld));
      sheet.set('29', 100);
      sheet.set('30', earlier, ids(earlierInvoices));
      sheet.set('34', toPay, ids(months));
    }
    earlier += toPay;
    earlierInvoices = months;
  }
  sheet.warn('ESTIMATE_FROM_INVOICES');
  sheet.warn('BOX_DESIGN_UNVERIFIED');
  return sheet.result('202', year, period);
}
