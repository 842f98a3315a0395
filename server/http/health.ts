import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { HealthReplySchema } from '../../contracts/http';
import { messages } from '../../contracts/messages';
import { pingDatabase } from '../db/client';

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
        summary: 'Whether the API, its database and (when configured) Redis are up',
        response: { 200: HealthReplySchema, 503: HealthReplySchema },
      },
    },
    async (_request, reply) => {
      const redis = app.rateLimitRedis?.();
      const redisField = redis ? { redis } : {};
      if (!(await isDatabaseUp(() => pingDatabase(app.db)))) {
        return reply
          .code(503)
          .send({ status: 'error', database: 'down', ...redisField, message: messages.serviceUnavailable });
      }
      // Without Redis the process still serves, counting limits alone: the load balancer should keep it.
      return reply.send({ status: redis === 'down' ? 'degraded' : 'ok', database: 'up', ...redisField });
    },
  );
};

export default healthRoutes;
