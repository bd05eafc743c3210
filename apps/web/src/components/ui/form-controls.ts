/** A `t` that takes keys built at run time (box numbers, form ids, codes); the catalogs hold every one. */
export type Translate = (key: string, options?: Record<string, unknown>) => string;

export const selectClass = 'mt-1 block w-full rounded-md border border-slate-300 bg-white px-2 py-2 text-sm';
