import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { buildTestApp, type TestApp } from '../test/build-test-app';

describe('security headers', () => {
  let app: TestApp;
  beforeAll(async () => {
    // One proxy in front (app.inject comes from 127.0.0.1): its X-Forwarded-Proto says how the shopper came.
    app = await buildTestApp({ trustProxy: 1, jobWorkers: false });
  });
  afterAll(() => app.closeAndDrop());

  it('sends HSTS only when the request came over HTTPS', async () => {
    const plain = await app.inject({ method: 'GET', url: '/api/health' });
    expect(plain.headers['strict-transport-security']).toBeUndefined();
    const https = await app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { 'x-forwarded-proto': 'https' },
    });
    expect(https.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
  });

  it('sends a Permissions-Policy that allows payments for the page itself only with the simulator', async () => {
    const response = await app.inject({ method: 'GET', url: '/robots.txt' });
    const policy = String(response.headers['permissions-policy']);
    expect(policy).toContain('camera=()');
    expect(policy).toContain('microphone=()');
    expect(policy).toContain('geolocation=()');
    expect(policy).toContain('payment=(self)');
  });
});

describe("the API's replies", () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await buildTestApp({ jobWorkers: false });
  });
  afterAll(() => app.closeAndDrop());

  it("carry the headers a JSON reply needs, not the pages' policies", async () => {
    const response = await app.inject({ method: 'GET', url: '/api/products' });
    expect(response.headers).toMatchObject({
      'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
      'cross-origin-resource-policy': 'same-origin',
      'x-content-type-options': 'nosniff',
      'x-frame-options': 'DENY',
    });
    expect(response.headers['permissions-policy']).toBeUndefined();
    expect(response.headers['cross-origin-opener-policy']).toBeUndefined();
  });

  it("leave the pages, the API documentation's among them, their policies", async () => {
    for (const url of ['/robots.txt', '/api/docs/']) {
      const page = await app.inject({ method: 'GET', url });
      expect(String(page.headers['content-security-policy'])).toContain("script-src 'self'");
      expect(page.headers['permissions-policy']).toContain('camera=()');
    }
  });
});

describe('security headers behind a proxy not trusted', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await buildTestApp({ trustProxy: false, jobWorkers: false });
  });
  afterAll(() => app.closeAndDrop());

  it('ignores a forged X-Forwarded-Proto', async () => {
    const response = await app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { 'x-forwarded-proto': 'https' },
    });
    expect(response.headers['strict-transport-security']).toBeUndefined();
  });
});

describe('Permissions-Policy with real Razorpay keys', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await buildTestApp({
      razorpay: {
        keyId: 'rzp_test_0000000000',
        keySecret: 'secret-0000000000',
        webhookSecret: 'webhook-0000000000',
        baseUrl: 'https://api.razorpay.com',
      },
      jobWorkers: false,
    });
  });
  afterAll(() => app.closeAndDrop());

  it("lets Razorpay Checkout's frames take payments", async () => {
    const response = await app.inject({ method: 'GET', url: '/robots.txt' });
    expect(response.headers['permissions-policy']).toContain(
      'payment=(self "https://api.razorpay.com" "https://checkout.razorpay.com")',
    );
  });
});

describe('API docs', () => {
  it('are off in production unless API_DOCS=true', () => {
    expect(loadConfig({ NODE_ENV: 'production' }).apiDocs).toBe(false);
    expect(loadConfig({ NODE_ENV: 'production', API_DOCS: 'true' }).apiDocs).toBe(true);
    expect(loadConfig({ NODE_ENV: 'development' }).apiDocs).toBe(true);
    expect(loadConfig({ NODE_ENV: 'development', API_DOCS: 'false' }).apiDocs).toBe(false);
  });

  it('are not served when off', async () => {
    const app = await buildTestApp({
      env: 'production',
      allowSimulators: true,
      apiDocs: false,
      jobWorkers: false,
    });
    try {
      expect((await app.inject({ method: 'GET', url: '/api/docs/json' })).statusCode).toBe(404);
      expect((await app.inject({ method: 'GET', url: '/api/docs/' })).statusCode).toBe(404);
    } finally {
      await app.closeAndDrop();
    }
  });
});
