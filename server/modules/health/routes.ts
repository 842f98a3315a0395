import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { HealthReplySchema } from '../../../contracts/http';
import { messages } from '../../../contracts/messages';
import { pingDatabase } from '../../db/client';

const PING_TIMEOUT_MS = 2_000;

async function isDatabaseUp(ping: () => Promise<void>): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('database ping timed out')), PING_TIMEOUT_MS);
  });
  try {
    await Promise.race([ping(), timeout]);
    return true;
  } catch {
    return false;
  } finally {
    clearTimeout(timer);
  }
}

// docs/product.md#http-api: GET /health needs no auth; load balancers read only the status code.
const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/health',
    {
      schema: {
        tags: ['health'],
        summary: 'Whether the API and its database are up',
        response: { 200: HealthReplySchema, 503: HealthReplySchema },
      },
    },
    async (_request, reply) => {
      if (await isDatabaseUp(() => pingDatabase(app.db))) {
        return reply.send({ status: 'ok', database: 'up' });
      }
      return reply
        .code(503)
        .send({ status: 'error', database: 'down', message: messages.serviceUnavailable });
    },
  );
};

export default healthRoutes;
