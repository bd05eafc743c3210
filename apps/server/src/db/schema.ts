// kept whole: one schema for drizzle-kit (STYLE.md: one schema.ts until it hurts); tables reference each other and migrations are generated from this file.
import { FOLD_FROM, FOLD_TO_BOTH } from '@cuadra/shared';
import { type SQL, sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

/**
 * The same folding as `foldText` in @cuadra/shared, in SQL: accents to plain letters, then lower case.
 * Immutable (translate, replace, lower), so it can feed a generated column on PostgreSQL and PGlite alike,
 * without the `unaccent` extension. Column names are raw: generated columns cannot use table references.
 */
export function foldSql(expression: string): SQL {
  return sql.raw(`lower(translate(${expression}, '${FOLD_FROM}', '${FOLD_TO_BOTH}'))`);
}
/** Spanish order: ñ is its own letter after n ("n~" sorts after "nz" under the C collation). */
export function foldSqlEs(expression: string): SQL {
  return foldSql(`replace(replace(${expression}, 'ñ', 'n~'), 'Ñ', 'n~')`);
}

/**
 * An invoice's counterparty: the recipient of an issued invoice, the issuer of a received one, else whichever
 * is known. Unqualified column names: the same text builds the invoice table's sort indexes below and its
 * ORDER BY (features/invoices/repo.ts), and the planner uses an expression index only for the same expression.
 */
export const COUNTERPARTY_SQL = `case type
  when 'issued' then recipient_name
  when 'received' then issuer_name
  else coalesce(issuer_name, recipient_name) end`;

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

export const accountType = pgEnum('account_type', ['accountant', 'freelancer']);
export const locale = pgEnum('locale', ['en', 'es']);

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey(),
    /** Stored lower-cased and trimmed; unique. */
    email: text('email').notNull(),
    name: text('name').notNull(),
    accountType: accountType('account_type').notNull(),
    locale: locale('locale').notNull().default('es'),
    passwordHash: text('password_hash'),
    googleSubject: text('google_subject'),
    emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
    /** Raised to invalidate every access token issued before (password reset, sign out everywhere). */
    tokenVersion: integer('token_version').notNull().default(0),
    couponCode: text('coupon_code'),
    /**
     * A plan chosen before signing up and not bought yet (issue 16 item 4): the first sign-in after
     * verifying, in any browser, continues to its checkout. A plan id of the catalogue (plan-catalogue.ts).
     */
    chosenPlanId: text('chosen_plan_id'),
    /** Optional emails (Settings → Notifications); account emails are always sent. */
    notifyBatchFinished: boolean('notify_batch_finished').notNull().default(true),
    notifyLowCredits: boolean('notify_low_credits').notNull().default(true),
    notifyInvitationAccepted: boolean('notify_invitation_accepted').notNull().default(true),
    notifyWeeklySummary: boolean('notify_weekly_summary').notNull().default(true),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('users_email_key').on(t.email),
    uniqueIndex('users_google_subject_key').on(t.googleSubject),
  ],
);

/** One row per user, changed only in the same transaction as a ledger entry. */
export const creditBalances = pgTable(
  'credit_balances',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    available: integer('available').notNull().default(0),
    reserved: integer('reserved').notNull().default(0),
    lastPurchaseAt: timestamp('last_purchase_at', { withTimezone: true }),
    lastUsageAt: timestamp('last_usage_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('credit_balances_available_nonnegative', sql`${t.available} >= 0`),
    check('credit_balances_reserved_nonnegative', sql`${t.reserved} >= 0`),
    // Nothing can be held that is not owned: the allowance (available − reserved) never goes below zero.
    check('credit_balances_reserved_within_available', sql`${t.reserved} <= ${t.available}`),
  ],
);

export const ledgerKind = pgEnum('ledger_kind', [
  'grant',
  'purchase',
  'reservation',
  'debit',
  'release',
  'refund',
  /** A subscription period's credits (plans.ts): used before pack credits, and what is left expires. */
  'subscription',
  /** A subscription period's unused credits, taken back at its end (no carry-over). */
  'expiry',
]);

