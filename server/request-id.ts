import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

/** An id a proxy or client may hand us: short, and nothing a log line or a header could be bent by. */
const SANE_REQUEST_ID = /^[A-Za-z0-9._:-]{8,64}$/;

/**
 * docs/operations.md#request-ids: every request's id (Fastify's `reqId` on each log line, the
 * `x-request-id` reply header, `requestId` in error bodies): the caller's `x-request-id` when it looks like
 * one (a proxy's, so its log and ours agree), otherwise a new UUID.
 */
export function requestIdOf(request: IncomingMessage): string {
  const given = request.headers['x-request-id'];
  return typeof given === 'string' && SANE_REQUEST_ID.test(given) ? given : randomUUID();
}
