/**
 * The client's name: under or after a client-block label, else at the top of the client id's block.
 */
import type { Labels } from '../../labels/index.ts';
import { PARTY_HEADINGS } from '../../labels/parties.ts';
import type { Line } from '../../text/layout.ts';
import { splitCells } from '../context.ts';
import {
  cleanName,
  inlineName,
  isBlockLabel,
  isKeyCell,
  isNameLike,
  isPartyName,
  LABELISH,
  ROW_LABEL,
  SUFFIX_ONLY_BASE,
  TABLE_HEADER_WORD,
} from './names.ts';
import { partyWordKind } from './roles.ts';
import type { TaxIdCand } from './tax-ids.ts';

/**
 * The client's name where the page says so, before the issuer is chosen: under (or after) a client-block
 * label, else at the top of the block that holds the client's tax id. The issuer ranker marks a letterhead
 * candidate equal to it (`clientName`): a name printed in the client's block is not the issuer's.
 */
export function clientBlockName(
  L: Labels,
  lines: Line[],
  clientId: TaxIdCand | undefined,
): { text: string; line: Line } | null {
  return (
    findClientName(L, lines, clientId, undefined) ??
    (clientId ? nameAboveId(L, lines, clientId, undefined) : null) ??
    null
  );
}

export function findClientName(
  L: Labels,
  lines: Line[],
  clientId: TaxIdCand | undefined,
  issuerName: string | undefined,
) {
  const idLine = clientId?.line;
  const labels = [...L.clientBlock, PARTY_HEADINGS.client];
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    const m = labels.map((re) => re.exec(line.text)).find(Boolean);
    // "Atención al cliente", "Nº de cliente": the issuer's service or a number, no client block.
    if (!m || partyWordKind(line.text, m.index, m[0].length) !== 'heading') continue;
    // An inline block ("Datos del cliente: Empresa S.L., CIF B1…, Calle …"): the name before the id.
    const rest = cleanName(inlineName(cleanName(line.text.slice((m.index ?? 0) + m[0].length))));
    const beside =
      rest && isPartyName(rest, line) && !isBlockLabel(L, rest) && rest !== issuerName
        ? { text: rest, line, conf: 0.6 }
        : null;
    // A name far across a column gap may be the block beside's, on a line OCR merged across both blocks:
    // the name under the label comes first then.
    if (beside && !acrossColumnGap(L, line)) return beside;
    const labelWord = line.words.find((w) => labels.some((re) => re.test(w.text)));
    for (let j = i + 1; j < Math.min(lines.length, i + 4); j++) {
      const below = lines[j]!;
      // A table's header row ends the block: the rows under it are items.
      if ((below.text.match(TABLE_HEADER_WORD) ?? []).length >= 2) break;
      // The cell that starts in the label's column, whole (a long name runs past the column).
      const belowCells = splitCells(below);
      const at = belowCells.findIndex(
        (c) =>
          !labelWord ||
          Math.abs(c.x - labelWord.x) < 0.2 ||
          (c.x >= labelWord.x - 0.02 && c.x < labelWord.x + 0.3),
      );
      // "Name:   Kunden AG": a row label, the value in the next cell.
      const rowLabel = ROW_LABEL.test(belowCells[at]?.text.trim() ?? '');
      const cell = rowLabel ? belowCells[at + 1] : belowCells[at];
      // "Nummer   : 9314110911": a row's key under the label, not the client's name.
      if (!rowLabel && isKeyCell(belowCells, at)) continue;
      const text = cleanName(cell?.text ?? '');
      // The label's own first words, read by OCR on the line below ("cliente" over "Datos del").
      if (isBlockLabel(L, `${text} ${m[0].trim()}`)) continue;
      if (cell && text && isPartyName(text, below) && text !== issuerName)
        return { text: withWrappedSuffix(lines, j, cell, text), line: below, conf: 0.6 };
    }
    if (beside) return beside;
  }
  // No client label: the top of the client id's own block, in its column (side-by-side blocks share lines).
  const above = clientId && nameAboveId(L, lines, clientId, issuerName);
  if (above) return { ...above, conf: 0.5 };
  if (idLine) {
    const idx = lines.indexOf(idLine);
    for (let j = idx - 1; j >= Math.max(0, idx - 3); j--) {
      const l = lines[j]!;
      const cellWords = l.words.filter((w) => Math.abs(w.x - idLine.x) < 0.15);
      const text = cleanName(cellWords.map((w) => w.text).join(' '));
      if (isNameLike(text) && !LABELISH.test(text) && text !== issuerName)
        return { text, line: l, conf: 0.45 };
    }
  }
  return null;
}

/** The cell after the client label's starts more than a quarter of the page to its right. */
export function acrossColumnGap(L: Labels, line: Line): boolean {
  const cells = splitCells(line);
  const k = cells.findIndex((c) => L.clientBlock.some((re) => re.test(c.text)));
  const label = cells[k];
  const next = cells[k + 1];
  return !!label && !!next && next.x - (label.x + label.w) > 0.25;
}

export const WRAPPED_SUFFIX = new RegExp(`^(?:${SUFFIX_ONLY_BASE})$`, 'i');

/**
 * A name whose legal form wrapped onto the next line of its column ("Suministros del Norte" / "S.A."):
 * the name with it, when the next line's cell in that column (left- or right-aligned) is a legal form alone.
 */
export function withWrappedSuffix(
  lines: Line[],
  at: number,
  cell: { x: number; w: number },
  text: string,
): string {
  const line = lines[at]!;
  for (const next of lines.slice(at + 1, at + 4)) {
    if (next.page !== line.page || next.y - line.y > line.h * 2.5) break;
    const below = splitCells(next).find(
      (c) => Math.abs(c.x - cell.x) < 0.01 || Math.abs(c.x + c.w - (cell.x + cell.w)) < 0.01,
    );
    if (!below) continue;
    return WRAPPED_SUFFIX.test(below.text.trim()) ? `${text} ${below.text.trim()}` : text;
  }
  return text;
}

/**
 * The first line of the block holding a tax id: walking up the id's column while the lines stay close
 * (a block's lines are about one line apart), the topmost name-like cell.
 */
export function nameAboveId(
  L: Labels,
  lines: Line[],
  t: TaxIdCand,
  issuerName: string | undefined,
): { text: string; line: Line } | null {
  const idx = lines.indexOf(t.line);
  let best: { text: string; line: Line } | null = null;
  let lastY = t.line.y;
  for (let j = idx - 1; j >= Math.max(0, idx - 6); j--) {
    const l = lines[j]!;
    if (l.page !== t.line.page || lastY - l.y > Math.max(0.03, t.line.h * 2.6)) break;
    const cell = splitCells(l).find((c) => Math.abs(c.x - t.cell.x) < 0.04);
    if (!cell) continue;
    lastY = l.y;
    if (L.clientBlock.some((re) => re.test(cell.text)) || L.issuerBlock.some((re) => re.test(cell.text)))
      break;
    const text = cleanName(cell.text);
    if (isNameLike(text) && !LABELISH.test(text) && text !== issuerName) best = { text, line: l };
  }
  return best;
}
