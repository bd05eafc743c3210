import { createHash, randomBytes } from 'node:crypto';
import { jwtVerify, SignJWT } from 'jose';

/** 24 hours: a working day without signing in again; a reset or "sign out everywhere" ends it sooner. */
export const ACCESS_TOKEN_TTL_SECONDS = 24 * 60 * 60;

export type AccessClaims = { userId: string; version: number };

export async function signAccessToken(key: Uint8Array, claims: AccessClaims, now = Date.now()) {
  const issuedAt = Math.floor(now / 1000);
  return new SignJWT({ typ: 'access', ver: claims.version })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(claims.userId)
    .setIssuedAt(issuedAt)
    .setExpirationTime(issuedAt + ACCESS_TOKEN_TTL_SECONDS)
    .sign(key);
}

/**
 * Tokens whose signature this process has checked, per key: by the token's SHA-256, with their claims and
 * expiry. A signature is checked once, not on every request (an HMAC through WebCrypto was a tenth of a
 * list request's CPU); expiry is still checked on every use, and revocation never lived here (the user's
 * token version is read from the database on each request). Oldest first; at most CACHE_MAX per key.
 */
const verifiedTokens = new WeakMap<Uint8Array, Map<string, { claims: AccessClaims; expiresAtMs: number }>>();
const CACHE_MAX = 10_000;

/**
 * The claims of a valid access token, or null. Only HS256 is accepted (so `alg: none` and algorithm
 * confusion fail), `exp` is required, and `typ` must be `access`.
 */
export async function verifyAccessToken(key: Uint8Array, token: string): Promise<AccessClaims | null> {
  let cache = verifiedTokens.get(key);
  if (!cache) {
    cache = new Map();
    verifiedTokens.set(key, cache);
  }
  const digest = createHash('sha256').update(token).digest('base64');
  const known = cache.get(digest);
  if (known) {
    // As jose checks it: expired once the current second reaches `exp`.
    if (Date.now() < known.expiresAtMs) return known.claims;
    cache.delete(digest);
    return null;
  }
  try {
    const { payload } = await jwtVerify(token, key, {
      algorithms: ['HS256'],
      requiredClaims: ['exp', 'sub'],
    });
    if (payload.typ !== 'access' || typeof payload.ver !== 'number' || typeof payload.sub !== 'string') {
      return null;
    }
    const claims = Object.freeze({ userId: payload.sub, version: payload.ver });
    if (cache.size >= CACHE_MAX) cache.delete(cache.keys().next().value as string);
    cache.set(digest, { claims, expiresAtMs: (payload.exp as number) * 1000 });
    return claims;
  } catch {
    return null;
  }
}

/**
 * A token for an emailed link: 256 random bits in base64url. Only its SHA-256 is stored. It has no dots,
 * so it can never pass for a JWT.
 */
export function newOneTimeToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: hashOneTimeToken(token) };
}

export function hashOneTimeToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
