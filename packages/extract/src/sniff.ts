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
  let s = '';
  for (const b of bytes) s += String.fromCharCode(b);
  return s;
}

function looksLikeXml(bytes: Uint8Array): boolean {
  let start = 0;
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) start = 3; // UTF-8 BOM
  const text = latin1(bytes.subarray(start, start + 512)).trimStart();
  return text.startsWith('<?xml') || /^<([A-Za-z_][\w.-]*:)?[A-Za-z_][\w.-]*[\s>/]/.test(text);
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
