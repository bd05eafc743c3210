import type { ClientDetail, ExportKind, FormId, FormResult, UpdateTaxProfile } from '@cuadra/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { API_BASE, api } from '../../lib/api';
import { clientKeys } from '../clients/clients-api';
import { fetchReportFile } from '../reports/reports-api';

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

/** An export file for a range, fetched with the session's token (a link cannot carry it). */
export function fetchExport(clientId: string, kind: ExportKind, from: string, to: string): Promise<Blob> {
  const query = new URLSearchParams({ from, to }).toString();
  return fetchReportFile(`${API_BASE}/clients/${path(clientId)}/exports/${kind}?${query}`);
}
