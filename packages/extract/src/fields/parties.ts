/**
 * Parties: tax ids (with their issuer/client role), the issuer's and the client's names, the issuer's
 * address, and the IBAN (the payee's account). One module per step in `parties/`: tax-id candidates
 * (`tax-ids.ts`), roles from the page's structure (`roles.ts`), names (`names.ts`, `issuer-name.ts`,
 * `client-name.ts`), the IBAN (`iban.ts`).
 */
import type { FieldMap } from '../evidence.ts';
import { addressAfter } from '../text/header.ts';
import type { Direction } from '../types.ts';
import { type Ctx, lineBox, linesBox } from './context.ts';
import { findClientName } from './parties/client-name.ts';
import { bestIssuerName, issuerNameCandidates } from './parties/issuer-name.ts';
import { type KnownOnPage, namesParty, nameTokens, placeKnownParty } from './parties/known-party.ts';
import { legalFormDots, namedForPayment, sameName, withAccents } from './parties/names.ts';
import { assignRoles, sameTaxpayer } from './parties/roles.ts';
import { findTaxIds, readTwice, type TaxIdCand } from './parties/tax-ids.ts';

export { clientBlockName } from './parties/client-name.ts';
export { enginesAgreeOn, findIban } from './parties/iban.ts';
export { issuerNameCandidates } from './parties/issuer-name.ts';
export { type NameCand, withAccents } from './parties/names.ts';
export { LETTERS_LIKE_DIGIT, type TaxIdCand } from './parties/tax-ids.ts';

/**
 * Tax ids with their roles, and the issuer's and the client's; with a known party (`ctx.party`) found on
 * the page, its place and role.
 */
export function taxIdsWithRoles(ctx: Ctx): {
  taxIds: TaxIdCand[];
  issuerId?: TaxIdCand;
  clientId?: TaxIdCand;
  known: KnownOnPage | null;
} {
  const taxIds = findTaxIds(ctx.lines);
  assignRoles(taxIds, ctx.lines, ctx.L);
  const known = placeKnownParty(ctx, taxIds, ctx.party);
  const knownId = known?.id;
  const issuerId =
    (known?.role === 'issuer' ? knownId : undefined) ??
    taxIds.find((t) => t.role === 'issuer') ??
    (known ? undefined : taxIds.find((t) => t.role !== 'client' && t.valid));
  const clientId =
    (known?.role === 'client' ? knownId : undefined) ??
    taxIds.find((t) => t.role === 'client' && t.id !== issuerId?.id);
  return { taxIds, issuerId, clientId, known };
}

/** The page gives some id both roles, or one role to two ids: no party field is certain. */
const anyConflict = (ids: TaxIdCand[]) => ids.some((t) => t.conflict);

export function findParties(
  ctx: Ctx,
  fields: FieldMap,
): { taxIds: TaxIdCand[]; direction: Direction | null } {
  const { lines, source, L } = ctx;
  const { taxIds, issuerId, clientId, known } = taxIdsWithRoles(ctx);
  const conflict = anyConflict(taxIds);
  // Another taxpayer's valid id left in the same role: the choice between them is the engine's, not the
  // page's, so the role is not certain.
  const shared = (c: TaxIdCand) =>
    taxIds.some((t) => t.role === c.role && t.valid && !sameTaxpayer(t.id, c.id));
  // The known party's id read on the page equals the one the accountant holds: the value is read twice.
  const twice = (t: TaxIdCand) => t === known?.id || readTwice(ctx, t);
  if (issuerId)
    fields.issuer_tax_id = {
      roleSure: issuerId.sure && !conflict && !shared(issuerId),
      readTwice: twice(issuerId),
      value: issuerId.id,
      confidence: issuerId.valid && issuerId.checkable ? 0.9 : 0.5,
      source,
      verified: false,
      box: lineBox(issuerId.line),
    };
  if (clientId)
    fields.client_tax_id = {
      roleSure: clientId.sure && !conflict && !shared(clientId),
      readTwice: twice(clientId),
      value: clientId.id,
      confidence: clientId.valid && clientId.checkable ? 0.85 : 0.45,
      source,
      verified: false,
      box: lineBox(clientId.line),
    };

  // The known party's name as printed, in its role: verified when the page's structure says the role and
  // the name stands in the known id's block (or under its heading).
  const knownName = known?.name;
  const knownNameField = knownName && {
    value: ctx.ocr ? withAccents(knownName.line, knownName.text) : knownName.text,
    confidence: 0.9,
    source,
    verified: known.sure && knownName.inBlock && !conflict,
    box: lineBox(knownName.line),
  };
  const isKnownName = (text: string | undefined) =>
    knownName != null && text != null && sameName(text, knownName.text);

  // Names
  // The known client's name is not the issuer's, printed in full or in part ("Nombre.... EMPRESA" for
  // "Empresa S.L.").
  const partyTokens = nameTokens(ctx.party?.name ?? '');
  const namesKnown = (text: string) => isKnownName(text) || namesParty(text, partyTokens);
  const issuerCands = issuerNameCandidates(ctx, lines, issuerId, clientId, ctx.ocr).filter(
    (c) => !(known?.role === 'client' && namesKnown(c.text)) && !namedForPayment(lines, c.line),
  );
  const issuerName = bestIssuerName(issuerCands);
  if (known?.role === 'issuer' && knownNameField) fields.issuer_name = knownNameField;
  else if (issuerName)
    fields.issuer_name = {
      value: ctx.ocr ? withAccents(issuerName.line, issuerName.text) : issuerName.text,
      confidence: issuerName.conf,
      source,
      verified: false,
      box: lineBox(issuerName.line),
    };
  if (issuerName && !(known?.role === 'issuer' && knownNameField)) {
    const address = addressAfter(lines, issuerName.line, issuerName.lineCount ?? 1);
    if (address)
      fields.issuer_address = {
        value: address.text,
        confidence: Math.min(0.7, issuerName.conf),
        source,
        verified: false,
        box: linesBox(address.lines),
      };
  }
  const printedIssuer = fields.issuer_name?.value;
  const clientName = findClientName(L, lines, clientId, printedIssuer);
  if (known?.role === 'client' && knownNameField) fields.client_name = knownNameField;
  else if (clientName && !(known?.role === 'issuer' && isKnownName(clientName.text)))
    fields.client_name = {
      value: ctx.ocr ? legalFormDots(withAccents(clientName.line, clientName.text)) : clientName.text,
      confidence: clientName.conf,
      source,
      verified: false,
      box: lineBox(clientName.line),
    };

  // Placed first or in the top band with nothing on the page naming its role, the known party is not
  // known to be the issuer: a client's block often sits up there too (top right, by the letterhead). Null
  // is better than a wrong direction. Placed after another party's id, it is that party's client.
  const guessedIssuer = known?.byPlace && known.role === 'issuer';
  const direction: Direction | null =
    known && !guessedIssuer ? (known.role === 'issuer' ? 'issued' : 'received') : null;
  return { taxIds, direction };
}
