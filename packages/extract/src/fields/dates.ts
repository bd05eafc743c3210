/** Issue and due dates: labelled first, then the first plausible date, then a receipt's compact date. */
import type { FieldMap } from '../evidence.ts';
import { findDates, parseDateValue } from '../text/dates.ts';
import { boxOf, type Ctx, findLabeled, lineBox } from './context.ts';

export function findDateFields(ctx: Ctx, fields: FieldMap, baseConf: number): void {
  const { L, lines, source } = ctx;
  const due = findLabeled(ctx, L.dueDate, null, undefined, (t) => findDates(t, ctx)[0]?.iso ?? null);
  if (due) fields.due_date = { ...due, confidence: baseConf * due.q };
  const issue = findLabeled(
    ctx,
    L.issueDate,
    null,
    undefined,
    (t) => {
      // "Fecha: 27/10/2025 · Vencimiento: 27/10/2025": the date before the due label is the issue date,
      // even when both are the same day.
      const head = beforeDueLabel(ctx, t);
      if (head !== t) return findDates(head, ctx)[0]?.iso ?? null;
      return findDates(t, ctx).find((d) => d.iso !== due?.value)?.iso ?? null;
    },
    (line) =>
      !L.dueDate.some((re) => re.test(line.text)) ||
      /fecha\s*(?:de\s*)?factura|invoice\s*date/i.test(line.text) ||
      L.issueDate.some((re) => re.test(withoutDueLabels(ctx, line.text))),
  );
  if (issue) fields.issue_date = { ...issue, confidence: baseConf * issue.q };
  else {
    // First plausible date anywhere (receipts print it unlabeled).
    for (const line of lines) {
      const head = beforeDueLabel(ctx, line.text);
      const d = findDates(head, ctx).find((x) => x.iso >= '2000-01-01');
      if (d) {
        fields.issue_date = {
          value: d.iso,
          confidence: baseConf * 0.7,
          source,
          verified: false,
          box: boxOf(line, d.index, d.raw.length),
        };
        break;
      }
    }
    // Still none: a receipt's compact date, ddmmyyyy or yyyymmdd, alone at the start of a line.
    for (const line of fields.issue_date ? [] : lines) {
      const m = /^\s*(\d{8})(?!\d)/.exec(line.text);
      if (!m) continue;
      const d = m[1]!;
      const iso =
        parseDateValue(`${d.slice(4)}-${d.slice(2, 4)}-${d.slice(0, 2)}`) ??
        (/^20[0-3]\d/.test(d) ? parseDateValue(d) : null);
      if (!iso || iso < '2000-01-01' || iso > '2039-12-31') continue;
      fields.issue_date = {
        value: iso,
        confidence: baseConf * 0.5,
        source,
        verified: false,
        box: lineBox(line),
      };
      break;
    }
  }
}

/** The text before the first due-date label ("Vencimiento", "Due date"), or all of it. */
function beforeDueLabel(ctx: Ctx, text: string): string {
  let cut = text.length;
  for (const re of ctx.L.dueDate) {
    const m = new RegExp(re.source, re.flags.replace('g', '')).exec(text);
    if (m && m.index < cut) cut = m.index;
  }
  return text.slice(0, cut);
}

/** The text with its due-date labels blanked ("Fecha de vencimiento" holds the word "Fecha"). */
function withoutDueLabels(ctx: Ctx, text: string): string {
  let out = text;
  for (const re of ctx.L.dueDate)
    out = out.replace(new RegExp(re.source, `${re.flags.replace('g', '')}g`), ' ');
  return out;
}
