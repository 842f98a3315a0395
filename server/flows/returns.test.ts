import { parse } from 'csv-parse/sync';
import { and, eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type {
  AdminReturnDetail,
  OrderReturnsReply,
  ReturnReply,
  ReturnRequestBody,
  ReturnView,
} from '../../contracts/returns';
import { returnMessages, returnReplies } from '../../contracts/returns';
import {
  codPayouts,
  creditNotes,
  orderAttention,
  orderItems,
  orders,
  products,
  returnRefunds,
  returns,
  shipments,
  shopSettings,
  statusHistory,
  stockMovements,
} from '../db/schema';
import { jobQueues } from '../job-queues';
import { moneyOfOrder } from '../modules/order-money/append-entries';
import type { ReturnOrderInput } from '../providers/shiprocket/types';
import { buildTestApp, type TestApp } from '../test/build-test-app';
import {
  type CartLines,
  newShopper,
  orderRow,
  outboxOf,
  type PaidOrder,
  placePaidOrder,
  razorpaySimulatorOf,
  sendQueuedOrderEmails,
  shiprocketSimulatorOf,
} from '../test/order-helpers';
import { sampleCarePhone, sampleSeller, useSampleSeller } from '../test/seller-factory';
import { type CreatedStaff, createStaffMember } from '../test/staff-factory';
import { paymentDeps, returnDeps, shippingDeps } from './deps';
import { createShipmentForOrder } from './fulfil-order';
import { refundCancelledOrder, requeueOwedRefunds } from './refunds';
import { type CodRefundInput, type CodRefundOutcome, runReturnRefund } from './return-refunds';
import { actOnReturn, bookReturnPickupFor, sweepReturns } from './returns';

// docs/product.md#returns: a return from the shopper's request to its refund or replacement, against the
// Razorpay and Shiprocket simulators, each step and each failure.

let app: TestApp;
let owner: CreatedStaff;
beforeAll(async () => {
  app = await buildTestApp({ authRateLimitMax: 1000, jobWorkers: false });
  owner = await createStaffMember(app, { role: 'owner' });
  // docs/product.md#returns: a pickup brings the return to the seller's address in the settings.
  await useSampleSeller(app, { carePhone: sampleCarePhone });
});
afterAll(() => app.closeAndDrop());
beforeEach(async () => {
  razorpaySimulatorOf(app).reset();
  shiprocketSimulatorOf(app).reset();
  await app.db.delete(shipments);
  // The forward parcels' polling must not meet parcels the simulator forgot.
  await app.db.update(returns).set({ awbCode: null });
});

const simulator = () => shiprocketSimulatorOf(app);
const TWO_LINES: CartLines = [
  { id: 1, quantity: 1 },
  { id: 2, quantity: 2 },
];

/** A paid order the courier has delivered (its shipment booked, then moved to delivered by the simulator). */
async function deliveredOrder(lines: CartLines = TWO_LINES): Promise<PaidOrder> {
  const shopper = await newShopper(app, lines);
  const paid = await placePaidOrder(app, { shopper, lines });
  await createShipmentForOrder(shippingDeps(app), { orderId: paid.orderId });
  const [shipment] = await app.db.select().from(shipments).where(eq(shipments.orderId, paid.orderId));
  if (!shipment) throw new Error('no shipment booked');
  simulator().move(Number(shipment.shiprocketShipmentId), 'delivered');
  await simulator().webhooks.settled();
  expect((await orderRow(app, paid.orderId)).status).toBe('delivered');
  return paid;
}

async function itemsOf(orderId: string) {
  // In the cart's order: product 1, then product 2.
  return app.db
    .select()
    .from(orderItems)
    .where(eq(orderItems.orderId, orderId))
    .orderBy(orderItems.productId);
}

function pngOf(width = 40, height = 30) {
  return sharp({ create: { width, height, channels: 3, background: { r: 180, g: 40, b: 40 } } })
    .png()
    .toBuffer();
}

async function uploadPhoto(paid: PaidOrder) {
  const response = await app.inject({
    method: 'POST',
    url: `/api/orders/${paid.orderId}/return-photos`,
    headers: { ...paid.shopper.headers, 'content-type': 'image/png' },
    payload: await pngOf(),
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ photo: { photoId: string; url: string } }>().photo;
}

let keys = 0;
function askReturn(paid: PaidOrder, body: Partial<ReturnRequestBody>, key = `key-${Date.now()}-${++keys}`) {
  return app.inject({
    method: 'POST',
    url: `/api/orders/${paid.orderId}/returns`,
    headers: { ...paid.shopper.headers, 'idempotency-key': key },
    payload: { resolution: 'refund', photoIds: [], ...body },
  });
}

async function returnOf(paid: PaidOrder, body: Partial<ReturnRequestBody>): Promise<ReturnView> {
  const response = await askReturn(paid, body);
  expect(response.statusCode, response.body).toBe(201);
  return response.json<ReturnReply>().return;
}

async function damagedReturnOfFirstLine(paid: PaidOrder, resolution: 'refund' | 'replacement' = 'refund') {
  const [first] = await itemsOf(paid.orderId);
  const photo = await uploadPhoto(paid);
  return returnOf(paid, {
    lines: [{ lineId: first?.id ?? '', units: 1 }],
    reason: 'damaged_in_transit',
    resolution,
    note: 'The box was crushed.',
    photoIds: [photo.photoId],
  });
}

function act(returnId: string, action: string, payload?: object) {
  return app.inject({
    method: 'POST',
    url: `/api/admin/returns/${returnId}/${action}`,
    headers: owner.headers,
    ...(payload ? { payload } : {}),
  });
}

async function acted(returnId: string, action: string, payload?: object): Promise<ReturnReply> {
  const response = await act(returnId, action, payload);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<ReturnReply>();
}

async function returnRow(returnId: string) {
  const [row] = await app.db.select().from(returns).where(eq(returns.id, returnId));
  if (!row) throw new Error(`no return ${returnId}`);
  return row;
}

async function returnParcelId(returnId: string): Promise<number> {
  return Number((await returnRow(returnId)).shiprocketShipmentId);
}

/** Moves the return parcel and waits for the webhook the simulator sends. */
async function moveReturnParcel(returnId: string, to: 'next' | 'delivered') {
  simulator().move(await returnParcelId(returnId), to);
  await simulator().webhooks.settled();
}

async function messageKinds(returnId: string): Promise<string[]> {
  const result = (await app.db.execute(
    sql`select data->>'kind' as kind from pgboss.job where name = ${jobQueues.sendReturnMessage}
        and data->>'returnId' = ${returnId} order by created_on`,
  )) as unknown as { rows: { kind: string }[] };
  return result.rows.map((row) => row.kind);
}

async function stockOf(productId: number) {
  const [row] = await app.db
    .select({ stock: products.stock })
    .from(products)
    .where(eq(products.id, productId));
  return row?.stock ?? -1;
}

async function openAttention(orderId: string) {
  const rows = await app.db
    .select({ reason: orderAttention.reason })
    .from(orderAttention)
    .where(and(eq(orderAttention.orderId, orderId), sql`${orderAttention.resolvedAt} is null`));
  return rows.map((row) => row.reason).sort();
}

describe('asking for a return', () => {
  it('offers "Return or replace" on a delivered order and takes a damaged return of one line with a photo', async () => {
    const paid = await deliveredOrder();
    const offer = await app.inject({
      method: 'GET',
      url: `/api/orders/${paid.orderId}/returns`,
      headers: paid.shopper.headers,
    });
    expect(offer.statusCode, offer.body).toBe(200);
    const reply = offer.json<OrderReturnsReply>();
    expect(reply.offer).toMatchObject({ offered: true, windowDays: 7, needsUpiId: false });
    expect(reply.returns).toEqual([]);

    const made = await damagedReturnOfFirstLine(paid);
    const [first] = await itemsOf(paid.orderId);
    expect(made).toMatchObject({
      status: 'requested',
      statusLabel: 'Return requested',
      reasonLabel: 'Damaged in transit',
      refundPaise: first?.unitPricePaise,
      lines: [{ lineId: first?.id, units: 1 }],
      steps: [{ status: 'requested' }],
    });
    expect(made.photos).toHaveLength(1);
    expect(made.photos[0]?.url).toMatch(/^\/api\/orders\/[0-9a-f-]{36}\/return-photos\/[0-9a-f-]{36}\/800$/);
    expect(await messageKinds(made.returnId)).toEqual(['return_requested']);
  });

  it('answers the same Idempotency-Key with the same return, and two requests at once cannot return a unit twice', async () => {
    const paid = await deliveredOrder([{ id: 1, quantity: 1 }]);
    const [line] = await itemsOf(paid.orderId);
    const body = { lines: [{ lineId: line?.id ?? '', units: 1 }], reason: 'not_as_described' as const };
    const again = await Promise.all([
      askReturn(paid, body, 'same-key-1'),
      askReturn(paid, body, 'same-key-1'),
    ]);
    expect(again.map((reply) => reply.statusCode)).toEqual([201, 201]);
    expect(new Set(again.map((reply) => reply.json<ReturnReply>().return.returnId)).size).toBe(1);

    const other = await deliveredOrder([{ id: 1, quantity: 1 }]);
    const [otherLine] = await itemsOf(other.orderId);
    const racing = await Promise.all([
      askReturn(other, { lines: [{ lineId: otherLine?.id ?? '', units: 1 }], reason: 'other' }),
      askReturn(other, { lines: [{ lineId: otherLine?.id ?? '', units: 1 }], reason: 'other' }),
    ]);
    expect(racing.map((reply) => reply.statusCode).sort()).toEqual([201, 422]);
    const refused = racing.find((reply) => reply.statusCode === 422);
    expect(refused?.json<{ message: string }>().message).toBe(returnMessages.allReturned);
    const rows = await app.db.select().from(returns).where(eq(returns.orderId, other.orderId));
    expect(rows).toHaveLength(1);
  });

  it('refuses with its message: no photo for damage, too many units, a replacement for another reason, a lost photo', async () => {
    const paid = await deliveredOrder();
    const [first, second] = await itemsOf(paid.orderId);
    const cases: [Partial<ReturnRequestBody>, number, string][] = [
      [{ lines: [], reason: 'other' }, 422, returnMessages.noItems],
      [{ lines: [{ lineId: first?.id ?? '', units: 1 }] }, 422, returnMessages.reasonRequired],
      [
        { lines: [{ lineId: first?.id ?? '', units: 1 }], reason: 'damaged_in_transit' },
        422,
        returnMessages.photosRequired,
      ],
      [
        { lines: [{ lineId: second?.id ?? '', units: 3 }], reason: 'other' },
        422,
        returnMessages.tooManyUnits(second?.title ?? '', 2),
      ],
      [
        {
          lines: [{ lineId: first?.id ?? '', units: 1 }],
          reason: 'not_as_described',
          resolution: 'replacement',
        },
        422,
        returnMessages.replacementNotOffered,
      ],
      [
        {
          lines: [{ lineId: first?.id ?? '', units: 1 }],
          reason: 'wrong_item',
          photoIds: ['00000000-0000-4000-8000-000000000000'],
        },
        400,
        returnReplies.photoUnknown,
      ],
    ];
    for (const [body, status, message] of cases) {
      const response = await askReturn(paid, body);
      expect(response.statusCode, response.body).toBe(status);
      expect(response.json<{ message: string }>().message).toBe(message);
    }
    expect(await app.db.select().from(returns).where(eq(returns.orderId, paid.orderId))).toEqual([]);
  });

  it('explains why it is not offered: not delivered, window closed, everything returned', async () => {
    const shopper = await newShopper(app);
    const paid = await placePaidOrder(app, { shopper });
    const notYet = await app.inject({
      method: 'GET',
      url: `/api/orders/${paid.orderId}/returns`,
      headers: paid.shopper.headers,
    });
    expect(notYet.json<OrderReturnsReply>().offer).toEqual({
      offered: false,
      message: returnMessages.notDelivered,
    });

    const late = await deliveredOrder([{ id: 1, quantity: 1 }]);
    await app.db
      .update(statusHistory)
      .set({ createdAt: new Date('2024-07-01T09:30:00Z') })
      .where(and(eq(statusHistory.entityId, late.orderId), eq(statusHistory.toValue, 'delivered')));
    const closed = await app.inject({
      method: 'GET',
      url: `/api/orders/${late.orderId}/returns`,
      headers: late.shopper.headers,
    });
    expect(closed.json<OrderReturnsReply>().offer).toEqual({
      offered: false,
      message: returnMessages.windowClosed('8 July 2024', 7),
    });
    const [line] = await itemsOf(late.orderId);
    const refused = await askReturn(late, { lines: [{ lineId: line?.id ?? '', units: 1 }], reason: 'other' });
    expect(refused.statusCode).toBe(422);
    expect(refused.json<{ message: string }>().message).toBe(returnMessages.windowClosed('8 July 2024', 7));
  });

  it('collects from another address when given one, checked as a delivery address is', async () => {
    const paid = await deliveredOrder([{ id: 1, quantity: 1 }]);
    const [line] = await itemsOf(paid.orderId);
    const delivery = (await orderRow(app, paid.orderId)).shippingAddress;
    const body = { lines: [{ lineId: line?.id ?? '', units: 1 }], reason: 'other' as const };
    const bad = await askReturn(paid, { ...body, pickupAddress: { ...delivery, pincode: '12345' } });
    expect(bad.statusCode).toBe(400);
    expect(await app.db.select().from(returns).where(eq(returns.orderId, paid.orderId))).toEqual([]);
    const office = { ...delivery, houseName: 'Office, 4th floor', streetArea: '80 Feet Road' };
    const made = await returnOf(paid, { ...body, pickupAddress: office });
    expect(made.pickupAddress).toEqual(office);
    const booked: ReturnOrderInput[] = [];
    const client = app.shiprocket.client;
    const deps = {
      ...returnDeps(app),
      shiprocket: {
        ...app.shiprocket,
        client: {
          ...client,
          bookReturnPickup: (input: ReturnOrderInput, courierId?: number) => {
            booked.push(input);
            return client.bookReturnPickup(input, courierId);
          },
        },
      },
    };
    await actOnReturn(
      deps,
      made.returnId,
      { type: 'approve' },
      { staffId: owner.staffId, ipAddress: '127.0.0.1' },
    );
    expect(booked).toMatchObject([
      { order_id: `RET-${made.returnId}`, pickup_address: 'Office, 4th floor, 80 Feet Road' },
    ]);
  });

  it('asks a cash-on-delivery order for a valid UPI ID', async () => {
    const paid = await deliveredOrder([{ id: 1, quantity: 1 }]);
    await app.db.update(orders).set({ paymentMethod: 'COD' }).where(eq(orders.id, paid.orderId));
    const [line] = await itemsOf(paid.orderId);
    const body = { lines: [{ lineId: line?.id ?? '', units: 1 }], reason: 'other' as const };
    const bad = await askReturn(paid, { ...body, upiId: 'not a upi id' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json<{ message: string }>().message).toBe(returnMessages.upiInvalid);
    const made = await returnOf(paid, { ...body, upiId: 'priya.sharma@okaxis' });
    expect(made.upiId).toBe('pr***@okaxis');
    expect(made.paymentMethod).toBe('COD');
  });
});

describe('the owner runs a return', () => {
  it('approves, the courier collects and delivers it, it is received resellable and refunded with a credit note', async () => {
    const paid = await deliveredOrder();
    const made = await damagedReturnOfFirstLine(paid);
    const [first] = await itemsOf(paid.orderId);
    const stockBefore = await stockOf(first?.productId ?? 0);

    const approved = await acted(made.returnId, 'approve');
    expect(approved.return).toMatchObject({ status: 'pickup_booked', awbCode: expect.any(String) });

    await moveReturnParcel(made.returnId, 'next');
    await moveReturnParcel(made.returnId, 'delivered');
    expect(await returnRow(made.returnId)).toMatchObject({ status: 'picked_up', parcelStage: 'delivered' });

    const received = await acted(made.returnId, 'receive', { quality: 'resellable' });
    expect(received.return).toMatchObject({ status: 'received', quality: 'resellable' });
    expect(await stockOf(first?.productId ?? 0)).toBe(stockBefore + 1);
    // Marking it received again moves no more stock.
    expect((await act(made.returnId, 'receive', { quality: 'resellable' })).statusCode).toBe(200);
    expect(await stockOf(first?.productId ?? 0)).toBe(stockBefore + 1);
    const moves = await app.db
      .select({ delta: stockMovements.delta, reason: stockMovements.reason })
      .from(stockMovements)
      .where(eq(stockMovements.returnId, made.returnId));
    expect(moves).toEqual([{ delta: 1, reason: 'return' }]);

    const refunded = await acted(made.returnId, 'refund');
    expect(refunded.return.status).toBe('refunded');
    const payment = await app.razorpay.client.fetchPayment(paid.paymentId);
    expect(payment.amount_refunded).toBe(made.refundPaise);
    const order = await orderRow(app, paid.orderId);
    expect(order.paymentStatus).toBe('partially_refunded');
    // Told once, by the return's message: the order's own part-refunded message stays unsent.
    await sendQueuedOrderEmails(app, paid.orderId);
    const subjects = (await outboxOf(app, paid.shopper.email)).map((message) => message.subject);
    expect(subjects.filter((subject) => subject.includes('is refunded'))).toEqual([]);
    const [note] = await app.db.select().from(creditNotes).where(eq(creditNotes.orderId, paid.orderId));
    expect(note).toMatchObject({
      totalPaise: made.refundPaise,
      reason: expect.stringMatching(/^Goods returned/),
    });
    expect(note?.lines).toMatchObject([{ quantity: 1, description: expect.stringContaining('returned') }]);
    expect(await messageKinds(made.returnId)).toEqual([
      'return_requested',
      'return_approved',
      'return_pickup_booked',
      'return_picked_up',
      'return_received',
      'return_refunded',
    ]);

    // The shopper sees it, and its line is no longer offered.
    const view = await app.inject({
      method: 'GET',
      url: `/api/orders/${paid.orderId}/returns`,
      headers: paid.shopper.headers,
    });
    const reply = view.json<OrderReturnsReply>();
    expect(reply.returns[0]?.status).toBe('refunded');
    expect(reply.offer.offered && reply.offer.returnable.map((line) => line.lineId)).not.toContain(first?.id);
    // Finished: nothing more can be done.
    const again = await act(made.returnId, 'approve');
    expect(again.statusCode).toBe(409);
  });

  it('refuses with a reason: nothing moves and the shopper is told why', async () => {
    const paid = await deliveredOrder([{ id: 1, quantity: 1 }]);
    const made = await damagedReturnOfFirstLine(paid);
    const stockBefore = await stockOf(1);
    const refused = await acted(made.returnId, 'refuse', { reason: 'The photo shows a different product.' });
    expect(refused.return).toMatchObject({
      status: 'refused',
      refusalReason: 'The photo shows a different product.',
    });
    expect(await stockOf(1)).toBe(stockBefore);
    expect((await app.razorpay.client.fetchPayment(paid.paymentId)).amount_refunded).toBe(0);
    expect(await messageKinds(made.returnId)).toEqual(['return_requested', 'return_refused']);
    const approve = await act(made.returnId, 'approve');
    expect(approve.statusCode).toBe(409);
    expect(approve.json<{ message: string }>().message).toBe(returnMessages.notAwaitingDecision);
  });

  it('refunds once when approve-without-pickup and refund are clicked at once, twice each', async () => {
    const paid = await deliveredOrder();
    const made = await damagedReturnOfFirstLine(paid);
    const replies = await Promise.all([
      act(made.returnId, 'approve-without-pickup'),
      act(made.returnId, 'approve-without-pickup'),
      act(made.returnId, 'refund'),
      act(made.returnId, 'refund'),
    ]);
    expect(replies.some((reply) => reply.statusCode === 200)).toBe(true);
    for (const reply of replies) expect([200, 409]).toContain(reply.statusCode);
    const attempts = await app.db
      .select()
      .from(returnRefunds)
      .where(eq(returnRefunds.returnId, made.returnId));
    expect(attempts).toHaveLength(1);
    expect((await app.razorpay.client.fetchPayment(paid.paymentId)).amount_refunded).toBe(made.refundPaise);
    expect((await returnRow(made.returnId)).status).toBe('refunded');
  });

  it('marks units not resellable: recorded back and written off, the stock unchanged', async () => {
    const paid = await deliveredOrder([{ id: 2, quantity: 2 }]);
    const [line] = await itemsOf(paid.orderId);
    const made = await returnOf(paid, {
      lines: [{ lineId: line?.id ?? '', units: 2 }],
      reason: 'not_as_described',
    });
    await acted(made.returnId, 'approve');
    const stockBefore = await stockOf(2);
    await acted(made.returnId, 'receive', { quality: 'not_resellable' });
    expect(await stockOf(2)).toBe(stockBefore);
    const moves = await app.db
      .select({ delta: stockMovements.delta, reason: stockMovements.reason })
      .from(stockMovements)
      .where(eq(stockMovements.returnId, made.returnId))
      .orderBy(stockMovements.delta);
    expect(moves).toEqual([
      { delta: -2, reason: 'write_off' },
      { delta: 2, reason: 'return' },
    ]);
  });
});

// docs/product.md#returns: the courier brings a return to the seller's address in the settings; without one the
// owner is told what to fill in, and nothing is booked to an address made up.
describe("the seller's end of a return pickup", () => {
  const bengaluru = {
    legalName: 'Silk Route Textiles LLP',
    addressLine1: '4 Residency Road',
    addressLine2: 'Shanthala Nagar',
    city: 'Bengaluru',
    pincode: '560025',
    stateCode: '29',
    carePhone: '+91 80 4567 8901',
  };
  afterEach(() => useSampleSeller(app, { carePhone: sampleCarePhone }));

  function recordingDeps(booked: ReturnOrderInput[]) {
    const client = app.shiprocket.client;
    return {
      ...returnDeps(app),
      shiprocket: {
        ...app.shiprocket,
        client: {
          ...client,
          bookReturnPickup: (input: ReturnOrderInput, courierId?: number) => {
            booked.push(input);
            return client.bookReturnPickup(input, courierId);
          },
        },
      },
    };
  }
  const actor = () => ({ staffId: owner.staffId, ipAddress: '127.0.0.1' });

  it("is the settings' name, address and customer care's phone", async () => {
    await app.db.update(shopSettings).set(bengaluru);
    const paid = await deliveredOrder([{ id: 1, quantity: 1 }]);
    const made = await damagedReturnOfFirstLine(paid);
    const booked: ReturnOrderInput[] = [];
    await actOnReturn(recordingDeps(booked), made.returnId, { type: 'approve' }, actor());
    expect(booked).toHaveLength(1);
    expect(booked[0]).toMatchObject({
      shipping_customer_name: 'Silk Route Textiles LLP',
      shipping_address: '4 Residency Road, Shanthala Nagar',
      shipping_city: 'Bengaluru',
      shipping_state: 'Karnataka',
      shipping_pincode: '560025',
      shipping_phone: '8045678901',
    });
    expect(JSON.stringify(booked[0])).not.toMatch(/Delhi/);
  });

  it('is refused an approval while the settings lack it, saying what to fill in; nothing is booked', async () => {
    await app.db.update(shopSettings).set({ addressLine1: '', city: '', carePhone: '' });
    const paid = await deliveredOrder([{ id: 1, quantity: 1 }]);
    const made = await damagedReturnOfFirstLine(paid);
    const refused = await act(made.returnId, 'approve');
    expect(refused.statusCode).toBe(409);
    expect(refused.json<{ message: string }>().message).toBe(
      'Fill in the seller’s address, customer care’s phone in Settings first: the courier brings the return there.',
    );
    expect(await returnRow(made.returnId)).toMatchObject({ status: 'requested', shiprocketOrderId: null });
    // Settling without a pickup needs no address.
    expect((await act(made.returnId, 'approve-without-pickup')).statusCode).toBe(200);
  });

  it('fails a pickup approved before the details were emptied, saying why; booked again once they are back', async () => {
    const paid = await deliveredOrder([{ id: 1, quantity: 1 }]);
    const made = await damagedReturnOfFirstLine(paid);
    const booked: ReturnOrderInput[] = [];
    const deps = recordingDeps(booked);
    // Approved with the details there; the booking runs after the owner emptied them.
    await app.db.update(returns).set({ status: 'approved' }).where(eq(returns.id, made.returnId));
    await app.db.update(shopSettings).set({ legalName: '' });
    await bookReturnPickupFor(deps, made.returnId);
    expect(booked).toEqual([]);
    expect((await returnRow(made.returnId)).status).toBe('pickup_failed');
    const detail = await app.inject({
      method: 'GET',
      url: `/api/admin/returns/${made.returnId}`,
      headers: owner.headers,
    });
    expect(detail.json<AdminReturnDetail>().return.steps.at(-1)?.detail).toBe(
      'Fill in the seller’s legal name in Settings first: the courier brings the return there.',
    );

    await useSampleSeller(app, { carePhone: sampleCarePhone });
    await actOnReturn(deps, made.returnId, { type: 'approve' }, actor());
    expect(booked).toMatchObject([{ shipping_customer_name: sampleSeller.legalName }]);
    expect((await returnRow(made.returnId)).status).toBe('pickup_booked');
  });
});

describe('failures on the way', () => {
  it('a failed pickup is flagged for the owner, who closes it with nothing paid', async () => {
    const paid = await deliveredOrder([{ id: 1, quantity: 1 }]);
    const made = await damagedReturnOfFirstLine(paid);
    await acted(made.returnId, 'approve');
    simulator().failPickup(await returnParcelId(made.returnId));
    await moveReturnParcel(made.returnId, 'delivered');
    expect((await returnRow(made.returnId)).status).toBe('pickup_failed');
    expect(await openAttention(paid.orderId)).toContain('return_pickup_failed');
    const closed = await acted(made.returnId, 'close');
    expect(closed.return.status).toBe('closed');
    expect(await openAttention(paid.orderId)).not.toContain('return_pickup_failed');
    expect((await app.razorpay.client.fetchPayment(paid.paymentId)).amount_refunded).toBe(0);
  });

  it("after a failed pickup the owner books again: a new return order, and the old parcel's late scans are ignored", async () => {
    const paid = await deliveredOrder([{ id: 1, quantity: 1 }]);
    const made = await damagedReturnOfFirstLine(paid);
    await acted(made.returnId, 'approve');
    const first = await returnRow(made.returnId);
    simulator().failPickup(Number(first.shiprocketShipmentId));
    await moveReturnParcel(made.returnId, 'delivered');
    expect((await returnRow(made.returnId)).status).toBe('pickup_failed');

    const again = await acted(made.returnId, 'approve');
    expect(again.return.status).toBe('pickup_booked');
    const second = await returnRow(made.returnId);
    expect(second.awbCode).not.toBe(first.awbCode);
    expect(second.shiprocketOrderId).not.toBe(first.shiprocketOrderId);
    expect(await openAttention(paid.orderId)).not.toContain('return_pickup_failed');

    // The first parcel's webhook, sent again late, changes nothing.
    const late = simulator()
      .webhooks.sent()
      .filter((delivery) => delivery.payload.awb === first.awbCode)
      .at(-1)?.payload;
    const replay = await app.inject({
      method: 'POST',
      url: '/api/webhooks/courier',
      headers: { 'content-type': 'application/json', 'x-api-key': simulator().webhookToken },
      payload: JSON.stringify(late),
    });
    expect(replay.json()).toMatchObject({ outcome: 'unknown_shipment' });
    expect((await returnRow(made.returnId)).status).toBe('pickup_booked');

    await moveReturnParcel(made.returnId, 'delivered');
    expect((await returnRow(made.returnId)).status).toBe('picked_up');
  });

  it('a courier exception on the return parcel is flagged for the owner until the parcel moves on', async () => {
    const paid = await deliveredOrder([{ id: 1, quantity: 1 }]);
    const made = await damagedReturnOfFirstLine(paid);
    await acted(made.returnId, 'approve');
    const booked = await returnRow(made.returnId);
    const trouble = await app.inject({
      method: 'POST',
      url: '/api/webhooks/courier',
      headers: { 'content-type': 'application/json', 'x-api-key': simulator().webhookToken },
      payload: JSON.stringify({
        awb: booked.awbCode,
        order_id: booked.shiprocketOrderId,
        is_return: 1,
        current_status: 'RETURN PICKUP EXCEPTION',
        shipment_status: 'RETURN PICKUP EXCEPTION',
        scans: [],
      }),
    });
    expect(trouble.statusCode, trouble.body).toBe(200);
    expect((await returnRow(made.returnId)).status).toBe('pickup_booked');
    expect(await openAttention(paid.orderId)).toContain('return_courier_exception');

    for (let step = 0; step < 3 && (await returnRow(made.returnId)).status !== 'picked_up'; step++) {
      await moveReturnParcel(made.returnId, 'next');
    }
    expect((await returnRow(made.returnId)).status).toBe('picked_up');
    expect(await openAttention(paid.orderId)).not.toContain('return_courier_exception');
    expect((await app.razorpay.client.fetchPayment(paid.paymentId)).amount_refunded).toBe(0);
  });

  it('a parcel the courier lost is flagged, and refunded all the same', async () => {
    const paid = await deliveredOrder([{ id: 1, quantity: 1 }]);
    const made = await damagedReturnOfFirstLine(paid);
    await acted(made.returnId, 'approve');
    // Out for pickup, then picked up.
    for (let step = 0; step < 3 && (await returnRow(made.returnId)).status !== 'picked_up'; step++) {
      await moveReturnParcel(made.returnId, 'next');
    }
    expect((await returnRow(made.returnId)).status).toBe('picked_up');
    simulator().lose(await returnParcelId(made.returnId));
    await moveReturnParcel(made.returnId, 'next');
    expect((await returnRow(made.returnId)).status).toBe('lost');
    expect(await openAttention(paid.orderId)).toContain('return_parcel_lost');
    const refunded = await acted(made.returnId, 'refund');
    expect(refunded.return.status).toBe('refunded');
    expect(await openAttention(paid.orderId)).not.toContain('return_parcel_lost');
  });

  it('a refund Razorpay fails is flagged; asked again it goes with a new key', async () => {
    const paid = await deliveredOrder([{ id: 1, quantity: 1 }]);
    const made = await damagedReturnOfFirstLine(paid);
    razorpaySimulatorOf(app).setRefundMode('pending');
    const started = await acted(made.returnId, 'approve-without-pickup');
    expect(started.return.status).toBe('refund_pending');
    const [attempt] = await app.db
      .select()
      .from(returnRefunds)
      .where(eq(returnRefunds.returnId, made.returnId));
    razorpaySimulatorOf(app).settleRefund(attempt?.razorpayRefundId ?? '', 'failed');
    await razorpaySimulatorOf(app).webhooks.settled();
    expect((await returnRow(made.returnId)).status).toBe('refund_failed');
    expect(await openAttention(paid.orderId)).toContain('return_refund_failed');

    razorpaySimulatorOf(app).setRefundMode('instant');
    const retried = await acted(made.returnId, 'refund');
    expect(retried.return.status).toBe('refunded');
    const attempts = await app.db
      .select({ key: returnRefunds.idempotencyKey, status: returnRefunds.status })
      .from(returnRefunds)
      .where(eq(returnRefunds.returnId, made.returnId))
      .orderBy(returnRefunds.attempt);
    expect(attempts).toEqual([
      { key: `return-${made.returnId}-1`, status: 'failed' },
      { key: `return-${made.returnId}-2`, status: 'processed' },
    ]);
    expect(await openAttention(paid.orderId)).not.toContain('return_refund_failed');
    expect((await app.razorpay.client.fetchPayment(paid.paymentId)).amount_refunded).toBe(made.refundPaise);
  });

  it('a cash-on-delivery refund goes to the UPI ID by the injected payout; a failed payout is flagged and retried', async () => {
    const paid = await deliveredOrder([{ id: 1, quantity: 1 }]);
    await app.db.update(orders).set({ paymentMethod: 'COD' }).where(eq(orders.id, paid.orderId));
    const [line] = await itemsOf(paid.orderId);
    const made = await returnOf(paid, {
      lines: [{ lineId: line?.id ?? '', units: 1 }],
      reason: 'not_as_described',
      upiId: 'priya@okaxis',
    });
    const calls: CodRefundInput[] = [];
    const outcomes: CodRefundOutcome[] = [
      { status: 'failed', failureReason: 'Invalid VPA' },
      { status: 'processed' },
    ];
    const deps = returnDeps(app, async (input) => {
      calls.push(input);
      return outcomes.shift() ?? { status: 'failed' };
    });
    const actor = { staffId: owner.staffId, ipAddress: '127.0.0.1' };
    const failed = await actOnReturn(deps, made.returnId, { type: 'approve_without_pickup' }, actor);
    expect(failed.message).toBe(returnReplies.payoutFailed);
    expect(failed.return.status).toBe('refund_failed');
    expect(await openAttention(paid.orderId)).toContain('return_refund_failed');
    const paidOut = await actOnReturn(deps, made.returnId, { type: 'refund' }, actor);
    expect(paidOut.return.status).toBe('refunded');
    expect(calls).toEqual([
      {
        orderId: paid.orderId,
        amountPaise: made.refundPaise,
        vpa: 'priya@okaxis',
        reason: 'Return',
        returnId: made.returnId,
        key: `return-${made.returnId}-1`,
      },
      expect.objectContaining({ key: `return-${made.returnId}-2` }),
    ]);
    expect((await app.razorpay.client.fetchPayment(paid.paymentId)).amount_refunded).toBe(0);
  });

  it("a cash-on-delivery return's refund is paid to the UPI ID through RazorpayX once, however often it is asked, with its credit note", async () => {
    const paid = await deliveredOrder([{ id: 1, quantity: 1 }]);
    await app.db
      .update(orders)
      .set({ paymentMethod: 'COD', paymentStatus: 'collected' })
      .where(eq(orders.id, paid.orderId));
    const [line] = await itemsOf(paid.orderId);
    const made = await returnOf(paid, {
      lines: [{ lineId: line?.id ?? '', units: 1 }],
      reason: 'not_as_described',
      upiId: 'priya@okaxis',
    });
    const actor = { staffId: owner.staffId, ipAddress: '127.0.0.1' };
    await actOnReturn(returnDeps(app), made.returnId, { type: 'approve_without_pickup' }, actor);
    // The simulator processes the payout and says so by webhook; the refund job asks again with the same key.
    const payouts = () => app.db.select().from(codPayouts).where(eq(codPayouts.orderId, paid.orderId));
    await expect.poll(async () => (await payouts()).map((row) => row.status)).toEqual(['processed']);
    await Promise.all([
      runReturnRefund(returnDeps(app), made.returnId),
      runReturnRefund(returnDeps(app), made.returnId),
    ]);

    const [payout] = await payouts();
    expect(payout).toMatchObject({
      amountPaise: made.refundPaise,
      vpa: 'priya@okaxis',
      returnId: made.returnId,
    });
    const view = await app.inject({
      method: 'GET',
      url: `/api/admin/returns/${made.returnId}`,
      headers: owner.headers,
    });
    expect(view.json<AdminReturnDetail>().return.status).toBe('refunded');
    const notes = await app.db.select().from(creditNotes).where(eq(creditNotes.orderId, paid.orderId));
    expect(notes.map((note) => note.razorpayRefundId)).toEqual([payout?.razorpayPayoutId]);
    // The goods' price went back; the shipping stays paid.
    expect(made.refundPaise).toBeLessThan(paid.totalPaise);
    expect((await orderRow(app, paid.orderId)).paymentStatus).toBe('partially_refunded');
  });

  it("a cash-on-delivery return's credit note credits the returned units and nothing kept (docs/architecture.md#money-record)", async () => {
    const paid = await deliveredOrder([
      { id: 1, quantity: 2 },
      { id: 2, quantity: 1 },
    ]);
    await app.db
      .update(orders)
      .set({ paymentMethod: 'COD', paymentStatus: 'collected' })
      .where(eq(orders.id, paid.orderId));
    const [returned, kept] = await itemsOf(paid.orderId);
    const made = await returnOf(paid, {
      lines: [{ lineId: returned?.id ?? '', units: 1 }],
      reason: 'not_as_described',
      upiId: 'priya@okaxis',
    });
    const actor = { staffId: owner.staffId, ipAddress: '127.0.0.1' };
    await actOnReturn(returnDeps(app), made.returnId, { type: 'approve_without_pickup' }, actor);
    const payouts = () => app.db.select().from(codPayouts).where(eq(codPayouts.orderId, paid.orderId));
    await expect.poll(async () => (await payouts()).map((row) => row.status)).toEqual(['processed']);
    await runReturnRefund(returnDeps(app), made.returnId);

    const [note] = await app.db.select().from(creditNotes).where(eq(creditNotes.orderId, paid.orderId));
    // One line: the returned unit at what was paid for it; the kept mitt, the shipping and the fee stay sold.
    expect(note?.lines.map((line) => [line.description, line.quantity, line.totalPaise])).toEqual([
      [`${returned?.title} (${returned?.size}): returned`, 1, made.refundPaise],
    ]);
    expect(note?.totalPaise).toBe(made.refundPaise);
    const money = await moneyOfOrder(app.db, paid.orderId);
    expect(money.lines.get(returned?.id ?? '')).toMatchObject({
      refundedUnits: 1,
      refundedPaise: made.refundPaise,
      creditedUnits: 1,
      creditedPaise: made.refundPaise,
    });
    expect(money.lines.get(kept?.id ?? '')).toMatchObject({
      refundedUnits: 0,
      creditedUnits: 0,
      creditedPaise: 0,
    });
    expect(money.refundedPaise).toBe(made.refundPaise);
    expect(money.creditedPaise).toBe(made.refundPaise);
  });

  it('flags a pickup still not collected days after booking, and a return received a day ago and not settled', async () => {
    const paid = await deliveredOrder();
    const [first, second] = await itemsOf(paid.orderId);
    const waiting = await returnOf(paid, { lines: [{ lineId: first?.id ?? '', units: 1 }], reason: 'other' });
    const unsettled = await returnOf(paid, {
      lines: [{ lineId: second?.id ?? '', units: 1 }],
      reason: 'other',
    });
    await acted(waiting.returnId, 'approve');
    await acted(unsettled.returnId, 'approve');
    await acted(unsettled.returnId, 'receive', { quality: 'resellable' });
    await app.db
      .update(returns)
      .set({
        pickupBookedAt: new Date(Date.now() - 4 * 86_400_000),
        receivedAt: new Date(Date.now() - 2 * 86_400_000),
      })
      .where(eq(returns.orderId, paid.orderId));
    await sweepReturns(returnDeps(app));
    expect(await openAttention(paid.orderId)).toEqual(['return_pickup_overdue', 'return_settlement_overdue']);
  });
});

describe('a replacement', () => {
  it('is a zero-value order linked to the original, its units taken from the stock and its parcel queued', async () => {
    const paid = await deliveredOrder();
    const made = await damagedReturnOfFirstLine(paid, 'replacement');
    const [first] = await itemsOf(paid.orderId);
    const stockBefore = await stockOf(first?.productId ?? 0);
    const sent = await acted(made.returnId, 'approve-without-pickup');
    expect(sent.return.status).toBe('replacement_shipped');
    const replacementId = sent.return.replacementOrder?.orderId ?? '';
    const replacement = await orderRow(app, replacementId);
    expect(replacement).toMatchObject({
      totalPaise: 0,
      status: 'confirmed',
      paymentStatus: 'paid',
      replacementOfOrderId: paid.orderId,
      paymentMethod: 'Replacement',
    });
    expect(await itemsOf(replacementId)).toMatchObject([
      { productId: first?.productId, quantity: 1, unitPricePaise: 0 },
    ]);
    expect(await stockOf(first?.productId ?? 0)).toBe(stockBefore - 1);
    const jobs = (await app.db.execute(
      sql`select 1 from pgboss.job where name = ${jobQueues.createShipment} and data->>'orderId' = ${replacementId}`,
    )) as unknown as { rows: unknown[] };
    expect(jobs.rows).toHaveLength(1);
    await createShipmentForOrder(shippingDeps(app), { orderId: replacementId });
    const [parcel] = await app.db.select().from(shipments).where(eq(shipments.orderId, replacementId));
    expect(parcel?.awbCode).toEqual(expect.any(String));

    // Visible on both orders.
    const original = await app.inject({
      method: 'GET',
      url: `/api/orders/${paid.orderId}/returns`,
      headers: paid.shopper.headers,
    });
    expect(original.json<OrderReturnsReply>().returns[0]?.replacementOrder?.orderId).toBe(replacementId);
    const other = await app.inject({
      method: 'GET',
      url: `/api/orders/${replacementId}/returns`,
      headers: paid.shopper.headers,
    });
    expect(other.json<OrderReturnsReply>().replacementOf?.orderId).toBe(paid.orderId);
    const myOrders = await paid.shopper.myOrders();
    expect(myOrders.map((order) => order.orderId)).toContain(replacementId);
    // A zero-value order has no invoice.
    const invoice = await app.db.execute(sql`select 1 from invoices where order_id = ${replacementId}`);
    expect((invoice as unknown as { rows: unknown[] }).rows).toEqual([]);

    // docs/architecture.md#money-record: nothing was received for it, and its lines were given, not discounted:
    // the orders and items CSVs agree on it.
    expect(await moneyOfOrder(app.db, replacementId)).toMatchObject({ collectedPaise: 0, netPaise: 0 });
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata' }).format(new Date());
    const csv = async (path: string) => {
      const reply = await app.inject({
        method: 'GET',
        url: `/api/admin/${path}?from=${today}&to=${today}`,
        headers: owner.headers,
      });
      const number = `OM-${replacementId.slice(0, 8).toUpperCase()}`;
      return (parse(reply.body, { bom: true, columns: true }) as Record<string, string>[]).filter(
        (row) => row['Order number'] === number,
      );
    };
    expect(await csv('orders.csv')).toMatchObject([{ 'Discount (INR)': '0.00', 'Net (INR)': '0.00' }]);
    expect(await csv('order-items.csv')).toMatchObject([
      { 'Discount (INR)': '0.00', 'Line total (INR)': '0.00' },
    ]);
  });

  it('cancelled by the shopper before it ships, owes nothing: its stock goes back, no refund is looked for', async () => {
    const paid = await deliveredOrder([{ id: 1, quantity: 1 }]);
    const made = await damagedReturnOfFirstLine(paid, 'replacement');
    const sent = await acted(made.returnId, 'approve-without-pickup');
    const replacementId = sent.return.replacementOrder?.orderId ?? '';
    const stockBefore = await stockOf(1);
    const cancelled = await app.inject({
      method: 'POST',
      url: `/api/orders/cancel/${replacementId}`,
      headers: paid.shopper.headers,
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(await stockOf(1)).toBe(stockBefore + 1);
    expect(await refundCancelledOrder(paymentDeps(app), replacementId, 'system')).toBe('nothing_owed');
    await app.db
      .update(orders)
      .set({ updatedAt: new Date(Date.now() - 3_600_000) })
      .where(eq(orders.id, replacementId));
    await requeueOwedRefunds(paymentDeps(app));
    const owed = (await app.db.execute(
      sql`select 1 from pgboss.job where name = ${jobQueues.refundCancelledOrder} and data->>'orderId' = ${replacementId}
          and singleton_key = ${`owed-${replacementId}`}`,
    )) as unknown as { rows: unknown[] };
    expect(owed.rows).toEqual([]);
  });

  it('waits for stock: refused with its message when the stock does not cover it', async () => {
    const paid = await deliveredOrder([{ id: 1, quantity: 1 }]);
    const made = await damagedReturnOfFirstLine(paid, 'replacement');
    await app.db.update(products).set({ stock: 0 }).where(eq(products.id, 1));
    try {
      const refused = await act(made.returnId, 'approve-without-pickup');
      expect(refused.statusCode).toBe(409);
      expect(refused.json<{ message: string }>().message).toBe(returnMessages.replacementOutOfStock);
      expect((await returnRow(made.returnId)).status).toBe('requested');
    } finally {
      await app.db.update(products).set({ stock: 100 }).where(eq(products.id, 1));
    }
  });
});

describe('the console', () => {
  it('lists returns by status and shows a return with its actions', async () => {
    const paid = await deliveredOrder([{ id: 1, quantity: 1 }]);
    const made = await damagedReturnOfFirstLine(paid);
    const list = await app.inject({
      method: 'GET',
      url: '/api/admin/returns?status=requested',
      headers: owner.headers,
    });
    expect(list.statusCode, list.body).toBe(200);
    const summaries = list.json<{ returns: { returnId: string; status: string }[] }>().returns;
    expect(summaries.map((row) => row.returnId)).toContain(made.returnId);
    expect(summaries.every((row) => row.status === 'requested')).toBe(true);
    const detail = await app.inject({
      method: 'GET',
      url: `/api/admin/returns/${made.returnId}`,
      headers: owner.headers,
    });
    expect(detail.json<AdminReturnDetail>()).toMatchObject({
      return: { returnId: made.returnId, photos: [expect.any(Object)] },
      actions: ['approve', 'refuse', 'approve_without_pickup'],
      orderTimeline: expect.arrayContaining([expect.objectContaining({ to: 'delivered' })]),
    });
  });

  it('saves the settings: a shorter window closes returns sooner; changed-my-mind off is refused', async () => {
    const save = (payload: object) =>
      app.inject({ method: 'PUT', url: '/api/admin/return-settings', headers: owner.headers, payload });
    const bad = await save({ windowDays: 0, changedMindAccepted: true, changedMindDeductionPaise: 0 });
    expect(bad.statusCode).toBe(400);
    try {
      const saved = await save({
        windowDays: 7,
        changedMindAccepted: false,
        changedMindDeductionPaise: 5_000,
      });
      expect(saved.statusCode, saved.body).toBe(200);
      const paid = await deliveredOrder([{ id: 1, quantity: 1 }]);
      const [line] = await itemsOf(paid.orderId);
      const refused = await askReturn(paid, {
        lines: [{ lineId: line?.id ?? '', units: 1 }],
        reason: 'changed_my_mind',
      });
      expect(refused.json<{ message: string }>().message).toBe(returnMessages.changedMindNotAccepted);
    } finally {
      await save({ windowDays: 7, changedMindAccepted: true, changedMindDeductionPaise: 0 });
    }
  });
});
