import { vi } from 'vitest';

/** One call the app made, as the fake API received it. */
export interface ApiCall {
  method: string;
  /** The path with its query, e.g. `/api/cart` or `/api/admin/orders?status=paid`. */
  path: string;
  body: unknown;
  headers: Headers;
}

/** What a handler answers: a Response as it is, anything else as a 200 JSON body. */
export type ApiReply = Response | object | undefined;
export type ApiHandler = (call: ApiCall) => ApiReply | Promise<ApiReply>;

/** Handlers by `METHOD /path` (the path without its query), e.g. `'POST /api/cart/update'`. */
export type ApiRoutes = Record<string, ApiHandler | object>;

export interface FakeApi {
  /** Every call made so far, in order. */
  calls: ApiCall[];
  /** The calls to one route (`'POST /api/cart/update'`). */
  callsTo(route: string): ApiCall[];
  /** Adds or replaces routes mid-test (e.g. the server starts refusing a save). */
  on(routes: ApiRoutes): void;
}

/** A JSON reply with a status, for the handlers that refuse (`jsonReply(400, { message: ... })`). */
export function jsonReply(status: number, body: unknown): Response {
  return Response.json(body, { status });
}

/**
 * docs/operations.md#tests: the shop's API as a component test wants it, by route: `fetch` is replaced for the
 * test, each call is recorded, and a call no handler answers fails the test with its route named, so a page
 * never quietly renders an error the test did not ask for.
 */
export function fakeApi(routes: ApiRoutes = {}): FakeApi {
  const table: ApiRoutes = { ...routes };
  const calls: ApiCall[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input instanceof Request ? input.url : input), 'http://localhost');
    const method = (init.method ?? 'GET').toUpperCase();
    const text = typeof init.body === 'string' ? init.body : undefined;
    const call: ApiCall = {
      method,
      path: url.pathname + url.search,
      body: text === undefined ? undefined : safeJson(text),
      headers: new Headers(init.headers),
    };
    calls.push(call);
    const route = `${method} ${url.pathname}`;
    const handler = table[route];
    if (handler === undefined) throw new Error(`fakeApi: no handler for ${route}`);
    const reply = typeof handler === 'function' ? await (handler as ApiHandler)(call) : handler;
    if (reply instanceof Response) return reply;
    return Response.json(reply ?? {});
  });
  vi.stubGlobal('fetch', fetchMock);
  return {
    calls,
    callsTo: (route) => calls.filter((call) => `${call.method} ${call.path.split('?')[0]}` === route),
    on: (more) => Object.assign(table, more),
  };
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}
