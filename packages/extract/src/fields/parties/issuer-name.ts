/**
 * The issuer's name: letterhead, footer and labelled-block candidates with features, ranked by the model.
 */

import type { Labels } from '../../labels/index.ts';
import { PARTY_HEADINGS } from '../../labels/parties.ts';
import { ADDRESS_STOP, isRegistrationLine } from '../../text/header.ts';
import type { Line } from '../../text/layout.ts';
import { boxOf, type Ctx, LEGAL_FOOTER, lineReadings, splitCells } from '../context.ts';
import { type Features, scoreFeatures, topProbability } from '../ranker.ts';
import { clientBlockName } from './client-name.ts';
import {
  cleanName,
  companySuffix,
  headerName,
  isBlockLabel,
  isKeyCell,
  isNameLike,
  isPartyName,
  isStreetLine,
  JOINING_END,
  LABEL_WORDS,
  LABELISH,
  LEGAL_WORD,
  legalNameAtStart,
  type NameCand,
  ROW_LABEL,
  sameName,
  spellingFeatures,
  suffixOnly,
  TABLE_HEADER_WORD,
  type Tester,
} from './names.ts';
import { REGISTRY } from './roles.ts';
import { GLUED_ID_LABEL, type TaxIdCand } from './tax-ids.ts';

/**
 * Where a tax id is printed, to compare with a name's place: on a text layer its own cell (blocks side by
 * side share lines: "Cliente Uno S.L.   NIF: B12345678" holds the client's name and the issuer's id), read
 * by OCR its line (receipts' wide lines split into cells anywhere).
 */
export function idPlace(id: TaxIdCand | undefined, ocr: boolean): Line | undefined {
  if (!id || ocr) return id?.line;
  return { ...id.line, x: id.cell.x, w: id.cell.w };
}

