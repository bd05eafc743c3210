import { checkDates, checkTaxIds } from './checks/consistency.ts';
import type { Ctx } from './ctx.ts';
import type { FieldMap } from './evidence.ts';
import { parseDateValue } from './text/dates.ts';
import { centsToString, toCents } from './text/numbers.ts';
import type { ExtractWarning } from './types.ts';

const PROMPT = `You extract data from an invoice or receipt. Answer with one JSON object only, keys:
invoice_number, issue_date (YYYY-MM-DD), due_date, issuer_name, issuer_tax_id, client_name, client_tax_id,
currency (ISO 4217), tax_base, vat_total, withholding_total, total (amounts as decimal strings with a dot).
Use null for anything not printed. European dates are day-first.`;

const STRING_FIELDS = [
  'invoice_number',
  'issuer_name',
  'issuer_tax_id',
  'client_name',
  'client_tax_id',
] as const;
const DATE_FIELDS = ['issue_date', 'due_date'] as const;
const MONEY_FIELDS = ['tax_base', 'vat_total', 'withholding_total', 'total'] as const;

/**
 * Optional pass through an OpenAI-compatible `/chat/completions` endpoint. Its answers fill gaps or
 * replace unverified low-confidence values, never a verified field, and then go through the same checks.
 */
export async function llmPass(ctx: Ctx, warn: (w: ExtractWarning) => void): Promise<void> {
  const llm = ctx.options.llm!;
  const text = ctx.pages
    .map((p) => p.lines.map((l) => l.text).join('\n'))
    .join('\n\f\n')
    .slice(0, 12_000);
  const controller = new AbortController();
  const timer = setTimeout(
    () => controller.abort(),
    Math.min(llm.timeoutMs ?? 30_000, Math.max(1000, ctx.deadline - Date.now())),
  );
  let answer: Record<string, unknown>;
  try {
    const res = await fetch(`${llm.url.replace(/\/$/, '')}/chat/completions`, {
      method: 'POST',
      signal: controller.signal,
      headers: {
        'content-type': 'application/json',
        ...(llm.apiKey ? { authorization: `Bearer ${llm.apiKey}` } : {}),
      },
      body: JSON.stringify({
        model: llm.model,
        temperature: 0,
        response_format: { type: 'json_object' },
        messages: [
          { role: 'system', content: PROMPT },
          { role: 'user', content: text },
        ],
      }),
    });
    if (!res.ok) throw new Error(`HTTP ${res.status}`);
    const body = (await res.json()) as { choices?: { message?: { content?: string } }[] };
    const content = body.choices?.[0]?.message?.content ?? '';
    const json = /\{[\s\S]*\}/.exec(content)?.[0];
    if (!json) throw new Error('no JSON in the answer');
    answer = JSON.parse(json) as Record<string, unknown>;
  } catch (error) {
    warn({ code: 'LLM_FAILED', message: `LLM pass failed: ${(error as Error).message}` });
    return;
  } finally {
    clearTimeout(timer);
  }
  mergeLlmAnswer(ctx.fields, answer);
  checkTaxIds(ctx.fields, warn);
  checkDates(ctx.fields, ctx.options.today, warn);
  const printed = new Set(
    Object.values(ctx.text?.amountCandidates ?? {}).flatMap((l) => l.map((c) => Math.abs(c.cents))),
  );
  verifyLlmAmounts(ctx.fields, printed);
}

function replaceable(fields: FieldMap, name: keyof FieldMap): boolean {
  const cur = fields[name];
  return !cur || (!cur.verified && cur.confidence < 0.7);
}

export function mergeLlmAnswer(fields: FieldMap, answer: Record<string, unknown>): void {
  const str = (k: string) => {
    const v = answer[k];
    return typeof v === 'string' || typeof v === 'number' ? String(v).trim() : null;
  };
  const put = (name: keyof FieldMap, value: string) => {
    if (!replaceable(fields, name)) return;
    (fields as Record<string, unknown>)[name] = { value, confidence: 0.6, source: 'llm', verified: false };
  };
  for (const k of STRING_FIELDS) {
    const v = str(k);
    if (v) put(k, k.endsWith('tax_id') ? v.toUpperCase().replace(/[\s.-]/g, '') : v);
  }
  for (const k of DATE_FIELDS) {
    const v = str(k);
    const iso = v ? parseDateValue(v) : null;
    if (iso) put(k, iso);
  }
  for (const k of MONEY_FIELDS) {
    const v = str(k);
    if (v && /^-?\d+(\.\d+)?$/.test(v)) put(k, centsToString(Math.round(Number(v) * 100)));
  }
  const currency = str('currency');
  if (currency && /^[A-Z]{3}$/.test(currency)) put('currency', currency);
}

/**
 * The model's amounts add up (base + VAT − withholding = total) and each one is also a printed amount
 * the text reading found: two sources agree. Its arithmetic alone is one source's word.
 */
function verifyLlmAmounts(fields: FieldMap, printed: Set<number>): void {
  const b = toCents(fields.tax_base?.value);
  const v = toCents(fields.vat_total?.value);
  const w = toCents(fields.withholding_total?.value) ?? 0;
  const t = toCents(fields.total?.value);
  if (b == null || v == null || t == null || Math.abs(b + v - w - t) > 1) return;
  if (![b, v, t].every((x) => printed.has(Math.abs(x)))) return;
  for (const k of ['tax_base', 'vat_total', 'total', 'withholding_total'] as const) {
    const ev = fields[k];
    if (ev && ev.source === 'llm') {
      ev.verified = true;
      ev.confidence = 0.9;
    }
  }
}
