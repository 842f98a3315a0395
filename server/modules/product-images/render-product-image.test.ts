import { getPriority } from 'node:os';
import { crc32, deflateSync } from 'node:zlib';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { adminCatalogueMessages } from '../../../contracts/admin-catalogue';
import { rendererProcessId, stopRenderer } from './image-renderer-client';
import { renderProductImage } from './render-product-image';

describe('renderProductImage', () => {
  it('turns a photo upright from its EXIF orientation and drops the EXIF', async () => {
    // 300 wide, 150 tall as stored; orientation 6 says "rotate 90° clockwise to view".
    const photo = await sharp({
      create: { width: 300, height: 150, channels: 3, background: { r: 10, g: 120, b: 60 } },
    })
      .jpeg()
      .withMetadata({ orientation: 6 })
      .toBuffer();
    const rendered = await renderProductImage(photo);
    expect(rendered.hash).toMatch(/^[0-9a-f]{16}$/);
    const small = rendered.variants.find((variant) => variant.width === 400 && variant.format === 'webp');
    const metadata = await sharp(small?.body).metadata();
    expect(metadata).toMatchObject({ format: 'webp', width: 150, height: 300 });
    expect(metadata.exif).toBeUndefined();
    expect(metadata.orientation).toBeUndefined();
  });

  it('renders AVIF and WebP at each width the storefront uses', async () => {
    const photo = await sharp({ create: { width: 1000, height: 500, channels: 3, background: '#8a5a44' } })
      .jpeg()
      .toBuffer();
    const rendered = await renderProductImage(photo);
    const made = await Promise.all(
      rendered.variants.map(async (variant) => {
        const { format, compression, width, height } = await sharp(variant.body).metadata();
        return { named: `${variant.width}.${variant.format}`, format, compression, width, height };
      }),
    );
    expect(made).toEqual([
      { named: '400.avif', format: 'heif', compression: 'av1', width: 400, height: 200 },
      { named: '400.webp', format: 'webp', compression: undefined, width: 400, height: 200 },
      { named: '800.avif', format: 'heif', compression: 'av1', width: 800, height: 400 },
      { named: '800.webp', format: 'webp', compression: undefined, width: 800, height: 400 },
    ]);
  });

  it('never enlarges a small picture and names the same bytes the same way', async () => {
    const small = await sharp({ create: { width: 120, height: 80, channels: 4, background: '#abcdef' } })
      .png()
      .toBuffer();
    const first = await renderProductImage(small);
    const again = await renderProductImage(small);
    expect(again.hash).toBe(first.hash);
    for (const variant of first.variants) {
      expect(await sharp(variant.body).metadata()).toMatchObject({ width: 120, height: 80 });
    }
  });

  it('refuses a GIF and bytes that are no picture', async () => {
    const gif = await sharp({ create: { width: 4, height: 4, channels: 3, background: '#000' } })
      .gif()
      .toBuffer();
    await expect(renderProductImage(gif)).rejects.toThrow('Please upload a JPEG, PNG or WebP image.');
    await expect(renderProductImage(Buffer.from('hello'))).rejects.toThrow(
      'Please upload a JPEG, PNG or WebP image.',
    );
  });

  it('refuses a picture over 50 megapixels as too large, naming the limit, without decoding it', async () => {
    // A PNG header claiming 20,000 × 20,000 pixels (400 megapixels) and no pixels: what a decoder bomb looks like.
    const chunk = (type: string, data: Buffer) => {
      const typed = Buffer.concat([Buffer.from(type, 'ascii'), data]);
      const length = Buffer.alloc(4);
      length.writeUInt32BE(data.length);
      const crc = Buffer.alloc(4);
      crc.writeUInt32BE(crc32(typed));
      return Buffer.concat([length, typed, crc]);
    };
    const header = Buffer.alloc(13);
    header.writeUInt32BE(20_000, 0);
    header.writeUInt32BE(20_000, 4);
    header.set([8, 2, 0, 0, 0], 8);
    const png = Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      chunk('IHDR', header),
      chunk('IDAT', deflateSync(Buffer.alloc(16))),
      chunk('IEND', Buffer.alloc(0)),
    ]);
    await expect(renderProductImage(png)).rejects.toThrow(adminCatalogueMessages.imageTooManyPixels);
  });

  it('renders in a process of its own at the lowest priority, started again after it ends', async () => {
    const photo = await sharp({ create: { width: 600, height: 300, channels: 3, background: '#335577' } })
      .jpeg()
      .toBuffer();
    await renderProductImage(photo);
    const first = rendererProcessId();
    expect(first).toBeDefined();
    expect(first).not.toBe(process.pid);
    expect(getPriority(first)).toBe(19);

    stopRenderer();
    const again = await renderProductImage(photo);
    expect(again.variants).toHaveLength(4);
    expect(rendererProcessId()).not.toBe(first);
  });
});
