/** Codes for documents the engine refuses to read. A poor document never gets one of these: it gets warnings. */
export type ExtractErrorCode =
  | 'EMPTY_FILE'
  | 'UNSUPPORTED_TYPE'
  | 'FILE_TOO_LARGE'
  | 'PDF_ENCRYPTED'
  | 'PDF_MALFORMED'
  | 'DOCUMENT_TOO_COMPLEX'
  | 'TOO_MANY_PAGES'
  | 'TOO_MANY_PIXELS'
  | 'IMAGE_MALFORMED'
  | 'XML_INVALID'
  | 'XML_UNSUPPORTED';

/**
 * Thrown by `extractDocument` for a rejected file. `permanent` is true when retrying the same bytes
 * can never succeed (every code above is permanent); the server should not retry those jobs.
 */
export class ExtractError extends Error {
  readonly code: ExtractErrorCode;
  readonly permanent: boolean;
  readonly details: Record<string, unknown> | undefined;

  constructor(code: ExtractErrorCode, message: string, details?: Record<string, unknown>, permanent = true) {
    super(message);
    this.name = 'ExtractError';
    this.code = code;
    this.permanent = permanent;
    this.details = details;
  }
}

/** True for an `ExtractError` (also across module copies, by shape). */
export function isExtractError(error: unknown): error is ExtractError {
  return error instanceof ExtractError || (error instanceof Error && error.name === 'ExtractError');
}
