import { describe, expect, it } from 'vitest';
import type { ConsoleOrderAction } from '../../../contracts/admin-orders';
import { orderPaymentStatuses, orderStatuses } from '../../../contracts/order-status';
import { type ShipmentStage, shipmentStages } from '../../../contracts/shipping';
import type { OrderState } from '../orders/lifecycle';
import { allowedConsoleActions } from './console-actions';

// docs/product.md#console-pages: the console offers an action only when the order's state allows it. Over every
// state an order can be in (status, payment, parcel stage, units taken), the offer agrees with the rules the
// lifecycle applies when the action's event arrives, written out here as the product spec states them.

const afterPickupStages: ReadonlySet<ShipmentStage> = new Set([
  'picked_up',
  'in_transit',
  'out_for_delivery',
  'delivered',
  'returned',
]);

function stateOf(
  status: OrderState['status'],
  paymentStatus: OrderState['paymentStatus'],
  shipmentStage: ShipmentStage | null,
  stockTaken: boolean,
): OrderState {
  return {
    status,
    paymentStatus,
    shipmentStage,
    stockTaken,
    refund: null,
    holds: false,
    couponUse: null,
    codAdvance: null,
  };
}

const everyState = orderStatuses.flatMap((status) =>
  orderPaymentStatuses.flatMap((paymentStatus) =>
    [null, ...shipmentStages].flatMap((stage) =>
      [true, false].map((stockTaken) => stateOf(status, paymentStatus, stage, stockTaken)),
    ),
  ),
);

const cod = (state: OrderState) => state.paymentStatus === 'cod_due' || state.paymentStatus === 'collected';
/** Paid online (some may have gone back), or a confirmed COD order still to go or gone to the shopper. */
function mayShip(state: OrderState): boolean {
  if (state.status === 'cancelled') return false;
  if (cod(state)) return !['pending', 'returned_to_origin'].includes(state.status);
  return state.paymentStatus === 'paid' || state.paymentStatus === 'partially_refunded';
}
const pickedUp = (state: OrderState) =>
  ['shipped', 'out_for_delivery', 'delivered', 'returned_to_origin'].includes(state.status) ||
  (state.shipmentStage !== null && afterPickupStages.has(state.shipmentStage));

function expectedActions(state: OrderState, refundablePaise: number): ConsoleOrderAction[] {
  const expected: ConsoleOrderAction[] = [];
  if (mayShip(state) && !state.stockTaken) expected.push('ship_late');
  if (state.status === 'pending' && state.paymentStatus === 'cod_due') expected.push('confirm_cod');
  const paidOnline = state.paymentStatus === 'paid' || state.paymentStatus === 'partially_refunded';
  if (!cod(state) && paidOnline && refundablePaise > 0) expected.push('refund');
  // Before the courier has the parcel (a live one is stopped first), an order not cancelled may be cancelled.
  if (state.status !== 'cancelled' && !pickedUp(state)) expected.push('cancel');
  const bookable = state.shipmentStage === null || ['created', 'awb_assigned'].includes(state.shipmentStage);
  if (mayShip(state) && state.stockTaken && bookable) expected.push('retry_shipment');
  expected.push('add_note');
  return expected;
}

describe('the actions the console offers on an order', () => {
  it(`match the lifecycle's rules in every one of ${everyState.length} states`, () => {
    const mismatches = everyState.flatMap((state) => {
      const refundablePaise = 50_000;
      const offered = allowedConsoleActions(state, { cod: cod(state), refundablePaise, sentMessages: 0 });
      const expected = expectedActions(state, refundablePaise);
      return JSON.stringify(offered) === JSON.stringify(expected) ? [] : [{ state, offered, expected }];
    });
    expect(mismatches).toEqual([]);
  });

  // The cases the issue found, by name.
  it.each<[string, OrderState, ConsoleOrderAction[]]>([
    [
      'a delivered COD order: nothing but a note (its cash goes back through the COD section)',
      stateOf('delivered', 'collected', 'delivered', true),
      ['add_note'],
    ],
    [
      'a paid order whose pickup is booked: cancel (the parcel is stopped first), no retry',
      stateOf('processing', 'paid', 'pickup_scheduled', true),
      ['refund', 'cancel', 'add_note'],
    ],
    [
      'a paid order Shiprocket has not booked yet: retry',
      stateOf('confirmed', 'paid', null, true),
      ['refund', 'cancel', 'retry_shipment', 'add_note'],
    ],
    [
      'a paid order waiting for stock: ship late, not retry',
      stateOf('confirmed', 'paid', null, false),
      ['ship_late', 'refund', 'cancel', 'add_note'],
    ],
    [
      'a COD order awaiting confirmation: confirm after a call, or cancel',
      stateOf('pending', 'cod_due', null, false),
      ['confirm_cod', 'cancel', 'add_note'],
    ],
    [
      'a parcel the courier cancelled: cancel the order, no retry',
      stateOf('processing', 'paid', 'cancelled', true),
      ['refund', 'cancel', 'add_note'],
    ],
    [
      'a cancelled order refunded in full: a note',
      stateOf('cancelled', 'refunded', null, false),
      ['add_note'],
    ],
  ])('%s', (_case, state, expected) => {
    expect(
      allowedConsoleActions(state, { cod: cod(state), refundablePaise: 50_000, sentMessages: 0 }),
    ).toEqual(expected);
  });

  it('offers to resend only once a message was sent, and a refund only while something is left', () => {
    const paid = stateOf('delivered', 'paid', 'delivered', true);
    expect(allowedConsoleActions(paid, { cod: false, refundablePaise: 0, sentMessages: 2 })).toEqual([
      'resend_message',
      'add_note',
    ]);
  });
});
