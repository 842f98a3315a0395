import { timingSafeEqual } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { unauthorized } from './errors';

function sameText(expected: string, received: string): boolean {
  const a = Buffer.from(expected);
  const b = Buffer.from(received);
  return a.length === b.length && timingSafeEqual(a, b);
}

function basicCredentials(request: FastifyRequest): { keyId: string; keySecret: string } | undefined {
  const header = request.headers.authorization;
  if (!header?.startsWith('Basic ')) return undefined;
  const decoded = Buffer.from(header.slice('Basic '.length), 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon === -1) return { keyId: decoded, keySecret: '' };
  return { keyId: decoded.slice(0, colon), keySecret: decoded.slice(colon + 1) };
}

/**
 * The check Razorpay's APIs (payments and RazorpayX payouts alike) make of the key pair in HTTP Basic auth,
 * with their refusals' words, as an `onRequest` hook for a simulated API.
 */
export function requireApiKey(account: { keyId: string; keySecret: string }) {
  return async (request: FastifyRequest) => {
    const credentials = basicCredentials(request);
    if (!credentials) throw unauthorized('Please provide your api key for authentication purposes.');
    if (!sameText(account.keyId, credentials.keyId)) throw unauthorized('The api key provided is invalid');
    if (!sameText(account.keySecret, credentials.keySecret)) {
      throw unauthorized('The api key/secret provided is invalid');
    }
  };
}
