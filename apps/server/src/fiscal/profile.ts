import {
  AccountMappingSchema,
  inferLegalForm,
  LegalFormSchema,
  type TaxProfile,
  TerritorySchema,
  type UpdateTaxProfile,
  VatRegimeSchema,
} from '@cuadra/shared';
import type { ClientRow } from '../access/clients';

/** The client's tax profile: the stored choices, the legal form inferred from the tax id when none. */
export function taxProfileOf(
  row: Pick<ClientRow, 'taxId' | 'legalForm' | 'vatRegime' | 'territory' | 'accountMapping'>,
): TaxProfile {
  const chosen = LegalFormSchema.safeParse(row.legalForm);
  const accounts = AccountMappingSchema.safeParse(row.accountMapping ?? {});
  return {
    legalForm: chosen.success ? chosen.data : inferLegalForm(row.taxId),
    legalFormInferred: !chosen.success,
    vatRegime: VatRegimeSchema.catch('general').parse(row.vatRegime),
    irpfMethod: 'direct',
    territory: TerritorySchema.catch('common').parse(row.territory),
    accounts: accounts.success ? accounts.data : AccountMappingSchema.parse({}),
  };
}

/** The columns a profile change writes; accounts merge over the stored ones. */
export function taxProfileUpdate(row: Pick<ClientRow, 'accountMapping'>, update: UpdateTaxProfile) {
  const values: Partial<Pick<ClientRow, 'legalForm' | 'vatRegime' | 'territory' | 'accountMapping'>> = {};
  if (update.legalForm !== undefined) values.legalForm = update.legalForm;
  if (update.vatRegime !== undefined) values.vatRegime = update.vatRegime;
  if (update.territory !== undefined) values.territory = update.territory;
  if (update.accounts !== undefined) {
    const stored = (row.accountMapping ?? {}) as Record<string, unknown>;
    values.accountMapping = { ...stored, ...update.accounts };
  }
  return values;
}
