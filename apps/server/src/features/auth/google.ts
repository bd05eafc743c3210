import { type JWTVerifyGetKey, jwtVerify } from 'jose';
import { AppError } from '../../errors';

/** Google signs ID tokens with either spelling of its issuer. */
const GOOGLE_ISSUERS = ['https://accounts.google.com', 'accounts.google.com'];

export type GoogleIdentity = {
  subject: string;
  email: string;
  /** Google vouches for this address: it says so, and it is a Gmail address or a Workspace domain. */
  emailVouched: boolean;
  emailVerified: boolean;
  name: string | null;
};

/** Checks an ID token's signature (RS256, Google's keys), audience, issuer and expiry. */
export async function verifyGoogleIdToken(
  keys: JWTVerifyGetKey,
  clientId: string,
  idToken: string,
): Promise<GoogleIdentity> {
  let payload: Record<string, unknown>;
  try {
    ({ payload } = await jwtVerify(idToken, keys, {
      algorithms: ['RS256'],
      audience: clientId,
      issuer: GOOGLE_ISSUERS,
      requiredClaims: ['exp', 'sub', 'iss', 'aud'],
    }));
  } catch {
    throw new AppError('GOOGLE_TOKEN_INVALID');
  }
  const { sub, email, email_verified: emailVerified, hd, name } = payload;
  if (typeof sub !== 'string' || !sub || typeof email !== 'string' || !email.includes('@')) {
    throw new AppError('GOOGLE_TOKEN_INVALID');
  }
  const normalised = email.trim().toLowerCase();
  const verified = emailVerified === true || emailVerified === 'true';
  const domain = normalised.slice(normalised.lastIndexOf('@') + 1);
  const workspace = typeof hd === 'string' && hd.toLowerCase() === domain;
  const vouched = verified && (domain === 'gmail.com' || workspace);
  return {
    subject: sub,
    email: normalised,
    emailVerified: verified,
    emailVouched: vouched,
    name: typeof name === 'string' && name.trim() ? name.trim().slice(0, 100) : null,
  };
}
