import { z } from 'zod';
import { checkSpanishTaxId } from './tax-id';

/**
 * The client's tax profile and the AEAT forms built from its reviewed invoices. Box numbers are the AEAT's
 * own (see apps/server/src/features/forms/ for the source of each form's design).
 */

export const LEGAL_FORMS = ['individual', 'company'] as const;
export const LegalFormSchema = z.enum(LEGAL_FORMS);
export type LegalForm = z.infer<typeof LegalFormSchema>;

/** `recargo`: recargo de equivalencia (retailers); `exempt`: only VAT-exempt operations (art. 20 LIVA). */
export const VAT_REGIMES = ['general', 'recargo', 'exempt'] as const;
export const VatRegimeSchema = z.enum(VAT_REGIMES);
export type VatRegime = z.infer<typeof VatRegimeSchema>;

/**
 * Where the client files. `canarias`: IGIC (Modelo 420) instead of VAT; `ceuta_melilla`: IPSI instead of
 * VAT; the four foral territories file their own forms with their own Hacienda.
 */
export const TERRITORIES = [
  'common',
  'canarias',
  'ceuta_melilla',
  'alava',
  'bizkaia',
  'gipuzkoa',
  'navarra',
] as const;
export const TerritorySchema = z.enum(TERRITORIES);
export type Territory = z.infer<typeof TerritorySchema>;
export const FORAL_TERRITORIES: readonly Territory[] = ['alava', 'bizkaia', 'gipuzkoa', 'navarra'];

/** Individuals (NIF of a person, NIE) are autónomos; a CIF (a letter first, then 7 digits) is an entity. */
export function inferLegalForm(taxId: string | null | undefined): LegalForm {
  if (!taxId) return 'individual';
  return checkSpanishTaxId(taxId)?.kind === 'cif' ? 'company' : 'individual';
}

const ACCOUNT = z.string().regex(/^\d{3,12}$/);

/**
 * Accounts of the Plan General de Contabilidad used by the accounting-package exports. Customer and
 * supplier subaccounts are the prefix followed by digits of the counterparty's tax id, padded to
 * `subaccountDigits`.
 */
export const AccountMappingSchema = z
  .object({
    customerPrefix: ACCOUNT.default('430'),
    supplierPrefix: ACCOUNT.default('400'),
    incomeAccount: ACCOUNT.default('70500000'),
    expenseAccount: ACCOUNT.default('62900000'),
    vatOutputAccount: ACCOUNT.default('47700000'),
    vatInputAccount: ACCOUNT.default('47200000'),
    surchargeOutputAccount: ACCOUNT.default('47700001'),
    withholdingReceivableAccount: ACCOUNT.default('47300000'),
    withholdingPayableAccount: ACCOUNT.default('47510000'),
    subaccountDigits: z.number().int().min(6).max(12).default(8),
  })
  .meta({ id: 'AccountMapping' });
export type AccountMapping = z.infer<typeof AccountMappingSchema>;
export const DEFAULT_ACCOUNT_MAPPING: AccountMapping = AccountMappingSchema.parse({});

export const TaxProfileSchema = z
  .object({
    legalForm: LegalFormSchema,
    /** True while the legal form comes from the tax id rather than from someone's choice. */
    legalFormInferred: z.boolean(),
    vatRegime: VatRegimeSchema,
    /** Individuals only: direct estimation (normal or simplified), the method Modelo 130 serves. */
    irpfMethod: z.literal('direct'),
    territory: TerritorySchema,
    accounts: AccountMappingSchema,
  })
  .meta({ id: 'TaxProfile' });
export type TaxProfile = z.infer<typeof TaxProfileSchema>;

export const UpdateTaxProfileSchema = z
  .object({
    /** null goes back to the legal form inferred from the tax id. */
    legalForm: LegalFormSchema.nullable().optional(),
    vatRegime: VatRegimeSchema.optional(),
    territory: TerritorySchema.optional(),
    /** Only the accounts sent change (no defaults here, or a partial update would reset the others). */
    accounts: z
      .object({
        customerPrefix: ACCOUNT,
        supplierPrefix: ACCOUNT,
        incomeAccount: ACCOUNT,
        expenseAccount: ACCOUNT,
        vatOutputAccount: ACCOUNT,
        vatInputAccount: ACCOUNT,
        surchargeOutputAccount: ACCOUNT,
        withholdingReceivableAccount: ACCOUNT,
        withholdingPayableAccount: ACCOUNT,
        subaccountDigits: z.number().int().min(6).max(12),
      })
      .partial()
      .optional(),
  })
  .meta({ id: 'UpdateTaxProfile' });
