/**
 * The hand-labelled set of real documents (bench/real/*.json): its shape and the issuer split rule. The files
 * themselves are never in the repository; each entry names the public repository, commit, path and git blob
 * it was read from. Reading those bytes is `sourceBytes` in bench/sets.ts. See bench/real/README.md.
 */
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';

export const REAL_DIR = new URL('./real/', import.meta.url).pathname;
export const TRUTH_SCHEMA = 'invoice-bench-truth/v1';

/** Seed of the split hash. Fixed once; changing it would move issuers between fitting and validation. */
export const SPLIT_SEED = 'cuadra-real-v3';
/** One issuer in SPLIT_MODULUS is held apart for validation. */
export const SPLIT_MODULUS = 3;

export const CATEGORIES = [
  'utility',
  'telecom',
  'fuel',
  'supermarket',
  'restaurant',
  'shop',
  'professional',
  'marketplace',
  'hotel',
  'transport',
  'other',
] as const;

const KINDS = [
  'digital_pdf',
  'einvoice_pdf',
  'scanned_image',
  'photo_image',
  'screenshot_image',
  'rendered_image',
] as const;
const DOC_TYPES = ['invoice', 'credit_note', 'corrected_invoice', 'self_billed_invoice', 'receipt'] as const;

const money = z.string().regex(/^-?\d+\.\d{2}$/, 'decimal with 2 dp');
const rate = z.string().regex(/^\d+(\.\d+)?$/, 'rate in %');
const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'YYYY-MM-DD');
const text = z.string().trim().min(1);

export const fieldsSchema = z
  .object({
    invoice_number: text,
    issue_date: isoDate,
    due_date: isoDate,
    issuer_name: text,
    issuer_tax_id: text,
    client_name: text,
    client_tax_id: text,
    currency: z.string().regex(/^[A-Z]{3}$/),
    tax_base: money,
    vat_total: money,
    withholding_total: money,
    surcharge_total: money,
    total: money,
    amount_due: money,
    vat_breakdown: z
      .array(
        z
          .object({ rate, base: money.optional(), amount: money.optional(), category: text.optional() })
          .strict(),
      )
      .min(1),
  })
  .partial()
  .strict();

export const entrySchema = z
  .object({
    schema: z.literal(TRUTH_SCHEMA),
    id: z.string().regex(/^[a-z0-9][a-z0-9-]*$/),
    split: z.enum(['fit', 'validation']),
    kind: z.enum(KINDS),
    media_type: z.enum(['application/pdf', 'image/jpeg', 'image/png']),
    language: z.string().regex(/^[a-z]{2}$/),
    doc_type: z.enum(DOC_TYPES),
    category: z.enum(CATEGORIES),
    issuer_key: text,
    source: z
      .object({
        repository: z.string().regex(/^[\w.-]+\/[\w.-]+$/),
        commit: z.string().regex(/^[0-9a-f]{40}$/),
        path: text,
        blob: z.string().regex(/^[0-9a-f]{40}$/),
        sha256: z.string().regex(/^[0-9a-f]{64}$/),
        bytes: z.number().int().positive(),
        license: text.optional(),
      })
      .strict(),
    fields: fieldsSchema,
    notes: z.array(z.string()),
  })
  .strict();

export type RealEntry = z.infer<typeof entrySchema>;

/** One line naming every schema issue of an entry: `path: message; …`. */
export function schemaIssues(error: z.ZodError): string {
  return error.issues.map((x) => `${x.path.join('.')}: ${x.message}`).join('; ');
}

/** FNV-1a, 32 bits, over the UTF-8 bytes of `s`. */
export function fnv1a32(s: string): number {
  let h = 0x811c9dc5;
  for (const byte of new TextEncoder().encode(s)) {
    h ^= byte;
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h >>> 0;
}

/** The split an issuer belongs to: validation when FNV-1a("<seed>:<issuer_key>") is divisible by 3. */
export function splitOf(issuerKey: string): 'fit' | 'validation' {
  return fnv1a32(`${SPLIT_SEED}:${issuerKey}`) % SPLIT_MODULUS === 0 ? 'validation' : 'fit';
}

/**
 * The key a document's issuer is split by: its tax id upper-cased with everything but letters and digits
 * removed; without a tax id, "NAME:" and the name upper-cased, accents stripped, runs of other characters
 * turned into one space.
 */
export function issuerKeyOf(fields: { issuer_tax_id?: string; issuer_name?: string }): string | null {
  if (fields.issuer_tax_id) return fields.issuer_tax_id.toUpperCase().replace(/[^A-Z0-9]/g, '');
  if (!fields.issuer_name) return null;
  const ascii = fields.issuer_name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toUpperCase();
  return `NAME:${ascii.replace(/[^A-Z0-9]+/g, ' ').trim()}`;
}

/**
 * Every manifest file of the set (`*.json` in `$CUADRA_REAL_MANIFESTS`, default bench/real) with its parsed
 * content; none when the directory is absent.
 */
export function readManifests(
  dir = process.env.CUADRA_REAL_MANIFESTS ?? REAL_DIR,
): { file: string; entries: unknown[] }[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .sort()
    .map((f) => ({ file: f, entries: JSON.parse(readFileSync(join(dir, f), 'utf8')) as unknown[] }));
}

/** Problems with a list of entries: schema, duplicate ids or blobs, issuer keys and splits. Empty when sound. */
export function manifestProblems(entries: unknown[]): string[] {
  const problems: string[] = [];
  const ids = new Set<string>();
  const blobs = new Set<string>();
  entries.forEach((raw, i) => {
    const parsed = entrySchema.safeParse(raw);
    if (!parsed.success) {
      problems.push(`#${i}: ${schemaIssues(parsed.error)}`);
      return;
    }
    const e = parsed.data;
    if (ids.has(e.id)) problems.push(`${e.id}: duplicate id`);
    ids.add(e.id);
    if (blobs.has(e.source.blob)) problems.push(`${e.id}: the same file is listed twice`);
    blobs.add(e.source.blob);
    const key = issuerKeyOf(e.fields);
    if (key !== e.issuer_key)
      problems.push(`${e.id}: issuer_key ${e.issuer_key} is not ${key} (from its fields)`);
    if (splitOf(e.issuer_key) !== e.split) problems.push(`${e.id}: split ${e.split} breaks the issuer rule`);
  });
  return problems;
}

/** Hex sha256 of a document's bytes, as `source.sha256` records it. */
export function sha256(bytes: Uint8Array): string {
  return createHash('sha256').update(bytes).digest('hex');
}
