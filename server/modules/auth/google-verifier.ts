import { createRemoteJWKSet, type JWTPayload, type JWTVerifyGetKey, jwtVerify } from 'jose';
import { GOOGLE_ISSUERS, GOOGLE_JWKS_URL } from '../../providers/google/id-tokens';

export interface GoogleIdentity {
  subject: string;
  email: string;
  emailVerified: boolean;
  givenName: string;
  familyName: string;
  picture: string;
}

export interface GoogleVerifier {
  /** Throws unless the ID token is signed by a key of the JWKS, issued by Google, for us, and unexpired. */
  verify(idToken: string): Promise<GoogleIdentity>;
}

const text = (value: unknown) => (typeof value === 'string' ? value : '');

function identityOf(payload: JWTPayload): GoogleIdentity {
  if (!payload.sub) throw new Error('ID token has no subject');
  return {
    subject: payload.sub,
    email: text(payload.email).toLowerCase(),
    // Google sends a boolean; some older tokens carried the string "true".
    emailVerified: payload.email_verified === true || payload.email_verified === 'true',
    givenName: text(payload.given_name),
    familyName: text(payload.family_name),
    picture: text(payload.picture),
  };
}

export function createGoogleVerifier(options: { clientId: string; keys?: JWTVerifyGetKey }): GoogleVerifier {
  const keys = options.keys ?? createRemoteJWKSet(new URL(GOOGLE_JWKS_URL));
  return {
    async verify(idToken) {
      const { payload } = await jwtVerify(idToken, keys, {
        issuer: GOOGLE_ISSUERS,
        audience: options.clientId,
        algorithms: ['RS256'],
        clockTolerance: 30,
      });
      return identityOf(payload);
    },
  };
}
