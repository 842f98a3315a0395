import { describe, expect, it } from 'vitest';
import { createTtlCache } from './ttl-cache';

describe('the serviceability cache', () => {
  it('forgets an entry once its time is up', () => {
    let now = 0;
    const cache = createTtlCache<string>({ ttlMs: 1000, maxEntries: 10, now: () => now });
    cache.set('560001', 'served');
    now = 999;
    expect(cache.get('560001')).toBe('served');
    now = 1000;
    expect(cache.get('560001')).toBeUndefined();
    expect(cache.size).toBe(0);
  });

  it('never holds more than its bound, dropping the oldest first', () => {
    const cache = createTtlCache<number>({ ttlMs: 1000, maxEntries: 2, now: () => 0 });
    cache.set('a', 1);
    cache.set('b', 2);
    cache.set('a', 3);
    cache.set('c', 4);
    expect(cache.size).toBe(2);
    expect([cache.get('a'), cache.get('b'), cache.get('c')]).toEqual([3, undefined, 4]);
  });
});
