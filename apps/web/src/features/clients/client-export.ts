import type { ClientExportFormat } from '@cuadra/shared';
import { clientListQuery } from '../../access/clients';
import { apiFile } from '../../lib/api';
import type { ClientListParams } from '../../lib/query-keys';
import { saveBlob } from '../../lib/save-blob';

/**
 * Downloads the filtered client list (`GET /clients/export.csv|xlsx`, issue 16). It needs the Bearer header,
 * so it is fetched and saved through a temporary link rather than opened as a plain link.
 */
export async function downloadClientExport(format: ClientExportFormat, params: ClientListParams) {
  const { blob, filename } = await apiFile(`/clients/export.${format}`, { query: clientListQuery(params) });
  saveBlob(blob, filename ?? `clients.${format}`);
}