export type UpdateTaxProfile = z.infer<typeof UpdateTaxProfileSchema>;

export const FORMS = ['303', '130', '111', '115', '347', '349', '390', '202'] as const;
export const FormIdSchema = z.enum(FORMS);
export type FormId = z.infer<typeof FormIdSchema>;

export const QUARTERS = ['1T', '2T', '3T', '4T'] as const;
/** Modelo 202's three instalments (April, October, December), as the AEAT names them. */
export const INSTALMENTS_202 = ['1P', '2P', '3P'] as const;
export const ANNUAL_PERIOD = '0A';

/** The periods each form is filed for. */
export const FORM_PERIODS: Record<FormId, readonly string[]> = {
  '303': QUARTERS,
  '130': QUARTERS,
  '111': QUARTERS,
  '115': QUARTERS,
  '349': QUARTERS,
  '347': [ANNUAL_PERIOD],
  '390': [ANNUAL_PERIOD],
  '202': INSTALMENTS_202,
};

/** Boxes that hold a count (of payees, parties, properties), not an amount in cents. */
export const COUNT_BOXES: Partial<Record<FormId, readonly string[]>> = {
  '111': ['01', '04', '07', '10'],
  '115': ['01'],
  '347': ['01', '03'],
  '349': ['01', '03'],
};

/** Boxes that hold a percentage (whole percent), not an amount in cents. */
export const PERCENT_BOXES: Partial<Record<FormId, readonly string[]>> = {
  '202': ['17', '29'],
};

export const FORM_WARNINGS = [
  /** Invoices dated in the period that are not reviewed yet: they are left out of every box. */
  'UNREVIEWED_INVOICES',
  /** Reviewed invoices without a type or a VAT breakdown per rate: left out. */
  'INCOMPLETE_INVOICES',
  /** A VAT rate the form has no box for. */
  'UNKNOWN_VAT_RATE',
  /** A recargo rate the form has no box for. */
  'UNKNOWN_SURCHARGE_RATE',
  /** An intra-EU purchase without a rate: self-assessed at 21 %. */
  'INTRA_EU_RATE_ASSUMED',
  /** An intra-EU operation: goods (E/A) assumed; services are S/I. */
  'INTRA_EU_KEY_ASSUMED',
  /** A received invoice with IRPF withheld by the client: it feeds Modelo 111. */
  'WITHHOLDING_FEEDS_111',
  /** A received invoice with 19 % withheld (rent): it feeds Modelo 115, not 111. */
  'WITHHOLDING_FEEDS_115',
  /** An operation over the 347 threshold with a party that has no tax id. */
  'PARTY_WITHOUT_TAX_ID',
  /** Operations with withholding are declared in 190/180, not 347. */
  'EXCLUDED_FROM_347_WITHHOLDING',
  /** Recargo de equivalencia: only intra-EU acquisitions and reverse charges go into 303. */
  'RECARGO_REGIME',
  /** A negative result carried from earlier quarters of the year only; earlier years are not known. */
  'CARRY_FROM_PRIOR_YEARS_UNKNOWN',
  /** Some boxes of this form could not be verified against its official design: they are left empty. */
  'BOX_DESIGN_UNVERIFIED',
  /** An estimate from invoices only (Modelo 202: art. 40.3 LIS, 25 % rate, no other accounting entries). */
  'ESTIMATE_FROM_INVOICES',
  /** Zero-rated or exempt issued invoices: which exemption applies is not recorded. */
  'ZERO_RATED_ISSUED',
  /**
   * Another country's VAT paid to a foreign supplier (a foreign tax id, rate, address or language): not
   * Spanish VAT, so left out of the VAT boxes; it stays on the invoice (issue 36 item 5).
   */
  'FOREIGN_VAT_EXCLUDED',
  /** Amounts in another currency converted to euros at the ECB reference rate of the invoice date. */
  'CURRENCY_CONVERTED',
  /** Amounts in a currency with no ECB rate for the invoice date: listed apart, not added. */
  'CURRENCY_RATE_MISSING',
] as const;
export const FormWarningCodeSchema = z.enum(FORM_WARNINGS);
export type FormWarningCode = z.infer<typeof FormWarningCodeSchema>;

