import { afterEach, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../test/build-test-app';
import { placePaidOrder } from '../test/order-helpers';

const token = 'metrics-token-for-the-tests-0123456789';

let app: TestApp | undefined;
afterEach(async () => {
  await app?.closeAndDrop();
  app = undefined;
});

async function scrape(target: TestApp): Promise<string> {
  const response = await target.inject({
    method: 'GET',
    url: '/metrics',
    headers: { authorization: `Bearer ${token}` },
  });
  expect(response.statusCode).toBe(200);
  expect(response.headers['content-type']).toContain('text/plain');
  return response.body;
}

/** The value of one series in a scrape, 0 when it is not there yet. */
function seriesValue(text: string, series: string): number {
  const line = text.split('\n').find((candidate) => candidate.startsWith(`${series} `));
  return line ? Number(line.slice(series.length + 1)) : 0;
}

describe('GET /metrics', () => {
  it('does not exist without METRICS_TOKEN', async () => {
    app = await buildTestApp();
    const response = await app.inject({ method: 'GET', url: '/metrics' });
    expect(response.statusCode).toBe(404);
  });

  it('is not there without the bearer token, or with a wrong one (404)', async () => {
    app = await buildTestApp({ metricsToken: token });
    const missing = await app.inject({ method: 'GET', url: '/metrics' });
    expect(missing.statusCode).toBe(404);
    expect(missing.body).not.toContain('shop_');
    const wrong = await app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: `Bearer ${token.replace('0', '1')}` },
    });
    expect(wrong.statusCode).toBe(404);
    expect(wrong.body).not.toContain('shop_');
  });

  it('counts requests by route pattern, and a paid order by its source', async () => {
    app = await buildTestApp({ metricsToken: token });
    const productSeries =
      'shop_http_requests_total{method="GET",route="/api/products/:id",status_code="200"}';
    // The browser's report and the simulator's webhook race to confirm the payment: one of them counts it.
    const confirmedSeries = ['browser', 'webhook'].map(
      (source) => `shop_payments_confirmed_total{source="${source}"}`,
    );
    const before = await scrape(app);

    for (const id of [1, 2]) {
      expect((await app.inject({ method: 'GET', url: `/api/products/${id}` })).statusCode).toBe(200);
    }
    await placePaidOrder(app);

    const after = await scrape(app);
    expect(seriesValue(after, productSeries) - seriesValue(before, productSeries)).toBe(2);
    expect(after).not.toContain('route="/api/products/1"');
    const confirmed = confirmedSeries.map(
      (series) => seriesValue(after, series) - seriesValue(before, series),
    );
    expect(confirmed.sort()).toEqual([0, 1]);
    expect(after).toContain('shop_http_request_duration_seconds_bucket{le="0.005",method="GET"');
    // The paid order queued its shipment and e-mail jobs (the workers may have started them).
    expect(after).toMatch(
      /shop_job_queue_depth\{queue="shipment\.create",state="(created|active|retry)"\} 1/,
    );
    expect(after.includes('shop_database_pool_connections{state="total"}')).toBe(
      app.databaseKind === 'postgres',
    );
  });

  it("reports the process's memory, event-loop delay and garbage collection", async () => {
    app = await buildTestApp({ metricsToken: token });
    const text = await scrape(app);
    for (const series of ['process_resident_memory_bytes', 'nodejs_heap_size_used_bytes']) {
      expect(seriesValue(text, series)).toBeGreaterThan(0);
    }
    expect(text).toContain('\nnodejs_eventloop_lag_p99_seconds ');
    expect(text).toContain('# TYPE nodejs_gc_duration_seconds histogram');
  });
});

describe('request ids', () => {
  it('names every reply, and a 500 carries it in its body', async () => {
    app = await buildTestApp();
    app.get('/api/test-failure', async () => {
      throw new Error('a fault of ours');
    });
    const ok = await app.inject({ method: 'GET', url: '/api/products' });
    expect(ok.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);

    const failed = await app.inject({ method: 'GET', url: '/api/test-failure' });
    expect(failed.statusCode).toBe(500);
    const id = failed.headers['x-request-id'];
    expect(failed.json()).toEqual({ message: 'Something went wrong. Please try again.', requestId: id });
    expect(id).not.toBe(ok.headers['x-request-id']);
  });

  it("keeps a caller's sane x-request-id, and replaces one that is not", async () => {
    app = await buildTestApp();
    const given = await app.inject({
      method: 'GET',
      url: '/api/products',
      headers: { 'x-request-id': 'caddy-7f3a9c21' },
    });
    expect(given.headers['x-request-id']).toBe('caddy-7f3a9c21');
    const strange = await app.inject({
      method: 'GET',
      url: '/api/products',
      headers: { 'x-request-id': 'a b\u0001<script>' },
    });
    expect(strange.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });
});
