import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createRemoteJWKSet, type JWTVerifyGetKey } from 'jose';
import type { Config } from '../../config';

/** The keys the auth feature signs and checks with; built once per process. */
export type AuthKeys = {
  /** HS256 key of our access tokens. */
  accessKey: Uint8Array;
  /** Google's published keys (fetched on first use, then cached); null when Google sign-in is off. */
  googleKeys: JWTVerifyGetKey | null;
};

export function createAuthKeys(config: Config): AuthKeys {
  return {
    accessKey: new TextEncoder().encode(config.JWT_SECRET || loadOrCreateSecret(config.DATA_DIR)),
    googleKeys: config.GOOGLE_CLIENT_ID
      ? createRemoteJWKSet(new URL(config.GOOGLE_JWKS_URL), { timeoutDuration: 5_000 })
      : null,
  };
}

/**
 * Without JWT_SECRET, a random 256-bit secret is created once in DATA_DIR/jwt-secret (owner-only), so
 * sessions survive restarts. `wx` makes the creation atomic when two processes start together.
 */
function loadOrCreateSecret(dataDir: string): string {
  const file = join(dataDir, 'jwt-secret');
  try {
    return readFileSync(file, 'utf8').trim();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  mkdirSync(dataDir, { recursive: true });
  try {
    writeFileSync(file, randomBytes(32).toString('hex'), { flag: 'wx', mode: 0o600 });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  return readFileSync(file, 'utf8').trim();
}
