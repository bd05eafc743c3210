import { type Algorithm, hash, verify } from '@node-rs/argon2';

/** argon2id with OWASP's minimum: 19 MiB of memory, 2 passes, 1 lane. */
const ARGON2ID = 2 as Algorithm;
const OPTIONS = { algorithm: ARGON2ID, memoryCost: 19_456, timeCost: 2, parallelism: 1 };

export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

/** A real hash of a random password, so that an unknown email costs as much time as a wrong password. */
let decoy: Promise<string> | undefined;

/** Checks a password; with no stored hash (unknown email, Google-only account) it still does the work. */
export async function verifyPassword(storedHash: string | null | undefined, password: string) {
  if (!storedHash) {
    decoy ??= hashPassword(crypto.randomUUID());
    await verify(await decoy, password).catch(() => false);
    return false;
  }
  return verify(storedHash, password).catch(() => false);
}
