/**
 * What the document is before any field is read: its language, its currency, whether dates are month
 * first, and which region's words apply (Malaysian receipts' ringgit, GST and legal forms).
 */

export type Region = {
  /** Malaysia: ringgit printed (`RM 12.30`, MYR), a Malaysian legal form or a +60 phone number. */
  my: boolean;
};

/**
 * Region switches from the whole text: the currency (`RM`, `MYR`; OCR spellings such as `RN 12.30` only
 * when seen twice), a legal form (`SDN BHD` and its OCR spellings, `S/B`), the country's name or phone
 * prefix, a postal address naming a state, or a Malaysian company or GST number format.
 */
export function detectRegion(text: string): Region {
  const ringgit = (text.match(/\bRM\b|\bMYR\b/g) ?? []).length;
  const ringgitOcr = (text.match(/\b(?:R[MNHIX]{1,2}|[HK][MH])\s?-?\d+[.,]\s?\d{2}\b/g) ?? []).length;
  const legal = /\b[S5][DO0U][NH]\.?\s*[B8]H[DZ0O]\b|\bS\/B\b|\bmalaysia\b|\+60[\s-]?\d/i.test(text);
  // A Malaysian postal address: a five-digit postcode or a street word, and a state's name.
  const address =
    /\b(?:\d{5}\s+[\p{L} .]*|jalan|jln\.?|taman)\b[\s\S]{0,80}\b(?:johor|selangor|kuala\s*lumpur|pulau\s*pinang|penang|perak|kedah|melaka|malacca|negeri\s*sembilan|pahang|terengganu|kelantan|sabah|sarawak|perlis|putrajaya|labuan)\b/iu.test(
      text,
    );
  // Malaysian formats: a company number "(123456-X)" / "Reg. No: 123456-X", a 12-digit GST number.
  const formats =
    /\(\s*\d{5,12}\s?-\s?[A-Z]\s*\)|\b(?:co\.?|company|reg(?:istration)?\.?)\s*(?:no\.?)?\s*[:.]?\s*\d{5,12}\s?-\s?[A-Z]\b|\bGST\s*(?:ID|NO|REG)[^\d\n]{0,12}\d{12}\b/i.test(
      text,
    );
  return { my: ringgit >= 1 || ringgitOcr >= 2 || legal || address || formats };
}

export function isMonthFirst(text: string, language: string): boolean {
  if (language !== 'en') return false;
  const dollars = (text.match(/\$\s?\d|\bUSD\b/g) ?? []).length;
  if (dollars < 2 || /€|\bEUR\b|\bRM\s?\d|\bMYR\b|\bGST\b/.test(text)) return false;
  for (const m of text.matchAll(/(?<![\d./-])(\d{1,2})[./-](\d{1,2})[./-](?:\d{4}|\d{2})(?![\d./-])/g)) {
    if (Number(m[1]) > 12 && Number(m[2]) <= 12) return false;
    if (Number(m[2]) > 12 && Number(m[1]) <= 12) return true;
  }
  return true;
}

export function detectLanguage(text: string): 'es' | 'en' | 'other' {
  const t = text.toLowerCase();
  const count = (re: RegExp) => (t.match(re) ?? []).length;
  const es = count(
    /\b(?:factura|fecha|importe|cliente|iva|base imponible|total a pagar|concepto|cantidad|precio|vencimiento|n[úu]mero|euros?|forma de pago|domicilio)\b/g,
  );
  const en = count(
    /\b(?:invoice|date|amount|customer|bill to|total due|quantity|price|description|payment|due|tax|subtotal|thank you|receipt)\b/g,
  );
  const other = count(
    /\b(?:rechnung|datum|betrag|menge|preis|facture|montant|prix|factuur|bedrag|mwst|ust|tva|btw)\b/g,
  );
  if (es >= en && es >= other && es > 0) return 'es';
  if (en >= other && en > 0) return 'en';
  return other > 0 ? 'other' : 'en';
}
