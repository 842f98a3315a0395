import cookie from '@fastify/cookie';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { accountBlockedMessage } from '../../contracts/auth-rules';
import { messages } from '../../contracts/messages';
import { SIGNED_IN_HINT_COOKIE } from '../../contracts/session-hint';
import type { Database } from '../db/client';
import { AppError } from '../errors';
import { findLiveSession, isSessionOfBlockedShopper, SESSION_TTL_MS } from '../modules/auth/sessions';

export const SESSION_COOKIE = 'mitten_session';

/** The browser app marks its requests with this header; only those get (and may use) the session cookie. */
export const BROWSER_APP_HEADER = 'x-requested-with';

export interface Authenticated {
  userId: string;
  sessionId: string;
  via: 'bearer' | 'cookie';
}

declare module 'fastify' {
  interface FastifyRequest {
    auth: Authenticated | null;
  }
  interface FastifyInstance {
    /** preHandler: 401 with the documented message (docs/product.md#messages) unless the request carries a live session. */
    requireUser(request: FastifyRequest, reply: FastifyReply): Promise<void>;
    setSessionCookie(reply: FastifyReply, token: string): void;
    clearSessionCookie(reply: FastifyReply): void;
  }
}

export function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (!header?.startsWith('Bearer ')) return undefined;
  return header.slice('Bearer '.length).trim() || undefined;
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * A cookie rides along with any request the browser makes, including one a hostile page makes, so a
 * state-changing request authenticated by cookie must also show it came from our own page: the custom
 * header (which a cross-site form cannot set) and, when the browser sends one, our own Origin.
 */
export function assertSameSite(request: FastifyRequest) {
  if (SAFE_METHODS.has(request.method)) return;
  const origin = request.headers.origin;
  const host = request.headers.host;
  const sameOrigin =
    origin === undefined || (host !== undefined && URL.canParse(origin) && new URL(origin).host === host);
  if (!request.headers[BROWSER_APP_HEADER] || !sameOrigin) {
    throw new AppError('forbidden', 'This request was refused because it did not come from the shop.');
  }
}

export default fp(
  async (app) => {
    await app.register(cookie);
    app.decorateRequest('auth', null);
    const secure = app.config.env === 'production';

    app.decorate('setSessionCookie', (reply: FastifyReply, token: string) => {
      reply.setCookie(SESSION_COOKIE, token, {
        httpOnly: true,
        sameSite: 'lax',
        secure,
        path: '/',
        maxAge: Math.floor(SESSION_TTL_MS / 1000),
      });
      // docs/architecture.md#signed-in-hint: readable by the page, same life as the session cookie.
      reply.setCookie(SIGNED_IN_HINT_COOKIE, '1', {
        httpOnly: false,
        sameSite: 'lax',
        secure,
        path: '/',
        maxAge: Math.floor(SESSION_TTL_MS / 1000),
      });
    });
    app.decorate('clearSessionCookie', (reply: FastifyReply) => {
      reply.clearCookie(SESSION_COOKIE, { path: '/', httpOnly: true, sameSite: 'lax', secure });
      reply.clearCookie(SIGNED_IN_HINT_COOKIE, { path: '/', sameSite: 'lax', secure });
    });

    app.decorate('requireUser', async (request: FastifyRequest, reply: FastifyReply) => {
      // Already checked by an earlier hook of the route (an upload checks before its body is read).
      if (request.auth) return;
      const bearer = bearerToken(request);
      const cookieToken = request.cookies[SESSION_COOKIE];
      const token = bearer ?? cookieToken;
      const session = token ? await findLiveSession(app.db, token) : undefined;
      if (!session) {
        // A dead session cookie (expired, revoked, blocked user) or a hint left without one: both go.
        if (cookieToken || request.cookies[SIGNED_IN_HINT_COOKIE]) app.clearSessionCookie(reply);
        const blocked = token ? await isSessionOfBlockedShopper(app.db, token) : false;
        throw new AppError('unauthorized', blocked ? accountBlockedMessage : messages.unauthorized);
      }
      const via = bearer ? 'bearer' : 'cookie';
      if (via === 'cookie') assertSameSite(request);
      request.auth = { userId: session.userId, sessionId: session.id, via };
    });
  },
  { name: 'authentication', dependencies: ['database'] },
);

/**
 * The shopper signed in on a route anyone may use (the contact form), or null: nothing is refused for a missing or
 * dead session, and a cookie counts only on a request from the shop's own page (assertSameSite).
 */
export async function optionalUserId(db: Database, request: FastifyRequest): Promise<string | null> {
  const bearer = bearerToken(request);
  const token = bearer ?? request.cookies[SESSION_COOKIE];
  const session = token ? await findLiveSession(db, token) : undefined;
  if (!session) return null;
  if (!bearer) {
    try {
      assertSameSite(request);
    } catch {
      return null;
    }
  }
  return session.userId;
}

/** The signed-in user's id, on a route guarded by `app.requireUser`. */
export function currentUserId(request: FastifyRequest): string {
  if (!request.auth) throw new AppError('unauthorized', messages.unauthorized);
  return request.auth.userId;
}
