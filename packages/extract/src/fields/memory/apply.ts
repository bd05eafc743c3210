import type { Evidence, FieldMap } from '../../evidence.ts';
import { toCents } from '../../text/numbers.ts';
import type { KnownParty, PlaceField, PlaceHint } from '../../types.ts';
import type { Ctx } from '../context.ts';
import { labelInPlace, loose, MEMORY_CONFIDENCE, MONEY, readHint, sameValue, taxKey } from './place.ts';

// Applying places: which hints are this document's supplier's, the values read there, and the checks after.

/** Whether the document is the hint's supplier's: its tax id (or name) printed, and not as the client's. */
function isSuppliersDocument(
  hint: PlaceHint,
  fields: FieldMap,
  text: { ids: string; loose: string },
  party: KnownParty | null | undefined,
): boolean {
  const supplier = hint.supplier;
  if (!supplier) return true;
  if (supplier.taxId) {
    const id = taxKey(supplier.taxId);
    if (id.length < 5 || (party?.taxId && taxKey(party.taxId) === id)) return false;
    const issuer = fields.issuer_tax_id?.value;
    const client = fields.client_tax_id?.value;
    if (issuer && taxKey(issuer) === id) return true;
    if (client && taxKey(client) === id) return false;
    return text.ids.includes(id);
  }
  const name = loose(supplier.name ?? '');
  if (name.length < 4 || (party?.name && loose(party.name) === name)) return false;
  return text.loose.includes(name);
}

/**
 * The fields read at the places of the hints that apply to this document (their supplier issued it),
 * each set over what the rules found, with the id of the hint it was read by. The first hint of a field
 * that reads a value wins.
 */
export function applyHints(
  ctx: Ctx,
  fields: FieldMap,
  hints: PlaceHint[],
  fullText: string,
): { remembered: Partial<Record<PlaceField, Evidence<string>>>; used: Record<string, string> } {
  const remembered: Partial<Record<PlaceField, Evidence<string>>> = {};
  const used: Record<string, string> = {};
  const text = { ids: fullText.replace(/[^A-Z0-9]/gi, '').toUpperCase(), loose: loose(fullText) };
  let applying = hints.filter((hint) => isSuppliersDocument(hint, fields, text, ctx.party));
  const byLayout = !applying.length && !issuerKnownElsewhere(hints, fields, ctx.party);
  if (byLayout) applying = sameLayoutHints(ctx, hints);
  for (const hint of applying) {
    if (remembered[hint.field]) continue;
    const ev = readHint(ctx, hint);
    if (!ev) continue;
    remembered[hint.field] = ev;
    (fields as Record<string, Evidence>)[hint.field] = { ...ev };
    if (hint.id) used[hint.field] = hint.id;
  }
  // Known by its layout alone, the supplier is the issuer when the page names none but the known party.
  const [first] = applying;
  const supplierId = byLayout ? first?.supplier?.taxId : undefined;
  const issuer = fields.issuer_tax_id?.value;
  const isParty = !!issuer && !!ctx.party?.taxId && taxKey(issuer) === taxKey(ctx.party.taxId);
  if (first && supplierId && !remembered.issuer_tax_id && (!issuer || isParty)) {
    const ev: Evidence<string> = {
      value: supplierId,
      confidence: MEMORY_CONFIDENCE,
      source: 'memory',
      verified: false,
    };
    remembered.issuer_tax_id = ev;
    fields.issuer_tax_id = { ...ev };
    if (first.id) used.issuer_tax_id = first.id;
  }
  return { remembered, used };
}

const supplierKey = (hint: PlaceHint) =>
  hint.supplier?.taxId ? taxKey(hint.supplier.taxId) : `name:${loose(hint.supplier?.name ?? '')}`;

/**
 * The issuer read is a taxpayer none of the hints is for (and not the known party): the document is
 * another supplier's, whatever its layout looks like.
 */
function issuerKnownElsewhere(hints: PlaceHint[], fields: FieldMap, party: KnownParty | null | undefined) {
  const issuer = fields.issuer_tax_id?.value;
  if (!issuer) return false;
  const id = taxKey(issuer);
  if (party?.taxId && taxKey(party.taxId) === id) return false;
  return !hints.some((hint) => hint.supplier?.taxId && taxKey(hint.supplier.taxId) === id);
}

/** Learned labels of one supplier that must be printed where they were for its layout to be recognised. */
export const SAME_LAYOUT_LABELS = 2;

/**
 * A supplier whose name and tax id are not in the text (printed as an image): its hints, when at least
 * SAME_LAYOUT_LABELS of its learned labels, and half of them, are printed just where they were learned.
 * The supplier with the most such labels wins; none when no supplier reaches that.
 */
function sameLayoutHints(ctx: Ctx, hints: PlaceHint[]): PlaceHint[] {
  const bySupplier = new Map<string, PlaceHint[]>();
  for (const hint of hints) {
    if (!hint.supplier) continue;
    const list = bySupplier.get(supplierKey(hint)) ?? [];
    list.push(hint);
    bySupplier.set(supplierKey(hint), list);
  }
  let best: { hints: PlaceHint[]; inPlace: number } | null = null;
  for (const list of bySupplier.values()) {
    const labels = [...new Map(list.map((h) => [`${h.label}@${h.page}`, h])).values()];
    const inPlace = labels.filter((h) => labelInPlace(ctx, h)).length;
    if (inPlace >= SAME_LAYOUT_LABELS && inPlace * 2 >= labels.length && inPlace > (best?.inPlace ?? 0))
      best = { hints: list, inPlace };
  }
  return best?.hints ?? [];
}

const AMOUNT_FIELDS = [
  'tax_base',
  'vat_total',
  'total',
  'amount_due',
  'withholding_total',
  'surcharge_total',
  'other_taxes_total',
] as const;

/**
 * After the checks: a remembered value the checks replaced is put back (unverified), and the amounts
 * verified with the replaced one are verified again only if base + taxes − withholding = total still
 * holds over the printed amounts. A remembered value the checks kept keeps what they proved.
 */
export function reassertMemory(
  fields: FieldMap,
  remembered: Partial<Record<PlaceField, Evidence<string>>>,
): void {
  let amountsMoved = false;
  for (const [field, ev] of Object.entries(remembered) as [PlaceField, Evidence<string>][]) {
    const cur = fields[field] as Evidence | undefined;
    if (cur && sameValue(field, cur.value, ev.value)) {
      cur.source = 'memory';
      cur.confidence = Math.max(cur.confidence, ev.confidence);
      cur.box = ev.box;
      continue;
    }
    (fields as Record<string, Evidence>)[field] = { ...ev, verified: false };
    if (MONEY.has(field)) amountsMoved = true;
  }
  if (!amountsMoved) return;
  const cents = (name: (typeof AMOUNT_FIELDS)[number]) => toCents(fields[name]?.value as string) ?? 0;
  const total = toCents(fields.total?.value as string);
  const closes =
    total !== null &&
    fields.tax_base !== undefined &&
    cents('tax_base') +
      cents('vat_total') +
      cents('surcharge_total') +
      cents('other_taxes_total') -
      cents('withholding_total') ===
      total;
  for (const name of AMOUNT_FIELDS) {
    const ev = fields[name];
    if (ev && name !== 'amount_due') ev.verified = closes;
  }
}
