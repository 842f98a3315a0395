import type { FastifyError, FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { messages } from '../../contracts/messages';
import { isDatabaseUnavailable } from '../db/errors';
import { AppError, type FieldError } from '../errors';

/**
 * docs/architecture.md#database-away: how long a client waits before trying again when this server cannot serve
 * (the database away): about the pool's own wait for a connection, so a quick restart is one retry.
 */
export const RETRY_AFTER_SECONDS = 5;

function fieldErrorsOf(error: FastifyError): FieldError[] {
  if (!hasZodFastifySchemaValidationErrors(error)) return [];
  return error.validation.map((issue) => ({
    field: issue.instancePath.replace(/^\//, '').replaceAll('/', '.') || 'body',
    message: issue.message ?? 'Invalid value',
  }));
}

/**
 * One place maps every failure to a reply `{message, errors?}` (and `requestId` on a 5xx): validation failures are a 400 naming the
 * fields, client errors Fastify raises keep their 4xx, and anything unexpected is a 500 whose text is logged,
 * never sent.
 */
/**
 * docs/operations.md#request-ids: a failure that is ours, not the caller's, carries the id the shopper can
 * quote, the one on the request's log lines. A 4xx's message already says what to do.
 */
function withRequestId<Body extends object>(body: Body, request: FastifyRequest) {
  return { ...body, requestId: request.id };
}

function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((thrown: FastifyError, request, reply) => {
    const error = databaseAway(thrown, request) ?? thrown;
    if (error instanceof AppError) {
      const body = { message: error.message, errors: error.errors };
      if (error.kind === 'unavailable') reply.header('retry-after', RETRY_AFTER_SECONDS);
      return reply.code(error.statusCode).send(error.statusCode >= 500 ? withRequestId(body, request) : body);
    }
    const fieldErrors = fieldErrorsOf(error);
    if (fieldErrors.length > 0) {
      const first = fieldErrors[0]?.message ?? 'Invalid request';
      return reply.code(400).send({ message: first, errors: fieldErrors });
    }
    const status = error.statusCode ?? 500;
    if (status === 413) return reply.code(413).send({ message: messages.bodyTooLarge });
    if (status === 429) return reply.code(429).send({ message: messages.tooManyRequests });
    if (status >= 400 && status < 500) {
      request.log.info({ code: error.code }, error.message);
      return reply.code(status).send({ message: clientErrorMessage(error) });
    }
    request.log.error({ err: error }, 'unexpected error');
    return reply.code(500).send(withRequestId({ message: messages.unexpected }, request));
  });
}

/**
 * docs/architecture.md#database-away: a database that cannot be reached (refused, dropped, restarting, the
 * pool's wait run out) is this server unable to serve for a moment, a 503 to retry, not a fault in the request.
 * Every write runs in a transaction, so a request cut off this way left nothing half-written.
 */
function databaseAway(error: FastifyError, request: FastifyRequest): AppError | undefined {
  if (error instanceof AppError || !isDatabaseUnavailable(error)) return undefined;
  request.log.warn({ err: error }, 'database unavailable');
  return new AppError('unavailable', messages.serviceUnavailable);
}

function clientErrorMessage(error: FastifyError): string {
  switch (error.code) {
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return 'Send the request body as JSON (Content-Type: application/json).';
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return 'The request body is empty.';
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
      return 'The request body is not valid JSON.';
    default:
      // Fastify's own client-error texts (bad JSON, bad content type) are safe to show.
      return error.message;
  }
}

// docs/architecture.md#security: no request of ours nests anywhere near this deep.
const MAX_JSON_DEPTH = 32;

/**
 * What is wrong with a parsed request part, if anything: nested deeper than MAX_JSON_DEPTH, or the NUL
 * character in a key or a string. Walked with a stack of its own, so no depth overflows the call stack.
 */
function problemIn(value: unknown): string | undefined {
  const pending: { item: unknown; depth: number }[] = [{ item: value, depth: 0 }];
  for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
    const { item, depth } = next;
    if (typeof item === 'string') {
      if (item.includes('\u0000')) return messages.nulCharacter;
      continue;
    }
    // An upload's bytes (a Buffer) are not JSON: walking them visited every byte of a photo, seconds of the event
    // loop for 8 MB (docs/operations.md#bench-uploads).
    if (item === null || typeof item !== 'object' || ArrayBuffer.isView(item)) continue;
    if (depth >= MAX_JSON_DEPTH) return messages.nestedTooDeep;
    const entries = Array.isArray(item)
      ? item.map((element) => ['', element] as const)
      : Object.entries(item);
    for (const [key, element] of entries) {
      if (key.includes('\u0000')) return messages.nulCharacter;
      pending.push({ item: element, depth: depth + 1 });
    }
  }
  return undefined;
}

async function refuseBadInput(request: FastifyRequest) {
  const problem = problemIn(request.params) ?? problemIn(request.query) ?? problemIn(request.body);
  if (problem) throw new AppError('invalid', problem);
}

/**
 * PostgreSQL text cannot hold the NUL character, so a query carrying one fails deep inside the database.
 * No field of ours may contain it: such a request is refused before any handler sees it, as is one nested
 * deeper than any of ours (validating it would overflow the stack). Only routes that
 * take input get the check, so a plain read such as the catalogue pays nothing for it.
 */
function refuseNulCharacters(app: FastifyInstance) {
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    const takesBody = methods.some((method) => method !== 'GET' && method !== 'HEAD');
    const schema = route.schema;
    if (!takesBody && !schema?.params && !schema?.querystring) return;
    const existing = route.preValidation ?? [];
    route.preValidation = [...(Array.isArray(existing) ? existing : [existing]), refuseBadInput];
  });
}

export default fp(
  async (app) => {
    registerErrorHandler(app);
    refuseNulCharacters(app);
  },
  { name: 'error-handling' },
);
