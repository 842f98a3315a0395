import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { Redis } from 'ioredis';

interface Count {
  current: number;
  ttl: number;
}
type Callback = (error: Error | null, result?: Count) => void;

// A fixed window per key: the first hit starts it, later hits count until it expires.
const INCREMENT = `local current = redis.call('INCR', KEYS[1])
if current == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
return {current, redis.call('PTTL', KEYS[1])}`;

const MAX_LOCAL_KEYS = 10_000;

/** This process's own counters, with the same fixed windows as the Redis ones. */
export class LocalCounters {
  private readonly windows = new Map<string, { current: number; resetAt: number }>();

  /** The count in the key's window now, without counting. */
  peek(key: string, now = Date.now()): number {
    const window = this.windows.get(key);
    return window && window.resetAt > now ? window.current : 0;
  }

  increment(key: string, timeWindow: number, now = Date.now()): Count {
    let window = this.windows.get(key);
    if (!window || window.resetAt <= now) {
      if (this.windows.size >= MAX_LOCAL_KEYS) this.forgetExpired(now);
      window = { current: 0, resetAt: now + timeWindow };
      this.windows.set(key, window);
    }
    window.current += 1;
    return { current: window.current, ttl: window.resetAt - now };
  }

  private forgetExpired(now: number) {
    for (const [key, window] of this.windows) if (window.resetAt <= now) this.windows.delete(key);
    // Still full of live windows: drop the oldest rather than grow without bound.
    const oldest = this.windows.keys().next();
    if (this.windows.size >= MAX_LOCAL_KEYS && !oldest.done) this.windows.delete(oldest.value);
  }
}

function routeKey(routeOptions: object): string {
  const { routeInfo } = routeOptions as { routeInfo?: { method?: unknown; url?: unknown } };
  return `${String(routeInfo?.method ?? '')}${String(routeInfo?.url ?? '')}-`;
}

/**
 * docs/architecture.md#security: counters in Redis, shared by every process, while Redis answers; this
 * process's own counters while it does not, so limits still hold and requests neither fail nor wait.
 */
export function redisStoreWithLocalFallback(
  redis: Redis,
  nameSpace: string,
  onFallback: (error: Error) => void,
): FastifyRateLimitStoreCtor {
  class RedisWithLocalFallback implements FastifyRateLimitStore {
    constructor(
      _options: unknown,
      private readonly prefix = nameSpace,
      private readonly local = new LocalCounters(),
    ) {}

    incr(key: string, callback: Callback, timeWindow: number): void {
      if (redis.status !== 'ready') {
        callback(null, this.local.increment(key, timeWindow));
        return;
      }
      redis.eval(INCREMENT, 1, `${this.prefix}${key}`, timeWindow).then(
        (result) => {
          const [current, ttl] = result as [number, number];
          callback(null, { current, ttl });
        },
        (error: Error) => {
          onFallback(error);
          callback(null, this.local.increment(key, timeWindow));
        },
      );
    }

    child(routeOptions: object): FastifyRateLimitStore {
      return new RedisWithLocalFallback(undefined, `${this.prefix}${routeKey(routeOptions)}`);
    }
  }
  return RedisWithLocalFallback;
}

/**
 * Counters of failures, not of requests (docs/architecture.md#security: a discount code's wrong guesses): read
 * before an attempt, counted after a failed one, in the rate limits' Redis while it answers, else locally.
 */
export interface FailureCounters {
  count(key: string): Promise<number>;
  add(key: string, windowMs: number): Promise<void>;
}

export function localFailureCounters(local = new LocalCounters()): FailureCounters {
  return {
    count: async (key) => local.peek(key),
    add: async (key, windowMs) => {
      local.increment(key, windowMs);
    },
  };
}

export function redisFailureCounters(
  redis: Redis,
  nameSpace: string,
  onFallback: (error: Error) => void,
): FailureCounters {
  const local = new LocalCounters();
  const fallback = localFailureCounters(local);
  return {
    async count(key) {
      if (redis.status !== 'ready') return fallback.count(key);
      try {
        return Number((await redis.get(`${nameSpace}failures-${key}`)) ?? 0);
      } catch (error) {
        onFallback(error as Error);
        return fallback.count(key);
      }
    },
    async add(key, windowMs) {
      if (redis.status !== 'ready') return fallback.add(key, windowMs);
      try {
        await redis.eval(INCREMENT, 1, `${nameSpace}failures-${key}`, windowMs);
      } catch (error) {
        onFallback(error as Error);
        await fallback.add(key, windowMs);
      }
    },
  };
}
