/**
 * The known party (the accountant's client) on the page: its tax id (normalised), else its name (tokens
 * matched loosely: accents, case, legal forms and one misread letter forgiven), with the role the page's
 * structure gives it; every other id then takes the other role.
 */
import { normalizeTaxId } from '../../ids/tax-id.ts';
import { editDistance } from '../../text/distance.ts';
import type { Line } from '../../text/layout.ts';
import type { KnownParty } from '../../types.ts';
import { type Ctx, splitCells } from '../context.ts';
import { cleanName, isNameLike } from './names.ts';
import {
  applyKnownParty,
  LETTERHEAD_BOTTOM,
  otherRole,
  REGISTRY,
  type Role,
  roleByHeading,
  sameTaxpayer,
} from './roles.ts';
import type { TaxIdCand } from './tax-ids.ts';

export type KnownOnPage = {
  role: Role;
  /** The role is the page's own word (a block heading or the registry line), not a guess from position. */
  sure: boolean;
  /**
   * Nothing on the page but the place gives the role (a letterhead's id or name is the issuer's): a guess
   * the fields may follow but the document's direction may not.
   */
  byPlace: boolean;
  id?: TaxIdCand;
  /** The known party's name as printed, and whether it stands in the known id's block (or under its heading). */
  name?: { text: string; line: Line; inBlock: boolean };
};

/** Share of the known name's words a printed name must hold (0.8: one word in five may be lost). */
const NAME_TOKEN_SHARE = 0.8;
/** Words a printed name may add to the known one (a trade name, "y Cía", a branch). */
const NAME_EXTRA_TOKENS = 3;
/** Letters of a known name of two words or more that OCR may have misread, dropped or added (one in ten). */
const NAME_MISREAD_SHARE = 0.1;
/** How far from the known id its name may stand in the id's block (0.12 of the page: about six lines). */
const BLOCK_REACH = 0.12;
/** Cells this close in x (page width) stand in one column. */
const COLUMN_GAP = 0.05;

const LEGAL_FORM_TOKENS = new Set([
  'sl',
  'sa',
  'slu',
  'sll',
  'sc',
  'scoop',
  'slp',
  'cb',
  'scp',
  'gmbh',
  'ag',
  'kg',
  'bv',
  'nv',
  'ltd',
  'inc',
  'llc',
  'plc',
  'sas',
  'sarl',
  'srl',
  'spa',
  'de',
  'del',
  'la',
  'las',
  'los',
  'el',
  'y',
  'e',
  'and',
  'the',
  'und',
  'et',
  'cia',
]);

/** The words of a name that tell it apart: lower case, no accents, no legal form or joining words. */
export function nameTokens(name: string): string[] {
  return name
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/\b([a-z])\.(?=[a-z]\.)/g, '$1')
    .replace(/\.(?=[a-z]\b)/g, '')
    .split(/[^\p{L}\d]+/u)
    .filter((w) => w.length >= 2 && !LEGAL_FORM_TOKENS.has(w));
}

/** Two words alike but for one letter (OCR's misread letter), when long enough for that to mean little. */
function alike(a: string, b: string): boolean {
  if (a === b) return true;
  if (Math.min(a.length, b.length) < 5 || Math.abs(a.length - b.length) > 1) return false;
  let i = 0;
  while (i < a.length && a[i] === b[i]) i++;
  const tail = (x: string, k: number) => x.slice(k);
  return tail(a, i + 1) === tail(b, i + 1) || tail(a, i + 1) === tail(b, i) || tail(a, i) === tail(b, i + 1);
}

/**
 * The printed text names the known party: most of its words, and not many more; or, as OCR reads a name a
 * few letters wrong across its words ("CALOERON GOME"), as many words whose letters, in order, are the
 * known name's but for a few.
 */
export function namesParty(text: string, partyTokens: string[]): boolean {
  if (!partyTokens.length) return false;
  const words = nameTokens(text);
  if (!words.length || words.length > partyTokens.length + NAME_EXTRA_TOKENS) return false;
  const hit = partyTokens.filter((p) => words.some((w) => alike(w, p))).length;
  if (hit / partyTokens.length >= NAME_TOKEN_SHARE) return true;
  if (words.length !== partyTokens.length || partyTokens.length < 2) return false;
  const known = partyTokens.join(' ');
  const misread = Math.floor(known.length * NAME_MISREAD_SHARE);
  return editDistance(words.join(' '), known, misread) <= misread;
}

