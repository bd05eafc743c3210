import { randomBytes } from 'node:crypto';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { findAddressOfClient, insertAddressIfMissing, replaceAddress } from './repo';

/**
 * 16 random bytes in base32 (26 characters, lower case, no ambiguous symbols): 128 bits, so an address
 * cannot be guessed, and it says nothing about the client. Base32 because local parts are case-insensitive.
 */
export function newLocalPart(): string {
  const alphabet = 'abcdefghijklmnopqrstuvwxyz234567';
  const bytes = randomBytes(17);
  let bits = 0;
  let value = 0;
  let out = '';
  for (const byte of bytes) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5 && out.length < 26) {
      out += alphabet[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  return out;
}

export const inboundEmailOf = (config: Config, localPart: string) =>
  `${localPart}@${config.INBOUND_EMAIL_DOMAIN}`;

/** The client's address, made the first time anyone asks (clients made before issue 21 get one too). */
export async function ensureInboundEmail(db: Db, config: Config, clientId: string): Promise<string> {
  let row = await findAddressOfClient(db, clientId);
  if (!row) {
    await insertAddressIfMissing(db, clientId, newLocalPart());
    row = await findAddressOfClient(db, clientId);
  }
  if (!row) throw new Error('inbound address missing after insert');
  return inboundEmailOf(config, row.localPart);
}

/** A new address for the client; mail to the old one is refused from now on. */
export async function rotateInboundEmail(db: Db, config: Config, clientId: string): Promise<string> {
  const localPart = newLocalPart();
  await replaceAddress(db, clientId, localPart);
  return inboundEmailOf(config, localPart);
}
