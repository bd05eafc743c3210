import type { FiscalSummary, ReportFormat, ReportLink, ReportPeriod } from '@cuadra/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { API_BASE, ApiError, api, apiFile } from '../../lib/api';

const path = (id: string) => encodeURIComponent(id);

/** Asks for a report; the answer carries the link to fetch (spec-2 §7: `download_url`). */
export function requestReport(
  clientId: string,
  body: { from: string; to: string; format: ReportFormat; period?: ReportPeriod },
) {
  return api.post<Partial<ReportLink> | undefined>(`/clients/${path(clientId)}/reports`, body);
}

/** The report file. The link needs the session's Bearer token, so it is fetched, not followed. */
export async function fetchReportFile(downloadUrl: string): Promise<Blob> {
  if (!downloadUrl.startsWith(`${API_BASE}/`)) throw new ApiError(0, 'UNKNOWN', 'Unexpected download URL');
  const [path, search = ''] = downloadUrl.slice(API_BASE.length).split('?');
  return (await apiFile(path ?? '', { query: Object.fromEntries(new URLSearchParams(search)) })).blob;
}

export const fiscalKeys = {
  summary: (clientId: string, year: number, includeUnreviewed: boolean) =>
    ['fiscal-summary', clientId, year, includeUnreviewed] as const,
};

export function useFiscalSummary(clientId: string, year: number, includeUnreviewed: boolean) {
  return useQuery({
    queryKey: fiscalKeys.summary(clientId, year, includeUnreviewed),
    queryFn: ({ signal }) =>
      api.get<FiscalSummary>(`/clients/${path(clientId)}/fiscal-summary`, {
        query: { year, includeUnreviewed },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}
