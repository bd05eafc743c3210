/**
 * Parties: tax ids (with their issuer/client role), the issuer's and the client's names, the issuer's
 * address, and the IBAN (the payee's account). One module per step in `parties/`: tax-id candidates
 * (`tax-ids.ts`), roles from the page's structure (`roles.ts`), names (`names.ts`, `issuer-name.ts`,
 * `client-name.ts`), the IBAN (`iban.ts`).
 */
import type { FieldMap } from '../evidence.ts';
import { addressAfter } from '../text/header.ts';
import { type Ctx, lineBox, linesBox } from './context.ts';
import { findClientName } from './parties/client-name.ts';
import { bestIssuerName, issuerNameCandidates } from './parties/issuer-name.ts';
import { legalFormDots, withAccents } from './parties/names.ts';
import { assignRoles } from './parties/roles.ts';
import { findTaxIds, readTwice, type TaxIdCand } from './parties/tax-ids.ts';

export { clientBlockName } from './parties/client-name.ts';
export { enginesAgreeOn, findIban } from './parties/iban.ts';
export { issuerNameCandidates } from './parties/issuer-name.ts';
export { type NameCand, withAccents } from './parties/names.ts';
export { LETTERS_LIKE_DIGIT, type TaxIdCand } from './parties/tax-ids.ts';

/** Tax ids with their roles, and the issuer's and the client's. */
export function taxIdsWithRoles(ctx: Ctx): {
  taxIds: TaxIdCand[];
  issuerId?: TaxIdCand;
  clientId?: TaxIdCand;
} {
  const taxIds = findTaxIds(ctx.lines);
  assignRoles(taxIds, ctx.lines, ctx.L);
  const issuerId =
    taxIds.find((t) => t.role === 'issuer') ?? taxIds.find((t) => t.role !== 'client' && t.valid);
  const clientId = taxIds.find((t) => t.role === 'client' && t.id !== issuerId?.id);
  return { taxIds, issuerId, clientId };
}

export function findParties(ctx: Ctx, fields: FieldMap): TaxIdCand[] {
  const { lines, source, L } = ctx;
  const { taxIds, issuerId, clientId } = taxIdsWithRoles(ctx);
  if (issuerId)
    fields.issuer_tax_id = {
      roleSure: issuerId.sure,
      readTwice: readTwice(ctx, issuerId),
      value: issuerId.id,
      confidence: issuerId.valid && issuerId.checkable ? 0.9 : 0.5,
      source,
      verified: false,
      box: lineBox(issuerId.line),
    };
  if (clientId)
    fields.client_tax_id = {
      roleSure: clientId.sure,
      readTwice: readTwice(ctx, clientId),
      value: clientId.id,
      confidence: clientId.valid && clientId.checkable ? 0.85 : 0.45,
      source,
      verified: false,
      box: lineBox(clientId.line),
    };

  // Names
  const issuerName = bestIssuerName(issuerNameCandidates(ctx, lines, issuerId, clientId, ctx.ocr));
  if (issuerName) {
    fields.issuer_name = {
      value: ctx.ocr ? withAccents(issuerName.line, issuerName.text) : issuerName.text,
      confidence: issuerName.conf,
      source,
      verified: false,
      box: lineBox(issuerName.line),
    };
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
  const clientName = findClientName(L, lines, clientId, issuerName?.text);
  if (clientName)
    fields.client_name = {
      value: ctx.ocr ? legalFormDots(withAccents(clientName.line, clientName.text)) : clientName.text,
      confidence: clientName.conf,
      source,
      verified: false,
      box: lineBox(clientName.line),
    };

  return taxIds;
}
