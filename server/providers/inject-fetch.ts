import type { FastifyInstance, InjectOptions } from 'fastify';

/**
 * A `fetch` that answers from this very server through `app.inject`, for adapters talking to a simulator
 * mounted in the same process: the adapter's real HTTP code runs, with no port and no network in between.
 */
export function injectFetch(app: FastifyInstance): typeof fetch {
  return async (input, init) => {
    const url = new URL(input instanceof Request ? input.url : String(input), 'http://simulator.local');
    init?.signal?.throwIfAborted();
    const headers = Object.fromEntries(new Headers(init?.headers).entries());
    const reply = await app.inject({
      method: (init?.method ?? 'GET') as InjectOptions['method'],
      url: `${url.pathname}${url.search}`,
      headers,
      payload: typeof init?.body === 'string' ? init.body : undefined,
    });
    return new Response(reply.statusCode === 204 ? null : reply.body, {
      status: reply.statusCode,
      headers: Object.entries(reply.headers).flatMap(([name, value]) =>
        value === undefined ? [] : [[name, String(value)] as [string, string]],
      ),
    });
  };
}
