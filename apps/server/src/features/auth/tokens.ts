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
 * The claims of a valid access token, or null. Only HS256 is accepted (so `alg: none` and algorithm
 * confusion fail), `exp` is required, and `typ` must be `access`.
 */
export async function verifyAccessToken(key: Uint8Array, token: string): Promise<AccessClaims | null> {
  try {
    const { payload } = await jwtVerify(token, key, {
      algorithms: ['HS256'],
      requiredClaims: ['exp', 'sub'],
    });
    if (payload.typ !== 'access' || typeof payload.ver !== 'number' || typeof payload.sub !== 'string') {
      return null;
    }
    return { userId: payload.sub, version: payload.ver };
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
