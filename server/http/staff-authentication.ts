import type { FastifyInstance, FastifyReply, FastifyRequest, preValidationAsyncHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import { roleAllows, type StaffRole, staffMessages } from '../../contracts/staff';
import { AppError } from '../errors';
import type { StaffActor } from '../modules/audit/audit-log';
import {
  findLiveStaffSession,
  type LiveStaffSession,
  STAFF_SESSION_MAX_MS,
} from '../modules/staff/staff-sessions';
import { assertSameSite, bearerToken } from './authentication';

/** docs/architecture.md#staff: the console's own cookie, `__Host-` prefixed over HTTPS. */
export const STAFF_COOKIE = 'mitten_staff';
export const SECURE_STAFF_COOKIE = `__Host-${STAFF_COOKIE}`;

declare module 'fastify' {
  interface FastifyRequest {
    staff: LiveStaffSession | null;
  }
  interface FastifyInstance {
    /**
     * preValidation hook for `/api/admin` routes (so a request without a console session is a 401 before its
     * input is judged): a live staff session past its second factor (cookie or Bearer;
     * a shopper's session is not one: 401), whose role allows `role` (403 otherwise).
     */
    requireStaff(role: StaffRole): preValidationAsyncHookHandler;
    setStaffCookie(request: FastifyRequest, reply: FastifyReply, token: string): void;
    clearStaffCookie(request: FastifyRequest, reply: FastifyReply): void;
  }
}

function staffCookieName(request: FastifyRequest) {
  return request.protocol === 'https' ? SECURE_STAFF_COOKIE : STAFF_COOKIE;
}

/** docs/architecture.md#staff: in production the console's cookie is `Secure` whatever the request says. */
function secureCookie(app: FastifyInstance, request: FastifyRequest) {
  return app.config.env === 'production' || request.protocol === 'https';
}

/** The staff token a request carries, and how. */
export function staffTokenOf(request: FastifyRequest) {
  const bearer = bearerToken(request);
  if (bearer) return { token: bearer, via: 'bearer' as const };
  const cookie = request.cookies[SECURE_STAFF_COOKIE] ?? request.cookies[STAFF_COOKIE];
  return cookie ? { token: cookie, via: 'cookie' as const } : undefined;
}

export default fp(
  async (app) => {
    app.decorateRequest('staff', null);

    // docs/architecture.md#staff: in production the console's API answers only over TLS (directly, or behind a
    // trusted proxy that says so), so its password, codes and cookie never cross the network in clear.
    if (app.config.env === 'production') {
      // A callback hook, not an async one: it runs on every request, and the rest pass it in a string compare.
      app.addHook('onRequest', (request, _reply, done) => {
        if (request.url.startsWith('/api/admin') && request.protocol !== 'https') {
          done(new AppError('forbidden', staffMessages.httpsOnly));
          return;
        }
        done();
      });
    }

    app.decorate('setStaffCookie', (request: FastifyRequest, reply: FastifyReply, token: string) => {
      reply.setCookie(staffCookieName(request), token, {
        httpOnly: true,
        sameSite: 'strict',
        secure: secureCookie(app, request),
        path: '/',
        maxAge: Math.floor(STAFF_SESSION_MAX_MS / 1000),
      });
    });
    app.decorate('clearStaffCookie', (request: FastifyRequest, reply: FastifyReply) => {
      reply.clearCookie(staffCookieName(request), {
        path: '/',
        httpOnly: true,
        sameSite: 'strict',
        secure: secureCookie(app, request),
      });
    });

    app.decorate('requireStaff', (role: StaffRole): preValidationAsyncHookHandler => {
      return async function requireStaffRole(request, reply) {
        const carried = staffTokenOf(request);
        const session = carried ? await findLiveStaffSession(app.db, carried.token) : undefined;
        if (!session?.secondFactorDone) {
          if (carried?.via === 'cookie') app.clearStaffCookie(request, reply);
          throw new AppError('unauthorized', staffMessages.signInFirst);
        }
        if (carried?.via === 'cookie') assertSameSite(request);
        if (!roleAllows(session.role, role)) throw new AppError('forbidden', staffMessages.ownerOnly);
        request.staff = session;
      };
    });
  },
  { name: 'staff-authentication', dependencies: ['database', 'authentication'] },
);

/** The signed-in member of staff, on a route guarded by `app.requireStaff`. */
export function currentStaff(request: FastifyRequest): LiveStaffSession {
  if (!request.staff) throw new AppError('unauthorized', staffMessages.signInFirst);
  return request.staff;
}

/** The signed-in staff member behind a console request, for the audit log. */
export function staffActorOf(request: FastifyRequest): StaffActor {
  return { staffId: currentStaff(request).staffId, ipAddress: request.ip };
}
