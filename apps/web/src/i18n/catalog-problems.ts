type Catalog = { [key: string]: unknown };

/**
 * Compares the catalogs of every language, namespace by namespace, and lists what a translator must fix:
 * a key present in one language but not another, an empty text, and a text whose {{placeholders}} differ.
 */
export function findCatalogProblems(resources: Record<string, Record<string, unknown>>): string[] {
  const problems: string[] = [];
  const locales = Object.keys(resources);
  const namespaces = new Set(locales.flatMap((locale) => Object.keys(resources[locale] ?? {})));

  for (const ns of namespaces) {
    const flat = new Map(locales.map((locale) => [locale, flatten(resources[locale]?.[ns])]));
    const allKeys = new Set([...flat.values()].flatMap((entries) => [...entries.keys()]));
    for (const key of [...allKeys].sort()) {
      const placeholders = new Map<string, string>();
      for (const locale of locales) {
        const value = flat.get(locale)?.get(key);
        if (value === undefined) {
          problems.push(`${locale}/${ns}: missing "${key}"`);
        } else if (typeof value !== 'string' || value.trim() === '') {
          problems.push(`${locale}/${ns}: "${key}" is empty`);
        } else {
          placeholders.set(locale, placeholdersOf(value));
        }
      }
      if (new Set(placeholders.values()).size > 1) {
        const found = [...placeholders].map(([locale, names]) => `${locale}: [${names}]`).join(', ');
        problems.push(`${ns}: "${key}" has different placeholders (${found})`);
      }
    }
  }
  return problems;
}

function flatten(value: unknown, prefix = '', out = new Map<string, unknown>()): Map<string, unknown> {
  if (value !== null && typeof value === 'object' && !Array.isArray(value)) {
    for (const [key, child] of Object.entries(value as Catalog)) {
      flatten(child, prefix ? `${prefix}.${key}` : key, out);
    }
  } else if (prefix) {
    out.set(prefix, value);
  }
  return out;
}

function placeholdersOf(text: string): string {
  return [...text.matchAll(/\{\{\s*([\w.]+)[^}]*\}\}/g)]
    .map((match) => match[1])
    .sort()
    .join(',');
}
