/**
 * Issuer or client: each tax id's role from the page's structure — the block heading over it or the label
 * before it in its cell, the issuer's registry line in the footer — and from the known party. A check
 * character says a string is an id, never whose; position alone gives a role but never a sure one.
 */
import type { Labels } from '../../labels/index.ts';
import { PARTY_HEADINGS } from '../../labels/parties.ts';
import type { Line } from '../../text/layout.ts';
import { boxOf } from '../context.ts';
import { legalNameAtStart } from './names.ts';
import { CLIENT_ID_LABEL, type TaxIdCand } from './tax-ids.ts';

export type Role = 'issuer' | 'client';
export const otherRole = (r: Role): Role => (r === 'issuer' ? 'client' : 'issuer');

/** The same taxpayer: ids equal but for Spain's `ES` VAT prefix. */
export const sameTaxpayer = (a: string, b: string) =>
  a.replace(/^ES(?=[0-9A-Z]{9}$)/, '') === b.replace(/^ES(?=[0-9A-Z]{9}$)/, '');

/**
 * Words before a client word that make it the issuer's service ("Atención al cliente", "Área clientes",
 * "Customer service"), not the client's block.
 */
const SERVICE_BEFORE =
  /(?:atenci[óo]n|servicio|[áa]rea|portal|oficina|zona|espace|service|kundenservice|klantenservice|para|for|pour|f[üu]r)\s*(?:al|a\s*la|el|la|del?|de\s*la|para|the|to|aux?|le|den)?\s*$/i;
const SERVICE_AFTER = /^\s*(?:service|care|support|portal|area|servicio)\b/i;

/** Words a heading may have before its party word in its cell ("Sr./Sres.", "Datos del"). */
const MAX_WORDS_BEFORE_HEADING = 2;

/** A number label built on a client word ("Nº cliente", "Código de cliente", "Cliente nº", "Customer ID"). */
const NUMBER_BEFORE =
  /(?:n[ºo°.]|n[úu]m(?:ero)?\.?|c[óo]d(?:igo)?\.?|ref(?:erencia)?\.?|id)\s*(?:de|del)?\s*$/i;
