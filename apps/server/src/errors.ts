import { type ErrorBody, type ErrorCode, errorMessage, type Locale } from '@cuadra/shared';
import type { ContentfulStatusCode } from 'hono/utils/http-status';

/** The one table from error code to HTTP status. */
const STATUS: Record<ErrorCode, ContentfulStatusCode> = {
  VALIDATION_FAILED: 400,
  BAD_JSON: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  ROUTE_NOT_FOUND: 404,
  CONFLICT: 409,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  RATE_LIMITED: 429,
  CONTACT_DETAILS_REQUIRED: 400,
  CROSS_ORIGIN_REFUSED: 403,
  MULTIPART_MALFORMED: 400,
  UPLOAD_STALLED: 400,
  UPLOAD_TOO_SLOW: 408,
  TOO_MANY_UPLOADS: 429,
  STORAGE_FULL: 507,
  INVALID_CREDENTIALS: 401,
  CURRENT_PASSWORD_WRONG: 400,
  EMAIL_TAKEN: 409,
  EMAIL_IN_USE: 409,
  EMAIL_UNCHANGED: 400,
  PASSWORD_TOO_COMMON: 400,
  TOKEN_EXPIRED: 400,
  TOKEN_INVALID: 400,
  USER_NOT_FOUND: 404,
  EMAIL_NOT_VERIFIED: 403,
  GOOGLE_NOT_CONFIGURED: 404,
  GOOGLE_TOKEN_INVALID: 401,
  GOOGLE_EMAIL_UNVERIFIED: 403,
  GOOGLE_LINK_REQUIRES_PASSWORD: 409,
  CLIENT_NOT_FOUND: 404,
  ACCOUNTANTS_ONLY: 403,
  TAX_ID_INVALID: 400,
  CLIENT_ALREADY_LINKED: 409,
  CLIENT_TAX_ID_TAKEN: 409,
  // spec-2 §8: an invalid or expired invitation is a 404.
  INVITATION_INVALID: 404,
  INVITATION_EXPIRED: 404,
  INVITATION_WRONG_ACCOUNT: 403,
  INVITATION_FREELANCERS_ONLY: 403,
  ROLE_READ_ONLY: 403,
  ROLE_OWNER_ONLY: 403,
  ROLE_MANAGERS_ONLY: 403,
  MEMBER_NOT_FOUND: 404,
  MEMBER_ALREADY_IN_FIRM: 409,
  FIRM_HANDOVER_SUBSCRIPTION: 409,
  FIRM_NOT_EMPTY: 409,
  FIRM_INVITATION_ACCOUNTANTS_ONLY: 403,
  // Like INSUFFICIENT_CREDITS: the firm has credits, this member's monthly share of them is used up.
  MEMBER_CREDIT_CAP_REACHED: 402,
  PACK_NOT_FOUND: 404,
  CHECKOUT_NOT_FOUND: 404,
  WEBHOOK_SIGNATURE_INVALID: 400,
  CHECKOUT_FAILED: 502,
  PAYMENTS_NOT_CONFIGURED: 503,
  PLAN_NOT_FOUND: 404,
  PLAN_CONTACT_ONLY: 422,
  COUPON_INVALID: 422,
  SUBSCRIPTION_EXISTS: 409,
  UPGRADE_NEEDS_CHECKOUT: 409,
  SUBSCRIPTION_NOT_FOUND: 404,
  PLAN_CHANGE_INVALID: 422,
  PORTAL_NOT_AVAILABLE: 422,
  NO_FILES: 400,
  TOO_MANY_FILES: 413,
  INSUFFICIENT_CREDITS: 402,
  // The drop is understood; the client's monthly limit (spec-2 §5) does not allow it. Nothing is kept.
  MONTHLY_LIMIT_EXCEEDED: 422,
  INVOICE_NOT_FOUND: 404,
  PLACE_MEMORY_NOT_FOUND: 404,
  UPLOAD_NOT_FOUND: 404,
  DOCUMENT_TOO_COMPLEX: 422,
  SPLIT_NOT_FOUND: 404,
  SPLIT_INVALID: 422,
  SPLIT_LOCKED: 409,
  INVOICE_DUPLICATE: 409,
  DOCUMENT_NOT_FOUND: 404,
  DOCUMENT_NOT_DUPLICATE: 409,
  // Well-formed but the figures disagree (issue 14): the request is understood, its content is not right.
  VAT_BREAKDOWN_MISMATCH: 422,
  TOTAL_MISMATCH: 422,
  VAT_RATE_MISMATCH: 422,
  REPORT_DATES_REQUIRED: 400,
  REPORT_START_AFTER_END: 400,
  REPORT_RANGE_TOO_LONG: 400,
  REPORT_END_IN_FUTURE: 400,
  REPORT_FAILED: 500,
  REPORT_LINK_NOT_FOUND: 404,
  // Gone: the link was real but its time is up.
  REPORT_LINK_EXPIRED: 410,
  FORM_NOT_FOUND: 404,
  FORM_PERIOD_INVALID: 400,
  // 422: the request is well formed, but the form does not apply to this client's tax profile.
  FORM_INDIVIDUALS_ONLY: 422,
  FORM_COMPANIES_ONLY: 422,
  FORM_FORAL_TERRITORY: 422,
  FORM_CANARIAS_IGIC: 422,
  FORM_CEUTA_MELILLA_IPSI: 422,
  FORM_VAT_EXEMPT: 422,
  EXPORT_RANGE_INVALID: 400,
  // Not implemented: the route exists, the layout could not be verified.
  EXPORT_LAYOUT_UNAVAILABLE: 501,
  EXPORT_FAILED: 500,
  INBOUND_PROVIDER_UNKNOWN: 404,
  INBOUND_SIGNATURE_INVALID: 401,
  INBOUND_SENDER_NOT_FOUND: 404,
  // Understood but not a statement we can read, or one that does not add up: nothing is imported.
  STATEMENT_UNREADABLE: 422,
  STATEMENT_BALANCE_MISMATCH: 422,
  STATEMENT_MAPPING_REQUIRED: 422,
  STATEMENT_DUPLICATE: 409,
  STATEMENT_ACCOUNT_OTHER_CLIENT: 409,
  MOVEMENT_NOT_FOUND: 404,
  BANK_REQUEST_LINK_INVALID: 404,
  BANK_REQUEST_LINK_EXPIRED: 410,
  BANK_REQUEST_DROP_LIMITED: 429,
  BANK_REQUEST_NOTHING_MISSING: 422,
  BANK_REQUEST_NO_EMAIL: 422,
  MATCH_INVALID: 422,
  INTERNAL: 500,
  SERVICE_UNAVAILABLE: 503,
};

/** The one error type of the app: a code the browser translates, and optional details for the UI. */
export class AppError extends Error {
  override name = 'AppError';
  constructor(
    readonly code: ErrorCode,
    readonly details?: unknown,
  ) {
    super(code);
  }

  get status(): ContentfulStatusCode {
    return STATUS[this.code];
  }

  toBody(locale: Locale): ErrorBody {
    const error: ErrorBody['error'] = { code: this.code, message: errorMessage(this.code, locale) };
    if (this.details !== undefined) error.details = this.details;
    return { error };
  }
}
