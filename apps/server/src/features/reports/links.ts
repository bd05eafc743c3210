/**
 * Report download links. A link is a short-lived signed token (HS256, the access-token key, `typ: report`
 * so it can never pass for an access token) naming the user, the client, the range and the format. The
 * file is built when the link is fetched, so nothing is stored and nothing needs cleaning up; fetching
 * also needs the same user's Bearer token and access to the client. See docs/decisions/0006-report-links.md.
 */
import { REPORT_KINDS, type ReportFormat, type ReportKind } from '@cuadra/shared';
import { errors, jwtVerify, SignJWT } from 'jose';
import { AppError } from '../../errors';

/** 15 minutes: the browser fetches the file at once; a link pasted later should not outlive the session. */
export const REPORT_LINK_TTL_SECONDS = 15 * 60;

export type ReportLinkClaims = {
  userId: string;
  clientId: string;
  from: string;
  to: string;
  format: ReportFormat;
  /** Decided when the link is made (it may depend on that day's date and the shortcut picked). */
  kind: ReportKind;
};

export async function signReportLink(key: Uint8Array, claims: ReportLinkClaims, now = Date.now()) {
  const issuedAt = Math.floor(now / 1000);
  const expiresAt = issuedAt + REPORT_LINK_TTL_SECONDS;
  const token = await new SignJWT({
    typ: 'report',
    cid: claims.clientId,
    from: claims.from,
    to: claims.to,
    fmt: claims.format,
    knd: claims.kind,
  })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(claims.userId)
    .setIssuedAt(issuedAt)
    .setExpirationTime(expiresAt)
    .sign(key);
  return { token, expiresAt: new Date(expiresAt * 1000) };
}

function claimsOf(payload: Record<string, unknown>): ReportLinkClaims | null {
  const { typ, sub, cid, from, to, fmt, knd } = payload;
  if (typ !== 'report' || typeof sub !== 'string' || typeof cid !== 'string') return null;
  if (typeof from !== 'string' || typeof to !== 'string' || (fmt !== 'xlsx' && fmt !== 'csv')) return null;
  if (!REPORT_KINDS.includes(knd as ReportKind)) return null;
  return { userId: sub, clientId: cid, from, to, format: fmt, kind: knd as ReportKind };
}

/**
 * The claims of a link fetched by `userId`. Someone else's link, a forged or altered one: 404
 * REPORT_LINK_NOT_FOUND. The caller's own link past its time: 410 REPORT_LINK_EXPIRED.
 */
export async function readReportLink(key: Uint8Array, token: string, userId: string, now = Date.now()) {
  try {
    const { payload } = await jwtVerify(token, key, {
      algorithms: ['HS256'],
      requiredClaims: ['exp', 'sub'],
      currentDate: new Date(now),
    });
    const claims = claimsOf(payload);
    if (!claims || claims.userId !== userId) throw new AppError('REPORT_LINK_NOT_FOUND');
    return claims;
  } catch (error) {
    if (error instanceof AppError) throw error;
    // Only a token with a valid signature reaches the expiry check, so its payload can be trusted here.
    if (error instanceof errors.JWTExpired && claimsOf(error.payload)?.userId === userId) {
      throw new AppError('REPORT_LINK_EXPIRED');
    }
    throw new AppError('REPORT_LINK_NOT_FOUND');
  }
}
