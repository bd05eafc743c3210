/**
 * Issuer or client: each tax id's role from the page's structure (the block label over or before it).
 */
import type { Labels } from '../../labels/index.ts';
import type { Line } from '../../text/layout.ts';
import { boxOf } from '../context.ts';
import { CLIENT_ID_LABEL, type TaxIdCand } from './tax-ids.ts';

export function assignRoles(ids: TaxIdCand[], lines: Line[], L: Labels): void {
  const clientLabels = lines.filter((l) => L.clientBlock.some((re) => re.test(l.text)));
  const issuerLabels = lines.filter((l) => L.issuerBlock.some((re) => re.test(l.text)));
  for (const t of ids) {
    if (CLIENT_ID_LABEL.test(t.cell.text)) {
      t.role = 'client';
      t.sure = true;
      continue;
    }
    const nearClient = nearestBlock(t, clientLabels, L.clientBlock);
    const nearIssuer = nearestBlock(t, issuerLabels, L.issuerBlock);
    if (nearClient && (!nearIssuer || nearClient.dy < nearIssuer.dy)) t.role = 'client';
    else if (nearIssuer) t.role = 'issuer';
    // Both kinds of block label just over the id's column (0.03: about a line apart): a guess, never certain.
    t.sure = t.role != null && !(nearClient && nearIssuer && Math.abs(nearClient.dy - nearIssuer.dy) < 0.03);
  }
  // Two ids placed in one role: at least one is wrong, and neither is certain.
  for (const role of ['issuer', 'client'] as const) {
    const same = ids.filter((t) => t.role === role && t.sure);
    const taxpayers = new Set(same.map((t) => t.id.replace(/^ES(?=[0-9A-Z]{9}$)/, '')));
    if (taxpayers.size > 1) for (const t of same) t.sure = false;
  }
  // With the client's id placed by its block, the one other valid id is the issuer's.
  const clients = ids.filter((t) => t.role === 'client' && t.sure);
  const rest = ids.filter((t) => t.role == null && t.valid);
  if (clients.length === 1 && rest.length === 1 && !ids.some((t) => t.role === 'issuer')) {
    rest[0]!.role = 'issuer';
    rest[0]!.sure = true;
  }
  // Without block labels: the letterhead's id is the issuer's, a second one the client's. Blocks side by
  // side (within about two lines of each other) read left to right; otherwise top to bottom.
  const unassigned = ids.filter((t) => t.role == null && t.valid).sort(letterheadOrder);
  if (!ids.some((t) => t.role === 'issuer') && unassigned[0]) unassigned[0].role = 'issuer';
  if (!ids.some((t) => t.role === 'client')) {
    const next = ids.filter((t) => t.role == null && t.valid).sort(letterheadOrder)[0];
    if (next) next.role = 'client';
  }
}

/** Reading order of party blocks: page, then left before right when side by side, else top first. */
export function letterheadOrder(a: TaxIdCand, b: TaxIdCand): number {
  if (a.line.page !== b.line.page) return a.line.page - b.line.page;
  const side = Math.abs(a.line.y - b.line.y) < 0.03 && Math.abs(a.cell.x - b.cell.x) > 0.2;
  return side ? a.cell.x - b.cell.x : a.line.y - b.line.y;
}

/**
 * The nearest block label above the id in the id's own column, its vertical distance; or null. The
 * column is the id's cell, not its line: a line merged across side-by-side blocks spans both labels.
 */
export function nearestBlock(t: TaxIdCand, labels: Line[], res: RegExp[]): { dy: number } | null {
  let best: { dy: number } | null = null;
  for (const l of labels) {
    if (l.page !== t.line.page) continue;
    const dy = t.line.y - l.y;
    if (dy < -0.002 || dy > 0.18) continue;
    // Where the label itself sits on its line (a merged line starts in the other block's column).
    const m = res.map((re) => new RegExp(re.source, re.flags.replace('g', '')).exec(l.text)).find(Boolean);
    const label = m ? boxOf(l, m.index, m[0].length) : l;
    // Same column: the label's span and the id's cell overlap, or nearly (0.05: a narrow gutter).
    const gap = Math.max(label.x - (t.cell.x + t.cell.w), t.cell.x - (label.x + label.w), 0);
    if (gap > 0.05) continue;
    if (best == null || dy < best.dy) best = { dy };
  }
  return best;
}
