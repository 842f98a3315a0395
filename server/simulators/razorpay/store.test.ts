import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildSimulatorApp, type SimulatorApp } from '../../test/simulator-app';
import { keepRazorpayStateIn } from './saved-state';
import { createRazorpaySimulator } from './simulator';
import type { NewRefund } from './store';

let app: SimulatorApp;
beforeAll(async () => {
  // Only the database the simulator keeps its state in.
  app = await buildSimulatorApp(async () => {});
  await app.ready();
});
afterAll(() => app.close());

async function simulatorKeeping(keep: number) {
  const kept = await keepRazorpayStateIn(
    app.db,
    (error) => {
      throw error;
    },
    keep,
  );
  const sim = createRazorpaySimulator({
    postWebhook: async () => 200,
    webhookRetry: { attempts: 1, initialDelayMs: 1 },
    state: { saved: kept.saved, keep, onChange: kept.onChange, load: kept.load },
  });
  return { sim, kept };
}

const refundOf = (idempotencyKey: string): NewRefund => ({
  amount: 10_000,
  speed: 'normal',
  notes: [],
  receipt: null,
  idempotencyKey,
});

describe('the Razorpay simulator with a limit on what it holds (docs/operations.md#stalls-and-memory)', () => {
  it('holds no more orders than its limit however many are made, and reads an older one back when named', async () => {
    const { sim, kept } = await simulatorKeeping(3);
    const paid = [];
    for (let index = 0; index < 12; index++) {
      const order = sim.store.createOrder({ amount: 50_000, currency: 'INR', receipt: null, notes: [] });
      paid.push({ order, paymentId: sim.simulator.completePayment(order.id).razorpay_payment_id });
      expect(sim.store.size()).toBeLessThanOrEqual(3);
    }
    const [first] = paid;
    if (!first) throw new Error('no orders');
    expect(sim.store.holds({ paymentId: first.paymentId })).toBe(false);

    await sim.recall({ paymentId: first.paymentId });
    const refund = sim.refund(first.paymentId, refundOf('first-refund'));
    expect(sim.store.paymentsOf(first.order.id).map((payment) => payment.amount_refunded)).toEqual([10_000]);

    // Gone again after more orders, then read back with its refund: the same key answers the same refund.
    for (let index = 0; index < 4; index++) {
      sim.store.createOrder({ amount: 50_000, currency: 'INR', receipt: null, notes: [] });
    }
    expect(sim.store.holds({ refundId: refund.id })).toBe(false);
    await sim.recall({ refundId: refund.id });
    expect(sim.store.fetchRefund(refund.id).amount).toBe(10_000);
    const again = sim.refund(first.paymentId, refundOf('first-refund'));
    expect(again.id).toBe(refund.id);
    expect(sim.store.size()).toBeLessThanOrEqual(3);

    // An id nobody made stays unknown.
    await sim.recall({ orderId: 'order_nobodymade123' });
    expect(() => sim.store.order('order_nobodymade123')).toThrow();
    sim.close();
    await kept.flushed();

    // Started again, it loads only the newest orders.
    const restarted = await simulatorKeeping(3);
    expect(restarted.sim.store.size()).toBe(3);
    restarted.sim.close();
  });
});
