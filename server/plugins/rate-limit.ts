import rateLimit from '@fastify/rate-limit';
import fp from 'fastify-plugin';
import { Redis } from 'ioredis';
import type { Config } from '../config';
import {
  type FailureCounters,
  localFailureCounters,
  redisFailureCounters,
  redisStoreWithLocalFallback,
} from './rate-limit-store';

declare module 'fastify' {
  interface FastifyInstance {
    /** Whether the shared rate-limit counters' Redis answers; undefined without REDIS_URL. */
    rateLimitRedis: (() => 'up' | 'down') | undefined;
    /** Failed attempts (a discount code's wrong guesses), kept where the rate limits' counters are. */
    failureCounters: FailureCounters;
  }
}

// docs/operations.md#health-check: a down Redis must cost a request at most this long, never a 500.
const REDIS_TIMEOUT_MS = 500;

/** Resolves once the first connection attempt has succeeded or failed (or taken too long). */
function firstAttempt(redis: Redis): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(done, REDIS_TIMEOUT_MS * 2);
    function done() {
      clearTimeout(timer);
      redis.off('ready', done).off('error', done);
      resolve();
    }
    redis.once('ready', done).once('error', done);
  });
}

/**
 * Per-route limits (routes opt in with `config.rateLimit`). Counters live in Redis when REDIS_URL is set,
 * so several API processes share them; otherwise, or while Redis is unreachable, in this process's memory.
 */
export default fp(
  async (app, options: { config: Config }) => {
    const { redisUrl, rateLimitNamespace } = options.config;
    if (!redisUrl) {
      app.decorate('rateLimitRedis', undefined);
      app.decorate('failureCounters', localFailureCounters());
      await app.register(rateLimit, { global: false });
      return;
    }
    const redis = new Redis(redisUrl, {
      connectTimeout: REDIS_TIMEOUT_MS,
      commandTimeout: REDIS_TIMEOUT_MS,
      maxRetriesPerRequest: 0,
      enableOfflineQueue: false,
    });
    let reported = false;
    const reportDown = (error: Error) => {
      if (reported) return;
      reported = true;
      app.log.warn({ err: error }, 'Redis unreachable: rate limits counted in this process until it is back');
    };
    redis.on('error', reportDown);
    redis.on('ready', () => {
      if (reported) app.log.info('Redis is back: rate limits shared again');
      reported = false;
    });
    app.addHook('onClose', async () => {
      if (redis.status === 'ready') await redis.quit().catch(() => redis.disconnect());
      else redis.disconnect();
    });
    await firstAttempt(redis);
    app.decorate('rateLimitRedis', () => (redis.status === 'ready' ? 'up' : 'down'));
    app.decorate('failureCounters', redisFailureCounters(redis, rateLimitNamespace, reportDown));
    await app.register(rateLimit, {
      global: false,
      store: redisStoreWithLocalFallback(redis, rateLimitNamespace, reportDown),
    });
  },
  { name: 'rate-limit' },
);
