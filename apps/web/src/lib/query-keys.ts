/**
 * The query keys that more than one feature reads or invalidates (an upload refreshes the client's invoices,
 * a split the review queue), kept below the features so none has to import another's API for them.
 */
import type { InvoiceSort, ReviewState, SortOrder } from '@cuadra/shared';

/** Search, name order and the issue-16 filters, as the API takes them (`registered`, `toReview`). */
export type ClientListParams = {
  q: string;
  order: SortOrder;
  registered?: 'true' | 'false' | undefined;
  toReview?: 'true' | undefined;
  mine?: 'true' | undefined;
};

export const clientKeys = {
  all: ['clients'] as const,
  list: (params: ClientListParams) => ['clients', 'list', params] as const,
  pages: (params: ClientListParams) => ['clients', 'pages', params] as const,
  detail: (id: string) => ['clients', 'detail', id] as const,
};

/** `q`: issuer, recipient, number or tax id, accents and case ignored (searched by the server). */
export type InvoiceListParams = { sort: InvoiceSort; order: SortOrder; q?: string };

export const invoiceKeys = {
  all: ['invoices'] as const,
  lists: (clientId: string) => ['invoices', 'list', clientId] as const,
  list: (clientId: string, params: InvoiceListParams) => ['invoices', 'list', clientId, params] as const,
  detail: (id: string) => ['invoices', 'detail', id] as const,
  file: (id: string) => ['invoices', 'file', id] as const,
};

/** Whose history: an invoice, a client, or the signed-in user's own settings (`me`, no id). */
export type HistoryOf = 'invoices' | 'clients' | 'me';

export const teamKeys = {
  all: ['team'] as const,
  firm: ['team', 'firm'] as const,
  clientMembers: (clientId: string) => ['team', 'client', clientId] as const,
  history: (entity: HistoryOf, id: string) => ['team', 'history', entity, id] as const,
  invitation: (token: string) => ['team', 'invitation', token] as const,
};

/** `state`: one state or several (`needs_review,duplicate`). */
export type QueueFilters = {
  state?: ReviewState | `${ReviewState},${ReviewState}` | undefined;
  q?: string | undefined;
};

export const reviewKeys = {
  all: ['review-queue'] as const,
  queue: (filters: QueueFilters) => ['review-queue', filters] as const,
};
