export type MediaType = 'application/pdf' | 'image/jpeg' | 'image/png' | 'application/xml';

/**
 * The media type from magic bytes alone (the extension and the client's claim are never trusted).
 * Returns null for anything the engine does not read.
 */
export function sniffMediaType(bytes: Uint8Array): MediaType | null {
  if (bytes.length < 4) return null;
  // PDF: "%PDF" may follow a little junk (up to 1 KB is accepted by readers).
  const head = latin1(bytes.subarray(0, 1024));
  if (head.startsWith('%PDF') || (head.includes('%PDF-') && head.indexOf('%PDF-') < 1024))
    return 'application/pdf';
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'image/jpeg';
  if (bytes[0] === 0x89 && bytes[1] === 0x50 && bytes[2] === 0x4e && bytes[3] === 0x47) return 'image/png';
  if (looksLikeXml(bytes)) return 'application/xml';
  return null;
}

function latin1(bytes: Uint8Array): string {
  return new TextDecoder('latin1').decode(bytes);
}

/** How far into a file the prolog (comments, processing instructions, a DOCTYPE) may reach. */
const XML_PROLOG_WINDOW = 64 * 1024;

/**
 * XML when, after an optional BOM (UTF-8 or UTF-16) and whitespace, the text holds only an XML declaration,
 * processing instructions, comments and a DOCTYPE before the first element. A licence comment of many
 * lines and no `<?xml …?>` line is still XML.
 */
function looksLikeXml(bytes: Uint8Array): boolean {
  const text = decodeHead(bytes.subarray(0, XML_PROLOG_WINDOW));
  let i = 0;
  while (i < text.length) {
    while (i < text.length && /\s/.test(text[i]!)) i++;
    if (i >= text.length) return false;
    if (text[i] !== '<') return false;
    const rest = text.slice(i, i + 9);
    let end: number;
    if (rest.startsWith('<?')) end = text.indexOf('?>', i + 2);
    else if (rest.startsWith('<!--')) end = text.indexOf('-->', i + 4);
    else if (rest.toUpperCase().startsWith('<!DOCTYPE')) {
      // An internal subset ([…]) may hold '>' characters.
      const gt = text.indexOf('>', i + 9);
      const open = text.indexOf('[', i + 9);
      const close = open >= 0 && (gt < 0 || open < gt) ? text.indexOf(']', open) : -2;
      end = close === -2 ? gt : close < 0 ? -1 : text.indexOf('>', close);
    } else return /^<([A-Za-z_][\w.-]*:)?[A-Za-z_][\w.-]*[\s>/]/.test(text.slice(i, i + 256));
    // Still inside the prolog at the end of the window: a very long comment; the parser decides.
    if (end < 0) return text.length >= XML_PROLOG_WINDOW / 2 && !rest.toUpperCase().startsWith('<!DOCTYPE');
    i = end + (rest.startsWith('<!--') ? 3 : rest.startsWith('<?') ? 2 : 1);
  }
  return false;
}

function decodeHead(bytes: Uint8Array): string {
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) return latin1(bytes.subarray(3));
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return new TextDecoder('utf-16le').decode(bytes.subarray(2));
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return new TextDecoder('utf-16be').decode(bytes.subarray(2));
  // UTF-16 without a BOM: "<\0" or "\0<"
  if (bytes[0] === 0x3c && bytes[1] === 0) return new TextDecoder('utf-16le').decode(bytes);
  if (bytes[0] === 0 && bytes[1] === 0x3c) return new TextDecoder('utf-16be').decode(bytes);
  return latin1(bytes);
}

/** Width and height from a PNG or JPEG header without decoding (guards against decompression bombs). */
export function imageDimensions(
  bytes: Uint8Array,
  mediaType: MediaType,
): { width: number; height: number } | null {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (mediaType === 'image/png') {
    if (bytes.length < 24) return null;
    return { width: view.getUint32(16), height: view.getUint32(20) };
  }
  if (mediaType === 'image/jpeg') {
    let i = 2;
    while (i + 9 < bytes.length) {
      if (bytes[i] !== 0xff) {
        i++;
        continue;
      }
      const marker = bytes[i + 1] ?? 0;
      if (marker === 0xd8 || marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7) || marker === 0xff) {
        i += marker === 0xff ? 1 : 2;
        continue;
      }
      const length = view.getUint16(i + 2);
      // SOF0..SOF15 except DHT (C4), JPG (C8), DAC (CC)
      if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
        return { height: view.getUint16(i + 5), width: view.getUint16(i + 7) };
      }
      i += 2 + length;
    }
  }
  return null;
}
