/**
 * Modelo 303 (quarterly VAT self-assessment) and Modelo 390 (annual VAT summary), from the stored VAT
 * breakdown per rate of reviewed invoices.
 *
 * Sources of the box numbers:
 * - 303: AEAT, "Modelo 303. Diseño de registro" (the design in force since the 4th quarter of 2024, with
 *   the 0 %, 2 %, 5 % / 7.5 % rows 150–167 and recargo 0.5 % rows 168–170), as transcribed box by box in
 *   OCA/l10n-spain `l10n_es_aeat_mod303/data/2024-10/l10n.es.aeat.map.tax.line.csv`
 *   (https://github.com/OCA/l10n-spain); result boxes 27, 45, 46, 64, 66, 69, 71 and the compensation
 *   boxes 110 / 78 / 87 from the AEAT's instructions for the form
 *   (https://sede.agenciatributaria.gob.es/Sede/procedimientoini/G414.shtml, "Instrucciones").
 * - 390: AEAT, "Modelo 390. Diseño de registro" 2024, per OCA/l10n-spain
 *   `l10n_es_aeat_mod390/data/2024/l10n.es.aeat.map.tax.line.csv`. The totals 47 (total cuota devengada),
 *   64 (suma de deducciones), 65 (resultado régimen general), 99 and 108 (volumen de operaciones) are taken
 *   from the AEAT's instructions as we read them and are not in that file: verify before relying on them.
 *
 * Rate boxes (02, 05, 08, …) hold a percentage, not an amount, and are left out.
 */
import { type FormResult, percentOf, periodRange, type VatRegime } from '@cuadra/shared';
import {
  type FormInvoice,
  hasForeignVat,
  isCreditNote,
  isIntraEu,
  Sheet,
  vatLines,
} from '../../fiscal/sheet';

type BoxPair = readonly [base: string, quota: string];

/** 303, IVA devengado, régimen general: base and quota per rate. */
const OUTPUT_303: Record<string, BoxPair> = {
  '4': ['01', '03'],
  '10': ['04', '06'],
  '21': ['07', '09'],
  '0': ['150', '152'],
  '5': ['153', '155'],
  '7.5': ['153', '155'],
  '2': ['165', '167'],
};
/** 303, recargo de equivalencia charged: base and quota per surcharge rate. */
const SURCHARGE_303: Record<string, BoxPair> = {
  '0.5': ['168', '170'],
  '1.4': ['19', '21'],
  '5.2': ['22', '24'],
};

/** 390, operaciones en régimen ordinario: base and quota per rate. */
const OUTPUT_390: Record<string, BoxPair> = {
  '4': ['01', '02'],
  '10': ['03', '04'],
  '21': ['05', '06'],
  '0': ['700', '701'],
  '5': ['702', '703'],
  '7.5': ['669', '670'],
  '2': ['667', '668'],
};
const SURCHARGE_390: Record<string, BoxPair> = {
  '0.5': ['35', '36'],
  '1.4': ['599', '600'],
  '5.2': ['601', '602'],
};
/** 390, adquisiciones intracomunitarias de bienes (devengado) per rate. */
const INTRA_EU_OUTPUT_390: Record<string, BoxPair> = {
  '4': ['21', '22'],
  '10': ['23', '24'],
  '21': ['25', '26'],
};
/** 390, IVA deducible en operaciones interiores corrientes per rate. */
const INPUT_390: Record<string, BoxPair> = {
  '4': ['190', '191'],
  '10': ['603', '604'],
  '21': ['605', '606'],
  '5': ['724', '725'],
  '2': ['695', '696'],
  '7.5': ['697', '698'],
};
/** 390, IVA deducible en adquisiciones intracomunitarias de bienes corrientes per rate. */
const INTRA_EU_INPUT_390: Record<string, BoxPair> = {
  '4': ['214', '215'],
  '10': ['627', '628'],
  '21': ['629', '630'],
};

/** 21 %: the general rate, assumed for an intra-EU purchase stored without one. */
const GENERAL_RATE = 21;

type Layout = {
  output: Record<string, BoxPair>;
  surcharge: Record<string, BoxPair>;
  creditNoteOutput: BoxPair;
  creditNoteSurcharge: BoxPair;
  intraEuDeliveries: string;
  /** Intra-EU acquisitions, devengado: one pair (303) or per rate (390). */
  intraEuOutput: (rate: number) => BoxPair | undefined;
  intraEuInput: (rate: number) => BoxPair | undefined;
  input: (rate: number) => BoxPair | undefined;
  creditNoteInput: BoxPair;
};

