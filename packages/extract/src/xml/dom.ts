import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { ExtractError } from '../errors.ts';

/** A parsed XML element: local name, attributes (local names), text, children. */
export type XmlNode = { name: string; attrs: Record<string, string>; text: string; children: XmlNode[] };

const PREDEFINED: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

/** Only the five predefined entities and character references are decoded; DTD entities never expand. */
function decodeEntities(s: string): string {
  return s.replace(/&(#x[0-9a-f]+|#\d+|amp|lt|gt|quot|apos);/gi, (_, e: string) => {
    if (e[0] === '#') {
      const code = e[1] === 'x' || e[1] === 'X' ? Number.parseInt(e.slice(2), 16) : Number(e.slice(1));
      return code > 0 && code < 0x110000 ? String.fromCodePoint(code) : '';
    }
    return PREDEFINED[e.toLowerCase()] ?? '';
  });
}

function localName(name: string): string {
  const i = name.indexOf(':');
  return i >= 0 ? name.slice(i + 1) : name;
}

type Ordered = Record<string, unknown> & { ':@'?: Record<string, string> };

function convert(entries: Ordered[], name: string, attrs: Record<string, string>): XmlNode {
  const node: XmlNode = { name, attrs, text: '', children: [] };
  for (const entry of entries) {
    for (const key of Object.keys(entry)) {
      if (key === ':@') continue;
      if (key === '#text') node.text += decodeEntities(String(entry[key]));
      else if (key.startsWith('?') || key === '#comment') continue;
      else {
        const rawAttrs = entry[':@'] ?? {};
        const a: Record<string, string> = {};
        for (const [k, v] of Object.entries(rawAttrs))
          a[localName(k.replace(/^@_/, ''))] = decodeEntities(String(v));
        node.children.push(convert((entry[key] as Ordered[]) ?? [], localName(key), a));
      }
    }
  }
  node.text = node.text.trim();
  return node;
}

/**
 * Parses XML safely: bounded size, no DTD entity expansion, no external resources (the parser never
 * fetches anything). Throws `XML_INVALID` for malformed input.
 */
export function parseXml(input: Uint8Array | string, maxBytes: number): XmlNode {
  const size = typeof input === 'string' ? input.length : input.byteLength;
  if (size > maxBytes)
    throw new ExtractError('FILE_TOO_LARGE', `XML larger than ${maxBytes} bytes`, { size });
  let text = typeof input === 'string' ? input : decodeXmlBytes(input);
  text = text.replace(/^\uFEFF/, '').trimStart();
  // Entity declarations are refused outright (no expansion, no billion laughs); a bare DOCTYPE is dropped.
  if (/<!ENTITY/i.test(text))
    throw new ExtractError('XML_INVALID', 'XML with entity declarations is refused');
  if (/<!DOCTYPE/i.test(text.slice(0, 4096))) text = text.replace(/<!DOCTYPE[^[>]*(\[[\s\S]*?\])?\s*>/i, '');
  const valid = XMLValidator.validate(text, { allowBooleanAttributes: true });
  if (valid !== true) {
    throw new ExtractError('XML_INVALID', `Malformed XML: ${valid.err.msg}`, { line: valid.err.line });
  }
  const parser = new XMLParser({
    preserveOrder: true,
    ignoreAttributes: false,
    attributeNamePrefix: '@_',
    parseTagValue: false,
    parseAttributeValue: false,
    processEntities: false,
    htmlEntities: false,
    trimValues: true,
    ignoreDeclaration: true,
    ignorePiTags: true,
    maxNestedTags: 200,
  });
  let parsed: Ordered[];
  try {
    parsed = parser.parse(text) as Ordered[];
  } catch (error) {
    throw new ExtractError('XML_INVALID', `Malformed XML: ${(error as Error).message}`);
  }
  const root = convert(parsed, '#document', {}).children[0];
  if (!root) throw new ExtractError('XML_INVALID', 'XML has no root element');
  return root;
}

function decodeXmlBytes(bytes: Uint8Array): string {
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return new TextDecoder('utf-16le').decode(bytes);
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return new TextDecoder('utf-16be').decode(bytes);
  const head = new TextDecoder('latin1').decode(bytes.subarray(0, 200));
  const enc = /encoding=["']([\w-]+)["']/i.exec(head)?.[1]?.toLowerCase();
  if (enc && enc !== 'utf-8' && enc !== 'utf8') {
    try {
      return new TextDecoder(enc).decode(bytes);
    } catch {
      // fall through to UTF-8
    }
  }
  return new TextDecoder('utf-8').decode(bytes);
}

/** First child (or descendant along a path) with the given local names. */
export function child(node: XmlNode | undefined, ...path: string[]): XmlNode | undefined {
  let cur = node;
  for (const name of path) {
    if (!cur) return undefined;
    cur = cur.children.find((c) => c.name === name);
  }
  return cur;
}

/** All children along a path; the last step may match many. */
export function children(node: XmlNode | undefined, ...path: string[]): XmlNode[] {
  if (!node || path.length === 0) return [];
  const parent = child(node, ...path.slice(0, -1));
  const last = path[path.length - 1]!;
  return parent ? parent.children.filter((c) => c.name === last) : [];
}

export function text(node: XmlNode | undefined, ...path: string[]): string | undefined {
  const n = child(node, ...path);
  const t = n?.text.replace(/\s+/g, ' ').trim();
  return t ? t : undefined;
}

/** First descendant anywhere below with the given local name (depth-first). */
export function find(node: XmlNode | undefined, name: string): XmlNode | undefined {
  if (!node) return undefined;
  for (const c of node.children) {
    if (c.name === name) return c;
    const deep = find(c, name);
    if (deep) return deep;
  }
  return undefined;
}
