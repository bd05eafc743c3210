/**
 * The document's currency, only as the document shows it: a symbol beside an amount, an ISO code or the
 * currency's name, or a country context that fixes it (a Malaysian receipt: ringgit; a Spanish tax id:
 * euro). Nothing printed and no such context: no currency, rather than a guess.
 */

type Evidence = { code: string; symbol?: RegExp; iso: RegExp; word?: RegExp };

const CURRENCIES: Evidence[] = [
  { code: 'EUR', symbol: /€\s?-?\d|\d\s?€/g, iso: /\bEUR\b/g, word: /\beuros?\b/gi },
  { code: 'USD', symbol: /(?<![A-Z])\$\s?-?\d|\d\s?\$/g, iso: /\bUSD\b/g, word: /\bdollars?\b/gi },
  { code: 'GBP', symbol: /£\s?-?\d|\d\s?£/g, iso: /\bGBP\b/g, word: /\bpounds?\s*sterling\b/gi },
  // "RM 12.30", "RM12.30", a column headed "RM" or "(RM)".
  { code: 'MYR', symbol: /\bRM\s?-?\d|\(RM\)|\bRM\b(?=\s*$)/gm, iso: /\bMYR\b/g, word: /\bringgit\b/gi },
  { code: 'CHF', iso: /\bCHF\b/g, word: /\bfranken\b/gi },
];

/** OCR reads S, 5, E or C as $, £ or €: a symbol seen once on a scan is no evidence against a context. */
const OCR_MIN_SYMBOLS = 2;

/** A Spanish NIF/CIF/NIE or ES VAT number: the document is Spanish, and its money is the euro. */
const SPANISH_TAX_ID =
  /\b(?:ES-?\s?)?(?:[A-HJNPQRSUVW]-?\d{2}\.?\d{3}\.?\d{3}|\d{8}-?[A-Z]|[XYZ]-?\d{7}-?[A-Z])\b/;

export type CurrencyContext = { ocr: boolean; malaysia: boolean };

export function printedCurrency(
  text: string,
  context: CurrencyContext,
): { code: string; conf: number } | null {
  const count = (re: RegExp | undefined) => (re ? (text.match(re) ?? []).length : 0);
  const scored = CURRENCIES.map((c) => {
    const symbols = count(c.symbol);
    const named = count(c.iso) + count(c.word);
    const shown = named > 0 || symbols >= (context.ocr ? OCR_MIN_SYMBOLS : 1);
    return { code: c.code, named, n: named + symbols, shown };
  }).filter((c) => c.shown);
  // A Malaysian receipt's money is ringgit unless another currency is named by its code or name.
  if (context.malaysia && !scored.some((c) => c.code !== 'MYR' && c.named > 0))
    return { code: 'MYR', conf: 0.85 };
  const best = scored.sort((a, b) => b.n - a.n)[0];
  if (best) return { code: best.code, conf: 0.9 };
  if (SPANISH_TAX_ID.test(text)) return { code: 'EUR', conf: 0.6 };
  return null;
}
