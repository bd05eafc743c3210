import { z } from 'zod';

/** A path on our own site (`/user?checkout=success`): never another origin, so no open redirect. */
export const LocalPathSchema = z
  .string()
  .max(500)
  .regex(/^\/(?![/\\])[^\s\\]*$/, 'Must be a path on this site, starting with a single /');

export const PackSchema = z
  .object({
    id: z.string(),
    credits: z.number().int(),
    amountCents: z.number().int(),
    originalAmountCents: z.number().int(),
    currency: z.enum(['eur', 'usd']),
    popular: z.boolean(),
    /** round((original − amount) / original × 100), or null when there is no saving. */
    savingPercent: z.number().int().nullable(),
  })
  .meta({ id: 'Pack' });
export type PackDto = z.infer<typeof PackSchema>;

/** Where the browser lands after paying when the request does not say (Settings). */
export const DEFAULT_CHECKOUT_RETURN = '/user?checkout=success';

export const CheckoutRequestSchema = z
  .object({
    /** A plan id of `GET /api/v1/plans` (a pack or a subscription). */
    planId: z.string().min(1).max(40).optional(),
    /** The older name for a pack's `planId`, still accepted. */
    packId: z.string().min(1).max(40).optional(),
    /** A coupon code; an unknown, expired or used-up one is refused (COUPON_INVALID) before any payment. */
    coupon: z.string().trim().max(64).optional(),
    /**
     * Where the browser lands after paying (default `/user?checkout=success`); `{CHECKOUT_SESSION_ID}` is
     * replaced by the session id.
     */
    returnTo: LocalPathSchema.optional(),
    /** Where it lands after cancelling; default: `returnTo`'s path with `?cancelled=true`. */
    cancelTo: LocalPathSchema.optional(),
  })
  .refine((body) => body.planId !== undefined || body.packId !== undefined, {
    message: 'planId is required',
    path: ['planId'],
  })
  .meta({ id: 'CheckoutRequest' });
export type CheckoutRequest = z.infer<typeof CheckoutRequestSchema>;

export const CheckoutResponseSchema = z.object({ url: z.string() }).meta({ id: 'CheckoutResponse' });

/**
 * `GET /checkout/sessions/:sessionId`: where one of the caller's checkouts stands, so a page reached with
 * `?session_id=` says "Payment received" only for a paid one.
 */
export const CheckoutSessionStatusSchema = z
  .object({ status: z.enum(['open', 'paid', 'cancelled', 'failed', 'expired']) })
  .meta({ id: 'CheckoutSessionStatus' });
export type CheckoutSessionStatus = z.infer<typeof CheckoutSessionStatusSchema>;

/**
 * `subscription`: a subscription period's credits (spent before pack credits); `expiry`: what was left of
 * them at the period's end (subscription credits do not carry over; pack credits never expire).
 */
export const LEDGER_KINDS = [
  'grant',
  'purchase',
  'reservation',
  'debit',
  'release',
  'refund',
  'subscription',
  'expiry',
] as const;

export const LedgerEntrySchema = z
  .object({
    id: z.string(),
    kind: z.enum(LEDGER_KINDS),
    /** Change to the available balance, in credits (negative for reservations and debits). */
    amount: z.number().int(),
    createdAt: z.string(),
    /**
     * For an entry about a document (a scan's debit, its release or refund): the client and file it was
     * for, so credits can be billed per client. Null otherwise, or once the document is gone.
     */
    clientId: z.string().nullable(),
    clientName: z.string().nullable(),
    fileName: z.string().nullable(),
    /** The firm member whose upload the entry is about (issue 40: the firm's credits, spent by any member). */
    memberName: z.string().nullable().optional(),
  })
  .meta({ id: 'LedgerEntry' });
export type LedgerEntry = z.infer<typeof LedgerEntrySchema>;

export const LedgerPageSchema = z
  .object({
    entries: z.array(LedgerEntrySchema),
    /** Pass as `cursor` for the next (older) page; null on the last page. */
    nextCursor: z.string().nullable(),
  })
  .meta({ id: 'LedgerPage' });
