import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer } from '../test/auth-helpers';
import { buildTestApp, type TestApp } from '../test/build-test-app';
import { createShopper } from '../test/shopper-factory';

// Every API route, from the OpenAPI document, fed what a hostile or broken client sends: each answer is a
// 4xx (or a success) with a message, never a 500.

let app: TestApp;
let token: string;
beforeAll(async () => {
  app = await buildTestApp({ authRateLimitMax: 100_000, jobWorkers: false });
  ({ token } = await createShopper(app));
});
afterAll(() => app.closeAndDrop());

const junkIds = ['x', '-1', '1.5', '99999999999999999999', "1' or '1'='1", '%00', 'a'.repeat(300)];

/** `{"a":{"a":…{}…}}`, `levels` deep: about 10 kB for 5,000 levels. */
function deeplyNested(levels: number): string {
  return `${'{"a":'.repeat(levels)}{}${'}'.repeat(levels)}`;
}

const junkBodies: (string | undefined)[] = [
  undefined,
  'null',
  '[]',
  '"text"',
  '12',
  '{',
  '{"cart":"x","wishlist":{},"email":[],"mobile":{},"otp":null,"amount":"9"}',
  JSON.stringify({ a: { b: { c: { d: { e: { f: [[[[[]]]]] } } } } } }),
  JSON.stringify({ razorpay_payment_id: 1, razorpay_order_id: [], razorpay_signature: {} }),
  JSON.stringify({ credential: 'a.b.c', password: 'x'.repeat(10_000) }),
  deeplyNested(5_000),
  `{"items":${'['.repeat(5_000)}${']'.repeat(5_000)}}`,
  JSON.stringify({ name: 'x', message: 'y'.repeat(70 * 1024) }),
  JSON.stringify({
    name: 'a\u0000b',
    email: 'a@b.in',
    message: 'hi',
    city: '\u0000',
    cart: [{ id: 1, quantity: 1 }],
  }),
];

const junkHeaders: Record<string, string>[] = [
  {},
  bearer('not-a-session'),
  { cookie: 'mitten_session=%zz; other', origin: 'null', 'x-requested-with': 'fetch' },
  { 'x-api-key': 'x', 'x-razorpay-signature': 'zz', 'x-razorpay-event-id': '' },
  // A bot-challenge solution that is not one (docs/architecture.md#bot-challenge).
  {
    'x-altcha': Buffer.from('{"challenge":{"parameters":[]},"solution":{"counter":"x"}}').toString('base64'),
  },
  { 'x-altcha': '%%%not-base64' },
];

async function apiRoutes(): Promise<{ method: string; path: string }[]> {
  const response = await app.inject({ method: 'GET', url: '/api/docs/json' });
  const document = response.json<{ paths: Record<string, Record<string, unknown>> }>();
  const documented = Object.entries(document.paths).flatMap(([path, methods]) =>
    Object.keys(methods).map((method) => ({ method: method.toUpperCase(), path })),
  );
  // Left out of the document on purpose: the providers' webhooks and the dev outbox.
  const hidden = [
    { method: 'POST', path: '/api/payment/webhook' },
    { method: 'POST', path: '/api/webhooks/courier' },
    { method: 'GET', path: '/api/dev/outbox' },
  ];
  const known = new Set(documented.map((route) => `${route.method} ${route.path}`));
  const all = [...documented, ...hidden.filter((route) => !known.has(`${route.method} ${route.path}`))];
  // Logout and signing out everywhere end the session the other routes are tried with: they go last.
  const endsSession = (route: { method: string; path: string }) =>
    route.path === '/api/auth/logout' || (route.method === 'DELETE' && route.path === '/api/auth/sessions');
  return [...all.filter((route) => !endsSession(route)), ...all.filter(endsSession)];
}

/**
 * Each junk header set with one junk body, and every junk body as a visitor and as a signed-in shopper (the
 * sessions a body gets past the sign-in check with): the pairs that can fail, not the whole cross product.
 */
function attemptsFor(method: string, signedIn: Record<string, string>[]) {
  const headerSets = [...junkHeaders, ...signedIn];
  if (method === 'GET') return headerSets.map((headers, index) => ({ headers, index, body: undefined }));
  const oneJunkBody = junkBodies[6];
  return [
    ...headerSets.map((headers, index) => ({ headers, index, body: oneJunkBody })),
    ...[0, junkHeaders.length, junkHeaders.length + 1].flatMap((index) =>
      junkBodies.map((body) => ({ headers: headerSets[index] ?? {}, index, body })),
    ),
  ];
}

describe('bad input on every API route', () => {
  it('refuses the NUL character, which PostgreSQL text cannot hold, with a 400', async () => {
    const response = await app.inject({
      method: 'GET',
      url: '/api/payment/payment-status/%00',
      headers: bearer(token),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: 'Text may not contain the NUL character.' });
  });

  it('refuses JSON nested thousands of levels deep with a 400, on a route open to anyone', async () => {
    for (const url of ['/api/contact', '/api/auth/send-otp']) {
      const response = await app.inject({
        method: 'POST',
        url,
        headers: { 'content-type': 'application/json' },
        payload: deeplyNested(5_000),
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ message: 'The request body is nested too deeply.' });
    }
  });

  it('accepts nesting up to 32 levels and refuses the 33rd', async () => {
    const at = (levels: number) =>
      app.inject({
        method: 'POST',
        url: '/api/contact',
        headers: { 'content-type': 'application/json' },
        payload: deeplyNested(levels),
      });
    // 31 objects around the innermost {}: 32 levels, refused by the schema, not by the depth limit.
    expect((await at(31)).json<{ message: string }>().message).not.toMatch(/nested too deeply/);
    expect((await at(32)).json()).toEqual({ message: 'The request body is nested too deeply.' });
  });

  it('is answered with a 4xx and a message, never a 500', async () => {
    const routes = await apiRoutes();
    expect(routes.length).toBeGreaterThanOrEqual(40);
    const failures: string[] = [];
    for (const { method, path } of routes) {
      const urls = path.includes('{') ? junkIds.map((id) => path.replace(/\{\w+\}/g, id)) : [path];
      for (const url of urls) {
        const signedIn = [
          bearer(token),
          // The browser app's cookie session, from a page whose origin is opaque.
          { cookie: `mitten_session=${token}`, origin: 'null', 'x-requested-with': 'fetch' },
        ];
        for (const { headers, index, body } of attemptsFor(method, signedIn)) {
          const response = await app.inject({
            method: method as 'GET',
            url,
            headers: { ...headers, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
            ...(body === undefined ? {} : { payload: body }),
          });
          const label = `${method} ${url} headers#${index} body ${String(body).slice(0, 40)}`;
          if (response.statusCode >= 500) failures.push(`${label}: ${response.statusCode} ${response.body}`);
          else if (
            response.statusCode >= 400 &&
            typeof response.json<{ message?: unknown }>().message !== 'string'
          )
            failures.push(`${label}: ${response.statusCode} without a message`);
        }
      }
    }
    expect(failures).toEqual([]);
  }, 300_000);
});
