import { createHash } from 'node:crypto';
import fp from 'fastify-plugin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { createLocalJWKSet, exportJWK, generateKeyPair, type JWK, type JWTVerifyGetKey, SignJWT } from 'jose';
import { z } from 'zod';
import { GOOGLE_ISSUERS } from '../../providers/google/id-tokens';
import { chooserPage, chooserScript, chooserStyles } from './chooser-page';
import { type TestGoogleAccount, testGoogleAccounts } from './test-accounts';

export const SIMULATED_GOOGLE_CLIENT_ID = 'ottoman-local.apps.googleusercontent.test';

export interface IdTokenOverrides {
  audience?: string;
  issuer?: string;
  expiresInSeconds?: number;
}

export interface GoogleSimulator {
  clientId: string;
  keys: JWTVerifyGetKey;
  /** An ID token for the account, shaped and signed as Google's (RS256, kid, iss, aud, exp). */
  issueIdToken(account: TestGoogleAccount, overrides?: IdTokenOverrides): Promise<string>;
}

declare module 'fastify' {
  interface FastifyInstance {
    googleSimulator: GoogleSimulator | undefined;
  }
}

function subjectFor(email: string): string {
  // Google subjects are long decimal strings; derive a stable one from the e-mail.
  return BigInt(`0x${createHash('sha256').update(email).digest('hex').slice(0, 15)}`).toString();
}

interface SigningKeys {
  privateKey: CryptoKey;
  kid: string;
  jwks: { keys: JWK[] };
  verifyKeys: JWTVerifyGetKey;
}

async function createSigningKeys(): Promise<SigningKeys> {
  const { privateKey, publicKey } = await generateKeyPair('RS256');
  const kid = `sim-${Date.now().toString(36)}`;
  const jwks = { keys: [{ ...(await exportJWK(publicKey)), kid, alg: 'RS256', use: 'sig' }] };
  return { privateKey, kid, jwks, verifyKeys: createLocalJWKSet(jwks) };
}

function createGoogleSimulator(): { simulator: GoogleSimulator; jwks(): Promise<{ keys: JWK[] }> } {
  // Made at the first sign-in, not at start: an RSA key pair costs a few hundred milliseconds of CPU, and most
  // starts (every test app's) never see one.
  let signingKeys: Promise<SigningKeys> | undefined;
  const keysNow = () => {
    signingKeys ??= createSigningKeys();
    return signingKeys;
  };
  const simulator: GoogleSimulator = {
    clientId: SIMULATED_GOOGLE_CLIENT_ID,
    keys: async (protectedHeader, token) => (await keysNow()).verifyKeys(protectedHeader, token),
    async issueIdToken(account, overrides = {}) {
      const { privateKey, kid } = await keysNow();
      const now = Math.floor(Date.now() / 1000);
      return new SignJWT({
        email: account.email,
        email_verified: account.emailVerified,
        given_name: account.givenName,
        family_name: account.familyName,
        name: `${account.givenName} ${account.familyName}`,
        picture: '',
      })
        .setProtectedHeader({ alg: 'RS256', kid, typ: 'JWT' })
        .setIssuer(overrides.issuer ?? GOOGLE_ISSUERS[1] ?? 'https://accounts.google.com')
        .setAudience(overrides.audience ?? SIMULATED_GOOGLE_CLIENT_ID)
        .setSubject(subjectFor(account.email))
        .setIssuedAt(now)
        .setExpirationTime(now + (overrides.expiresInSeconds ?? 3600))
        .sign(privateKey);
    },
  };
  return { simulator, jwks: async () => (await keysNow()).jwks };
}

function simulatorRoutes(
  simulator: GoogleSimulator,
  jwks: () => Promise<{ keys: JWK[] }>,
): FastifyPluginAsyncZod {
  return async (app) => {
    app.get('/certs', { schema: { hide: true } }, () => jwks());
    app.get('/chooser', { schema: { hide: true } }, async (_request, reply) =>
      reply.type('text/html; charset=utf-8').header('Cache-Control', 'no-store').send(chooserPage()),
    );
    app.get('/chooser.js', { schema: { hide: true } }, async (_request, reply) =>
      reply.type('text/javascript; charset=utf-8').send(chooserScript),
    );
    app.get('/chooser.css', { schema: { hide: true } }, async (_request, reply) =>
      reply.type('text/css; charset=utf-8').send(chooserStyles),
    );
    app.post(
      '/credential',
      { schema: { hide: true, body: z.object({ email: z.string() }) } },
      async (request, reply) => {
        const account = testGoogleAccounts.find((candidate) => candidate.email === request.body.email);
        if (!account) return reply.code(404).send({ message: 'No such test account' });
        return { credential: await simulator.issueIdToken(account) };
      },
    );
  };
}

/** A local identity provider standing in for Google while no GOOGLE_CLIENT_ID is set (docs/architecture.md#simulators). */
export default fp(
  async (app) => {
    if (app.config.google.clientId) {
      app.decorate('googleSimulator', undefined);
      return;
    }
    const { simulator, jwks } = createGoogleSimulator();
    app.decorate('googleSimulator', simulator);
    await app.register(simulatorRoutes(simulator, jwks), { prefix: '/sim/google' });
  },
  { name: 'google-simulator' },
);