export function issuerNameCandidates(
  ctx: Ctx,
  lines: Line[],
  issuerId: TaxIdCand | undefined,
  clientId: TaxIdCand | undefined,
  ocr = false,
): NameCand[] {
  const { L } = ctx;
  const idLine = idPlace(issuerId, ocr);
  const clientIdLine = idPlace(clientId, ocr);
  const COMPANY_SUFFIX = companySuffix(ctx.region);
  const SUFFIX_ONLY = suffixOnly(ctx.region);
  const candidates: NameCand[] = [];
  const firstPage = lines.filter((l) => l.page === (lines[0]?.page ?? 1));
  const maxH = Math.max(...firstPage.map((l) => l.h), 0.001);
  // OCR line boxes grow with skew and merged rows: compare median word heights instead.
  const wordH = (l: Line) => [...l.words].sort((a, b) => a.h - b.h)[Math.floor(l.words.length / 2)]?.h ?? l.h;
  const allH = firstPage.map(wordH).sort((a, b) => a - b);
  const medH = allH[Math.floor(allH.length / 2)] ?? 0.01;
  let rank = 0;
  const returnAddr = ocr ? null : findReturnAddress(firstPage, medH);
  const footerNames = findFooterNames(lines, COMPANY_SUFFIX);
  for (let i = 0; i < firstPage.length; i++) {
    const line = firstPage[i]!;
    // On a receipt the name comes before the first phone / tax-registration line.
    if (ocr && rank > 0 && ADDRESS_STOP.test(line.text) && /\d{4}/.test(line.text)) break;
    // "Nummer   : 549910": a row's key, its colon set apart.
    if (!ocr && isKeyCell(splitCells(line), 0)) continue;
    let text = headerName(line, ocr);
    if (ocr && COMPANY_SUFFIX.test(text) && /^\d/.test(text)) text = `_${text}`; // "99 KEDAI CONTOH S/B"
    const nameLike = isNameLike(text);
    if (text.startsWith('_')) text = text.slice(1);
    // The letterhead is printed above the items table: its header row ends the search.
    if (rank > 0 && (line.text.match(TABLE_HEADER_WORD) ?? []).length >= 2) break;
    // A block label alone ("Facturado a", "Emisor") heads a name; it is none.
    if (!nameLike || LABELISH.test(text) || isBlockLabel(L, text) || isStreetLine(text)) continue;
    if (line.y > 0.45) break;
    // OCR specks and logos: low confidence or hardly any letters; registration numbers.
    if (ocr && (line.conf < 0.5 || (text.match(/\p{L}/gu) ?? []).length < 4 || isRegistrationLine(line.text)))
      continue;
    let lineCount = 1;
    // A legal form wrapped onto the next line of the name's own column (side-by-side blocks share lines),
    // or the rest of a name cut after a joining word ("Suministros Industriales del" / "Norte S.A.").
    const cells0 = splitCells(line);
    const span = cells0.length > 1 && sameName(text, cleanName(cells0[0]!.text)) ? cells0[0]! : line;
    const next = firstPage
      .slice(i + 1, i + 4)
      .find((l) => l.y > line.y && l.x < span.x + span.w && l.x + l.w > span.x);
    if (next && next.y - (line.y + line.h) < line.h * 1.5) {
      const whole = headerName(next, ocr);
      const cell = splitCells(next).find((c) => c.x < span.x + span.w && c.x + c.w > span.x);
      const own = cell ? cleanName(cell.text) : whole;
      if (SUFFIX_ONLY.test(whole) || (span !== line && SUFFIX_ONLY.test(own))) {
        text = `${text} ${SUFFIX_ONLY.test(whole) ? whole : own}`;
        lineCount = 2;
      } else if (
        JOINING_END.test(text) &&
        isNameLike(own) &&
        !LABELISH.test(own) &&
        COMPANY_SUFFIX.test(own)
      ) {
        text = `${text} ${own}`;
        lineCount = 2;
      }
    }
    const f: Features = {};
    // "KEDAI CONTOH S/B (B12)": a branch in brackets after the legal form.
    const core = ocr ? text.replace(/\s*\([^()]{1,12}\)?\s*$/, '') : text;
    if (COMPANY_SUFFIX.test(core)) f.legalForm = 1;
    else if (LEGAL_WORD.test(text)) f.legalWord = 1;
    f.bigPrint = ocr ? Math.max(0, Math.min(2, (wordH(line) / medH - 1) * 2)) : (line.h / maxH) * 2;
    f.topRank = Math.max(0, 2 - (ocr ? rank : i) * 0.3);
    // Receipt headers are printed in capitals; an all-lower-case line is a note or a stamp.
    if (ocr && !/\p{Lu}/u.test(text)) f.lowercase = 1;
    const letters = text.match(/\p{L}/gu) ?? [];
    f.upperRatio = letters.length ? letters.filter((c) => c === c.toUpperCase()).length / letters.length : 0;
    f.lineConf = line.conf;
    rank++;
    if (idLine && idLine.page === line.page) {
      const dy = idLine.y - line.y;
      // Left-aligned with the name, or right-aligned in a letterhead on the right.
      const aligned =
        Math.abs(idLine.x - line.x) < 0.2 ||
        (!ocr && Math.abs(idLine.x + idLine.w - (line.x + line.w)) < 0.03);
      if (dy >= 0 && dy < 0.12 && aligned) f.nearIssuerId = 2 - dy * 10;
    }
    if (clientIdLine && clientIdLine.page === line.page) {
      const dy = clientIdLine.y - line.y;
      if (dy >= 0 && dy < 0.1 && Math.abs(clientIdLine.x - line.x) < 0.1) f.nearClientId = 1;
    }
    if (L.clientBlock.some((re) => re.test(firstPage[i - 1]?.text ?? ''))) f.afterClientLabel = 1;
    // The recipient's address window sits right under the sender's one-line return address.
    if (
      returnAddr &&
      line !== returnAddr.line &&
      line.y > returnAddr.line.y &&
      line.y - returnAddr.line.y < 0.1
    )
      if (Math.abs(line.x - returnAddr.line.x) < 0.05) f.underReturnAddress = 1;
    if (footerNames.some((x) => sameName(x.text, text))) f.footerMatch = 1;
    candidates.push({
      text,
      line,
      score: 0,
      lineCount,
      features: ocr ? { ...f, ...spellingFeatures(text) } : f,
    });
    // The other engine's reading of the same line: its spacing and letters may be the right ones.
    for (const alt of ocr ? lineReadings(ctx, line).slice(1) : []) {
      const altText = headerName(alt, ocr).replace(/^_/, '');
      if (altText === text || !isNameLike(altText) || LABELISH.test(altText)) continue;
      const suffix = lineCount === 2 ? ` ${headerName(firstPage[i + 1]!, ocr)}` : '';
      const engine = alt.words.find((w) => w.engine === 'tesseract' || w.engine === 'ppocr')?.engine;
      const g: Features = { ...f, ...spellingFeatures(altText + suffix), altReading: 1 };
      if (engine === 'tesseract') g.altTesseract = 1;
      candidates.push({ text: altText + suffix, line, score: 0, lineCount, features: g });
    }
  }
  // Every reading of a line's first cell: the same printed name (or the name with the rest of the line).
  const firstCells = new Set(candidates);
  // Text layer: a letterhead in a right-hand column shares its lines with the left column ("FACTURA   Empresa
  // del"), and a long name wraps onto the next line of its column ("Norte S.A."). Its cell is a candidate
  // when no client label or client id heads that column.
  {
    const continued = new Set<string>();
    for (let i = 0; i < firstPage.length; i++) {
      const line = firstPage[i]!;
      if (line.y > 0.3) break;
      const cells = splitCells(line);
      // Read by OCR, only beside a document title ("FACTURA   Empresa del") or a block label ("Facturado a
      // Empresa S.L.", the blocks side by side): receipts' wide lines split into cells anywhere.
      const head = cells[0]?.text ?? '';
      if (ocr && !LABEL_WORDS.test(head.replace(/[^\p{L}]/gu, '')) && !isBlockLabel(L, head)) continue;
      if (isLabelRow(cells)) continue;
      for (const [k, cell] of cells.entries()) {
        if (k === 0 || cell.x < 0.4) continue;
        // A label with its amount beside it ("Término fijo   22,60 €"): a summary row, not a name.
        if (AMOUNT_CELL.test(cells[k + 1]?.text ?? '')) continue;
        let text = cleanName(cell.text);
        if (!isNameLike(text) || LABELISH.test(text) || isStreetLine(text)) continue;
        const inClientColumn = firstPage.some(
          (l) =>
            l.y <= line.y + 0.001 &&
            line.y - l.y < 0.2 &&
            splitCells(l).some(
              (c) => Math.abs(c.x - cell.x) < 0.05 && L.clientBlock.some((re) => re.test(c.text)),
            ),
        );
        const clientCell =
          clientIdLine &&
          clientIdLine.y >= line.y &&
          clientIdLine.y - line.y < 0.1 &&
          splitCells(clientIdLine).some((c) => Math.abs(c.x - cell.x) < 0.05);
        if (inClientColumn || clientCell) continue;
        const next = firstPage[i + 1];
        const below =
          next && next.y - line.y < line.h * 2.2
            ? splitCells(next).find(
                (c) => Math.abs(c.x - cell.x) < 0.01 || Math.abs(c.x + c.w - (cell.x + cell.w)) < 0.01,
              )
            : undefined;
        let lineCount = 1;
        if (
          !COMPANY_SUFFIX.test(text) &&
          below &&
          (SUFFIX_ONLY.test(below.text.trim()) || (COMPANY_SUFFIX.test(below.text) && isNameLike(below.text)))
        ) {
          text = `${text} ${cleanName(below.text)}`;
          lineCount = 2;
          continued.add(below.text);
        } else if (continued.has(cell.text)) continue;
        if (candidates.some((c) => sameName(c.text, text))) continue;
        const f: Features = {};
        if (COMPANY_SUFFIX.test(text)) f.legalForm = 1;
        else if (LEGAL_WORD.test(text)) f.legalWord = 1;
        f.bigPrint = (line.h / maxH) * 2;
        f.topRank = Math.max(0, 2 - i * 0.3);
        const letters = text.match(/\p{L}/gu) ?? [];
        f.upperRatio = letters.length
          ? letters.filter((c) => c === c.toUpperCase()).length / letters.length
          : 0;
        f.lineConf = line.conf;
        if (idLine && idLine.page === line.page) {
          const dy = idLine.y - line.y;
          const idCell = splitCells(idLine).some((c) => Math.abs(c.x - cell.x) < 0.2);
          if (dy >= 0 && dy < 0.12 && idCell) f.nearIssuerId = 2 - dy * 10;
        }
        candidates.push({ text, line, score: 0, lineCount, features: f });
      }
    }
  }
  if (!ocr && returnAddr && isNameLike(returnAddr.text)) {
    const features: Features = {
      returnAddress: 1,
      ...(COMPANY_SUFFIX.test(returnAddr.text) ? { legalForm: 1 } : {}),
    };
    candidates.push({ text: returnAddr.text, line: returnAddr.line, score: 0, features });
  }
  // "Empresa S.A. · CIF A12345678 · Calle …": a name printed on the issuer's own id line, before the id.
  // Read by OCR, the separators and the label may be lost or garbled ("Javier Martín Sánchez NIF2031…").
  const onIdLine =
    idLine && (nameOnIdLine(idLine, COMPANY_SUFFIX) ?? (ocr ? nameBeforeIdShape(idLine) : null));
  if (onIdLine && !candidates.some((c) => sameName(c.text, onIdLine))) {
    const features: Features = { footer: 1, ...(COMPANY_SUFFIX.test(onIdLine) ? { legalForm: 1 } : {}) };
    candidates.push({ text: onIdLine, line: idLine!, score: 0, features });
  }
  // The issuer's legal line ("Empresa, S.L.U. Inscrita en el Registro Mercantil … NIF B1…", "Empresa S.A.
  // Calle … CIF A1…"): the name that opens the issuer's id line or a registry line, up to its legal form.
  // A name the header holds too gains the match.
  for (const line of lines) {
    if (line === clientIdLine) continue;
    const isIdLine = issuerId != null && [issuerId.line, ...issuerId.repeats].includes(line);
    if (!isIdLine && (line.page !== firstPage[0]?.page || !REGISTRY.test(line.text))) continue;
    const name = legalNameAtStart(line.text);
    if (!name) continue;
    const same = candidates.find((c) => sameName(c.text, name));
    if (same) same.features.footerMatch = 1;
    else candidates.push({ text: name, line, score: 0, features: { footer: 1, legalForm: 1 } });
  }
  // A company name in the issuer id's block: over it in its column (as the letterhead loop above does, but
  // anywhere on the page: "Empresa Ltd" over "VAT Reg. No. IE1…" in a footer), or on the line right under
  // it ("CIF: B1…" then "Empresa, S.L." on a ticket's foot).
  if (idLine)
    for (const line of firstPage) {
      if (line === idLine || line === clientIdLine || line.page !== idLine.page) continue;
      const dy = idLine.y - line.y;
      const under = line.y - (idLine.y + idLine.h);
      const aligned = Math.abs(idLine.x - line.x) < ID_BLOCK_ALIGN;
      const near =
        dy > 0 && dy < ID_BLOCK_REACH && aligned
          ? 2 - dy * 10
          : line.y > idLine.y && under < idLine.h * ID_NEIGHBOUR_GAP && aligned
            ? 2
            : 0;
      if (!near) continue;
      const text = cleanName(line.text);
      if (!COMPANY_SUFFIX.test(text) || !isNameLike(text) || LABELISH.test(text)) continue;
      const same = candidates.find((c) => sameName(c.text, text));
      if (same) same.features.nearIssuerId = Math.max(same.features.nearIssuerId ?? 0, near);
      else candidates.push({ text, line, score: 0, features: { legalForm: 1, nearIssuerId: near } });
    }
  // A signature block at the foot ("Antonio J. Bernal Martínez" / street / town / "29.777.896-A"): the
  // top line of the issuer id's block, its lines close together in one column, names the issuer even
  // without a legal form (a professional signs with their own name).
  const signature = idLine && !ocr ? blockTop(L, firstPage, idLine) : null;
  if (signature && signature.line.y > FOOT_TOP && signature.line !== clientIdLine) {
    const dy = idLine!.y - signature.line.y;
    const near = Math.max(0, 2 - dy * 10);
    const same = candidates.find((c) => sameName(c.text, signature.text));
    if (same) same.features.nearIssuerId = Math.max(same.features.nearIssuerId ?? 0, near);
    else
      candidates.push({
        text: signature.text,
        line: signature.line,
        score: 0,
        features: {
          footer: 1,
          nearIssuerId: near,
          ...(COMPANY_SUFFIX.test(signature.text) ? { legalForm: 1 } : {}),
        },
      });
  }
  // The issuer's legal line in the footer, its id unread ("Empresa S.L. - CIF B1…" with the id misread):
  // a company name before an id label, low on the page, on no client id's line.
  for (const line of firstPage) {
    if (line.y < 0.35 || line === idLine || line === clientIdLine) continue;
    const separated = nameOnIdLine(line, COMPANY_SUFFIX);
    // Without a legal form, only read by OCR: a scan's legal line is a person's name as often as a company's.
    const name =
      separated && (ocr || COMPANY_SUFFIX.test(separated)) ? separated : ocr ? nameBeforeIdShape(line) : null;
    if (!name || candidates.some((c) => sameName(c.text, name))) continue;
    const features: Features = { footer: 1, ...(COMPANY_SUFFIX.test(name) ? { legalForm: 1 } : {}) };
    candidates.push({ text: name, line, score: 0, features });
  }
  for (const x of footerNames) {
    if (candidates.some((c) => sameName(c.text, x.text))) continue;
    const features: Features = { footer: 1, ...(COMPANY_SUFFIX.test(x.text) ? { legalForm: 1 } : {}) };
    candidates.push({ text: x.text, line: x.line, score: 0, features });
  }
  // A labelled issuer block ("Emisor", "Service Provider:", "Sold by") names the issuer outright.
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    const m = L.issuerBlock.map((re) => re.exec(line.text)).find(Boolean);
    if (!m) {
      // "Comercializadora: Empresa S.L.U.": a heading of the issuer's block with the name after its colon.
      const h = PARTY_HEADINGS.issuer.exec(line.text);
      const inline = h && /:\s*$/.test(h[0]) ? cleanName(line.text.slice(h.index + h[0].length)) : '';
      if (inline && isNameLike(inline) && !LABELISH.test(inline) && COMPANY_SUFFIX.test(inline))
        return [{ text: inline, line, score: 0, features: { issuerBlock: 1 } }];
      continue;
    }
    // A compound field label ("Emisor/Sufijo" of a payment slip) heads no block.
    if (/^\s*\//.test(line.text.slice((m.index ?? 0) + m[0].length))) continue;
    const rest = cleanName(line.text.slice((m.index ?? 0) + m[0].length));
    // "Emisor   Destinatario": two block labels side by side, the names under them.
    const isLabel = (t: string) =>
      L.clientBlock.some((re) => re.test(t)) || L.issuerBlock.some((re) => re.test(t));
    if (rest && isNameLike(rest) && !LABELISH.test(rest) && !isLabel(rest))
      return [{ text: rest, line, score: 0, features: { issuerBlock: 1 } }];
    // The label's own column: the value sits under it, whatever else shares the row.
    const label = boxOf(line, (m.index ?? 0) + (m[0].length - m[0].trimStart().length), m[0].trim().length);
    for (let j = i + 1; j < Math.min(lines.length, i + 4); j++) {
      const below = lines[j]!;
      if (below.page !== line.page || below.y - line.y > 0.08) break;
      const cells = splitCells(below);
      const at = cells.findIndex((c) => c.x >= label.x - 0.05 && c.x < label.x + label.w + 0.1);
      // "Name:   Beispiel GmbH": a row label, the value in the next cell.
      const rowLabel = ROW_LABEL.test(cells[at]?.text.trim() ?? '');
      const cell = rowLabel ? cells[at + 1] : cells[at];
      if (!rowLabel && isKeyCell(cells, at)) continue;
      const text = cleanName(cell?.text ?? '');
      // An address under the issuer's label is no name ("Gran Via, 184").
      if (
        text &&
        isNameLike(text) &&
        !LABELISH.test(text) &&
        !isStreetLine(text) &&
        !isLabel(text) &&
        !/^[(*]/.test(text)
      )
        return [{ text, line: below, score: 0, features: { issuerBlock: 1 } }];
    }
  }
  // The account holder of the bank details is the payee, the issuer.
  const holder = lines
    .map(
      (l) =>
        /\b(?:titulaire(?:\s*du\s*compte)?|account\s*holder|kontoinhaber|titular(?:\s*de\s*la\s*cuenta)?|beneficiary|beneficiario|ten\s*name\s*van|t\.n\.v\.)\s*:?\s*(.+)$/i.exec(
          l.text,
        )?.[1],
    )
    .find(Boolean);
  if (holder) {
    const name = cleanName(holder);
    for (const c of candidates) if (sameName(c.text, name)) c.features.holderMatch = 1;
  }
  // The second line of a wrapped name ("Suministros Industriales del" / "Norte S.A.") is no name of its own.
  const tail = (c: NameCand) =>
    candidates.some(
      (d) =>
        d !== c &&
        d.lineCount === 2 &&
        d.line.page === c.line.page &&
        c.line.y > d.line.y &&
        c.line.y - d.line.y < 0.05 &&
        sameName(d.text.slice(-c.text.length), c.text),
    );
  for (let k = candidates.length - 1; k >= 0; k--) if (tail(candidates[k]!)) candidates.splice(k, 1);
  // The name the client's block holds (its label, or the client id's block) is the client's, not the issuer's.
  const client = clientBlockName(L, lines, clientId);
  // Accents and OCR's misread letters aside: another engine's reading of the client's line is the client's.
  const flat = (x: string) =>
    x
      .normalize('NFD')
      .toLowerCase()
      .replace(/[^\p{L}\d]+/gu, '')
      .replace(/5/g, 's')
      .replace(/0/g, 'o');
  // The client's name opens its line: every engine's reading of that line's first cell is the client's
  // name, however garbled (the first letters compared: a wrapped legal form may follow the name).
  const clientOpensLine = client != null && flat(client.line.text).startsWith(flat(client.text).slice(0, 8));
  if (client)
    for (const c of candidates)
      if (
        flat(c.text) === flat(client.text) ||
        (c.line === client.line &&
          flat(client.text).length >= 6 &&
          flat(c.text).includes(flat(client.text))) ||
        (c.line === client.line && clientOpensLine && firstCells.has(c))
      )
        c.features.clientName = 1;
  // Under the client's label, over the client's id, and the name the client's block holds: three readings
  // agree it is the client's, so it is never the issuer's while another candidate is left (a letterhead in
  // the footer, read by OCR, weighs less than the client's legal form at the top).
  const isClients = (c: NameCand) =>
    c.features.afterClientLabel && c.features.nearClientId && c.features.clientName;
  if (candidates.some((c) => !isClients(c)))
    for (let k = candidates.length - 1; k >= 0; k--) if (isClients(candidates[k]!)) candidates.splice(k, 1);
  // Letterheads read by OCR (receipts, scans) and printed in a text layer (digital invoices) differ:
  // each has its own weights, so fitting on one cannot unlearn the other.
  if (!ocr) for (const c of candidates) c.features = withPrefix(c.features, 'pdf.');
  return candidates;
}

/** The segment before a tax-id label on its line, when it reads as a name ("Empresa S.L. · NIF B1…"). */
export function nameOnIdLine(line: Line, COMPANY_SUFFIX: Tester): string | null {
  const ID = `(?:N\\.?I\\.?F|C\\.?I\\.?F|N\\.?I\\.?E|DNI|VAT|NIF-IVA|${GLUED_ID_LABEL.source})(?![A-Za-z])`;
  const m = new RegExp(`^(.*?)(?:\\s+[·|•–-]\\s+|\\s{3}|,\\s+)${ID}`, 'i').exec(line.text);
  // OCR drops the separator dot ("Empresa S.A. CIF A1…"): a plain space, after a legal form.
  const plain = new RegExp(`^(.*?)\\s+${ID}`, 'i').exec(line.text);
  const raw = m?.[1] ?? (plain && COMPANY_SUFFIX.test(plain[1]!.trim()) ? plain[1] : null);
  if (raw == null) return null;
  const text = cleanName(raw.trim());
  return text && isNameLike(text) && !LABELISH.test(text) && !/[·|•]/.test(text) ? text : null;
}

/** A money amount filling a cell ("22,60 €", "1.234,56"). */
const AMOUNT_CELL = /^-?[€$£]?\s?\d{1,3}(?:[.\s]?\d{3})*[.,]\d{2}\s?[€$£]?$/;

/**
 * A row of labels ("Número   FECHA   CLIENTE   N.I.F.   Representante"): three cells or more, none with a
 * digit, two of them field labels. Its cells head the values under them; none is a name.
 */
function isLabelRow(cells: { text: string }[]): boolean {
  if (cells.length < 3 || cells.some((c) => /\d/.test(c.text))) return false;
  return cells.filter((c) => LABELISH.test(c.text)).length >= 2;
}

/** Where the foot of the page begins (fraction of its height): a signature block stands under it. */
const FOOT_TOP = 0.5;
/** Most space between two lines of one block, in line heights (from one line's top to the next's). */
const BLOCK_LINE_STEP = 1.6;
/** Most lines a signature block holds over its id (name, street, town, perhaps a second street line). */
const BLOCK_MAX_LINES = 5;

/**
 * The top line of the block that ends with a tax id: walking up its column (left edges within
 * ID_BLOCK_ALIGN) while each line stands close over the next, the topmost line; a party's name there,
 * else null.
 */
export function blockTop(L: Labels, lines: Line[], idLine: Line): { text: string; line: Line } | null {
  const idx = lines.findIndex((l) => l.page === idLine.page && Math.abs(l.y - idLine.y) < 1e-6);
  if (idx < 0) return null;
  let top: Line | null = null;
  let below = idLine;
  let closed = false;
  for (let j = idx - 1; j >= 0; j--) {
    const l = lines[j]!;
    const inBlock =
      l.page === idLine.page &&
      below.y - l.y <= l.h * BLOCK_LINE_STEP &&
      Math.abs(l.x - idLine.x) <= ID_BLOCK_ALIGN &&
      splitCells(l).length === 1;
    if (!inBlock) {
      closed = true;
      break;
    }
    if (idx - j > BLOCK_MAX_LINES) return null;
    top = l;
    below = l;
  }
  if (!top || (!closed && lines.indexOf(top) !== 0)) return null;
  const text = cleanName(top.text);
  return isPartyName(text, top) && !isBlockLabel(L, text) ? { text, line: top } : null;
}

/** Gap between the issuer's id and a name right under it, in line heights (1.6: the next line only). */
const ID_NEIGHBOUR_GAP = 1.6;
/** How far over the issuer's id its block's name may stand (0.12 of the page: about six lines). */
const ID_BLOCK_REACH = 0.12;
/** Left edges this close (page width) stand in one block. */
const ID_BLOCK_ALIGN = 0.2;

/**
 * An id label as OCR garbles it on small print, right before a token shaped like a Spanish id: whole or
 * cut ("CI F2586…"), glued to the id ("CIFA706…", "NIF2031…"), the id itself misread ("B9234614L").
 */
export const LABEL_BEFORE_ID_SHAPE =
  /^(.*?)\s+(?:N\.?I\.?F|C\.?I\.?F|N\.?I\.?E|DNI|CI|NI|NF|IF)[.:]?\s?(?=[A-Z]?\d{7,8}[A-Za-z]?(?![\p{L}\d]))/u;

/**
 * The name on a legal line whose separators OCR lost ("Javier Martín Sánchez NIF2031…", "Empresa 5. CIFA706…
 * Calle…"): the text before an id label that precedes an id-shaped token. The id need not pass its check
 * (a misread id still marks where the name ends).
 */
export function nameBeforeIdShape(line: Line): string | null {
  const m = LABEL_BEFORE_ID_SHAPE.exec(line.text);
  if (!m) return null;
  const text = cleanName(m[1]!.replace(/[\s,;·|•–+-]+$/, ''));
  return text && isNameLike(text) && !LABELISH.test(text) && !/[·|•]/.test(text) ? text : null;
}

export function withPrefix(f: Features, prefix: string): Features {
  return Object.fromEntries(Object.entries(f).map(([k, v]) => [`${prefix}${k}`, v]));
}

/** The ranker's pick among the issuer-name candidates, with its confidence. */
export function bestIssuerName(candidates: NameCand[]): (NameCand & { conf: number }) | null {
  for (const c of candidates) c.score = scoreFeatures('issuer_name', c.features);
  candidates.sort((a, b) => b.score - a.score);
  const best = candidates[0];
  if (!best) return null;
  // A labelled issuer block names the issuer outright.
  if (best.features.issuerBlock || best.features['pdf.issuerBlock']) return { ...best, conf: 0.7 };
  const p = topProbability(candidates.map((c) => c.score)) / (1 + Math.exp(-best.score));
  return { ...best, conf: Math.min(0.8, 0.35 + 0.45 * p) };
}

/**
 * The sender's one-line return address printed small above the recipient's window (DIN 5008 letters):
 * "Firma GmbH - Straße 1 - 12345 Stadt". Its first part is the issuer's name.
 */
export function findReturnAddress(lines: Line[], medH: number): { text: string; line: Line } | null {
  for (const line of lines) {
    if (line.y > 0.35) break;
    if (line.h > medH * 1.05) continue;
    const parts = line.text.split(/\s+[-–·|•,]\s+/);
    if (parts.length < 3 || !/\b\d{4,5}\b/.test(parts.slice(1).join(' '))) continue;
    const name = parts[0]!.trim();
    if (name.length >= 3 && /\p{L}{3}/u.test(name) && !/\d{3}/.test(name)) return { text: name, line };
  }
  return null;
}

/**
 * The issuer's legal name in the footer, beside or above the legal information (registered office,
 * share capital, register numbers) that only the issuer prints.
 */
export function findFooterNames(
  lines: Line[],
  COMPANY_SUFFIX: Tester,
): { text: string; line: Line; score: number }[] {
  const out: { text: string; line: Line; score: number }[] = [];
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    if (line.y < 0.82) continue;
    const text = cleanName(line.text);
    if (!isNameLike(text) || LABELISH.test(text) || LEGAL_FOOTER.test(text) || /\d{3}/.test(text)) continue;
    const near = lines.slice(i, i + 4).filter((l) => l.page === line.page && l.y - line.y < 0.05);
    if (!near.some((l) => LEGAL_FOOTER.test(l.text))) continue;
    out.push({ text, line, score: 5 + (COMPANY_SUFFIX.test(text) ? 5 : 0) });
  }
  // The first page's first: another page's footer may name another company (a distributor, a bank).
  return out.sort((a, b) => a.line.page - b.line.page).slice(0, 2);
}
