import { createHash, randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { unlink } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyRequest } from 'fastify';
import type { SpooledUpload } from '../modules/product-images/image-store';

// docs/architecture.md#upload-budget: an upload's bytes go to a temporary file as they arrive, hashed on the
// way, instead of gathering in the process's memory as one Buffer (each 4.5 MB photo made a full collection
// more likely, and every request waited for it); sharp then reads the file itself.

/** What Fastify calls a body over its limit, so the routes' own words for it apply. */
function tooLarge(): Error {
  return Object.assign(new Error('Request body is too large'), {
    code: 'FST_ERR_CTP_BODY_TOO_LARGE',
    statusCode: 413,
  });
}

/** Writes the request's body to a file of its own (a random name), refusing it past `limit` bytes. */
export async function spoolUpload(request: FastifyRequest, body: NodeJS.ReadableStream, limit: number) {
  if (Number(request.headers['content-length'] ?? 0) > limit) throw tooLarge();
  const file = path.join(tmpdir(), `mitten-upload-${randomBytes(12).toString('hex')}`);
  const hash = createHash('sha256');
  let size = 0;
  const out = createWriteStream(file, { flags: 'wx' });
  try {
    await new Promise<void>((resolve, reject) => {
      // As Fastify does with a body over its limit: stop listening and answer; the request is not destroyed,
      // so the client still reads the 413 with its message.
      const stop = (error: Error) => {
        body.removeListener('data', onData);
        body.removeListener('end', onEnd);
        out.destroy();
        reject(error);
      };
      const onData = (chunk: Buffer) => {
        size += chunk.length;
        if (size > limit) return stop(tooLarge());
        hash.update(chunk);
        if (!out.write(chunk)) {
          body.pause();
          out.once('drain', () => body.resume());
        }
      };
      const onEnd = () => out.end();
      body.on('data', onData);
      body.once('end', onEnd);
      body.once('error', stop);
      out.once('error', stop);
      out.once('finish', resolve);
    });
  } catch (error) {
    await unlink(file).catch(() => {});
    throw error;
  }
  return { path: file, size, sha256: hash.digest('hex') } satisfies SpooledUpload;
}

/** onResponse: the spooled file goes once the reply is sent, whatever the route made of it. */
export async function removeSpooledUpload(request: FastifyRequest) {
  const spooled = request.body as Partial<SpooledUpload> | undefined;
  if (typeof spooled?.path === 'string') await unlink(spooled.path).catch(() => {});
}
