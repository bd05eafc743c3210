import { z } from 'zod';
import { EmailSchema, LocaleSchema, NameSchema } from './auth';
import { TaxProfileSchema, UpdateTaxProfileSchema } from './forms';
import { PAGE_SIZE, PAGE_SIZE_MAX, PageQuerySchema, QueryBooleanSchema } from './paging';
import { checkSpanishTaxId, normalizeSpanishTaxId } from './tax-id';

/** An invitation link lasts 7 days; a newer invitation for the same client voids it earlier. */
export const INVITATION_TTL_DAYS = 7;
/** The page size of the client table, and the most one request may ask for. */
export const CLIENT_PAGE_SIZE = PAGE_SIZE;
export const CLIENT_PAGE_SIZE_MAX = PAGE_SIZE_MAX;
/** A contact message: required, and long enough for a real problem report. */
export const CONTACT_MESSAGE_MAX_LENGTH = 5000;
/** The spec's local-storage key for an invitation waiting for the user to sign in (spec-1 §3). */
export const INVITATION_TOKEN_STORAGE_KEY = 'invitationToken';

/**
 * An optional NIF, NIE or CIF: blank means none; otherwise normalised (upper case, no separators or `ES`
 * prefix) and refused with the `TAX_ID_INVALID` message key when its check character is wrong.
 */
export const TaxIdSchema = z
  .string()
  .max(32)
  .transform((value, ctx) => {
    if (value.trim() === '') return null;
    if (checkSpanishTaxId(value)?.valid !== true) {
      ctx.addIssue({ code: 'custom', message: 'TAX_ID_INVALID', params: { code: 'TAX_ID_INVALID' } });
      return z.NEVER;
    }
    return normalizeSpanishTaxId(value);
  });

/** The most a monthly limit may be: far above any real month, small enough to stay an int4. */
export const MONTHLY_LIMIT_MAX = 100_000;
/** spec-2 §9: the limit field's placeholder on the client page. */
export const MONTHLY_LIMIT_PLACEHOLDER = 6;
export const MonthlyLimitSchema = z.number().int().min(0).max(MONTHLY_LIMIT_MAX);

export const CreateClientRequestSchema = z
  .object({
    /** The spec's only bound: required. 100 characters keeps the table readable. */
    name: NameSchema,
    taxId: TaxIdSchema.nullish().transform((value) => value ?? null),
  })
  .meta({ id: 'CreateClientRequest' });
export type CreateClientRequest = z.input<typeof CreateClientRequestSchema>;

export const UpdateClientRequestSchema = z
  .object({
    name: NameSchema.optional(),
    taxId: TaxIdSchema.nullish(),
    /** Legal form, VAT regime, territory and export accounts (issue 18); only the fields sent change. */
    taxProfile: UpdateTaxProfileSchema.optional(),
    /** Files per calendar month (spec-2 §5): null removes the limit, 0 hides the upload panel. */
    monthlyLimit: MonthlyLimitSchema.nullish(),
  })
  .meta({ id: 'UpdateClientRequest' });
export type UpdateClientRequest = z.input<typeof UpdateClientRequestSchema>;

/**
 * `dummy`: created by the accountant, nobody signs in as it. `invited`: an invitation is waiting.
 * `registered`: linked to a freelancer's account (the spec's registered-user marker).
 */
export const CLIENT_STATUSES = ['dummy', 'invited', 'registered'] as const;
export const ClientStatusSchema = z.enum(CLIENT_STATUSES);
export type ClientStatus = z.infer<typeof ClientStatusSchema>;

export const ClientSummarySchema = z
  .object({
    id: z.string(),
    name: z.string(),
    taxId: z.string().nullable(),
    status: ClientStatusSchema,
    /** Linked to a freelancer's account: the row shows the registered-user marker. */
    registered: z.boolean(),
    /** Invoices of this client. */
    documents: z.number().int(),
    /** Invoices not reviewed yet (checked = 0). */
    needsReview: z.number().int(),
    createdAt: z.string(),
  })
  .meta({ id: 'ClientSummary' });
export type ClientSummary = z.infer<typeof ClientSummarySchema>;

export const SORT_ORDERS = ['asc', 'desc'] as const;
export const SortOrderSchema = z.enum(SORT_ORDERS);
export type SortOrder = z.infer<typeof SortOrderSchema>;