const NUMBER_AFTER = /^\s*(?:n[ºo°.]|n[úu]m|no\.|nr\.?|number|id\b|code|c[óo]d|#)/i;

/** The issuer's registry line: only the issuer prints where it is registered. */
export const REGISTRY =
  /registro\s*mercantil|\binscrit[ao]\b|\btomo\s*\d|\bfolio\s*\d|\bhoja\s*(?:n[ºo°.]?\s*)?[A-Z]{0,2}-?\d|\brcs\b|\bsiren\b|\bsiret\b|handelsreg(?:ister|\.)|registergericht|\bhrb\b|amtsgericht|\bkvk\b|registered\s*(?:office|in)|company\s*(?:no|number|reg)/i;

/** How a party word sits in its text: heading a block, naming the issuer's service, or labelling a number. */
export function partyWordKind(text: string, index: number, length: number): 'heading' | 'service' | 'number' {
  const before = text.slice(0, index);
  const after = text.slice(index + length);
  if (SERVICE_BEFORE.test(before) || SERVICE_AFTER.test(after)) return 'service';
  // A heading opens its cell: a client word deep in a phrase ("Copia del ticket de cliente") heads nothing.
  const cellBefore = before.split(/\s{3,}/).pop() ?? '';
  if (cellBefore.trim().split(/\s+/).filter(Boolean).length > MAX_WORDS_BEFORE_HEADING) return 'service';
  if (NUMBER_BEFORE.test(before) || NUMBER_AFTER.test(after)) return 'number';
  return 'heading';
}

type Heading = { line: Line; box: { x: number; w: number }; weak: boolean };

/** Block headings of one role on the page: the label's own box, service phrases left out. */
function headings(lines: Line[], res: RegExp[]): Heading[] {
  const out: Heading[] = [];
  for (const l of lines)
    for (const re of res) {
      const m = new RegExp(re.source, re.flags.replace('g', '')).exec(l.text);
      if (!m) continue;
      const kind = partyWordKind(l.text, m.index, m[0].length);
      if (kind === 'service') continue;
      const box = boxOf(l, m.index, m[0].length);
      out.push({ line: l, box, weak: kind === 'number' });
      break;
    }
  return out;
}

/** The id's cell names the client ("NIF cliente:", "Your VAT no."), and not as the issuer's service. */
function clientCell(text: string): 'heading' | 'number' | null {
  const m = CLIENT_ID_LABEL.exec(text);
  if (!m) return null;
  const kind = partyWordKind(text, m.index, m[0].length);
  return kind === 'service' ? null : kind;
}

/** The id, or a repeat of it, stands on (or right beside) the issuer's registry line. */
function onRegistryLine(t: TaxIdCand, lines: Line[]): boolean {
  return [t.line, ...t.repeats].some((line) => {
    if (REGISTRY.test(line.text)) return true;
    const i = lines.indexOf(line);
    // The registry text wrapped onto the next or previous line of the same paragraph.
    return [lines[i - 1], lines[i + 1]].some(
      (l) => l && l.page === line.page && Math.abs(l.y - line.y) < line.h * 1.6 && REGISTRY.test(l.text),
    );
  });
}

export function assignRoles(ids: TaxIdCand[], lines: Line[], L: Labels): void {
  const clientLabels = headings(lines, [...L.clientBlock, PARTY_HEADINGS.client]);
  const issuerLabels = headings(lines, [...L.issuerBlock, PARTY_HEADINGS.issuer]);
  for (const t of ids) {
    const cell = clientCell(t.cell.text);
    const registry = onRegistryLine(t, lines);
    if (cell) {
      t.role = 'client';
      // A client number label is no heading; the issuer's registry line says otherwise: a conflict.
      t.sure = cell === 'heading' && !registry;
      if (registry) t.conflict = true;
      continue;
    }
    const nearClient = nearestBlock(t, clientLabels);
    const nearIssuer = nearestBlock(t, issuerLabels);
    if (nearClient && (!nearIssuer || nearClient.dy < nearIssuer.dy)) t.role = 'client';
    else if (nearIssuer) t.role = 'issuer';
    // Both kinds of block label just over the id's column (0.03: about a line apart): a guess, never certain.
    const near = t.role === 'client' ? nearClient : nearIssuer;
    t.sure =
      t.role != null &&
      !near?.weak &&
      !(nearClient && nearIssuer && Math.abs(nearClient.dy - nearIssuer.dy) < 0.03);
    if (registry) {
      if (t.role === 'client' && t.sure) {
        t.conflict = true;
        t.sure = false;
      } else {
        t.role = 'issuer';
        t.sure = true;
      }
    }
  }
  // Two ids placed in one role: at least one is wrong, and neither is certain.
  for (const role of ['issuer', 'client'] as const) {
    const same = ids.filter((t) => t.role === role && t.sure);
    if (same.some((a) => same.some((b) => !sameTaxpayer(a.id, b.id))))
      for (const t of same) {
        t.sure = false;
        t.conflict = true;
      }
  }
  // With the client's id placed by its block, the one other valid id is the issuer's; certain only when its
  // place agrees (it comes first in reading order, as a letterhead does).
  const clients = ids.filter((t) => t.role === 'client' && t.sure);
  const rest = ids.filter((t) => t.role == null && t.valid);
  if (clients.length === 1 && rest.length === 1 && !ids.some((t) => t.role === 'issuer')) {
    rest[0]!.role = 'issuer';
    rest[0]!.sure = letterheadOrder(rest[0]!, clients[0]!) < 0;
  }
  // Without block labels: the letterhead's id is the issuer's, a second one the client's. Blocks side by
  // side (within about two lines of each other) read left to right; otherwise top to bottom. An id on its
  // holder's legal line ("Empresa, S.A. Calle … 28006 Madrid CIF: A1…": the name opens the line) comes
  // first: the issuer prints its identity so, wherever its letterhead is.
  const onLegalLine = (t: TaxIdCand) =>
    !CLIENT_ID_LABEL.test(t.line.text) && legalNameAtStart(t.line.text) != null;
  const unassigned = ids
    .filter((t) => t.role == null && t.valid)
    .sort((a, b) => Number(onLegalLine(b)) - Number(onLegalLine(a)) || letterheadOrder(a, b));
  if (!ids.some((t) => t.role === 'issuer') && unassigned[0]) {
    unassigned[0].role = 'issuer';
    unassigned[0].byOrder = true;
  }
  if (!ids.some((t) => t.role === 'client')) {
    const next = ids.filter((t) => t.role == null && t.valid).sort(letterheadOrder)[0];
    if (next) {
      next.role = 'client';
      next.byOrder = true;
    }
  }
}

/**
 * The known party's id decides the direction: its role from its own block when the page says it, else
 * the other of a labelled id's role, else its place (the letterhead's id is the issuer's). Every other id
 * takes the other role; an id whose own block says the known party's role makes both uncertain.
 */
export function applyKnownParty(ids: TaxIdCand[], known: TaxIdCand): { role: Role; byPlace: boolean } {
  const others = ids.filter((t) => t.valid && !sameTaxpayer(t.id, known.id));
  const labelled = others.find((t) => t.role && t.sure);
  let role: Role;
  let sure = false;
  let byPlace = false;
  if (known.role && known.sure) {
    role = known.role;
    sure = true;
  } else if (labelled?.role) role = otherRole(labelled.role);
  else if (
    known.role &&
    !known.conflict &&
    !(known.byOrder && known.role === 'issuer' && belowLetterhead(known))
  ) {
    role = known.role;
    // Given by reading order alone, the role is the place's guess, as below.
    byPlace = known.byOrder === true;
  } else {
    const first = [...ids].filter((t) => t.valid || t === known).sort(letterheadOrder)[0];
    role = first === known && known.line.y < LETTERHEAD_BOTTOM ? 'issuer' : 'client';
    byPlace = true;
  }
  known.role = role;
  known.sure = sure && !known.conflict;
  for (const t of others) {
    const own = t.sure ? t.role : null;
    t.role = otherRole(role);
    if (own === role) {
      // The page puts both in one role: no field is certain.
      t.conflict = true;
      known.conflict = true;
      known.sure = false;
      t.sure = false;
    } else t.sure = own === t.role;
  }
  for (const t of ids) if (t !== known && sameTaxpayer(t.id, known.id)) t.role = role;
  return { role, byPlace };
}

/** A letterhead sits in the top part of the page (0.3: the top three tenths). */
export const LETTERHEAD_BOTTOM = 0.3;

/**
 * First in reading order but under the letterhead's band: nothing makes it the issuer's (the issuer's id
 * on that page is unread or printed further down), so the place rule below decides, as for an unplaced id.
 */
const belowLetterhead = (t: TaxIdCand) => t.line.page > 1 || t.line.y >= LETTERHEAD_BOTTOM;

/** Reading order of party blocks: page, then left before right when side by side, else top first. */
export function letterheadOrder(a: TaxIdCand, b: TaxIdCand): number {
  if (a.line.page !== b.line.page) return a.line.page - b.line.page;
  const side = Math.abs(a.line.y - b.line.y) < 0.03 && Math.abs(a.cell.x - b.cell.x) > 0.2;
  return side ? a.cell.x - b.cell.x : a.line.y - b.line.y;
}

/**
 * The nearest block heading above the place (0.18 of the page at most) in its own column, its vertical
 * distance and whether it is only a number label; or null. The column is the id's cell, not its line: a
 * line merged across side-by-side blocks spans both labels.
 */
export function nearestBlock(
  t: { line: Line; cell: { x: number; w: number } },
  labels: Heading[],
): { dy: number; weak: boolean } | null {
  let best: { dy: number; weak: boolean } | null = null;
  for (const { line: l, box: label, weak } of labels) {
    if (l.page !== t.line.page) continue;
    const dy = t.line.y - l.y;
    if (dy < -0.002 || dy > 0.18) continue;
    // Same column: the label's span and the id's cell overlap, or nearly (0.05: a narrow gutter).
    const gap = Math.max(label.x - (t.cell.x + t.cell.w), t.cell.x - (label.x + label.w), 0);
    if (gap > 0.05) continue;
    if (best == null || dy < best.dy) best = { dy, weak };
  }
  return best;
}

/** The heading of a role over a place on the page (a name's cell), if any: the nearer kind wins. */
export function roleByHeading(
  L: Labels,
  lines: Line[],
  place: { line: Line; cell: { x: number; w: number } },
): { role: Role; sure: boolean; dy: number } | null {
  const c = nearestBlock(place, headings(lines, [...L.clientBlock, PARTY_HEADINGS.client]));
  const i = nearestBlock(place, headings(lines, [...L.issuerBlock, PARTY_HEADINGS.issuer]));
  if (!c && !i) return null;
  const role: Role = c && (!i || c.dy < i.dy) ? 'client' : 'issuer';
  const near = role === 'client' ? c! : i!;
  return { role, sure: !near.weak && !(c && i && Math.abs(c.dy - i.dy) < 0.03), dy: near.dy };
}
