import type { ClientExportFormat } from '@cuadra/shared';
import { ApiError, apiUrl, isApiErrorCode } from '../../lib/api';
import { getAuthState } from '../auth/auth-store';
import { filenameOf, saveBlob } from '../invoices/invoices-api';
import { type ClientListParams, clientListQuery } from './clients-api';

/**
 * Downloads the filtered client list (`GET /clients/export.csv|xlsx`, issue 16). It needs the Bearer header,
 * so it is fetched and saved through a temporary link rather than opened as a plain link.
 */
export async function downloadClientExport(format: ClientExportFormat, params: ClientListParams) {
  const token = getAuthState().token;
  let response: Response;
  try {
    response = await fetch(apiUrl(`/clients/export.${format}`, clientListQuery(params)), {
      headers: token ? { Authorization: `Bearer ${token}` } : {},
      credentials: 'same-origin',
    });
  } catch {
    throw new ApiError(0, 'NETWORK', 'Network connection error');
  }
  if (!response.ok) {
    const body = (await response.json().catch(() => null)) as { error?: { code?: unknown } } | null;
    const code = body?.error?.code;
    throw new ApiError(response.status, isApiErrorCode(code) ? code : 'UNKNOWN', `HTTP ${response.status}`);
  }
  saveBlob(
    await response.blob(),
    filenameOf(response.headers.get('Content-Disposition')) ?? `clients.${format}`,
  );
}
