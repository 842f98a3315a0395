import rateLimit from '@fastify/rate-limit';
import fp from 'fastify-plugin';
import { Redis } from 'ioredis';
import type { Config } from '../config';

/**
 * Per-route limits (routes opt in with `config.rateLimit`). Counters live in Redis when REDIS_URL is set,
 * so several API processes share them; otherwise in this process's memory.
 */
export default fp(
  async (app, options: { config: Config }) => {
    const redis = options.config.redisUrl
      ? new Redis(options.config.redisUrl, {
          connectTimeout: 500,
          maxRetriesPerRequest: 1,
          lazyConnect: false,
        })
      : undefined;
    if (redis) app.addHook('onClose', async () => void (await redis.quit()));
    await app.register(rateLimit, {
      global: false,
      ...(redis ? { redis, nameSpace: options.config.rateLimitNamespace } : {}),
    });
  },
  { name: 'rate-limit' },
);
