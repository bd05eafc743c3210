import type { Locale } from '@cuadra/shared';

/** A sentence's words for one and for several, as the language's plural rules choose between them. */
export type PluralForms = { one: string; other: string };

const RULES: Record<Locale, Intl.PluralRules> = {
  en: new Intl.PluralRules('en'),
  es: new Intl.PluralRules('es'),
};

/** The words for `n` of something, without the number: "Te queda" or "Te quedan". */
export function plural(locale: Locale, n: number, forms: PluralForms): string {
  return RULES[locale].select(n) === 'one' ? forms.one : forms.other;
}

/** `n` followed by the words for that many: "1 listo para revisar", "2 listos para revisar". */
export function counted(locale: Locale, n: number, forms: PluralForms): string {
  return `${n} ${plural(locale, n, forms)}`;
}
