/**
 * The link of a request for missing documents: an HS256 token signed with the access-token key, `typ:
 * bank_request` (so it never passes for an access or report token), naming the request and its client, with
 * its expiry. It is the only key to the drop page: whoever holds it may drop files for those lines, nothing
 * more. See docs/decisions/0021-missing-documents-request.md.
 */
import { errors, jwtVerify, SignJWT } from 'jose';
import { AppError } from '../../errors';

export type RequestLinkClaims = { requestId: string; clientId: string };

export function signRequestLink(key: Uint8Array, claims: RequestLinkClaims, expiresAt: Date) {
  return new SignJWT({ typ: 'bank_request', cid: claims.clientId })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(claims.requestId)
    .setIssuedAt()
    .setExpirationTime(Math.floor(expiresAt.getTime() / 1000))
    .sign(key);
}

function claimsOf(payload: Record<string, unknown>): RequestLinkClaims | null {
  const { typ, sub, cid } = payload;
  if (typ !== 'bank_request' || typeof sub !== 'string' || typeof cid !== 'string') return null;
  return { requestId: sub, clientId: cid };
}

/** A forged, altered or foreign token: 404 BANK_REQUEST_LINK_INVALID; a genuine one past its time: 410. */
export async function readRequestLink(key: Uint8Array, token: string, now = Date.now()) {
  try {
    const { payload } = await jwtVerify(token, key, {
      algorithms: ['HS256'],
      requiredClaims: ['exp', 'sub'],
      currentDate: new Date(now),
    });
    const claims = claimsOf(payload);
    if (!claims) throw new AppError('BANK_REQUEST_LINK_INVALID');
    return claims;
  } catch (error) {
    if (error instanceof AppError) throw error;
    // Only a token with a valid signature reaches the expiry check, so its payload can be trusted here.
    if (error instanceof errors.JWTExpired && claimsOf(error.payload)) {
      throw new AppError('BANK_REQUEST_LINK_EXPIRED');
    }
    throw new AppError('BANK_REQUEST_LINK_INVALID');
  }
}
