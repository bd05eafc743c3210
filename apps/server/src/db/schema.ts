import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  pgEnum,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

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
  ],
);

export const ledgerKind = pgEnum('ledger_kind', [
  'grant',
  'purchase',
  'reservation',
  'debit',
  'release',
  'refund',
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
    /** Signed change to the available balance, in credits. */
    amount: integer('amount').notNull(),
    reference: text('reference').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('credit_ledger_kind_reference_key').on(t.kind, t.reference),
    index('credit_ledger_user_idx').on(t.userId, t.createdAt),
  ],
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
