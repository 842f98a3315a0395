import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Config } from './config';
import { AppError } from './errors';

/**
 * docs/architecture.md#security: the dev outbox (every OTP) and the simulators' controls (payments off) are
 * open in development and tests; in production they exist only with DEV_TOOLS_TOKEN, and then only for
 * requests that carry it. ALLOW_SIMULATORS alone never exposes them.
 */
export function devToolsAccess(config: Config): 'open' | 'token' | 'off' {
  if (config.env !== 'production') return 'open';
  return config.devToolsToken ? 'token' : 'off';
}

const digest = (value: string) => createHash('sha256').update(value).digest();

/** In a scope holding dev tools: with a token configured, a request without it is answered 404. */
export function requireDevToolsToken(scope: FastifyInstance, config: Config) {
  const token = config.devToolsToken;
  if (devToolsAccess(config) !== 'token' || !token) return;
  const expected = digest(token);
  scope.addHook('onRequest', async (request) => {
    const sent = request.headers['x-dev-tools-token'];
    // Compared as digests: equal lengths, in constant time.
    if (typeof sent !== 'string' || !timingSafeEqual(digest(sent), expected)) {
      throw new AppError('not_found', 'Not found');
    }
  });
}
