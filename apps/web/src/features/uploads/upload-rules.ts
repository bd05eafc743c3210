/** spec-2 §5 and issue 6: PDF, JPG, PNG and e-invoice XML. The server sniffs magic bytes as well. */
export const ACCEPTED_EXTENSIONS = ['.pdf', '.jpg', '.jpeg', '.png', '.xml'] as const;
export const ACCEPTED_MEDIA_TYPES = [
  'application/pdf',
  'image/jpeg',
  'image/png',
  'application/xml',
  'text/xml',
] as const;
/** The file picker's `accept`: extensions and media types, so every platform's dialog offers the same. */
export const ACCEPT_ATTRIBUTE = [...ACCEPTED_EXTENSIONS, ...ACCEPTED_MEDIA_TYPES].join(',');

/**
 * A file is accepted by its extension (what the user sees); the media type only helps when a file has no
 * extension (some mobile pickers), because browsers report XML and even PDFs inconsistently.
 */
export function isAcceptedFile(file: { name: string; type: string }): boolean {
  const name = file.name.toLowerCase();
  const dot = name.lastIndexOf('.');
  if (dot > 0) return (ACCEPTED_EXTENSIONS as readonly string[]).includes(name.slice(dot));
  return (ACCEPTED_MEDIA_TYPES as readonly string[]).includes(file.type);
}

export type FileSelection<F> = { accepted: F[]; refused: F[] };

export function splitByType<F extends { name: string; type: string }>(files: readonly F[]): FileSelection<F> {
  const accepted: F[] = [];
  const refused: F[] = [];
  for (const file of files) (isAcceptedFile(file) ? accepted : refused).push(file);
  return { accepted, refused };
}

/** What stops an upload before anything is sent (spec-2 §5): nothing is uploaded when there is one. */
export type UploadProblem =
  | { kind: 'invalidTypes'; files: string[] }
  /** More files than credits: `needed` credits for the files, `limit` the balance. */
  | { kind: 'exceededLimit'; limit: number; needed: number }
  /** Some credits but fewer than files (issue 36 item 20): the first `limit` go up, `waiting` do not. */
  | { kind: 'creditsShort'; limit: number; waiting: string[] }
  /** spec-2 §5 "exceededMonthlyLimit": the client's monthly limit, and the files it has left this month. */
  | { kind: 'exceededMonthlyLimit'; limit: number; remaining: number }
  | { kind: 'noFiles' };

/** A client's monthly limit (null: none) and what is left of it this month. */
export type MonthlyAllowance = { limit: number; remaining: number } | null;

/**
 * Checks a drop against the spec's rules. Wrong types are refused and named; the rest is uploaded as far
 * as the scans available go, in the order dropped, and the files left over are named as waiting for
 * credits (issue 36 item 20). With no scan available nothing is uploaded.
 */
export function checkDrop<F extends { name: string; type: string }>(
  files: readonly F[],
  scansAvailable: number,
  monthly: MonthlyAllowance = null,
): { upload: F[]; problems: UploadProblem[] } {
  const { accepted, refused } = splitByType(files);
  const problems: UploadProblem[] = [];
  if (refused.length > 0) problems.push({ kind: 'invalidTypes', files: refused.map((file) => file.name) });
  // The monthly limit first: more credits would not help (spec-2 §5: nothing is uploaded).
  if (monthly && accepted.length > monthly.remaining) {
    problems.push({ kind: 'exceededMonthlyLimit', limit: monthly.limit, remaining: monthly.remaining });
    return { upload: [], problems };
  }
  if (accepted.length > scansAvailable && scansAvailable <= 0) {
    problems.push({ kind: 'exceededLimit', limit: scansAvailable, needed: accepted.length });
    return { upload: [], problems };
  }
  if (accepted.length > scansAvailable) {
    const waiting = accepted.slice(scansAvailable).map((file) => file.name);
    problems.push({ kind: 'creditsShort', limit: scansAvailable, waiting });
    return { upload: accepted.slice(0, scansAvailable), problems };
  }
  if (accepted.length === 0 && refused.length === 0) problems.push({ kind: 'noFiles' });
  return { upload: accepted, problems };
}
