import { bodyOf, type TestContext } from './harness';

/** The bank endpoints of one client, called as its accountant (`headers`) would. */
export function bankApi(ctx: TestContext, clientId: string, headers: Record<string, string>) {
  return {
    /** Uploads a statement file; another client or accountant when given. */
    upload: (content: string | Uint8Array, name = 'extracto.n43', id = clientId, as = headers) =>
      ctx.request(`/api/v1/clients/${id}/bank/statements?name=${encodeURIComponent(name)}`, {
        method: 'POST',
        headers: { ...as, 'content-type': 'application/octet-stream' },
        body: content,
      }),
    movements: async (query = '') =>
      bodyOf(await ctx.request(`/api/v1/clients/${clientId}/bank/movements${query}`, { headers })),
    statementCount: async () =>
      (await bodyOf(await ctx.request(`/api/v1/clients/${clientId}/bank/statements`, { headers }))).statements
        .length,
  };
}