const LAYOUT_303: Layout = {
  output: OUTPUT_303,
  surcharge: SURCHARGE_303,
  creditNoteOutput: ['14', '15'],
  creditNoteSurcharge: ['25', '26'],
  intraEuDeliveries: '59',
  intraEuOutput: () => ['10', '11'],
  intraEuInput: () => ['36', '37'],
  input: () => ['28', '29'],
  creditNoteInput: ['40', '41'],
};

const LAYOUT_390: Layout = {
  output: OUTPUT_390,
  surcharge: SURCHARGE_390,
  creditNoteOutput: ['29', '30'],
  creditNoteSurcharge: ['43', '44'],
  intraEuDeliveries: '103',
  intraEuOutput: (rate) => INTRA_EU_OUTPUT_390[String(rate)],
  intraEuInput: (rate) => INTRA_EU_INPUT_390[String(rate)],
  input: (rate) => INPUT_390[String(rate)],
  creditNoteInput: ['639', '62'],
};

/** Puts each reviewed invoice's VAT lines into the boxes of a layout. */
function fillVatBoxes(sheet: Sheet, invoices: FormInvoice[], regime: VatRegime, layout: Layout): void {
  for (const invoice of invoices) {
    const lines = vatLines(invoice);
    if (lines.length === 0) {
      sheet.warn('INCOMPLETE_INVOICES', invoice.id);
      continue;
    }
    const id = invoice.id;
    // Another country's VAT paid to a foreign supplier: not Spanish VAT, so neither repercutido nor
    // deductible here; it stays on the invoice and the form says why it is left out (issue 36 item 5).
    if (hasForeignVat(invoice)) {
      sheet.warn('FOREIGN_VAT_EXCLUDED', id);
      continue;
    }
    const intraEu = isIntraEu(invoice);
    const credit = isCreditNote(invoice);
    if (invoice.type === 'issued') {
      // A retailer in recargo de equivalencia charges VAT and the surcharge but settles neither (art. 154 LIVA).
      if (regime === 'recargo') continue;
      if (intraEu && lines.every((l) => l.vatCents === 0)) {
        for (const line of lines) sheet.add(layout.intraEuDeliveries, line.baseCents, id);
        sheet.warn('INTRA_EU_KEY_ASSUMED', id);
        continue;
      }
      for (const line of lines) {
        const pair = credit ? layout.creditNoteOutput : layout.output[String(line.rate)];
        if (!pair) {
          sheet.warn('UNKNOWN_VAT_RATE', id);
          continue;
        }
        if (line.rate === 0 && !credit) sheet.warn('ZERO_RATED_ISSUED', id);
        sheet.add(pair[0], line.baseCents, id);
        sheet.add(pair[1], line.vatCents, id);
        if (line.surchargeCents !== 0) {
          const surcharge = credit
            ? layout.creditNoteSurcharge
            : layout.surcharge[String(line.surchargeRate ?? '')];
          if (!surcharge) {
            sheet.warn('UNKNOWN_SURCHARGE_RATE', id);
            continue;
          }
          sheet.add(surcharge[0], line.baseCents, id);
          sheet.add(surcharge[1], line.surchargeCents, id);
        }
      }
      continue;
    }
    // Received.
    if (intraEu) {
      // Reverse charge (art. 85 LIVA): the buyer charges itself the VAT and, in the general regime,
      // deducts it in the same return. The supplier's invoice carries no VAT, so the quota is the
      // stored one when there is one, or the base at the stored rate.
      for (const line of lines) {
        let rate = line.rate;
        if (!(rate > 0)) {
          rate = GENERAL_RATE;
          sheet.warn('INTRA_EU_RATE_ASSUMED', id);
        }
        const quota = line.vatCents !== 0 ? line.vatCents : percentOf(line.baseCents, Math.round(rate * 100));
        const output = layout.intraEuOutput(rate);
        const input = layout.intraEuInput(rate);
        if (!output || !input) {
          sheet.warn('UNKNOWN_VAT_RATE', id);
          continue;
        }
        sheet.add(output[0], line.baseCents, id);
        sheet.add(output[1], quota, id);
        if (regime === 'general') {
          sheet.add(input[0], line.baseCents, id);
          sheet.add(input[1], quota, id);
        }
      }
      sheet.warn('INTRA_EU_KEY_ASSUMED', id);
      continue;
    }
    // Only the general regime deducts input VAT (recargo and exempt activities do not: arts. 94, 154 LIVA).
    if (regime !== 'general') continue;
    for (const line of lines) {
      const pair = credit ? layout.creditNoteInput : layout.input(line.rate);
      if (!pair) {
        sheet.warn('UNKNOWN_VAT_RATE', id);
        continue;
      }
      sheet.add(pair[0], line.baseCents, id);
      sheet.add(pair[1], line.vatCents, id);
    }
  }
  if (regime === 'recargo') sheet.warn('RECARGO_REGIME');
}

