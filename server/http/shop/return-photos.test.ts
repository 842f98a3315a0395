import { readdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { crc32, deflateSync } from 'node:zlib';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../../contracts/messages';
import type { AdminReturnDetail, ReturnPhoto, ReturnReply } from '../../../contracts/returns';
import { returnMessages, returnReplies } from '../../../contracts/returns';
import { orderItems, shipments } from '../../db/schema';
import { shippingDeps } from '../../flows/deps';
import { createShipmentForOrder } from '../../flows/fulfil-order';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import {
  newShopper,
  orderRow,
  type PaidOrder,
  placePaidOrder,
  shiprocketSimulatorOf,
} from '../../test/order-helpers';
import { type CreatedStaff, createStaffMember } from '../../test/staff-factory';

// docs/architecture.md#upload-budget and #return-photos: who may send a return photo, what it may cost, and
// who may see it.

const PER_SHOPPER = 4;
const PER_IP = 6;
let app: TestApp;
let support: CreatedStaff;
beforeAll(async () => {
  app = await buildTestApp({
    jobWorkers: false,
    photoUploadLimits: { perShopper: PER_SHOPPER, perIp: PER_IP },
  });
  support = await createStaffMember(app, { role: 'support' });
});
afterAll(() => app.closeAndDrop());

let addresses = 0;
/** Each test sends from an address of its own, so the per-IP counts of one never reach another. */
const newAddress = () => `10.42.0.${++addresses}`;

async function deliveredOrder(): Promise<PaidOrder> {
  const paid = await placePaidOrder(app, { shopper: await newShopper(app), lines: [{ id: 1, quantity: 1 }] });
  await createShipmentForOrder(shippingDeps(app), { orderId: paid.orderId });
  const [shipment] = await app.db.select().from(shipments).where(eq(shipments.orderId, paid.orderId));
  shiprocketSimulatorOf(app).move(Number(shipment?.shiprocketShipmentId), 'delivered');
  await shiprocketSimulatorOf(app).webhooks.settled();
  expect((await orderRow(app, paid.orderId)).status).toBe('delivered');
  return paid;
}

const photo = (background = '#b42828') =>
  sharp({ create: { width: 1200, height: 900, channels: 3, background } })
    .jpeg()
    .toBuffer();

function upload(
  orderId: string,
  headers: Record<string, string>,
  body: Buffer,
  remoteAddress = newAddress(),
) {
  return app.inject({
    method: 'POST',
    url: `/api/orders/${orderId}/return-photos`,
    headers: { ...headers, 'content-type': 'image/jpeg' },
    payload: body,
    remoteAddress,
  });
}

/** A PNG whose header claims `side` × `side` pixels and holds almost none: what a decoder bomb looks like. */
function claimedPng(side: number) {
  const chunk = (type: string, data: Buffer) => {
    const typed = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(typed));
    return Buffer.concat([length, typed, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(side, 0);
  header.writeUInt32BE(side, 4);
  header.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.alloc(16))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

describe('sending a return photo', () => {
  it('refuses a photo on an order that cannot be returned (an unpaid checkout) with the reason, before reading it', async () => {
    const shopper = await newShopper(app);
    const unpaid = await shopper.placeOrder();
    const response = await upload(unpaid.orderId, shopper.headers, await photo());
    expect(response.statusCode, response.body).toBe(422);
    expect(response.json()).toEqual({ message: returnMessages.notDelivered });
    // Decided before the body is read: a file over the limit gets the same answer, and no session a 401.
    const heavy = Buffer.alloc(8 * 1024 * 1024 + 1, 1);
    expect((await upload(unpaid.orderId, shopper.headers, heavy)).json()).toEqual({
      message: returnMessages.notDelivered,
    });
    expect((await upload(unpaid.orderId, {}, heavy)).statusCode).toBe(401);
  });

  it('takes identical uploads at once, and keeps only the WebP files the pages draw', async () => {
    const paid = await deliveredOrder();
    const picture = await photo('#2255aa');
    const all = await Promise.all(
      Array.from({ length: PER_SHOPPER }, () => upload(paid.orderId, paid.shopper.headers, picture)),
    );
    expect(all.map((response) => response.statusCode)).toEqual(Array(PER_SHOPPER).fill(201));
    const media = app.config.productImages.kind === 'disk' ? app.config.productImages.dir : '';
    const files = await readdir(path.join(media, 'returns', paid.orderId));
    expect(files.sort()).toEqual([
      expect.stringMatching(/^[0-9a-f]{16}-400\.webp$/),
      expect.stringMatching(/^[0-9a-f]{16}-800\.webp$/),
    ]);
  });

  it('refuses a picture of too many pixels as too large, in its own words, and a file over 8 MB', async () => {
    const paid = await deliveredOrder();
    const bomb = await upload(paid.orderId, paid.shopper.headers, claimedPng(20_000));
    expect(bomb.statusCode, bomb.body).toBe(413);
    expect(bomb.json()).toEqual({ message: returnReplies.photoTooManyPixels });
    const heavy = await upload(paid.orderId, paid.shopper.headers, Buffer.alloc(8 * 1024 * 1024 + 1, 1));
    expect(heavy.statusCode, heavy.body).toBe(413);
    expect(heavy.json()).toEqual({ message: returnReplies.photoTooLarge });
    const text = await upload(paid.orderId, paid.shopper.headers, Buffer.from('not a picture'));
    expect(text.json()).toEqual({ message: returnReplies.photoNotAnImage });
    // Sent without a length, the bytes are counted as they are written to disk, and the file goes either way.
    const streamed = await app.inject({
      method: 'POST',
      url: `/api/orders/${paid.orderId}/return-photos`,
      headers: { ...paid.shopper.headers, 'content-type': 'image/jpeg' },
      payload: Readable.from([Buffer.alloc(4 * 1024 * 1024, 1), Buffer.alloc(4 * 1024 * 1024 + 1, 1)]),
      remoteAddress: newAddress(),
    });
    expect(streamed.statusCode, streamed.body).toBe(413);
    expect(streamed.json()).toEqual({ message: returnReplies.photoTooLarge });
    // Removed once each reply is sent (other test files' uploads may pass through meanwhile).
    const spooled = async () => (await readdir(tmpdir())).filter((name) => name.startsWith('mitten-upload-'));
    await expect.poll(spooled).toEqual([]);
  });

  it('counts uploads per shopper and per IP address: past either limit, a 429 with Retry-After', async () => {
    const shopper = await newShopper(app);
    const unpaid = await shopper.placeOrder();
    const address = newAddress();
    const statuses = [];
    for (let sent = 0; sent <= PER_SHOPPER; sent += 1) {
      statuses.push((await upload(unpaid.orderId, shopper.headers, Buffer.from('x'), address)).statusCode);
    }
    expect(statuses).toEqual([...Array(PER_SHOPPER).fill(422), 429]);

    const other = await newShopper(app);
    const otherOrder = await other.placeOrder();
    const fromSameAddress = [];
    for (let sent = PER_SHOPPER + 1; sent <= PER_IP; sent += 1) {
      fromSameAddress.push(await upload(otherOrder.orderId, other.headers, Buffer.from('x'), address));
    }
    expect(fromSameAddress.map((response) => response.statusCode)).toEqual([422, 429]);
    const refused = fromSameAddress.at(-1);
    expect(refused?.json()).toEqual({ message: messages.tooManyRequests });
    expect(Number(refused?.headers['retry-after'])).toBeGreaterThan(0);
  });
});

describe('reading a return photo', () => {
  it('shows it to the shopper who sent it and to staff; 401 without a session, 404 to another shopper', async () => {
    const paid = await deliveredOrder();
    const sent = await upload(paid.orderId, paid.shopper.headers, await photo('#11aa44'));
    expect(sent.statusCode, sent.body).toBe(201);
    const { photo: uploaded } = sent.json<{ photo: ReturnPhoto }>();
    const [line] = await app.db.select().from(orderItems).where(eq(orderItems.orderId, paid.orderId));
    const asked = await app.inject({
      method: 'POST',
      url: `/api/orders/${paid.orderId}/returns`,
      headers: { ...paid.shopper.headers, 'idempotency-key': `photo-${paid.orderId}` },
      payload: {
        lines: [{ lineId: line?.id, units: 1 }],
        reason: 'damaged_in_transit',
        resolution: 'refund',
        photoIds: [uploaded.photoId],
      },
    });
    expect(asked.statusCode, asked.body).toBe(201);
    const made = asked.json<ReturnReply>().return;
    expect(made.photos).toEqual([uploaded]);

    const read = (url: string, headers: Record<string, string> = {}) =>
      app.inject({ method: 'GET', url, headers });
    for (const url of [uploaded.url, uploaded.thumbnailUrl]) {
      const own = await read(url, paid.shopper.headers);
      expect(own.statusCode, url).toBe(200);
      expect(own.headers['content-type']).toBe('image/webp');
      expect(own.headers['cache-control']).toBe('private, max-age=3600');
      expect((await sharp(own.rawPayload).metadata()).format).toBe('webp');
    }
    expect((await sharp((await read(uploaded.url, paid.shopper.headers)).rawPayload).metadata()).width).toBe(
      800,
    );
    expect(
      (await sharp((await read(uploaded.thumbnailUrl, paid.shopper.headers)).rawPayload).metadata()).width,
    ).toBe(400);

    const detail = await read(`/api/admin/returns/${made.returnId}`, support.headers);
    const staffPhoto = detail.json<AdminReturnDetail>().return.photos[0];
    expect(staffPhoto?.url).toBe(`/api/admin/return-photos/${uploaded.photoId}/800`);
    const byStaff = await read(staffPhoto?.url ?? '', support.headers);
    expect(byStaff.statusCode).toBe(200);
    expect(byStaff.headers['content-type']).toBe('image/webp');

    const stranger = await newShopper(app);
    expect((await read(uploaded.url)).statusCode).toBe(401);
    const strangers = await read(uploaded.url, stranger.headers);
    expect(strangers.statusCode).toBe(404);
    expect(strangers.json()).toEqual({ message: returnReplies.photoNotFound });
    expect((await read(staffPhoto?.url ?? '')).statusCode).toBe(401);
    expect((await read(staffPhoto?.url ?? '', paid.shopper.headers)).statusCode).toBe(401);
    // The files themselves are not under the public media path.
    expect((await read(`/media/returns/${paid.orderId}/x-800.webp`)).statusCode).toBe(404);
  });
});
