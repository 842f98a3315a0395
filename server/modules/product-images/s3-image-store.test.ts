import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../test/build-test-app';
import { createS3ImageStore, SIGNED_URL_SECONDS } from './s3-image-store';

interface ReceivedRequest {
  method: string | undefined;
  url: string | undefined;
  headers: IncomingMessage['headers'];
  body: Buffer;
}

let server: Server;
let endpoint: string;
const received: ReceivedRequest[] = [];
let answerStatus = 200;

beforeAll(async () => {
  server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({
        method: request.method,
        url: request.url,
        headers: request.headers,
        body: Buffer.concat(chunks),
      });
      response.writeHead(answerStatus).end(answerStatus === 200 ? '' : '<Error>AccessDenied</Error>');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const s3Settings = () => ({
  bucket: 'shop-media',
  endpoint,
  region: 'ap-south-1',
  accessKeyId: 'AKIDEXAMPLE',
  secretAccessKey: 'wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY',
  publicUrl: 'https://media.example.in/',
});

describe('the S3-compatible image store', () => {
  it('PUTs the file path-style with a SigV4 signature and its content type', async () => {
    const store = createS3ImageStore(s3Settings());
    const body = Buffer.from('webp bytes');
    await store.put('products/7/0123456789abcdef-800.webp', body, 'image/webp');

    const [request] = received;
    expect(request?.method).toBe('PUT');
    expect(request?.url).toBe('/shop-media/products/7/0123456789abcdef-800.webp');
    expect(request?.headers['content-type']).toBe('image/webp');
    expect(request?.headers.authorization).toMatch(
      /^AWS4-HMAC-SHA256 Credential=AKIDEXAMPLE\/\d{8}\/ap-south-1\/s3\/aws4_request, SignedHeaders=[a-z0-9;-]+, Signature=[0-9a-f]{64}$/,
    );
    expect(request?.headers['x-amz-content-sha256']).toMatch(/^[0-9a-f]{64}$|^UNSIGNED-PAYLOAD$/);
    expect(request?.body.equals(body)).toBe(true);
    expect(store.publicUrlOf('products/7/0123456789abcdef-800.webp')).toBe(
      'https://media.example.in/products/7/0123456789abcdef-800.webp',
    );
  });

  it('keeps a private file (a return photo) out of caches and hands it out by a short-lived signed URL', async () => {
    const store = createS3ImageStore(s3Settings());
    const key = 'returns/0f0e0d0c-0000-4000-8000-000000000000/0123456789abcdef-800.webp';
    await store.put(key, Buffer.from('webp bytes'), 'image/webp', 'private');
    expect(received.at(-1)?.headers['cache-control']).toBe('private, max-age=3600');
    const read = await store.readPrivate(key);
    if (read?.kind !== 'redirect') throw new Error('a bucket hands out a signed URL');
    const url = new URL(read.url);
    expect(`${url.origin}${url.pathname}`).toBe(`${endpoint}/shop-media/${key}`);
    expect(url.searchParams.get('X-Amz-Expires')).toBe(String(SIGNED_URL_SECONDS));
    expect(url.searchParams.get('X-Amz-Algorithm')).toBe('AWS4-HMAC-SHA256');
    expect(url.searchParams.get('X-Amz-Credential')).toMatch(
      /^AKIDEXAMPLE\/\d{8}\/ap-south-1\/s3\/aws4_request$/,
    );
    expect(url.searchParams.get('X-Amz-Signature')).toMatch(/^[0-9a-f]{64}$/);
  });

  it('fails loudly when the bucket refuses the upload', async () => {
    answerStatus = 403;
    try {
      const store = createS3ImageStore(s3Settings());
      await expect(store.put('products/7/x-400.webp', Buffer.from('x'), 'image/webp')).rejects.toThrow(
        /S3 refused the image upload: 403/,
      );
    } finally {
      answerStatus = 200;
    }
  });

  it("lets the shop's pages load images from the bucket's public origin", async () => {
    const app = await buildTestApp({ productImages: { kind: 's3', ...s3Settings() } });
    try {
      const response = await app.inject({ method: 'GET', url: '/robots.txt' });
      const policy = String(response.headers['content-security-policy']);
      expect(policy).toMatch(/img-src 'self' data: https:\/\/media\.example\.in(;| )/);
    } finally {
      await app.closeAndDrop();
    }
  });
});