/** What narrows the client list, and its export: search, order by name, and the issue-16 filters. */
export const ClientFiltersSchema = z.object({
  /** Name or tax id; accents, case and tax-id separators ignored. */
  q: z.string().trim().max(100).optional(),
  order: SortOrderSchema.default('asc'),
  /** `true`: clients linked to a user account; `false`: "dummy" clients (no account yet). */
  registered: QueryBooleanSchema.optional(),
  /** `true`: clients with invoices still to review; `false`: clients with none. */
  toReview: QueryBooleanSchema.optional(),
  /** `true`: only the clients the caller is responsible for in their firm (issue 40, "my clients"). */
  mine: QueryBooleanSchema.optional(),
});
export type ClientFilters = z.input<typeof ClientFiltersSchema>;

export const ListClientsQuerySchema = ClientFiltersSchema.extend(PageQuerySchema.shape);
export type ListClientsQuery = z.input<typeof ListClientsQuerySchema>;

/** `GET /api/v1/clients/export.{csv,xlsx}`: the filtered list, every page of it. */
export const CLIENT_EXPORT_FORMATS = ['csv', 'xlsx'] as const;
export type ClientExportFormat = (typeof CLIENT_EXPORT_FORMATS)[number];

export const ClientListSchema = z
  .object({
    items: z.array(ClientSummarySchema),
    /** Clients matching the search and filters, over all pages (one count query). */
    total: z.number().int(),
    limit: z.number().int(),
    /** Pass as `cursor` for the next page; null on the last page. */
    nextCursor: z.string().nullable(),
  })
  .meta({ id: 'ClientList' });
export type ClientList = z.infer<typeof ClientListSchema>;

/** How the caller relates to a client: the accountant who owns it, or the freelancer linked to it. */
export const ClientRoleSchema = z.enum(['owner', 'freelancer']);
export type ClientRole = z.infer<typeof ClientRoleSchema>;

export const ClientDetailSchema = ClientSummarySchema.extend({
  role: ClientRoleSchema,
  /** Gross income in cents (spec-2 §2.2): `grossIncomeCents` of figures.ts, the issued invoices' tax base. */
  grossIncomeCents: z.number().int(),
  /** The pending invitation, shown to the owner only. */
  invitation: z.object({ email: z.string(), expiresAt: z.string() }).nullable(),
  /** What decides which AEAT forms apply and how the exports book the invoices. */
  taxProfile: TaxProfileSchema,
  /** Mail invoices here and they become uploads of this client (issue 21); the owner can rotate it. */
  inboundEmail: z.string(),
  /** Whose credits this client's uploads spend: always the owner's (the accountant for a linked freelancer). */
  creditsPayer: z.object({ name: z.string(), isSelf: z.boolean() }),
  /**
   * Files that may be uploaded per calendar month (Europe/Madrid): null, no limit; 0, no uploads (the
   * panel is hidden). `monthlyUsed`: files uploaded this month, for "n of limit used this month".
   */
  monthlyLimit: z.number().int().nullable(),
  monthlyUsed: z.number().int(),
}).meta({ id: 'ClientDetail' });
export type ClientDetail = z.infer<typeof ClientDetailSchema>;

export const CreateInvitationRequestSchema = z
  .object({
    email: EmailSchema,
    /** The language of the email when the invitee has no account yet; default: the accountant's. */
    locale: LocaleSchema.optional(),
  })
  .meta({ id: 'CreateInvitationRequest' });
export type CreateInvitationRequest = z.input<typeof CreateInvitationRequestSchema>;

export const InvitationSchema = z
  .object({ email: z.string(), expiresAt: z.string() })
  .meta({ id: 'Invitation' });
export type Invitation = z.infer<typeof InvitationSchema>;

/** What the holder of an invitation link may see before accepting it. */
export const InvitationPreviewSchema = z
  .object({ email: z.string(), clientName: z.string(), accountantName: z.string(), expiresAt: z.string() })
  .meta({ id: 'InvitationPreview' });
export type InvitationPreview = z.infer<typeof InvitationPreviewSchema>;

export const AcceptInvitationRequestSchema = z
  .object({ token: z.string().min(1).max(200) })
  .meta({ id: 'AcceptInvitationRequest' });

export const AcceptInvitationResultSchema = z
  .object({ clientId: z.string() })
  .meta({ id: 'AcceptInvitationResult' });
export type AcceptInvitationResult = z.infer<typeof AcceptInvitationResultSchema>;

/**
 * A message to support. Anyone may write: a visitor gives a name and an email to answer to; a signed-in
 * user's come from the account. `subject` is preset by links such as the Enterprise plan's.
 */
export const ContactRequestSchema = z
  .object({
    message: z.string().trim().min(1).max(CONTACT_MESSAGE_MAX_LENGTH),
    name: z.string().trim().min(1).max(200).optional(),
    email: z.email().max(254).optional(),
    subject: z.string().trim().max(200).optional(),
  })
  .meta({ id: 'ContactRequest' });
export type ContactRequest = z.input<typeof ContactRequestSchema>;