/** The quota boxes that make up 303 box 27 (total cuota devengada). */
const QUOTAS_303 = ['03', '06', '09', '11', '13', '15', '18', '21', '24', '26', '152', '155', '167', '170'];
/** The boxes that make up 303 box 45 (total a deducir). */
const DEDUCTIONS_303 = ['29', '31', '33', '35', '37', '39', '41', '42', '43', '44'];

/** Box 66 (the State's part of the result; 100 % in common territory) of one quarter, before compensation. */
function quarterResult303(invoices: FormInvoice[], regime: VatRegime): Sheet {
  const sheet = new Sheet();
  fillVatBoxes(sheet, invoices, regime, LAYOUT_303);
  sheet.total('27', QUOTAS_303);
  sheet.total('45', DEDUCTIONS_303);
  sheet.total('46', ['27', '-45']);
  sheet.total('64', ['46']);
  sheet.total('66', ['64']);
  return sheet;
}

/**
 * Modelo 303 for one quarter. `byQuarter` holds the reviewed invoices of quarters 1..n of the year: a
 * negative result of an earlier quarter is compensated against later positive ones (box 110 pending,
 * 78 applied, 87 left). Amounts pending from earlier years are not known here.
 */
export function modelo303(
  year: number,
  quarter: number,
  byQuarter: FormInvoice[][],
  regime: VatRegime,
): { sheet: Sheet; result: (period: string) => FormResult } {
  let pending = 0;
  for (let q = 0; q < quarter - 1; q++) {
    const earlier = quarterResult303(byQuarter[q] ?? [], regime).get('66');
    if (earlier < 0) pending += -earlier;
    else pending -= Math.min(pending, earlier);
  }
  const sheet = quarterResult303(byQuarter[quarter - 1] ?? [], regime);
  const result = sheet.get('66');
  const applied = result > 0 ? Math.min(pending, result) : 0;
  sheet.set('110', pending);
  sheet.set('78', applied);
  sheet.set('87', pending - applied);
  sheet.set('69', result - applied, sheet.invoicesOf('66'));
  sheet.set('71', result - applied, sheet.invoicesOf('66'));
  if (result - applied > 0) sheet.warn('CARRY_FROM_PRIOR_YEARS_UNKNOWN');
  return { sheet, result: (period) => sheet.result('303', year, period) };
}

/** Modelo 390 for a year, from its reviewed invoices. */
export function modelo390(year: number, invoices: FormInvoice[], regime: VatRegime): FormResult {
  const sheet = new Sheet();
  fillVatBoxes(sheet, invoices, regime, LAYOUT_390);
  const quotas = [
    ...Object.values(OUTPUT_390).map((p) => p[1]),
    ...Object.values(SURCHARGE_390).map((p) => p[1]),
    ...Object.values(INTRA_EU_OUTPUT_390).map((p) => p[1]),
    '30',
    '44',
  ];
  const deductions = [
    ...Object.values(INPUT_390).map((p) => p[1]),
    ...Object.values(INTRA_EU_INPUT_390).map((p) => p[1]),
    '62',
  ];
  sheet.total('47', [...new Set(quotas)]);
  sheet.total('64', [...new Set(deductions)]);
  sheet.total('65', ['47', '-64']);
  sheet.total('99', [...new Set(Object.values(OUTPUT_390).map((p) => p[0])), '29']);
  sheet.total('108', ['99', '103']);
  return sheet.result('390', year, '0A');
}

/** The quarter (1–4) of an ISO date. */
export const quarterOfDate = (date: string) => Math.floor((Number(date.slice(5, 7)) - 1) / 3) + 1;

/** Reviewed invoices of a year, split by quarter. */
export function splitByQuarter(invoices: FormInvoice[]): FormInvoice[][] {
  const quarters: FormInvoice[][] = [[], [], [], []];
  for (const invoice of invoices) {
    if (invoice.issueDate) quarters[quarterOfDate(invoice.issueDate) - 1]?.push(invoice);
  }
  return quarters;
}

export { periodRange };