export const FormWarningSchema = z.object({
  code: FormWarningCodeSchema,
  invoiceIds: z.array(z.string()),
});
export type FormWarning = z.infer<typeof FormWarningSchema>;

export const FormQuerySchema = z.object({
  year: z.coerce.number().int().min(2000).max(2100),
  period: z.string().regex(/^(0A|[1-4]T|[1-3]P)$/),
});

/** Who generated a form for its period and when, and the invoices changed since, each with who changed it. */
export const FormGenerationSchema = z
  .object({
    at: z.string(),
    by: z.object({ id: z.string(), name: z.string() }).nullable(),
    changedAfter: z.array(
      z.object({
        invoiceId: z.string(),
        fields: z.array(z.string()),
        /** The members who changed it since, in order; a change by a rule or supplier memory names nobody. */
        by: z.array(z.object({ id: z.string(), name: z.string() })),
        at: z.string(),
      }),
    ),
  })
  .meta({ id: 'FormGeneration' });
export type FormGeneration = z.infer<typeof FormGenerationSchema>;

export const FormResultSchema = z
  .object({
    form: FormIdSchema,
    year: z.number().int(),
    period: z.string(),
    /** AEAT box number → integer cents (or a count / a whole percent: COUNT_BOXES, PERCENT_BOXES). */
    boxes: z.record(z.string(), z.number().int()),
    /** AEAT box number → the ids of the invoices behind it. */
    invoices: z.record(z.string(), z.array(z.string())),
    warnings: z.array(FormWarningSchema),
    /** The form's last generation for this period (POST …/generated), null when never generated. */
    generation: FormGenerationSchema.nullable().optional(),
  })
  .meta({ id: 'FormResult' });
export type FormResult = z.infer<typeof FormResultSchema>;

/** The first and last day of a form's period. */
export function periodRange(year: number, period: string): { from: string; to: string } {
  const pad = (n: number) => String(n).padStart(2, '0');
  const lastDay = (month: number) => new Date(Date.UTC(year, month, 0)).getUTCDate();
  const quarter = /^([1-4])T$/.exec(period);
  if (quarter) {
    const q = Number(quarter[1]);
    const endMonth = q * 3;
    return { from: `${year}-${pad(endMonth - 2)}-01`, to: `${year}-${pad(endMonth)}-${lastDay(endMonth)}` };
  }
  // Modelo 202 (art. 40.3 LIS): the first 3, 9 and 11 months of the year.
  const instalment = /^([1-3])P$/.exec(period);
  if (instalment) {
    const endMonth = [3, 9, 11][Number(instalment[1]) - 1] as number;
    return { from: `${year}-01-01`, to: `${year}-${pad(endMonth)}-${lastDay(endMonth)}` };
  }
  return { from: `${year}-01-01`, to: `${year}-12-31` };
}

/**
 * The last day to file a form for a period (voluntary period, not the domiciliation cut-off): quarterly
 * forms by the 20th of April, July and October and by 30 January for the fourth quarter; 347 in February;
 * 390 by 30 January; 202 within the first 20 days of April, October and December.
 */
export function filingDeadline(form: FormId, year: number, period: string): string {
  const quarter = /^([1-4])T$/.exec(period);
  if (quarter) {
    const q = Number(quarter[1]);
    return q === 4 ? `${year + 1}-01-30` : `${year}-${String(q * 3 + 1).padStart(2, '0')}-20`;
  }
  const instalment = /^([1-3])P$/.exec(period);
  if (instalment) return `${year}-${['04', '10', '12'][Number(instalment[1]) - 1]}-20`;
  if (form === '347') return `${year + 1}-02-${new Date(Date.UTC(year + 1, 2, 0)).getUTCDate()}`;
  return `${year + 1}-01-30`;
}

export const EXPORT_KINDS = [
  'libro-registro-xlsx',
  'libro-registro-csv',
  'a3',
  'contaplus',
  'contasol',
] as const;
export const ExportKindSchema = z.enum(EXPORT_KINDS);
export type ExportKind = z.infer<typeof ExportKindSchema>;

export const ExportQuerySchema = z.object({
  from: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
  to: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
});
