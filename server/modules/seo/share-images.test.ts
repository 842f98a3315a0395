import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app';

// docs/architecture.md#seo: the share pictures link previews use are served as files of the built app.
let app: TestApp;
let distDir: string;

beforeAll(async () => {
  distDir = mkdtempSync(path.join(tmpdir(), 'mitten-share-'));
  mkdirSync(path.join(distDir, 'images', 'share'), { recursive: true });
  writeFileSync(
    path.join(distDir, 'index.html'),
    '<!doctype html><title>Ottoman</title><div id="root"></div>',
  );
  copyFileSync('web/public/images/share/1-1.jpg', path.join(distDir, 'images', 'share', '1-1.jpg'));
  app = await buildTestApp({ webDistDir: distDir, jobWorkers: false });
});
afterAll(async () => {
  await app.closeAndDrop();
  rmSync(distDir, { recursive: true, force: true });
});

describe('the share pictures', () => {
  it('are served as JPEG files', async () => {
    const response = await app.inject({ method: 'GET', url: '/images/share/1-1.jpg' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/jpeg');
  });
});
