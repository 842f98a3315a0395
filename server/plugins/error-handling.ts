import type { FastifyError, FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { messages } from '../../contracts/messages';
import { AppError, type FieldError } from '../errors';

function fieldErrorsOf(error: FastifyError): FieldError[] {
  if (!hasZodFastifySchemaValidationErrors(error)) return [];
  return error.validation.map((issue) => ({
    field: issue.instancePath.replace(/^\//, '').replaceAll('/', '.') || 'body',
    message: issue.message ?? 'Invalid value',
  }));
}

/**
 * One place maps every failure to a reply `{message, errors?}`: validation failures are a 400 naming the
 * fields, client errors Fastify raises keep their 4xx, and anything unexpected is a 500 whose text is logged,
 * never sent.
 */
function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      return reply.code(error.statusCode).send({ message: error.message, errors: error.errors });
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
    return reply.code(500).send({ message: messages.unexpected });
  });
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

/** Whether a parsed request part holds the NUL character anywhere, however deep. */
function containsNul(value: unknown): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (Array.isArray(value)) return value.some(containsNul);
  if (value !== null && typeof value === 'object') {
    return Object.entries(value).some(([key, item]) => key.includes('\u0000') || containsNul(item));
  }
  return false;
}

async function refuseNul(request: FastifyRequest) {
  if (containsNul(request.params) || containsNul(request.query) || containsNul(request.body)) {
    throw new AppError('invalid', messages.nulCharacter);
  }
}

/**
 * PostgreSQL text cannot hold the NUL character, so a query carrying one fails deep inside the database.
 * No field of ours may contain it: such a request is refused before any handler sees it. Only routes that
 * take input get the check, so a plain read such as the catalogue pays nothing for it.
 */
function refuseNulCharacters(app: FastifyInstance) {
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    const takesBody = methods.some((method) => method !== 'GET' && method !== 'HEAD');
    const schema = route.schema;
    if (!takesBody && !schema?.params && !schema?.querystring) return;
    const existing = route.preValidation ?? [];
    route.preValidation = [...(Array.isArray(existing) ? existing : [existing]), refuseNul];
  });
}

export default fp(
  async (app) => {
    registerErrorHandler(app);
    refuseNulCharacters(app);
  },
  { name: 'error-handling' },
);
