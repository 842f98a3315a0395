import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../test/build-test-app';

let app: TestApp;
beforeAll(async () => {
  app = await buildTestApp();
});
afterAll(() => app.closeAndDrop());

describe('OpenAPI document', () => {
  it('is generated from the route schemas', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(response.statusCode).toBe(200);
    const document = response.json<{
      openapi: string;
      paths: Record<string, Record<string, unknown>>;
      components: { schemas: Record<string, { required?: string[] }> };
    }>();
    expect(document.openapi).toBe('3.1.0');
    expect(Object.keys(document.paths)).toEqual(
      expect.arrayContaining(['/api/health', '/api/products', '/api/products/{id}', '/api/contact']),
    );
    // docs/product.md#reviews: the shop's and the console's review routes.
    expect(Object.keys(document.paths)).toEqual(
      expect.arrayContaining([
        '/api/products/{id}/reviews',
        '/api/products/{id}/rating',
        '/api/reviews',
        '/api/reviews/{reviewId}',
        '/api/reviews/{reviewId}/photos',
        '/api/reviews/{reviewId}/helpful',
        '/api/admin/reviews',
        '/api/admin/reviews/{id}/hide',
        '/api/admin/review-settings',
      ]),
    );
    expect(Object.keys(document.components.schemas)).toEqual(
      expect.arrayContaining(['PublicReview', 'RatingSummary', 'OwnReview', 'AdminReview', 'ReviewSettings']),
    );
    const contact = JSON.stringify(document.paths['/api/contact']);
    const bodyRef = /"\$ref":"#\/components\/schemas\/(\w+)"/.exec(contact)?.[1] ?? '';
    expect(document.components.schemas[bodyRef]?.required).toEqual(['name', 'email', 'message']);
  });

  it('is browsable at /api/docs', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/docs/' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/html');
  });
});
