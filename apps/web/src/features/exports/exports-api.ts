import type { ExportKind } from '@cuadra/shared';
import { API_BASE } from '../../lib/api';
import { fetchReportFile } from '../reports';

const path = (id: string) => encodeURIComponent(id);

/** An export file for a range, fetched with the session's token (a link cannot carry it). */
export function fetchExport(
  clientId: string,
  kind: ExportKind,
  from: string,
  to: string,
  options: { payments?: boolean } = {},
): Promise<Blob> {
  // `payments`: the libro registro's Cobro / Pago columns from the bank (features/bank, issue 39).
  const query = new URLSearchParams({
    from,
    to,
    ...(options.payments ? { payments: 'true' } : {}),
  }).toString();
  return fetchReportFile(`${API_BASE}/clients/${path(clientId)}/exports/${kind}?${query}`);
}
