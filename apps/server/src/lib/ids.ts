import { randomBytes } from 'node:crypto';

let lastMs = 0;
let sequence = 0;

/**
 * UUID v7: time-ordered (good for indexes, and a cursor for "newest first") and not guessable (62 random
 * bits). Within one process the order is strict even inside a millisecond: the 12 bits after the time are a
 * counter (RFC 9562, method 1), so the files of one upload keep the order they arrived in.
 */
export function newId(now = Date.now()): string {
  if (now > lastMs) {
    lastMs = now;
    sequence = randomBytes(2).readUInt16BE(0) & 0x3ff; // start low so the counter has room
  } else if (++sequence > 0xfff) {
    lastMs += 1;
    sequence = 0;
  }
  const bytes = randomBytes(16);
  bytes.writeUIntBE(lastMs, 0, 6);
  bytes[6] = 0x70 | (sequence >> 8);
  bytes[7] = sequence & 0xff;
  bytes[8] = 0x80 | (bytes[8]! & 0x3f);
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
