import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app';

let app: TestApp;
let distDir: string;

beforeAll(async () => {
  distDir = mkdtempSync(path.join(tmpdir(), 'mitten-dist-'));
  mkdirSync(path.join(distDir, 'assets'));
  mkdirSync(path.join(distDir, 'images'));
  writeFileSync(
    path.join(distDir, 'index.html'),
    '<!doctype html><title>Ottoman</title><div id="root"></div>',
  );
  writeFileSync(
    path.join(distDir, 'admin.html'),
    '<!doctype html><title>Console</title><div id="root" data-page="console"></div>',
  );
  writeFileSync(
    path.join(distDir, 'assets', 'index-Ab12Cd34.js'),
    `console.log(${JSON.stringify('x'.repeat(5000))});`,
  );
  writeFileSync(path.join(distDir, 'images', 'logo.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  writeFileSync(path.join(distDir, '.env'), 'SECRET=left-behind');
  app = await buildTestApp({ webDistDir: distDir });
});
afterAll(async () => {
  await app.closeAndDrop();
  rmSync(distDir, { recursive: true, force: true });
});

describe('serving the built app', () => {
  it('serves index.html at / without caching it, with security headers', async () => {
    const response = await app.inject({ method: 'GET', url: '/' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/html');
    expect(response.headers['cache-control']).toBe('no-cache');
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toContain('unsafe-inline');
    expect(csp).toContain("frame-ancestors 'none'");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['referrer-policy']).toBe('no-referrer');
  });

  it.each(['/product/3', '/cart', '/terms-and-conditions', '/orders?page=2'])(
    'answers the app route %s with index.html (history fallback)',
    async (url) => {
      const response = await app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(200);
      expect(response.body).toContain('<div id="root">');
      expect(response.headers['cache-control']).toBe('no-cache');
    },
  );

  it.each(['/admin', '/admin/', '/admin/orders', '/admin/orders/42?tab=notes', '/admin/setup/abc-DEF_12'])(
    "answers the console's route %s with admin.html, revalidated, under the same CSP",
    async (url) => {
      const response = await app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toContain('text/html');
      expect(response.body).toContain('data-page="console"');
      expect(response.headers['cache-control']).toBe('no-cache');
      const csp = String(response.headers['content-security-policy']);
      expect(csp).toContain("script-src 'self'");
      expect(csp).not.toContain('unsafe-inline');
    },
  );

  it.each(['/', '/administrator', '/orders', '/product/admin'])(
    "answers the shop's route %s with index.html, not the console's page",
    async (url) => {
      const response = await app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(200);
      expect(response.body).toContain('<title>Ottoman</title>');
      expect(response.body).not.toContain('data-page="console"');
    },
  );

  it('caches hashed assets as immutable and compresses them', async () => {
    const response = await app.inject({
      method: 'GET',
      url: '/assets/index-Ab12Cd34.js',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(response.headers['content-encoding']).toBe('gzip');
  });

  it('caches other public files briefly', async () => {
    const response = await app.inject({ method: 'GET', url: '/images/logo.svg' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('public, max-age=3600');
  });

  it('never serves a dotfile left in the build', async () => {
    const response = await app.inject({ method: 'GET', url: '/.env' });
    expect(response.body).not.toContain('left-behind');
  });

  it('answers a missing file with 404, not the app', async () => {
    const response = await app.inject({ method: 'GET', url: '/assets/missing-123.js' });
    expect(response.statusCode).toBe(404);
  });

  it.each([
    ['GET', '/api/nope'],
    ['POST', '/api/nope'],
    ['GET', '/api'],
  ])('answers an unknown API path %s %s with a JSON 404', async (method, url) => {
    const response = await app.inject({ method: method as 'GET' | 'POST', url });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: 'Not found' });
  });
});