/** Append-only. `reference` makes an entry idempotent (one welcome grant, one grant per paid session). */
export const creditLedger = pgTable(
  'credit_ledger',
  {
    id: uuid('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: ledgerKind('kind').notNull(),
    /** Signed change to the balance (`credit_balances.available`), in credits. */
    amount: integer('amount').notNull(),
    /**
     * Signed change to the credits held for documents in flight (`credit_balances.reserved`): a reservation
     * holds one (+1), a debit spends it (amount −1, held −1), a release gives it back (held −1).
     */
    held: integer('held').notNull().default(0),
    reference: text('reference').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('credit_ledger_kind_reference_key').on(t.kind, t.reference),
    index('credit_ledger_user_idx').on(t.userId, t.createdAt),
    // The ledger page, newest first (ids are UUID v7: time-ordered).
    index('credit_ledger_user_id_idx').on(t.userId, t.id),
  ],
);

export const authTokenPurpose = pgEnum('auth_token_purpose', [
  'verify_email',
  'password_reset',
  'email_change',
]);

/**
 * One-time links sent by email (verification, password reset). Only the SHA-256 of the token is kept, so a
 * copy of the database cannot be used to sign in. `user_id` becomes null when the account is deleted, so a
 * late click can still be told "user not found" rather than "invalid link".
 */
export const authTokens = pgTable(
  'auth_tokens',
  {
    id: uuid('id').primaryKey(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    purpose: authTokenPurpose('purpose').notNull(),
    tokenHash: text('token_hash').notNull(),
    /** `email_change` only: the address the account moves to when the link is followed. */
    newEmail: text('new_email'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('auth_tokens_token_hash_key').on(t.tokenHash),
    index('auth_tokens_user_idx').on(t.userId, t.purpose),
  ],
);

/**
 * Attempts counted for throttling (failed logins per account and per address, sign-ups, emails sent), in
 * the database so every API process sees the same counts. `key` is a SHA-256 of the email or address.
 */
export const authAttempts = pgTable(
  'auth_attempts',
  {
    id: uuid('id').primaryKey(),
    action: text('action').notNull(),
    key: text('key').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('auth_attempts_action_key_idx').on(t.action, t.key, t.createdAt)],
);

export const currency = pgEnum('currency', ['eur', 'usd']);

/**
 * Credit packs on sale. Seeded from `PACKS` in @cuadra/shared when missing; afterwards this table is the
 * truth, so an operator can retire a pack or change its price without a deploy.
 */
export const creditPacks = pgTable('credit_packs', {
  id: text('id').primaryKey(),
  credits: integer('credits').notNull(),
  amountCents: integer('amount_cents').notNull(),
  originalAmountCents: integer('original_amount_cents').notNull(),
  currency: currency('currency').notNull(),
  popular: boolean('popular').notNull().default(false),
  active: boolean('active').notNull().default(true),
  sortOrder: integer('sort_order').notNull().default(0),
});

export const checkoutStatus = pgEnum('checkout_status', ['open', 'paid', 'cancelled', 'failed', 'expired']);

/**
 * One purchase attempt. Credits, price and currency are copied from the pack when the checkout starts, so
 * what is granted is what was shown and paid, whatever happens to the pack later.
 */
export const checkouts = pgTable(
  'checkouts',
  {
    id: uuid('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The pack bought; null for a subscription (see `planId`). */
    packId: text('pack_id').references(() => creditPacks.id),
    /** The plan bought (plans.ts); null on checkouts from before plans, which are packs (`packId`). */
    planId: text('plan_id'),
    /** The coupon applied, its code as typed (upper-cased), and what it took off the price. */
    couponCode: text('coupon_code'),
    discountCents: integer('discount_cents').notNull().default(0),
    /**
     * The coupon's uses were all taken by other payments between this checkout's start and its payment: the
     * discount was honoured and counted past `maxRedemptions` (docs/decisions/0016).
     */
    couponOverLimit: boolean('coupon_over_limit').notNull().default(false),
    credits: integer('credits').notNull(),
    amountCents: integer('amount_cents').notNull(),
    currency: currency('currency').notNull(),
    /** `local` for the embedded test-mode checkout, `stripe` for Stripe Checkout. */
    provider: text('provider').notNull(),
    providerSessionId: text('provider_session_id'),
    status: checkoutStatus('status').notNull().default('open'),
    returnTo: text('return_to').notNull(),
    cancelTo: text('cancel_to').notNull(),
    createdAt: createdAt(),
    settledAt: timestamp('settled_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('checkouts_provider_session_key').on(t.provider, t.providerSessionId),
    index('checkouts_open_idx').on(t.status, t.createdAt),
  ],
);

/**
 * Discount codes (issue 19). Either a percentage or a fixed amount off the first payment; `planIds` null
 * means every plan. Created by the operator (COUPONS env, seeded at start); none by default.
 */
export const coupons = pgTable(
  'coupons',
  {
    /** Upper-cased and trimmed. */
    code: text('code').primaryKey(),
    percentOff: integer('percent_off'),
    amountOffCents: integer('amount_off_cents'),
    validUntil: timestamp('valid_until', { withTimezone: true }),
    maxRedemptions: integer('max_redemptions'),
    /** Paid checkouts that used it. */
    redemptions: integer('redemptions').notNull().default(0),
    planIds: jsonb('plan_ids').$type<string[] | null>(),
    createdAt: createdAt(),
  },
  (t) => [
    check(
      'coupons_one_discount',
      sql`(${t.percentOff} is null) <> (${t.amountOffCents} is null) and coalesce(${t.percentOff}, 1) between 1 and 100 and coalesce(${t.amountOffCents}, 1) > 0`,
    ),
  ],
);

export const subscriptionStatus = pgEnum('subscription_status', ['active', 'past_due', 'canceled']);

/**
 * A user's subscription plan and its current period. At most one that is not canceled per user. The credits
 * of the current period (`periodCredits`, granted from `creditsGrantedAt` on) are what expires at its end,
 * less what was spent since: subscription credits are spent before pack credits.
 */
export const subscriptions = pgTable(
  'subscriptions',
  {
    id: uuid('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    planId: text('plan_id').notNull(),
    status: subscriptionStatus('status').notNull().default('active'),
    /** `local` (the test-mode checkout; periods rolled by a job) or `stripe` (periods follow its invoices). */
    provider: text('provider').notNull(),
    currentPeriodStart: timestamp('current_period_start', { withTimezone: true }).notNull(),
    currentPeriodEnd: timestamp('current_period_end', { withTimezone: true }).notNull(),
    cancelAtPeriodEnd: boolean('cancel_at_period_end').notNull().default(false),
    /** A downgrade, applied when the current period ends. */
    pendingPlanId: text('pending_plan_id'),
    /**
     * The credit bucket: subscription credits granted for the period [creditsPeriodStart, creditsPeriodEnd),
     * first at `creditsGrantedAt` (debits from then on spend it first). What is left of it expires at the
     * period's end. It follows the grants (invoices paid), which may lag the period Stripe reports.
     */
    periodCredits: integer('period_credits').notNull().default(0),
    creditsPeriodStart: timestamp('credits_period_start', { withTimezone: true }),
    creditsPeriodEnd: timestamp('credits_period_end', { withTimezone: true }),
    creditsGrantedAt: timestamp('credits_granted_at', { withTimezone: true }),
    stripeSubscriptionId: text('stripe_subscription_id'),
    stripeCustomerId: text('stripe_customer_id'),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('subscriptions_user_live_key').on(t.userId).where(sql`${t.status} <> 'canceled'`),
    uniqueIndex('subscriptions_stripe_key').on(t.stripeSubscriptionId),
    index('subscriptions_period_end_idx').on(t.status, t.currentPeriodEnd),
    index('subscriptions_credits_end_idx').on(t.creditsPeriodEnd),
  ],
);

/** What the retention job deleted (issue 19): one row per document, no file names or contents. */
export const retentionLog = pgTable(
  'retention_log',
  {
    id: uuid('id').primaryKey(),
    userId: uuid('user_id').notNull(),
    clientId: uuid('client_id').notNull(),
    documentId: uuid('document_id').notNull(),
    documentCreatedAt: timestamp('document_created_at', { withTimezone: true }).notNull(),
    retentionDays: integer('retention_days').notNull(),
    /** `original` (the file) and/or `extracted` (extraction, invoice and its lines). */
    deleted: jsonb('deleted').$type<string[]>().notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('retention_log_user_idx').on(t.userId, t.createdAt)],
);

/** Emails waiting for, or kept instead of, SMTP delivery. */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: uuid('id').primaryKey(),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html').notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('mail_outbox_created_idx').on(t.createdAt)],
);

/**
 * A client (the spec's freelancer) of the account that owns it and pays its credits: an accountant, or a
 * freelancer on their own (then both columns are that freelancer). `freelancer_user_id` is set once a
 * freelancer has an account for it (the spec's registered user); null is the spec's dummy client.
 */
export const clients = pgTable(
  'clients',
  {
    id: uuid('id').primaryKey(),
    ownerUserId: uuid('owner_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** NIF/NIE/CIF, normalised; decides later whether an invoice was issued or received by the client. */
    taxId: text('tax_id'),
    freelancerUserId: uuid('freelancer_user_id').references(() => users.id, { onDelete: 'set null' }),
    /** Tax profile (issue 18). `individual` | `company`; null: inferred from the tax id. */
    legalForm: text('legal_form'),
    /** `general` | `recargo` | `exempt`. */
    vatRegime: text('vat_regime').notNull().default('general'),
    /** `common` | `canarias` | `ceuta_melilla` | `alava` | `bizkaia` | `gipuzkoa` | `navarra`. */
    territory: text('territory').notNull().default('common'),
    /** Overrides of the default accounts for the accounting-package exports (AccountMapping, partial). */
    accountMapping: jsonb('account_mapping').notNull().default({}),
    /**
     * Files that may be uploaded for this client per calendar month (Europe/Madrid), set by the owner
     * (spec-2 §5). Null: no limit; 0: the upload panel is hidden.
     */
    monthlyLimit: integer('monthly_limit'),
    /** Name and tax id folded (accents and case dropped), for search that forgives. */
    searchKey: text('search_key').notNull().generatedAlwaysAs(foldSql(`name || ' ' || coalesce(tax_id, '')`)),
    /** The name's sort key in English (ñ with n) and in Spanish (ñ after n); compared under "C". */
    nameKey: text('name_key').notNull().generatedAlwaysAs(foldSql('name')),
    nameKeyEs: text('name_key_es').notNull().generatedAlwaysAs(foldSqlEs('name')),
    createdAt: createdAt(),
  },
  (t) => [
    // The owner's table: filtered by owner, sorted by name the way the user's language does, paged.
    index('clients_owner_name_idx').on(t.ownerUserId, sql`${t.nameKey} collate "C"`, t.id),
    index('clients_owner_name_es_idx').on(t.ownerUserId, sql`${t.nameKeyEs} collate "C"`, t.id),
    index('clients_freelancer_idx').on(t.freelancerUserId),
    // A freelancer is linked to a given owner at most once (and has at most one client of their own).
    uniqueIndex('clients_owner_freelancer_key')
      .on(t.ownerUserId, t.freelancerUserId)
      .where(sql`${t.freelancerUserId} is not null`),
  ],
);

/**
 * An emailed invitation to link a client to the invitee's account. Only the SHA-256 of the token is kept;
 * a newer invitation for the same client revokes the older ones.
 */
export const invitations = pgTable(
  'invitations',
  {
    id: uuid('id').primaryKey(),
    clientId: uuid('client_id')
      .notNull()
      .references(() => clients.id, { onDelete: 'cascade' }),
    invitedByUserId: uuid('invited_by_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Lower-cased and trimmed, like users.email: only that account may accept. */
    email: text('email').notNull(),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    acceptedByUserId: uuid('accepted_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('invitations_token_hash_key').on(t.tokenHash),
    index('invitations_client_idx').on(t.clientId, t.createdAt),
  ],
);

/** Messages sent from the contact form; also emailed to the support address. */
export const contactMessages = pgTable(
  'contact_messages',
  {
    id: uuid('id').primaryKey(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    email: text('email').notNull(),
    /** What it is about, when the sender or the link that opened the form said. */
    subject: text('subject'),
    message: text('message').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('contact_messages_user_idx').on(t.userId, t.createdAt)],
);

/** Files dropped together on a client. */
export const uploadBatches = pgTable(
  'upload_batches',
  {
    id: uuid('id').primaryKey(),
    clientId: uuid('client_id')
      .notNull()
      .references(() => clients.id, { onDelete: 'cascade' }),
    uploadedByUserId: uuid('uploaded_by_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Set once, when the batch's last document settled (the "batch finished" email goes then). */
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('upload_batches_client_idx').on(t.clientId, t.createdAt)],
);

export const documentStatus = pgEnum('document_status', [
  'queued',
  'processing',
  'needs_review',
  'ready',
  'failed',
  'duplicate',
]);

/**
 * One uploaded file and its way through extraction. The original (under `file_key`) and the raw extraction
 * are kept whatever happens; a file refused at upload has no key and never reaches the queue.
 */
/**
 * A dropped or mailed PDF that held several invoices (#21): the whole file is kept so the accountant can
 * move a page boundary; each invoice in it is a document of its own (`documents.splitId`, its pages).
 */
export const documentSplits = pgTable('document_splits', {
  id: uuid('id').primaryKey(),
  clientId: uuid('client_id')
    .notNull()
    .references(() => clients.id, { onDelete: 'cascade' }),
  filename: text('filename').notNull(),
  fileKey: text('file_key').notNull(),
  pageCount: integer('page_count').notNull(),
  createdAt: createdAt(),
});

export const documents = pgTable(
  'documents',
  {
    id: uuid('id').primaryKey(),
    batchId: uuid('batch_id')
      .notNull()
      .references(() => uploadBatches.id, { onDelete: 'cascade' }),
    clientId: uuid('client_id')
      .notNull()
      .references(() => clients.id, { onDelete: 'cascade' }),
    /** Whose credit is held for it and spent on success: the client's owner. */
    payerUserId: uuid('payer_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The name the user gave the file, shown back to them; never used as a path. */
    filename: text('filename').notNull(),
    mediaType: text('media_type'),
    sizeBytes: integer('size_bytes').notNull(),
    sha256: text('sha256'),
    fileKey: text('file_key'),
    status: documentStatus('status').notNull().default('queued'),
    errorCode: text('error_code'),
    extraction: jsonb('extraction'),
    invoiceId: uuid('invoice_id'),
    duplicateOfInvoiceId: uuid('duplicate_of_invoice_id'),
    /** Set when this document is one invoice cut out of a PDF that held several: which, and its pages. */
    splitId: uuid('split_id').references(() => documentSplits.id, { onDelete: 'set null' }),
    pageFrom: integer('page_from'),
    pageTo: integer('page_to'),
    /** When the owner was warned that retention will delete it (at least 7 days before it does). */
    retentionWarnedAt: timestamp('retention_warned_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('documents_batch_idx').on(t.batchId),
    index('documents_split_idx').on(t.splitId),
    index('documents_client_idx').on(t.clientId, t.createdAt),
    index('documents_client_sha_idx').on(t.clientId, t.sha256),
    // The review queue: newest first, keyset-paged on (created_at, id), per client.
    index('documents_client_created_id_idx').on(t.clientId, t.createdAt, t.id),
  ],
);

export const invoiceType = pgEnum('invoice_type', ['issued', 'received']);

/**
 * An invoice as extracted and then reviewed. Money in integer cents. `type` is null until someone decides
 * whether the client issued or received it. `checked` is the spec's reviewed flag.
 */
export const invoices = pgTable(
  'invoices',
  {
    id: uuid('id').primaryKey(),
    clientId: uuid('client_id')
      .notNull()
      .references(() => clients.id, { onDelete: 'cascade' }),
    documentId: uuid('document_id').references(() => documents.id, { onDelete: 'set null' }),
    /** SHA-256 of the source file: the same file twice for one client is a duplicate. */
    sourceSha256: text('source_sha256'),
    type: invoiceType('type'),
    number: text('number'),
    issueDate: date('issue_date', { mode: 'string' }),
    dueDate: date('due_date', { mode: 'string' }),
    issuerName: text('issuer_name'),
    issuerAddress: text('issuer_address'),
    issuerTaxId: text('issuer_tax_id'),
    recipientName: text('recipient_name'),
    recipientAddress: text('recipient_address'),
    recipientTaxId: text('recipient_tax_id'),
    currency: text('currency').notNull().default('EUR'),
    taxBaseCents: integer('tax_base_cents'),
    vatTotalCents: integer('vat_total_cents'),
    withholdingCents: integer('withholding_cents'),
    withholdingRate: text('withholding_rate'),
    surchargeCents: integer('surcharge_cents'),
    /** Output taxes other than VAT (IGIC, IPSI, special taxes): their entries in the breakdown carry `taxType`. */
    otherTaxesCents: integer('other_taxes_cents'),
    totalCents: integer('total_cents'),
    /** [{ rate, baseCents, vatCents, surchargeRate?, surchargeCents?, taxType? }]; no `taxType` = VAT. */
    vatBreakdown: jsonb('vat_breakdown').notNull().default([]),
    /** Per field: { confidence, verified, source, box? } from the extraction. */
    evidence: jsonb('evidence').notNull().default({}),
    checked: boolean('checked').notNull().default(false),
    /** The day the bank payments matched to it reached its total (features/bank); null while unpaid. */
    paidAt: date('paid_at', { mode: 'string' }),
    /**
     * Kept on the accountant's word although it repeats another invoice of the client ("keep both" on a
     * possible duplicate, issue 36): the issuer-and-number key does not hold it back.
     */
    keptAsDuplicate: boolean('kept_as_duplicate').notNull().default(false),
    /** Issuer, recipient, number and tax ids folded, for search that forgives (see `foldSql`). */
    searchKey: text('search_key')
      .notNull()
      .generatedAlwaysAs(
        foldSql(
          `coalesce(issuer_name, '') || ' ' || coalesce(recipient_name, '') || ' ' || coalesce(number, '') || ' ' || coalesce(issuer_tax_id, '') || ' ' || coalesce(recipient_tax_id, '')`,
        ),
      ),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // The invoice table's sorts, keyset-paged (features/invoices/repo.ts `invoiceSortKey`): one index per
    // column, read forwards for asc and backwards for desc; rows without a key come by (client_id, key, id).
    index('invoices_client_date_idx').on(t.clientId, t.issueDate, t.id),
    index('invoices_client_number_idx').on(t.clientId, sql`lower(${t.number}) collate "C"`, t.id),
    index('invoices_client_counterparty_idx').on(
      t.clientId,
      sql`${foldSql(COUNTERPARTY_SQL)} collate "C"`,
      t.id,
    ),
    index('invoices_client_counterparty_es_idx').on(
      t.clientId,
      sql`${foldSqlEs(COUNTERPARTY_SQL)} collate "C"`,
      t.id,
    ),
    index('invoices_client_total_idx').on(t.clientId, t.totalCents, t.id),
    index('invoices_client_type_idx').on(t.clientId, t.type, t.id),
    // "Clients with documents to review" (the client list's filter) and its counts.
    index('invoices_client_unchecked_idx').on(t.clientId).where(sql`not ${t.checked}`),
    uniqueIndex('invoices_document_key').on(t.documentId),
    uniqueIndex('invoices_client_sha_key').on(t.clientId, t.sourceSha256),
    // The same issuer's invoice number twice for one client is a duplicate (normalised in the service).
    uniqueIndex('invoices_client_issuer_number_key')
      .on(t.clientId, t.issuerTaxId, t.number)
      .where(sql`${t.issuerTaxId} is not null and ${t.number} is not null and not ${t.keptAsDuplicate}`),
  ],
);

/**
 * What a client's invoice list shows above its rows, kept up to date as invoices change rather than summed
 * over all of them on every page (issue 37): how many invoices, how many still to review, and gross income
 * (`grossIncomeCents` of @cuadra/shared, as the SQL function `client_counters_gross`). Maintained by statement triggers on `invoices` in the same
 * transaction as each write (migration 0026_client_counters.sql), so every path that writes invoices —
 * uploads, review, retention, a deleted client's cascade — keeps it exact, and concurrent writers queue on
 * the client's row instead of losing an update. A client without invoices has no row: read it as zeros.
 */
export const clientCounters = pgTable('client_counters', {
  clientId: uuid('client_id')
    .primaryKey()
    .references(() => clients.id, { onDelete: 'cascade' }),
  invoices: integer('invoices').notNull().default(0),
  unchecked: integer('unchecked').notNull().default(0),
  grossIncomeCents: bigint('gross_income_cents', { mode: 'number' }).notNull().default(0),
});

export const invoiceItems = pgTable(
  'invoice_items',
  {
    id: uuid('id').primaryKey(),
    invoiceId: uuid('invoice_id')
      .notNull()
      .references(() => invoices.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    description: text('description').notNull(),
    /** Decimal as text (quantities can be fractional: 1.5 h). */
    quantity: text('quantity'),
    unitPriceCents: integer('unit_price_cents'),
    lineTotalCents: integer('line_total_cents'),
    vatRate: text('vat_rate'),
    irpfRate: text('irpf_rate'),
  },
  (t) => [index('invoice_items_invoice_idx').on(t.invoiceId, t.position)],
);

/**
 * A client's inbound email address: `<local_part>@INBOUND_EMAIL_DOMAIN`. The local part is random (not
 * derived from the client), so it cannot be guessed; rotating it replaces it and the old one stops working.
 */
export const clientInboundAddresses = pgTable(
  'client_inbound_addresses',
  {
    clientId: uuid('client_id')
      .primaryKey()
      .references(() => clients.id, { onDelete: 'cascade' }),
    localPart: text('local_part').notNull(),
    /** Whether an accepted mail's sender gets a reply saying what became of it (off unless turned on). */
    replyToSender: boolean('reply_to_sender').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('client_inbound_addresses_local_part_key').on(t.localPart)],
);

/** Addresses besides the accountant and the client's own users that may mail invoices to a client. */
export const inboundSenders = pgTable(
  'inbound_senders',
  {
    id: uuid('id').primaryKey(),
    clientId: uuid('client_id')
      .notNull()
      .references(() => clients.id, { onDelete: 'cascade' }),
    /** Lower-cased and trimmed. */
    email: text('email').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('inbound_senders_client_email_key').on(t.clientId, t.email)],
);

export const inboundMessageStatus = pgEnum('inbound_message_status', [
  /** Its files became an upload batch. */
  'accepted',
  /** The sender may not send to this client: nothing kept, nothing charged. */
  'refused',
  /** Nothing in it to read (no invoice attachment, no receipt in the body). */
  'empty',
  /** The owner's credits could not cover its files: nothing kept (SMTP senders are told to retry). */
  'no_credits',
  /** The client's monthly upload limit (spec-2 §5) leaves no room for its files: nothing kept. */
  'over_monthly_limit',
]);

/** One mail received for a client, by SMTP or a provider's webhook, and what became of it. */
export const inboundMessages = pgTable(
  'inbound_messages',
  {
    id: uuid('id').primaryKey(),
    clientId: uuid('client_id')
      .notNull()
      .references(() => clients.id, { onDelete: 'cascade' }),
    batchId: uuid('batch_id').references(() => uploadBatches.id, { onDelete: 'set null' }),
    /** `smtp` or the webhook provider's name. */
    channel: text('channel').notNull(),
    /** The address the sender was judged by (SMTP envelope sender, or the webhook's From). */
    sender: text('sender').notNull(),
    fromHeader: text('from_header'),
    subject: text('subject'),
    messageId: text('message_id'),
    status: inboundMessageStatus('status').notNull(),
    /** SPF and DKIM verdicts from an Authentication-Results header, when the relay added one. */
    spf: text('spf'),
    dkim: text('dkim'),
    /** DMARC verdict of the receiver's own check on arrival (ADR 0017). */
    dmarc: text('dmarc'),
    /**
     * The arrival check's overall result (ADR 0017): pass, neutral, fail (kept under INBOUND_MAIL_AUTH=record,
     * or on a refusal line), unchecked (DNS unreachable, or the check off). Null: not checked (webhook).
     */
    mailAuth: text('mail_auth'),
    /** Attachments skipped and why: [{ name, reason }]. */
    skipped: jsonb('skipped').notNull().default([]),
    createdAt: createdAt(),
  },
  (t) => [index('inbound_messages_client_idx').on(t.clientId, t.createdAt)],
);

export const memoryField = pgEnum('memory_field', ['issuerName', 'type', 'vatRate']);

/**
 * Supplier memory: a correction an accountant made to an invoice from a supplier (by tax id), applied to the
 * next invoice of the same client from the same supplier with source `memory` (never verified).
 */
export const supplierMemory = pgTable(
  'supplier_memory',
  {
    id: uuid('id').primaryKey(),
    clientId: uuid('client_id')
      .notNull()
      .references(() => clients.id, { onDelete: 'cascade' }),
    /** Normalised like invoices.issuer_tax_id. */
    supplierTaxId: text('supplier_tax_id').notNull(),
    field: memoryField('field').notNull(),
    value: text('value').notNull(),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('supplier_memory_key').on(t.clientId, t.supplierTaxId, t.field)],
);

/**
 * Where a supplier prints a field (issue #34 item 6): learned by the engine from one accountant's correction
 * and passed to it for that supplier's next documents. One accountant (the clients' owner) per row, so every
 * client of theirs gains from one correction. `supplier_key`: the normalised tax id, or `name:` and the
 * normalised name when the supplier has none. `place`: the engine's PlaceHint (no id, no supplier).
 */
export const supplierPlaces = pgTable(
  'supplier_places',
  {
    id: uuid('id').primaryKey(),
    ownerUserId: uuid('owner_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    supplierKey: text('supplier_key').notNull(),
    field: text('field').notNull(),
    place: jsonb('place').notNull(),
    /** The invoice whose correction taught it, and its number then (shown on the desk). */
    learnedFromInvoiceId: uuid('learned_from_invoice_id').references(() => invoices.id, {
      onDelete: 'set null',
    }),
    learnedFromNumber: text('learned_from_number').notNull(),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('supplier_places_key').on(t.ownerUserId, t.supplierKey, t.field)],
);

export const jobState = pgEnum('job_state', ['queued', 'active', 'completed', 'dead']);

/**
 * The background job queue (queue/queue.ts): one row per job. `queued` waits for `run_at` (a retry waits
 * out its backoff there); `active` is leased to a worker until `locked_until`, which heartbeats push back,
 * and a lapsed lease is taken back; `completed` rows are deleted after a day; `dead` rows (gave up) stay
 * for operators and health.
 */
export const jobs = pgTable(
  'jobs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    data: jsonb('data').notNull(),
    state: jobState('state').notNull().default('queued'),
    /** Singleton key: one queued-or-active job per (name, key). */
    key: text('key'),
    /** The cron tick a scheduled job was sent for: one job per (name, slot), whichever process sends it. */
    slot: timestamp('slot', { withTimezone: true }),
    /** Attempts started; the current one's number fences its heartbeats and result. */
    attempts: integer('attempts').notNull().default(0),
    runAt: timestamp('run_at', { withTimezone: true }).notNull().defaultNow(),
    startedAt: timestamp('started_at', { withTimezone: true }),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    lastError: text('last_error'),
    createdAt: createdAt(),
  },
  (t) => [
    // What workers poll for: ready jobs of a name, oldest first.
    index('jobs_ready_idx').on(t.name, t.runAt).where(sql`${t.state} = 'queued'`),
    // What the supervisor looks for: leases that lapsed.
    index('jobs_leased_idx').on(t.lockedUntil).where(sql`${t.state} = 'active'`),
    index('jobs_finished_idx').on(t.state, t.finishedAt).where(sql`${t.state} in ('completed', 'dead')`),
    uniqueIndex('jobs_singleton_key')
      .on(t.name, t.key)
      .where(sql`${t.key} is not null and ${t.state} in ('queued', 'active')`),
    uniqueIndex('jobs_schedule_slot').on(t.name, t.slot),
  ],
);

/** A client's bank account, known by its IBAN; an IBAN belongs to one client of an accountant. */
export const bankAccounts = pgTable(
  'bank_accounts',
  {
    id: uuid('id').primaryKey(),
    clientId: uuid('client_id')
      .notNull()
      .references(() => clients.id, { onDelete: 'cascade' }),
    /** The owner of the client, so "another client's IBAN" is one index lookup. */
    ownerUserId: uuid('owner_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    iban: text('iban').notNull(),
    currency: text('currency').notNull().default('EUR'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('bank_accounts_owner_iban_key').on(t.ownerUserId, t.iban)],
);

/** One account's section of an imported file (a Norma 43 file may hold several accounts). */
export const bankStatements = pgTable(
  'bank_statements',
  {
    id: uuid('id').primaryKey(),
    clientId: uuid('client_id')
      .notNull()
      .references(() => clients.id, { onDelete: 'cascade' }),
    accountId: uuid('account_id')
      .notNull()
      .references(() => bankAccounts.id, { onDelete: 'cascade' }),
    /** `norma43` | `camt053`. */
    format: text('format').notNull(),
    fileName: text('file_name').notNull(),
    fileSha256: text('file_sha256').notNull(),
    periodFrom: date('period_from', { mode: 'string' }).notNull(),
    periodTo: date('period_to', { mode: 'string' }).notNull(),
    currency: text('currency').notNull(),
    openingCents: bigint('opening_cents', { mode: 'number' }).notNull(),
    closingCents: bigint('closing_cents', { mode: 'number' }).notNull(),
    movementCount: integer('movement_count').notNull(),
    newMovementCount: integer('new_movement_count').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('bank_statements_client_idx').on(t.clientId, t.createdAt)],
);

/**
 * A movement as the bank booked it, with the file line it came from. `fingerprint` (account, dates, amount,
 * concept, reference, and its rank among identical ones of its day) makes an overlapping re-import add
 * nothing twice.
 */
export const bankMovements = pgTable(
  'bank_movements',
  {
    id: uuid('id').primaryKey(),
    clientId: uuid('client_id')
      .notNull()
      .references(() => clients.id, { onDelete: 'cascade' }),
    accountId: uuid('account_id')
      .notNull()
      .references(() => bankAccounts.id, { onDelete: 'cascade' }),
    statementId: uuid('statement_id')
      .notNull()
      .references(() => bankStatements.id, { onDelete: 'cascade' }),
    fingerprint: text('fingerprint').notNull(),
    bookingDate: date('booking_date', { mode: 'string' }).notNull(),
    valueDate: date('value_date', { mode: 'string' }),
    /** Signed: positive a credit, negative a charge. */
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
    currency: text('currency').notNull(),
    concept: text('concept').notNull(),
    counterpartyName: text('counterparty_name'),
    counterpartyIban: text('counterparty_iban'),
    reference: text('reference'),
    sourceLine: integer('source_line').notNull(),
    /** The file's own text for this movement (its records, or its XML element). */
    sourceText: text('source_text').notNull(),
    /** `unmatched` | `proposed` | `matched` | `ignored`. */
    status: text('status').notNull().default('unmatched'),
    /** `auto` | `user`, for a match. */
    matchedBy: text('matched_by'),
    ignoreReason: text('ignore_reason'),
    score: integer('score'),
    reasons: jsonb('reasons').notNull().default([]),
    /** While `proposed`: [{ invoiceId, amountCents }]. */
    proposal: jsonb('proposal').notNull().default([]),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('bank_movements_account_fingerprint_key').on(t.accountId, t.fingerprint),
    index('bank_movements_client_date_idx').on(t.clientId, t.bookingDate, t.id),
    index('bank_movements_statement_idx').on(t.statementId),
  ],
);

/** The part of a movement that pays an invoice: one transfer may pay several, one invoice be paid twice. */
export const bankPayments = pgTable(
  'bank_payments',
  {
    id: uuid('id').primaryKey(),
    movementId: uuid('movement_id')
      .notNull()
      .references(() => bankMovements.id, { onDelete: 'cascade' }),
    invoiceId: uuid('invoice_id')
      .notNull()
      .references(() => invoices.id, { onDelete: 'cascade' }),
    /** In the movement's currency. */
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
    /** What it settles of the invoice, in the invoice's currency (a foreign invoice paid in euros). */
    invoiceCents: bigint('invoice_cents', { mode: 'number' }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('bank_payments_movement_invoice_key').on(t.movementId, t.invoiceId),
    index('bank_payments_invoice_idx').on(t.invoiceId),
  ],
);

/**
 * A saved rule of a client: movements whose folded concept contains `pattern` (and go the rule's way) are
 * set aside with `reason` when the matcher finds no invoice for them (bank fees, taxes, payroll, transfers).
 */
export const bankRules = pgTable(
  'bank_rules',
  {
    id: uuid('id').primaryKey(),
    clientId: uuid('client_id')
      .notNull()
      .references(() => clients.id, { onDelete: 'cascade' }),
    pattern: text('pattern').notNull(),
    /** `debit` | `credit`. */
    direction: text('direction').notNull(),
    reason: text('reason').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('bank_rules_client_pattern_key').on(t.clientId, t.pattern, t.direction)],
);

/**
 * The columns of a bank's CSV or XLSX export as the accountant confirmed them once for a client (issue 39
 * item 1): known by the header row's signature (its folded cells, hashed), reused for the next file of that
 * layout without asking. `iban`: the account of the file it was confirmed with, for the record.
 */
export const bankCsvMappings = pgTable(
  'bank_csv_mappings',
  {
    id: uuid('id').primaryKey(),
    clientId: uuid('client_id')
      .notNull()
      .references(() => clients.id, { onDelete: 'cascade' }),
    signature: text('signature').notNull(),
    columns: jsonb('columns').notNull(),
    iban: text('iban'),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('bank_csv_mappings_client_signature_key').on(t.clientId, t.signature)],
);

/**
 * The documents a client was asked for (issue 39 item 3): the unmatched movements of a period, sent by email
 * with a signed link to a drop page (docs/decisions/0021-missing-documents-request.md).
 */
export const bankRequests = pgTable(
  'bank_requests',
  {
    id: uuid('id').primaryKey(),
    clientId: uuid('client_id')
      .notNull()
      .references(() => clients.id, { onDelete: 'cascade' }),
    requestedByUserId: uuid('requested_by_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    locale: text('locale').notNull(),
    thresholdCents: integer('threshold_cents').notNull(),
    /** Days between reminders while lines wait (the accountant's choice); 0: no reminder. */
    remindEveryDays: integer('remind_every_days').notNull().default(0),
    remindedAt: timestamp('reminded_at', { withTimezone: true }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('bank_requests_client_idx').on(t.clientId, t.createdAt)],
);

/** One movement asked for; `documentId` once the client dropped its file, `linkedAt` once read and proposed. */
export const bankRequestLines = pgTable(
  'bank_request_lines',
  {
    id: uuid('id').primaryKey(),
    requestId: uuid('request_id')
      .notNull()
      .references(() => bankRequests.id, { onDelete: 'cascade' }),
    movementId: uuid('movement_id')
      .notNull()
      .references(() => bankMovements.id, { onDelete: 'cascade' }),
    documentId: uuid('document_id').references(() => documents.id, { onDelete: 'set null' }),
    uploadedAt: timestamp('uploaded_at', { withTimezone: true }),
    linkedAt: timestamp('linked_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('bank_request_lines_request_movement_key').on(t.requestId, t.movementId),
    index('bank_request_lines_movement_idx').on(t.movementId),
  ],
);

/** What a member of a firm may do (issue 40): see access/firm.ts for where each is enforced. */
export const firmRole = pgEnum('firm_role', ['owner', 'admin', 'staff', 'reader']);

/**
 * A gestoría: every accountant account owns one (a one-person firm until it invites someone). Its clients
 * stay under the owner's user id (`clients.owner_user_id`), which is also whose credit balance the whole
 * firm spends: the firm's credits are the owner's ledger, so billing never moves.
 */
export const firms = pgTable(
  'firms',
  {
    id: uuid('id').primaryKey(),
    ownerUserId: uuid('owner_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    taxId: text('tax_id'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('firms_owner_key').on(t.ownerUserId)],
);

/** A user's place in a firm: one firm per user (unique user_id). The owner has a row too. */
export const firmMembers = pgTable(
  'firm_members',
  {
    id: uuid('id').primaryKey(),
    firmId: uuid('firm_id')
      .notNull()
      .references(() => firms.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: firmRole('role').notNull(),
    /** Staff only: every client of the firm rather than the ones assigned (the owner's choice). */
    allClients: boolean('all_clients').notNull().default(false),
    /** Credits this member may spend per calendar month (Europe/Madrid); null: no cap. */
    monthlyCreditCap: integer('monthly_credit_cap'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('firm_members_user_key').on(t.userId),
    index('firm_members_firm_idx').on(t.firmId),
    check('firm_members_cap_nonnegative', sql`${t.monthlyCreditCap} is null or ${t.monthlyCreditCap} >= 0`),
  ],
);

/** An emailed invitation to join a firm: single use, bound to the address, expiring (as client invitations). */
export const firmInvitations = pgTable(
  'firm_invitations',
  {
    id: uuid('id').primaryKey(),
    firmId: uuid('firm_id')
      .notNull()
      .references(() => firms.id, { onDelete: 'cascade' }),
    invitedByUserId: uuid('invited_by_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Lower-cased and trimmed, like users.email: only that account may accept. */
    email: text('email').notNull(),
    role: firmRole('role').notNull(),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    acceptedByUserId: uuid('accepted_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('firm_invitations_token_hash_key').on(t.tokenHash),
    index('firm_invitations_firm_idx').on(t.firmId, t.createdAt),
  ],
);

/** A client's responsible members: staff see the clients they are responsible for. */
export const clientMembers = pgTable(
  'client_members',
  {
    clientId: uuid('client_id')
      .notNull()
      .references(() => clients.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('client_members_key').on(t.clientId, t.userId),
    index('client_members_user_idx').on(t.userId),
  ],
);

export const changeVia = pgEnum('change_via', ['screen', 'api', 'rule', 'memory', 'import']);

/**
 * Every change to an invoice or a client (issue 40 item 4): which field, from what, to what, who, when and
 * through what. Append-only; values as JSON so a date, an amount in cents and a list keep their type.
 * `actor_user_id` is null for changes no person made (a rule, supplier memory at extraction).
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: uuid('id').primaryKey(),
    /** Null for a change to a user's own settings (entity `user`), which belongs to no client. */
    clientId: uuid('client_id').references(() => clients.id, { onDelete: 'cascade' }),
    /** `invoice` | `client` | `form` (a form generated for a period) | `user` (their own settings) | `firm`. */
    entity: text('entity').notNull(),
    entityId: uuid('entity_id').notNull(),
    field: text('field').notNull(),
    fromValue: jsonb('from_value'),
    toValue: jsonb('to_value'),
    actorUserId: uuid('actor_user_id').references(() => users.id, { onDelete: 'set null' }),
    via: changeVia('via').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('audit_log_entity_idx').on(t.entity, t.entityId, t.id),
    index('audit_log_client_idx').on(t.clientId, t.createdAt),
  ],
);