/**
 * Where the known name is printed: a cell, or a part of an inline block ("Datos del cliente: Empresa S.L.,
 * CIF …"), whose words name the party. The first such place in reading order.
 */
export function findKnownName(
  lines: Line[],
  name: string,
): { text: string; line: Line; cell: { x: number; w: number } } | null {
  const tokens = nameTokens(name);
  if (!tokens.length) return null;
  // The first printing in reading order, unless the name is printed as known elsewhere too ("ACR SC" in
  // the heading, "ACR S.C." in the address block): that printing, letter for letter, is the one to show.
  const asKnown = (text: string) =>
    text.replace(/\s+/g, ' ').toLowerCase() === name.trim().replace(/\s+/g, ' ').toLowerCase();
  let first: { text: string; line: Line; cell: { x: number; w: number } } | null = null;
  for (const line of lines)
    for (const cell of splitCells(line)) {
      const afterLabel = cell.text.replace(/^[^:]{1,40}:\s*/, '');
      for (const part of [cell.text, afterLabel, ...afterLabel.split(/,\s+|\s+[·|•–-]\s+/)])
        if (isNameLike(part) && namesParty(part, tokens)) {
          const hit = { text: cleanName(part), line, cell };
          if (asKnown(hit.text)) return hit;
          first ??= hit;
        }
    }
  if (first) return first;
  // A name spaced out word by word, each word a cell ("Razón   social:   EMPRESA   DEL   NORTE   S.L."):
  // the line's words as one text, after its label.
  for (const line of lines) {
    const cells = splitCells(line);
    if (cells.length < 3) continue;
    const whole = cells.map((c) => c.text).join(' ');
    const afterLabel = whole.replace(/^[^:]{1,40}:\s*/, '');
    if (afterLabel !== whole && isNameLike(afterLabel) && namesParty(afterLabel, tokens)) {
      const first = cells.find((c) => afterLabel.startsWith(c.text)) ?? cells[0]!;
      const last = cells[cells.length - 1]!;
      return { text: afterLabel, line, cell: { x: first.x, w: last.x + last.w - first.x } };
    }
  }
  return null;
}

/** Another taxpayer's id in the name's column, between the heading `dy` above the name and the name. */
function idBetween(
  taxIds: TaxIdCand[],
  known: TaxIdCand,
  hit: { line: Line; cell: { x: number; w: number } },
  dy: number | undefined,
): boolean {
  if (dy == null) return false;
  const top = hit.line.y - dy;
  return taxIds.some(
    (t) =>
      t.valid &&
      !sameTaxpayer(t.id, known.id) &&
      t.line.page === hit.line.page &&
      t.line.y > top &&
      t.line.y < hit.line.y &&
      Math.abs(t.cell.x - hit.cell.x) < COLUMN_GAP,
  );
}

/** The holder of the bank account printed for payment: the payee (the issuer), unless the client is debited. */
const ACCOUNT_HOLDER =
  /\b(?:titulaire(?:\s*du\s*compte)?|account\s*holder|kontoinhaber|titular\s*de\s*la\s*cuenta|beneficiary|beneficiario|ten\s*name\s*van|t\.n\.v\.)\b/i;
const DEBIT = /domicilia|adeudo|cargo\s*en\s*cuenta|lastschrift|pr[ée]l[èe]vement|direct\s*debit|incasso/i;

/** The role a printed name's place gives it: its block heading, the registry line, the payee's bank line. */
function roleOfName(
  ctx: Ctx,
  hit: { line: Line; cell: { x: number; w: number } },
): { role: Role; sure: boolean; dy?: number } | null {
  const heading = roleByHeading(ctx.L, ctx.lines, hit);
  if (heading) return heading;
  if (REGISTRY.test(hit.line.text)) return { role: 'issuer', sure: true };
  if (ACCOUNT_HOLDER.test(hit.line.text))
    return { role: DEBIT.test(hit.line.text) ? 'client' : 'issuer', sure: false };
  return null;
}

const normalizeId = (x: string) => normalizeTaxId(x).replace(/^ES(?=[0-9A-Z]{9}$)/, '');

/**
 * The known party on the page and its role; the other ids' roles settled against it. Null when no party
 * is given or it is not printed.
 */
