import { z } from 'zod';
import { LOCALES } from './locale';
import { findPlan } from './plan-catalogue';
import { PlanIdSchema } from './plans';
import { FirmRoleSchema } from './roles';

/** 8 to 128 characters: long passphrases are welcome; argon2 hashes all of it (nothing is truncated). */
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;
/** A verification link lasts 48 hours; a password-reset link 1 hour. */
export const VERIFY_EMAIL_TTL_HOURS = 48;
export const PASSWORD_RESET_TTL_HOURS = 1;

export const ACCOUNT_TYPES = ['accountant', 'freelancer'] as const;
export const AccountTypeSchema = z.enum(ACCOUNT_TYPES);
export type AccountType = z.infer<typeof AccountTypeSchema>;

export const LocaleSchema = z.enum(LOCALES);

/** Emails are compared trimmed and lower-cased. 254: the longest address SMTP can carry. */
export const EmailSchema = z.string().trim().toLowerCase().max(254).pipe(z.email());

export const PasswordSchema = z.string().min(PASSWORD_MIN_LENGTH).max(PASSWORD_MAX_LENGTH);

export const NameSchema = z.string().trim().min(1).max(100);

/** The spec's coupon: trimmed, and kept only when something is left. */
export const CouponCodeSchema = z
  .string()
  .max(64)
  .optional()
  .transform((value) => value?.trim() || undefined);

/** A one-time link's token: 32 random bytes in base64url (43 characters); anything far longer is junk. */
export const OneTimeTokenSchema = z.string().min(1).max(200);

/** A plan that can be bought online (every plan but the contact-only one). */
const BuyablePlanIdSchema = PlanIdSchema.refine(
  (id) => findPlan(id)?.contactOnly === false,
  'This plan is not sold online',
);

export const RegisterRequestSchema = z
  .object({
    email: EmailSchema,
    password: PasswordSchema,
    name: NameSchema,
    accountType: AccountTypeSchema,
    couponCode: CouponCodeSchema,
    /** The language of the emails; default: the request's Accept-Language. */
    locale: LocaleSchema.optional(),
    /**
     * A plan chosen before signing up (issue 16 item 4): kept on the account, so the first sign-in after
     * verifying continues to its checkout in whichever browser it happens. Enterprise is not bought online.
     */
    planId: BuyablePlanIdSchema.optional(),
  })
  .meta({ id: 'RegisterRequest' });
export type RegisterRequest = z.input<typeof RegisterRequestSchema>;

export const RegisterResponseSchema = z
  .object({ email: z.string(), verificationSent: z.boolean() })
  .meta({ id: 'RegisterResponse' });
export type RegisterResponse = z.infer<typeof RegisterResponseSchema>;

export const LoginRequestSchema = z
  .object({
    email: EmailSchema,
    // Only bounded here: an old account may predate today's rules, and a wrong one is simply wrong.
    password: z.string().min(1).max(PASSWORD_MAX_LENGTH),
  })
  .meta({ id: 'LoginRequest' });
export type LoginRequest = z.input<typeof LoginRequestSchema>;

export const CreditsInfoSchema = z
  .object({
    available: z.number().int(),
    lastPurchase: z.string().nullable(),
    lastUsage: z.string().nullable(),
    /** When the balance was read (the spec's last_credit_check). */
    lastCheck: z.string(),
  })
  .meta({ id: 'CreditsInfo' });
export type CreditsInfo = z.infer<typeof CreditsInfoSchema>;

/** The signed-in user as the browser keeps it (spec-1 §3 "User fields read"). */
export const UserSchema = z
  .object({
    id: z.string(),
    email: z.string(),
    name: z.string(),
    /** The spec's `type`. */
    accountType: AccountTypeSchema,
    /** The spec's `type_user`: the guard's access state. */
    status: z.literal('active'),
    /** The spec's `subscription_type_user`. */
    subscriptionType: AccountTypeSchema,
    locale: LocaleSchema,
    verified: z.boolean(),
    /** 1: account created; 2: email verified. */
    registrationStep: z.number().int(),
    credits: CreditsInfoSchema,
    /**
     * The plan chosen before signing up and not bought yet (issue 16 item 4): the first sign-in after
     * verifying continues to its checkout. Cleared when a checkout is paid, another plan's checkout starts,
     * or the user lets it go (`PATCH /me` with `chosenPlanId: null`).
     */
    chosenPlanId: PlanIdSchema.nullable(),
    /** The account's role in its firm (issue 40); null for a freelancer. Billing is the owner's. */
    firmRole: FirmRoleSchema.nullable().optional(),
  })
  .meta({ id: 'User' });
export type User = z.infer<typeof UserSchema>;

export const AuthResultSchema = z
  .object({
    token: z.string(),
    user: UserSchema,
  })
  .meta({ id: 'AuthResult' });
export type AuthResult = z.infer<typeof AuthResultSchema>;

export const GoogleAuthRequestSchema = z
  .object({
    idToken: z.string().min(1).max(8192),
    /** Only for a new account; the spec's Google sign-up makes an accountant. */
    accountType: AccountTypeSchema.optional(),
    locale: LocaleSchema.optional(),
    /** A pack chosen before signing up (spec-1 §7 call 10): the answer then carries its checkout. */
    packId: z.string().min(1).max(40).optional(),
  })
  .meta({ id: 'GoogleAuthRequest' });
export type GoogleAuthRequest = z.input<typeof GoogleAuthRequestSchema>;

export const GoogleAuthResultSchema = AuthResultSchema.extend({
  created: z.boolean(),
  /** With a `packId`: the checkout page to continue to (absent when it could not be started). */
  checkoutUrl: z.string().optional(),
}).meta({ id: 'GoogleAuthResult' });
export type GoogleAuthResult = z.infer<typeof GoogleAuthResultSchema>;

export const VerifyEmailRequestSchema = z
  .object({ token: OneTimeTokenSchema })
  .meta({ id: 'VerifyEmailRequest' });

export const VerifyEmailResultSchema = z
  .object({
    alreadyVerified: z.boolean(),
    creditsGranted: z.number().int(),
    /** The verified user, when the verification happened now. */
    user: UserSchema.optional(),
  })
  .meta({ id: 'VerifyEmailResult' });
export type VerifyEmailResult = z.infer<typeof VerifyEmailResultSchema>;

export const ResendVerificationResultSchema = z
  .object({ sent: z.boolean(), alreadyVerified: z.boolean() })
  .meta({ id: 'ResendVerificationResult' });
export type ResendVerificationResult = z.infer<typeof ResendVerificationResultSchema>;

export const PasswordResetRequestSchema = z
  .object({ email: EmailSchema, locale: LocaleSchema.optional() })
  .meta({ id: 'PasswordResetRequest' });
export type PasswordResetRequest = z.input<typeof PasswordResetRequestSchema>;

export const PasswordResetConfirmSchema = z
  .object({ token: OneTimeTokenSchema, password: PasswordSchema })
  .meta({ id: 'PasswordResetConfirm' });
export type PasswordResetConfirm = z.input<typeof PasswordResetConfirmSchema>;

export const OkSchema = z.object({ ok: z.literal(true) }).meta({ id: 'Ok' });

/** What the browser needs to know before anyone signs in. */
export const PublicConfigSchema = z
  .object({ googleClientId: z.string().nullable() })
  .meta({ id: 'PublicConfig' });
export type PublicConfig = z.infer<typeof PublicConfigSchema>;
