import type { ClientDetail, FormId, FormResult, InvoiceList, UpdateTaxProfile } from '@cuadra/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { clientKeys } from '../../lib/query-keys';

const path = (id: string) => encodeURIComponent(id);

export const formKeys = {
  all: (clientId: string) => ['forms', clientId] as const,
  one: (clientId: string, form: FormId, year: number, period: string) =>
    ['forms', clientId, form, year, period] as const,
};

/** One AEAT form of a client; a form that does not apply answers 422, which is shown, not retried. */
export function useForm(clientId: string, form: FormId, year: number, period: string) {
  return useQuery({
    queryKey: formKeys.one(clientId, form, year, period),
    queryFn: ({ signal }) =>
      api.get<FormResult>(`/clients/${path(clientId)}/forms/${form}`, { query: { year, period }, signal }),
    retry: false,
  });
}

/**
 * Records that the form was generated for the period (issue 40): later changes to its invoices are
 * flagged on it, with who made them. The answer is the form as generated, so the card updates at once.
 */
export function useMarkGenerated(clientId: string, form: FormId, year: number, period: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      api.post<FormResult>(`/clients/${path(clientId)}/forms/${form}/generated`, undefined, {
        query: { year, period },
      }),
    onSuccess: (result) => queryClient.setQueryData(formKeys.one(clientId, form, year, period), result),
  });
}

/** Saves the client's tax profile; every form of the client is fetched again. */
export function useUpdateTaxProfile(clientId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (taxProfile: UpdateTaxProfile) =>
      api.patch<ClientDetail>(`/clients/${path(clientId)}`, { taxProfile }),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: clientKeys.all });
      await queryClient.invalidateQueries({ queryKey: formKeys.all(clientId) });
    },
  });
}

/** Invoice id → "number · party", to name the invoices behind a box. */
export type InvoiceNames = Map<string, string>;

/**
 * The names of a year's invoices, for the drill-down. Best effort: an invoice not in the answer (another
 * year, a page not fetched) is shown as "Invoice n" and still links to its page.
 */
export function useInvoiceNames(clientId: string, year: number): InvoiceNames {
  const query = useQuery({
    queryKey: [...formKeys.all(clientId), 'invoice-names', year] as const,
    queryFn: ({ signal }) =>
      api.get<InvoiceList>(`/clients/${path(clientId)}/invoices`, {
        // The first 200 (the most a page holds): names beyond them fall back to "Invoice n".
        query: { from: `${year}-01-01`, to: `${year}-12-31`, sort: 'date', order: 'asc', limit: 200 },
        signal,
      }),
  });
  const names: InvoiceNames = new Map();
  for (const row of query.data?.invoices ?? []) {
    const label = [row.number, row.counterpartyName].filter(Boolean).join(' · ');
    if (label) names.set(row.id, label);
  }
  return names;
}