export function placeKnownParty(
  ctx: Ctx,
  taxIds: TaxIdCand[],
  party: KnownParty | null | undefined,
): KnownOnPage | null {
  if (!party || (!party.taxId?.trim() && !party.name?.trim())) return null;
  const wanted = party.taxId ? normalizeId(party.taxId) : '';
  const id = wanted ? taxIds.find((t) => sameTaxpayer(normalizeId(t.id), wanted)) : undefined;
  const hit = party.name ? findKnownName(ctx.lines, party.name) : null;
  if (id) {
    // The id's own block says nothing: the known name's heading (or the registry line it stands on) does.
    const heading = hit && !(id.role && id.sure) ? roleOfName(ctx, hit) : null;
    // A heading with another party's id between it and the name heads that party's block, not the name's.
    const named = heading && hit && !idBetween(taxIds, id, hit, heading.dy) ? heading : null;
    const inBlock =
      hit != null &&
      hit.line.page === id.line.page &&
      Math.abs(id.line.y - hit.line.y) < BLOCK_REACH &&
      hit.cell.x < id.cell.x + id.cell.w + 0.05 &&
      id.cell.x < hit.cell.x + hit.cell.w + 0.05;
    // A sure heading over the known name decides, and over an id whose own block gave it both roles too
    // when that id stands in the name's block (the heading is then the id's as well).
    if (named?.sure && !id.conflict) id.role = named.role;
    else if (named?.sure && inBlock) {
      // The role is the heading's, but not sure: the id's own block said otherwise too.
      id.role = named.role;
      id.conflict = false;
      id.sure = false;
    }
    const { role, byPlace } = applyKnownParty(taxIds, id);
    return {
      role,
      byPlace,
      sure: id.sure && !id.conflict,
      id,
      ...(hit ? { name: { text: hit.text, line: hit.line, inBlock } } : {}),
    };
  }
  if (!hit) return null;
  // Found by name only: its heading says the role, or the registry line, or the bank details it holds;
  // else the other of the role of an id printed elsewhere (a labelled one first); else a letterhead's place.
  const named = roleOfName(ctx, hit);
  // The id printed in the name's block (under it, in its column) is the known party's.
  const own = taxIds.find(
    (t) =>
      t.line.page === hit.line.page &&
      t.line.y >= hit.line.y &&
      t.line.y - hit.line.y < BLOCK_REACH &&
      Math.abs(t.cell.x - hit.cell.x) < 0.05,
  );
  const elsewhere = taxIds.filter((t) => t.valid && t.role && !(own && sameTaxpayer(t.id, own.id)));
  const other = elsewhere.find((t) => t.sure) ?? elsewhere[0];
  const byPlace = !named?.role && !other?.sure;
  const role: Role =
    named?.role ??
    (other?.role ? otherRole(other.role) : hit.line.y < LETTERHEAD_BOTTOM ? 'issuer' : 'client');
  const sure = named?.sure ?? false;
  for (const t of taxIds) {
    const ownRole = t.sure ? t.role : null;
    t.role = own && sameTaxpayer(t.id, own.id) ? role : otherRole(role);
    if (ownRole && ownRole !== t.role) t.conflict = true;
    t.sure = ownRole === t.role && !t.conflict;
  }
  return {
    role,
    sure,
    byPlace,
    ...(own ? { id: own } : {}),
    name: { text: hit.text, line: hit.line, inBlock: sure },
  };
}

/**
 * Issued or received from fields read elsewhere (an e-invoice's seller and buyer): the known party's tax id
 * equal to one side's, else its name naming one side. Null when neither or both match.
 */
export function directionFromFields(
  fields: {
    issuer_tax_id?: { value: string };
    client_tax_id?: { value: string };
    issuer_name?: { value: string };
    client_name?: { value: string };
  },
  party: KnownParty,
): 'issued' | 'received' | null {
  const pick = (issuer: boolean, client: boolean) =>
    issuer === client ? null : issuer ? ('issued' as const) : ('received' as const);
  if (party.taxId?.trim()) {
    const wanted = normalizeId(party.taxId);
    const is = (v?: { value: string }) => v != null && sameTaxpayer(normalizeId(v.value), wanted);
    const byId = pick(is(fields.issuer_tax_id), is(fields.client_tax_id));
    if (byId) return byId;
  }
  const tokens = nameTokens(party.name ?? '');
  const names = (v?: { value: string }) => v != null && namesParty(v.value, tokens);
  return pick(names(fields.issuer_name), names(fields.client_name));
}
