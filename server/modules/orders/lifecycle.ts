import type { OrderStatus } from '../../../contracts/order-status';
import type { AttentionReason, OrderEmailKind, orderPaymentStatuses } from '../../../contracts/orders';
import type { ShipmentStage } from '../../../contracts/shipping';

// The order lifecycle (docs/product.md#order-lifecycle): every rule that says whether an order may move, and
// what must happen when it does, lives here and nowhere else. Pure: no I/O, so property tests can drive it.

export type OrderPaymentStatus = (typeof orderPaymentStatuses)[number];
export type RefundProgress = 'pending' | 'processed' | 'failed';
/** docs/product.md#discount-codes: the order's use of its code; null when it has none. */
export type CouponUse = 'reserved' | 'consumed' | 'released';
/** docs/product.md#part-paid-cod: where a COD order's advance stands; null when it asks for none. */
export type CodAdvance = 'due' | 'paid' | 'refunded';

export interface OrderState {
  status: OrderStatus;
  paymentStatus: OrderPaymentStatus;
  /** The latest refund of the payment that paid the order, as Razorpay last reported it. */
  refund: RefundProgress | null;
  /** The parcel's stage; null until a parcel is booked. */
  shipmentStage: ShipmentStage | null;
  /** The order's units are out of the stock (its net stock movements took some): docs/architecture.md#stock. */
  stockTaken: boolean;
  /** The order's checkout holds units back from other checkouts (docs/architecture.md#holds). */
  holds: boolean;
  /** Its discount code's use: counted in the code's uses only while consumed. */
  couponUse: CouponUse | null;
  /** A COD order's advance, paid online through the order's Razorpay order (docs/product.md#part-paid-cod). */
  codAdvance: CodAdvance | null;
}

export type CancelRequester = 'shopper' | 'shop';

export type OrderEvent =
  /**
   * A payment of the order reached `captured`; `repeat` when it was already recorded as captured.
   * `stockCovered`: the products' stock (locked by the caller) covers the order's units.
   */
  | { type: 'payment_captured'; paymentId: string; repeat: boolean; stockCovered: boolean }
  /** The owner ships an order paid out of stock once restocked; `stockCovered` as for the payment. */
  | { type: 'ship_late_requested'; stockCovered: boolean }
  | { type: 'payment_failed' }
  /** Nobody paid the checkout in time (the reconciler gives it up). */
  | { type: 'checkout_abandoned' }
  /**
   * A newer checkout took this one's place before it was paid or confirmed (docs/product.md#one-checkout):
   * the shopper's next checkout with the same code, or a COD order placed by the shopper or to the same
   * mobile. `notify`: the order is another shopper's, who is told as of an unconfirmed COD order's expiry.
   */
  | { type: 'checkout_replaced'; notify: boolean }
  | { type: 'cancel_requested'; by: CancelRequester }
  | { type: 'parcel_booked'; stage: ShipmentStage }
  | { type: 'courier_stage_reported'; stage: ShipmentStage }
  | { type: 'parcel_cancelled_by_courier' }
  /** The courier's latest status for the parcel: `exception` when it is in trouble (lost, undelivered...). */
  | { type: 'courier_status_reported'; exception: boolean }
  /** We stopped the parcel at the courier, to cancel the order. */
  | { type: 'parcel_stopped' }
  /** The order is paid but its parcel is still not booked long after (the shipment sweep noticed). */
  | { type: 'shipment_overdue' }
  | { type: 'refund_requested'; amountPaise: number; refundablePaise: number }
  /** Razorpay accepted a refund of the paying payment and is processing it. */
  | { type: 'refund_started' }
  /** `refundId`: our row of the refund Razorpay reports processed. */
  | { type: 'refund_settled'; fullyRefunded: boolean; refundId: string }
  /** A second payment's refund went through: the order's extra money is back with the shopper. */
  | { type: 'stray_refund_settled' }
  /** The paying payment's refund has been pending for over a day (the refund sweep noticed). */
  | { type: 'refund_overdue' }
  /** `attempts`: the failed refunds of the paying payment so far, this one included. */
  | { type: 'refund_failed'; paymentId: string; attempts: number; stray: boolean }
  | CodEvent
  | CodMoneyEvent;

// ---- Cash on delivery (docs/product.md#cash-on-delivery): events ----

/**
 * How a COD order was confirmed: the OTP typed at checkout, the link sent to the shopper, staff after a call, or
 * its advance paid (docs/product.md#part-paid-cod).
 */
export type CodConfirmation = 'otp' | 'link' | 'staff' | 'advance' | 'whatsapp';

export type CodEvent =
  /** A COD order was placed (checkout stored it `pending` / `cod_due`, holding its units and code). */
  | { type: 'cod_placed' }
  /** Its shopper confirmed it; `stockCovered` as for a payment (the products' rows locked by the caller). */
  | { type: 'cod_confirmed'; via: CodConfirmation; stockCovered: boolean }
  /** Nobody confirmed it in the hours the shop allows (the expiry sweep). */
  | { type: 'cod_confirmation_expired' }
  /** The courier reports the parcel back at our pickup address (Shiprocket's 10 RTO DELIVERED). */
  | { type: 'rto_received' }
  /**
   * docs/product.md#failed-deliveries: the parcel is back after a failed delivery for which a return was chosen,
   * by the shopper or staff for them (`chosen`), or by the owner's default at the deadline.
   */
  | { type: 'ndr_return_received'; chosen: boolean };
// ---- end of cash on delivery events ----

// ---- COD money (docs/product.md#cod-refunds, #cod-remittances): refunds paid out to a UPI ID or another way,
// and the courier's remittance of the cash. A COD order's money is with us once the courier collected it.

export type CodMoneyEvent =
  /** The owner (or a return) asks to give back part of the cash collected; `refundablePaise` is what is left. */
  | { type: 'cod_refund_requested'; amountPaise: number; refundablePaise: number }
  /**
   * A payout to the shopper's UPI ID was processed, or a refund paid another way was recorded; `refundId`
   * names it for its message (`payout:<row id>` or `elsewhere:<row id>`).
   */
  | { type: 'cod_refund_settled'; fullyRefunded: boolean; refundId: string }
  /** RazorpayX reports the payout failed, reversed or rejected: the money is back with us. */
  | { type: 'cod_refund_failed' }
  /** Shiprocket's remittance for the order's cash was imported; `mismatch` when its amount is not the order's. */
  | { type: 'cod_remitted'; mismatch: boolean }
  /** Delivered long ago and still not remitted (the remittance sweep noticed). */
  | { type: 'cod_remittance_overdue' }
  /** An owner looked into the order's mismatched remittance line and marked it checked. */
  | { type: 'cod_remittance_checked' };

/** The courier collected the order's cash (some may have gone back since). */
export function codCashCollected(state: Pick<OrderState, 'paymentStatus'>): boolean {
  return (
    state.paymentStatus === 'collected' ||
    state.paymentStatus === 'partially_refunded' ||
    state.paymentStatus === 'refunded'
  );
}

function onCodRefundRequested(state: OrderState, amountPaise: number, refundablePaise: number): Decision {
  if (!codCashCollected(state)) return refused('not_paid');
  if (amountPaise <= 0 || amountPaise > refundablePaise) return refused('exceeds_refundable');
  return applied(state);
}

function onCodRefundSettled(state: OrderState, fullyRefunded: boolean, refundId: string): Decision {
  if (!codCashCollected(state)) return unchanged(state);
  // Refunds only add up: a late report of an earlier part never undoes "refunded".
  const paymentStatus =
    fullyRefunded || state.paymentStatus === 'refunded' ? 'refunded' : 'partially_refunded';
  const effects: OrderEffect[] = [
    { type: 'resolve_attention', reason: 'cod_refund_failing' },
    { type: 'record_refund', refundId },
  ];
  // docs/product.md#order-messages: told as an online refund is, each part and then the whole.
  if (state.paymentStatus !== 'refunded') {
    effects.push(
      fullyRefunded
        ? { type: 'send_email', kind: 'refunded' }
        : { type: 'send_email', kind: 'partially_refunded', refundId },
    );
  }
  return applied({ ...state, paymentStatus }, effects);
}

function decideCodMoney(state: OrderState, event: CodMoneyEvent): Decision {
  switch (event.type) {
    case 'cod_refund_requested':
      return onCodRefundRequested(state, event.amountPaise, event.refundablePaise);
    case 'cod_refund_settled':
      return onCodRefundSettled(state, event.fullyRefunded, event.refundId);
    case 'cod_refund_failed':
      return codCashCollected(state)
        ? applied(state, [{ type: 'flag_attention', reason: 'cod_refund_failing' }])
        : unchanged(state);
    case 'cod_remitted':
      return applied(state, [
        { type: 'resolve_attention', reason: 'cod_not_remitted' },
        event.mismatch
          ? { type: 'flag_attention', reason: 'cod_remittance_mismatch' }
          : { type: 'resolve_attention', reason: 'cod_remittance_mismatch' },
      ]);
    case 'cod_remittance_overdue':
      return codCashCollected(state)
        ? applied(state, [{ type: 'flag_attention', reason: 'cod_not_remitted' }])
        : unchanged(state);
    case 'cod_remittance_checked':
      return applied(state, [{ type: 'resolve_attention', reason: 'cod_remittance_mismatch' }]);
  }
}

// ---- end of COD money

export type { AttentionReason, OrderEmailKind };

export type OrderEffect =
  | { type: 'clear_cart' }
  /** The order's units leave the stock (docs/architecture.md#stock). */
  | { type: 'take_stock' }
  /** The units the order took go back to the stock. */
  | { type: 'put_back_stock' }
  /** The checkout's holds are given back: it was paid, cancelled or given up (docs/architecture.md#holds). */
  | { type: 'release_holds' }
  /** The code's use counts as used: the order is paid (docs/product.md#discount-codes). */
  | { type: 'consume_coupon_use' }
  /** A consumed use goes back to the code's count: the order was cancelled before it shipped. */
  | { type: 'return_coupon_use' }
  | { type: 'enqueue_shipment' }
  /** Refund, in full, what a cancelled order still owes; after `delaySeconds` when given. */
  | { type: 'refund_order'; delaySeconds?: number }
  /** Refund the payment the event was about: the order was paid by another one already. */
  | { type: 'refund_stray_payment'; paymentId: string; delaySeconds?: number }
  /** `refundId`: the refund a partial refund's message is about. */
  | { type: 'send_email'; kind: OrderEmailKind; refundId?: string }
  /** Tell the shop's staff of a new paid order (docs/product.md#staff-alerts). */
  | { type: 'alert_new_order' }
  /** Stop the parcel at the courier: it was booked for an order that may not ship. */
  | { type: 'cancel_courier_order' }
  | { type: 'flag_attention'; reason: AttentionReason }
  /** What the flag was raised for has happened after all: it leaves the owner's list. */
  | { type: 'resolve_attention'; reason: AttentionReason }
  | MoneyEffect
  | CodEffect;

/** docs/architecture.md#money-record: the money an event moves, appended to the order's money record. */
export type MoneyEffect =
  /** It became an order: what it charges, line by line. */
  | { type: 'record_charges' }
  /** Money received: the payment (our row id) that paid it, or the cash the courier collected. */
  | { type: 'record_collection'; method: 'online'; paymentId: string }
  | { type: 'record_collection'; method: 'cod_cash' }
  /** Cancelled or back at origin with nothing collected: nothing is owed. */
  | { type: 'void_charges' }
  /** A refund reached the shopper (our refunds row id, or a COD refund's `payout:`/`elsewhere:` id). */
  | { type: 'record_refund'; refundId: string };

// ---- Cash on delivery: effects ----
export type CodEffect =
  /** Stamp the order confirmed: when, and how. */
  | { type: 'record_cod_confirmation'; via: CodConfirmation }
  /** Issue the order's tax invoice now: a COD order's time of supply is its handover to the courier. */
  | { type: 'issue_invoice' }
  /** The parcel came back undelivered: a credit note cancels the order's invoice in full. */
  | { type: 'issue_rto_credit_note' };
// ---- end of cash on delivery effects ----

export type RefusalReason =
  /** The courier has the parcel: too late to cancel. */
  | 'after_pickup'
  /** A parcel is booked and not stopped yet: stop it at the courier first, then ask again. */
  | 'parcel_live'
  | 'not_paid'
  | 'exceeds_refundable'
  /** The stock still does not cover the order. */
  | 'out_of_stock'
  /** A COD event about an order paid online. */
  | 'not_cod'
  /** The COD order was cancelled (by its shopper, the shop, or the expiry sweep) before it was confirmed. */
  | 'not_awaiting_confirmation'
  /** The COD order is confirmed by its advance, not by an OTP, a link or staff (docs/product.md#part-paid-cod). */
  | 'advance_due';

export type Decision =
  | { outcome: 'applied'; next: OrderState; effects: OrderEffect[] }
  | { outcome: 'refused'; reason: RefusalReason };

/** A refund that fails this many times needs a person. */
export const MAX_FAILED_REFUNDS = 5;
/** The refund job queued with a cancellation waits this long: the cancel request normally refunds first. */
export const REFUND_AFTER_CANCEL_DELAY_SECONDS = 60;
/** A failed refund is tried again (with a new idempotency key) after this long. */
export const RETRY_FAILED_REFUND_AFTER_SECONDS = 5 * 60;

const statusProgress: Record<OrderStatus, number> = {
  pending: 0,
  confirmed: 1,
  processing: 2,
  shipped: 3,
  out_for_delivery: 4,
  delivered: 5,
  cancelled: 6,
  returned_to_origin: 7,
};

const stageProgress: Record<ShipmentStage, number> = {
  created: 0,
  awb_assigned: 1,
  pickup_scheduled: 2,
  picked_up: 3,
  in_transit: 4,
  out_for_delivery: 5,
  delivered: 6,
  cancelled: 7,
  returned: 7,
};

/** Scans arrive late and out of order: a parcel's stage only moves forward. */
export function laterStage(current: ShipmentStage, reported: ShipmentStage | undefined): ShipmentStage {
  if (!reported || reported === current) return current;
  // A parcel the courier has collected is returned, never cancelled; a delivered one is neither: such a
  // report is a late or stray scan.
  if (reported === 'cancelled') return isBeforePickup(current) ? reported : current;
  if (reported === 'returned') return current === 'delivered' || current === 'cancelled' ? current : reported;
  return stageProgress[reported] > stageProgress[current] ? reported : current;
}

/** Until the courier has the parcel, the order may still be cancelled (and refunded). */
export function isBeforePickup(stage: ShipmentStage): boolean {
  return stageProgress[stage] < stageProgress.picked_up;
}

/** What the order's status says at each stage of its parcel. */
export function orderStatusForStage(stage: ShipmentStage): OrderStatus | undefined {
  switch (stage) {
    case 'created':
    case 'awb_assigned':
    case 'pickup_scheduled':
      return 'processing';
    case 'picked_up':
    case 'in_transit':
      return 'shipped';
    case 'out_for_delivery':
      return 'out_for_delivery';
    case 'delivered':
      return 'delivered';
    case 'cancelled':
    case 'returned':
      return undefined;
  }
}

const AFTER_PICKUP: ReadonlySet<OrderStatus> = new Set([
  'shipped',
  'out_for_delivery',
  'delivered',
  'returned_to_origin',
]);
const EMAILED_STATUSES: ReadonlySet<OrderStatus> = new Set(['shipped', 'out_for_delivery', 'delivered']);

/** Money was taken for the order at some point (it may have gone back since). */
export function wasPaid(state: Pick<OrderState, 'paymentStatus'>): boolean {
  return (
    state.paymentStatus === 'paid' ||
    state.paymentStatus === 'partially_refunded' ||
    state.paymentStatus === 'refunded'
  );
}

/**
 * A parcel's e-mail ("on its way", "out for delivery", "delivered") is stale once the order has moved past
 * that stage or was cancelled: e-mail jobs may run late and out of order, and a shopper whose mittens arrived
 * must not hear afterwards that they are on their way.
 */
export function isStaleStageEmail(kind: OrderEmailKind, status: OrderStatus): boolean {
  if (kind !== 'shipped' && kind !== 'out_for_delivery' && kind !== 'delivered') return false;
  return status === 'cancelled' || statusProgress[status] > statusProgress[kind];
}

/** A checkout given up unpaid by the reconciler: cancelled, but never an order the shopper was told of. */
export function isAbandonedCheckout(state: Pick<OrderState, 'status' | 'paymentStatus'>): boolean {
  return state.status === 'cancelled' && state.paymentStatus === 'failed';
}

/**
 * A cancelled order whose money is still (partly) with us: the shopper is owed the rest; for a COD order, its
 * advance (docs/product.md#part-paid-cod).
 */
export function owesRefund(state: Pick<OrderState, 'status' | 'paymentStatus' | 'codAdvance'>): boolean {
  return (
    state.status === 'cancelled' &&
    (state.paymentStatus === 'paid' ||
      state.paymentStatus === 'partially_refunded' ||
      state.codAdvance === 'paid')
  );
}

/**
 * A parcel is booked only for an order that is paid and not cancelled; a part refunded without goods coming
 * back (a goodwill refund) still ships; a COD order ships once its shopper confirmed it.
 */
export function mayShip(state: Pick<OrderState, 'status' | 'paymentStatus'>): boolean {
  if (state.status === 'cancelled') return false;
  if (isCod(state)) return isConfirmedCod(state);
  return state.paymentStatus === 'paid' || state.paymentStatus === 'partially_refunded';
}

/** A cash-on-delivery order whose cash is not yet collected, or was collected by the courier. */
export function isCod(state: Pick<OrderState, 'paymentStatus'>): boolean {
  return state.paymentStatus === 'cod_due' || state.paymentStatus === 'collected';
}

/** A COD order placed and waiting for its shopper's confirmation. */
export function awaitsCodConfirmation(state: Pick<OrderState, 'status' | 'paymentStatus'>): boolean {
  return state.status === 'pending' && state.paymentStatus === 'cod_due';
}

/** A COD order waiting for its advance, which confirms it (docs/product.md#part-paid-cod). */
export function awaitsAdvance(state: Pick<OrderState, 'status' | 'paymentStatus' | 'codAdvance'>): boolean {
  return awaitsCodConfirmation(state) && state.codAdvance === 'due';
}

/** A COD order its shopper (or staff) confirmed, still to go or gone to the shopper. */
function isConfirmedCod(state: Pick<OrderState, 'status' | 'paymentStatus'>): boolean {
  return (
    isCod(state) &&
    state.status !== 'pending' &&
    state.status !== 'cancelled' &&
    state.status !== 'returned_to_origin'
  );
}

/** The shopper was told the order is confirmed: it was paid, or it is a COD order they confirmed. */
function wasConfirmedToShopper(state: OrderState): boolean {
  return wasPaid(state) || (isCod(state) && state.status !== 'pending');
}

/** Whether the order still takes a payment: pending, or given up unpaid (still the shopper's if money arrives). */
export function awaitsPayment(state: Pick<OrderState, 'status' | 'paymentStatus'>): boolean {
  if (state.paymentStatus === 'failed') return true;
  return state.paymentStatus === 'pending' && state.status !== 'cancelled';
}

function parcelPickedUp(stage: ShipmentStage | null): boolean {
  return stage !== null && stage !== 'cancelled' && !isBeforePickup(stage);
}

function parcelLive(stage: ShipmentStage | null): boolean {
  return stage !== null && stage !== 'cancelled' && isBeforePickup(stage);
}

/** What cancelling would answer now, shown to the app as `canCancel`. */
export function mayCancel(state: Pick<OrderState, 'status' | 'shipmentStage'>): boolean {
  return (
    state.status !== 'cancelled' && !AFTER_PICKUP.has(state.status) && !parcelPickedUp(state.shipmentStage)
  );
}

/** Why booking an order's parcel again would do nothing (docs/product.md#console-pages Retry shipment). */
export type ShipmentRetryRefusal =
  | 'not_shippable'
  | 'waits_for_stock'
  | 'cancelled_by_courier'
  | 'already_booked';

/**
 * Whether the console's Retry shipment may queue the booking again, or why not: only an order that may ship, whose
 * units are taken (one waiting for stock is the owner's Ship late), and whose parcel is not booked past its AWB.
 */
export function shipmentRetryRefusal(
  state: Pick<OrderState, 'status' | 'paymentStatus' | 'shipmentStage' | 'stockTaken'>,
): ShipmentRetryRefusal | null {
  if (!mayShip(state)) return 'not_shippable';
  if (state.shipmentStage === 'cancelled') return 'cancelled_by_courier';
  if (state.shipmentStage !== null && stageProgress[state.shipmentStage] > stageProgress.awb_assigned) {
    return 'already_booked';
  }
  if (!state.stockTaken) return 'waits_for_stock';
  return null;
}

/**
 * docs/product.md#your-data: an account is not deleted while one of its orders is still on its way (paid,
 * not cancelled, not delivered) or money is still owed back to the shopper.
 */
export function holdsAccountOpen(
  state: Pick<OrderState, 'status' | 'paymentStatus' | 'refund' | 'codAdvance'>,
): boolean {
  const onItsWay = mayShip(state) && state.status !== 'delivered';
  const refundOutstanding = owesRefund(state) || state.refund === 'pending';
  return onItsWay || refundOutstanding;
}

/**
 * The refund status a shopper sees: an owed refund is `scheduled` (a job retries it) until Razorpay accepts
 * it; otherwise the latest refund's own status.
 */
export function refundStatusOf(
  state: Pick<OrderState, 'status' | 'paymentStatus' | 'refund' | 'codAdvance'>,
): 'scheduled' | RefundProgress | null {
  if (state.refund === 'pending') return 'pending';
  if (owesRefund(state)) return 'scheduled';
  return state.refund;
}

/** The lifecycle's view of an order from its stored parts. */
export function orderStateOf(
  order: Pick<OrderState, 'status' | 'paymentStatus'> & {
    couponUse?: CouponUse | null;
    codAdvance?: CodAdvance | null;
  },
  shipment: { stage: ShipmentStage } | undefined,
  refund: RefundProgress | null = null,
  stockTaken = false,
  holds = false,
): OrderState {
  return {
    status: order.status,
    paymentStatus: order.paymentStatus,
    refund,
    shipmentStage: shipment?.stage ?? null,
    stockTaken,
    holds,
    couponUse: order.couponUse ?? null,
    codAdvance: order.codAdvance ?? null,
  };
}

const applied = (next: OrderState, effects: OrderEffect[] = []): Decision => ({
  outcome: 'applied',
  next,
  effects,
});
const refused = (reason: RefusalReason): Decision => ({ outcome: 'refused', reason });
const unchanged = (state: OrderState) => applied(state);

/** An order that leaves its checkout (paid, cancelled, given up) stops holding what it held. */
function releasing(state: OrderState): { holds: false; effects: OrderEffect[] } {
  return { holds: false, effects: state.holds ? [{ type: 'release_holds' }] : [] };
}

/** Paid: a reserved use, or one given back when the checkout lapsed, is now used (money was taken at its price). */
function consumingCoupon(state: OrderState): { couponUse: CouponUse | null; effects: OrderEffect[] } {
  if (state.couponUse === 'reserved' || state.couponUse === 'released') {
    return { couponUse: 'consumed', effects: [{ type: 'consume_coupon_use' }] };
  }
  return { couponUse: state.couponUse, effects: [] };
}

/**
 * The order ends before it shipped (given up unpaid or cancelled): its use is released; a consumed one goes
 * back to the code's count, a reserved one was only held (`release_holds` gives the hold back).
 */
function releasingCoupon(state: OrderState): { couponUse: CouponUse | null; effects: OrderEffect[] } {
  if (state.couponUse === 'consumed')
    return { couponUse: 'released', effects: [{ type: 'return_coupon_use' }] };
  if (state.couponUse === 'reserved') return { couponUse: 'released', effects: [] };
  return { couponUse: state.couponUse, effects: [] };
}

function onPaymentCaptured(
  state: OrderState,
  paymentId: string,
  repeat: boolean,
  stockCovered: boolean,
): Decision {
  if (repeat) return unchanged(state);
  // A COD order's only payment is its advance: its cash is the courier's to collect.
  if (isCod(state)) return onAdvanceCaptured(state, paymentId, stockCovered);
  // Razorpay lets a shopper pay one order twice: a second captured payment goes back in full.
  if (wasPaid(state)) {
    return applied(state, [
      { type: 'refund_stray_payment', paymentId },
      { type: 'flag_attention', reason: 'second_payment' },
    ]);
  }
  // The shopper cancelled the unpaid order before the money arrived: it stays cancelled and is refunded.
  if (state.status === 'cancelled' && state.paymentStatus === 'pending') {
    const release = releasing(state);
    return applied({ ...state, paymentStatus: 'paid', holds: release.holds }, [
      ...release.effects,
      { type: 'record_collection', method: 'online', paymentId },
      { type: 'refund_order' },
    ]);
  }
  // Pending, or a checkout given up unpaid (never an order the shopper saw): the money makes it an order.
  // docs/product.md#stock: without the units the order is still the shopper's, but waits for the owner.
  const fulfilment: OrderEffect[] = stockCovered
    ? [{ type: 'take_stock' }, { type: 'enqueue_shipment' }]
    : [{ type: 'flag_attention', reason: 'paid_out_of_stock' }];
  const stockTaken = state.stockTaken || stockCovered;
  const release = releasing(state);
  const coupon = consumingCoupon(state);
  const next: OrderState = {
    ...state,
    status: 'confirmed',
    paymentStatus: 'paid',
    stockTaken,
    holds: release.holds,
    couponUse: coupon.couponUse,
  };
  // The coupon's row is locked after the products' (docs/architecture.md#locks): its effect comes after theirs.
  return applied(next, [
    ...release.effects,
    { type: 'record_charges' },
    { type: 'record_collection', method: 'online', paymentId },
    { type: 'clear_cart' },
    ...fulfilment,
    ...coupon.effects,
    { type: 'send_email', kind: 'confirmed' },
    { type: 'alert_new_order' },
  ]);
}

/** docs/product.md#stock: the owner ships an order that was paid when its units had run out. */
function onShipLateRequested(state: OrderState, stockCovered: boolean): Decision {
  if (!mayShip(state)) return refused('not_paid');
  if (state.stockTaken) return unchanged(state);
  if (!stockCovered) return refused('out_of_stock');
  return applied({ ...state, stockTaken: true }, [
    { type: 'take_stock' },
    { type: 'resolve_attention', reason: 'paid_out_of_stock' },
    { type: 'enqueue_shipment' },
  ]);
}

function onCheckoutAbandoned(state: OrderState): Decision {
  if (state.status !== 'pending' || state.paymentStatus !== 'pending') return unchanged(state);
  const release = releasing(state);
  const coupon = releasingCoupon(state);
  return applied(
    {
      ...state,
      status: 'cancelled',
      paymentStatus: 'failed',
      holds: release.holds,
      couponUse: coupon.couponUse,
    },
    [...release.effects, ...coupon.effects],
  );
}

/**
 * A checkout in progress replaced by a newer one ends as an unconfirmed COD order's expiry does: cancelled, its
 * holds and its code's use given back. Money arriving for it later is refunded, as for any order cancelled
 * before it was paid; anything past its checkout is left as it is.
 */
function onCheckoutReplaced(state: OrderState, notify: boolean): Decision {
  const inProgress =
    state.status === 'pending' && (state.paymentStatus === 'pending' || state.paymentStatus === 'cod_due');
  if (!inProgress) return unchanged(state);
  const release = releasing(state);
  const coupon = releasingCoupon(state);
  const told: OrderEffect[] =
    notify && isCod(state) ? [{ type: 'send_email', kind: 'cod_unconfirmed_cancelled' }] : [];
  return applied({ ...state, status: 'cancelled', holds: release.holds, couponUse: coupon.couponUse }, [
    ...release.effects,
    ...coupon.effects,
    ...told,
  ]);
}

function onCancelRequested(state: OrderState): Decision {
  // A checkout given up unpaid would be revived by money arriving late; once the shopper or the shop says
  // cancel, it is cancelled before payment like any other, and late money is refunded.
  if (isAbandonedCheckout(state)) return applied({ ...state, paymentStatus: 'pending' });
  if (state.status === 'cancelled') return unchanged(state);
  if (AFTER_PICKUP.has(state.status) || parcelPickedUp(state.shipmentStage)) return refused('after_pickup');
  if (parcelLive(state.shipmentStage)) return refused('parcel_live');
  const release = releasing(state);
  const coupon = releasingCoupon(state);
  const next: OrderState = {
    ...state,
    status: 'cancelled',
    stockTaken: false,
    holds: release.holds,
    couponUse: coupon.couponUse,
  };
  const effects: OrderEffect[] = [...release.effects];
  // Only a paid (or confirmed COD) order was confirmed to the shopper; an unpaid checkout just goes away.
  if (wasConfirmedToShopper(state)) {
    effects.push(
      { type: 'send_email', kind: 'cancelled' },
      { type: 'resolve_attention', reason: 'paid_out_of_stock' },
    );
  }
  if (state.stockTaken) effects.push({ type: 'put_back_stock' });
  effects.push(...coupon.effects);
  // A confirmed COD order's cash was never collected: nothing is owed (docs/architecture.md#money-record).
  if (state.paymentStatus === 'cod_due' && state.status !== 'pending') effects.push({ type: 'void_charges' });
  if (owesRefund(next)) {
    effects.push({ type: 'refund_order', delaySeconds: REFUND_AFTER_CANCEL_DELAY_SECONDS });
  }
  return applied(next, effects);
}

function onParcelBooked(state: OrderState, stage: ShipmentStage): Decision {
  if (!mayShip(state)) return applied(state, [{ type: 'cancel_courier_order' }]);
  const booked = { ...state, shipmentStage: laterStage(state.shipmentStage ?? stage, stage) };
  return followStage(booked, [{ type: 'resolve_attention', reason: 'shipment_not_booked' }]);
}

/** The order's status follows its parcel's stage forward; e-mails only for the stage it lands on. */
function followStage(state: OrderState, effects: OrderEffect[]): Decision {
  const target = state.shipmentStage ? orderStatusForStage(state.shipmentStage) : undefined;
  // Only a paid order follows its parcel; a cancelled one stays cancelled.
  if (!target || !mayShip(state) || statusProgress[target] <= statusProgress[state.status]) {
    return applied(state, effects);
  }
  const next = { ...state, status: target, ...codOnStatus(state, target, effects) };
  if (EMAILED_STATUSES.has(target)) effects.push({ type: 'send_email', kind: target as OrderEmailKind });
  return applied(next, effects);
}

function onCourierStage(state: OrderState, reported: ShipmentStage): Decision {
  if (reported === 'cancelled') return onParcelCancelledByCourier(state);
  const stage = laterStage(state.shipmentStage ?? reported, reported);
  const effects: OrderEffect[] = [];
  if (stage === 'returned' && state.shipmentStage !== 'returned' && isConfirmedCod(state)) {
    return onRtoStarted({ ...state, shipmentStage: stage });
  }
  if (stage === 'returned' && state.shipmentStage !== 'returned') {
    effects.push({ type: 'flag_attention', reason: 'parcel_returned' });
  }
  return followStage({ ...state, shipmentStage: stage }, effects);
}

function onParcelCancelledByCourier(state: OrderState): Decision {
  const next = { ...state, shipmentStage: laterStage(state.shipmentStage ?? 'cancelled', 'cancelled') };
  // Our own cancellation stops the parcel too; only a paid order left without its parcel needs a person.
  const stopped = state.shipmentStage !== 'cancelled' && next.shipmentStage === 'cancelled';
  if (!stopped || state.status === 'cancelled' || !mayShip(state)) {
    return applied(next);
  }
  return applied(next, [{ type: 'flag_attention', reason: 'parcel_cancelled_by_courier' }]);
}

/** A parcel in trouble at the courier needs a person while the order is still to reach the shopper. */
function onCourierStatus(state: OrderState, exception: boolean): Decision {
  if (!exception) return applied(state, [{ type: 'resolve_attention', reason: 'courier_exception' }]);
  if (!mayShip(state) || state.status === 'delivered') return unchanged(state);
  return applied(state, [{ type: 'flag_attention', reason: 'courier_exception' }]);
}

function onRefundRequested(state: OrderState, amountPaise: number, refundablePaise: number): Decision {
  if (state.paymentStatus !== 'paid' && state.paymentStatus !== 'partially_refunded')
    return refused('not_paid');
  if (amountPaise <= 0 || amountPaise > refundablePaise) return refused('exceeds_refundable');
  return applied(state);
}

function onRefundSettled(state: OrderState, fullyRefunded: boolean, refundId: string): Decision {
  if (!wasPaid(state)) return onAdvanceRefundSettled(state, fullyRefunded, refundId);
  // Refunds only add up: a late report of an earlier partial refund never undoes "refunded".
  const paymentStatus =
    fullyRefunded || state.paymentStatus === 'refunded' ? 'refunded' : 'partially_refunded';
  const effects: OrderEffect[] = [
    { type: 'resolve_attention', reason: 'refund_failing' },
    { type: 'resolve_attention', reason: 'refund_pending_long' },
  ];
  effects.push({ type: 'record_refund', refundId });
  if (fullyRefunded && state.paymentStatus !== 'refunded')
    effects.push({ type: 'send_email', kind: 'refunded' });
  // docs/product.md#order-messages: each part refunded is told too, the last part by 'refunded'.
  if (!fullyRefunded && state.paymentStatus !== 'refunded')
    effects.push({ type: 'send_email', kind: 'partially_refunded', refundId });
  return applied({ ...state, paymentStatus, refund: 'processed' }, effects);
}

function onRefundFailed(state: OrderState, event: Extract<OrderEvent, { type: 'refund_failed' }>): Decision {
  // A stray payment's refund says nothing of the order's own refund.
  const next: OrderState = event.stray ? state : { ...state, refund: 'failed' };
  const noLongerPending: OrderEffect[] = event.stray
    ? []
    : [{ type: 'resolve_attention', reason: 'refund_pending_long' }];
  if (event.attempts >= MAX_FAILED_REFUNDS) {
    return applied(next, [...noLongerPending, { type: 'flag_attention', reason: 'refund_failing' }]);
  }
  if (event.stray) {
    const retry = { paymentId: event.paymentId, delaySeconds: RETRY_FAILED_REFUND_AFTER_SECONDS };
    return applied(next, [{ type: 'refund_stray_payment', ...retry }]);
  }
  // Still owed: the refund job tries again later with a new key.
  if (owesRefund(next)) {
    return applied(next, [
      ...noLongerPending,
      { type: 'refund_order', delaySeconds: RETRY_FAILED_REFUND_AFTER_SECONDS },
    ]);
  }
  return applied(next, noLongerPending);
}

/** The next state of an order on an event, and what must happen because of it. */
export function decide(state: OrderState, event: OrderEvent): Decision {
  switch (event.type) {
    case 'payment_captured':
      return onPaymentCaptured(state, event.paymentId, event.repeat, event.stockCovered);
    case 'ship_late_requested':
      return onShipLateRequested(state, event.stockCovered);
    case 'payment_failed':
      return unchanged(state);
    case 'checkout_abandoned':
      return onCheckoutAbandoned(state);
    case 'checkout_replaced':
      return onCheckoutReplaced(state, event.notify);
    case 'cancel_requested':
      return onCancelRequested(state);
    case 'parcel_booked':
      return onParcelBooked(state, event.stage);
    case 'courier_stage_reported':
      return onCourierStage(state, event.stage);
    case 'parcel_cancelled_by_courier':
      return onParcelCancelledByCourier(state);
    case 'parcel_stopped':
      return applied({
        ...state,
        shipmentStage: laterStage(state.shipmentStage ?? 'cancelled', 'cancelled'),
      });
    case 'shipment_overdue':
      // An order waiting for stock is the owner's already (`paid_out_of_stock`), not the courier's.
      return mayShip(state) && state.stockTaken
        ? applied(state, [{ type: 'flag_attention', reason: 'shipment_not_booked' }])
        : unchanged(state);
    case 'refund_requested':
      return onRefundRequested(state, event.amountPaise, event.refundablePaise);
    case 'refund_started':
      return applied({ ...state, refund: 'pending' });
    case 'refund_settled':
      return onRefundSettled(state, event.fullyRefunded, event.refundId);
    case 'refund_failed':
      return onRefundFailed(state, event);
    case 'courier_status_reported':
      return onCourierStatus(state, event.exception);
    case 'stray_refund_settled':
      return applied(state, [{ type: 'resolve_attention', reason: 'second_payment' }]);
    case 'refund_overdue':
      return state.refund === 'pending'
        ? applied(state, [{ type: 'flag_attention', reason: 'refund_pending_long' }])
        : unchanged(state);
    case 'cod_refund_requested':
    case 'cod_refund_settled':
    case 'cod_refund_failed':
    case 'cod_remitted':
    case 'cod_remittance_overdue':
    case 'cod_remittance_checked':
      return decideCodMoney(state, event);
    case 'cod_placed':
    case 'cod_confirmed':
    case 'cod_confirmation_expired':
    case 'rto_received':
    case 'ndr_return_received':
      return decideCod(state, event);
  }
}

// ---- Cash on delivery (docs/product.md#cash-on-delivery): rules ----

/** What a COD order's status change brings: the cash collected on delivery, the invoice at handover. */
function codOnStatus(
  state: OrderState,
  target: OrderStatus,
  effects: OrderEffect[],
): Partial<Pick<OrderState, 'paymentStatus'>> {
  if (state.paymentStatus !== 'cod_due') return {};
  // docs/product.md#gst-invoices: a COD order's time of supply is the courier taking the parcel.
  const handedOver =
    statusProgress[state.status] < statusProgress.shipped && statusProgress[target] >= statusProgress.shipped;
  if (handedOver) effects.push({ type: 'issue_invoice' });
  // Delivered is paid: the courier took the cash from the shopper.
  if (target !== 'delivered') return {};
  effects.push({ type: 'record_collection', method: 'cod_cash' });
  return { paymentStatus: 'collected' };
}

function onCodPlaced(state: OrderState): Decision {
  // An order with an advance is confirmed by paying it: no OTP, no link.
  if (!awaitsCodConfirmation(state) || state.codAdvance === 'due') return unchanged(state);
  return applied(state, [{ type: 'send_email', kind: 'cod_confirm_request' }]);
}

/** Confirmed: what paying does to an online order (its units, cart, code, shipment, messages), money aside. */
function onCodConfirmed(state: OrderState, via: CodConfirmation, stockCovered: boolean): Decision {
  if (!isCod(state)) return refused('not_cod');
  if (state.status === 'cancelled') return refused('not_awaiting_confirmation');
  if (!awaitsCodConfirmation(state)) return unchanged(state);
  if (state.codAdvance === 'due' && via !== 'advance') return refused('advance_due');
  const fulfilment: OrderEffect[] = stockCovered
    ? [{ type: 'take_stock' }, { type: 'enqueue_shipment' }]
    : [{ type: 'flag_attention', reason: 'paid_out_of_stock' }];
  const release = releasing(state);
  const coupon = consumingCoupon(state);
  const next: OrderState = {
    ...state,
    status: 'confirmed',
    stockTaken: state.stockTaken || stockCovered,
    holds: release.holds,
    couponUse: coupon.couponUse,
  };
  return applied(next, [
    { type: 'record_cod_confirmation', via },
    { type: 'record_charges' },
    ...release.effects,
    { type: 'clear_cart' },
    ...fulfilment,
    ...coupon.effects,
    { type: 'send_email', kind: 'confirmed' },
    { type: 'alert_new_order' },
  ]);
}

/**
 * docs/product.md#part-paid-cod: a payment of a COD order is its advance. Awaited, it confirms the order (its
 * money recorded after the charges); on an order cancelled meanwhile it is refunded in full; any other payment
 * (a second one) goes back in full.
 */
function onAdvanceCaptured(state: OrderState, paymentId: string, stockCovered: boolean): Decision {
  if (state.codAdvance === null) return unchanged(state);
  if (state.codAdvance !== 'due') {
    return applied(state, [
      { type: 'refund_stray_payment', paymentId },
      { type: 'flag_attention', reason: 'second_payment' },
    ]);
  }
  const collected: OrderEffect = { type: 'record_collection', method: 'online', paymentId };
  if (!awaitsCodConfirmation(state)) {
    // Cancelled before the advance arrived (by the shopper, a newer checkout, or the expiry sweep).
    return applied({ ...state, codAdvance: 'paid' }, [collected, { type: 'refund_order' }]);
  }
  const confirmed = onCodConfirmed(state, 'advance', stockCovered);
  if (confirmed.outcome === 'refused') return confirmed;
  const effects = confirmed.effects.flatMap((effect): OrderEffect[] =>
    effect.type === 'record_charges' ? [effect, collected] : [effect],
  );
  return applied({ ...confirmed.next, codAdvance: 'paid' }, effects);
}

/** The advance went back to the shopper: the order was cancelled, or the owner refunded it. */
function onAdvanceRefundSettled(state: OrderState, fullyRefunded: boolean, refundId: string): Decision {
  if (state.codAdvance !== 'paid') return unchanged(state);
  return applied({ ...state, codAdvance: fullyRefunded ? 'refunded' : 'paid', refund: 'processed' }, [
    { type: 'resolve_attention', reason: 'refund_failing' },
    { type: 'resolve_attention', reason: 'refund_pending_long' },
    { type: 'record_refund', refundId },
    fullyRefunded
      ? { type: 'send_email', kind: 'refunded' }
      : { type: 'send_email', kind: 'partially_refunded', refundId },
  ]);
}

function onCodConfirmationExpired(state: OrderState): Decision {
  if (!awaitsCodConfirmation(state)) return unchanged(state);
  const release = releasing(state);
  const coupon = releasingCoupon(state);
  return applied({ ...state, status: 'cancelled', holds: release.holds, couponUse: coupon.couponUse }, [
    ...release.effects,
    ...coupon.effects,
    { type: 'send_email', kind: 'cod_unconfirmed_cancelled' },
  ]);
}

/** The shopper did not take the parcel: it is on its way back (Shiprocket's 9 RTO INITIATED, or 10 at once). */
function onRtoStarted(state: OrderState): Decision {
  return applied({ ...state, status: 'returned_to_origin' }, [
    { type: 'resolve_attention', reason: 'courier_exception' },
  ]);
}

/**
 * The parcel is back with us: its units go back to the stock, its code's use is given back (nothing was bought),
 * and a credit note cancels the invoice issued at handover. Once: the stock is back after the first.
 */
function onRtoReceived(state: OrderState): Decision {
  if (state.status !== 'returned_to_origin' || !state.stockTaken) return unchanged(state);
  const coupon = releasingCoupon(state);
  return applied({ ...state, stockTaken: false, couponUse: coupon.couponUse }, [
    { type: 'put_back_stock' },
    ...coupon.effects,
    { type: 'issue_rto_credit_note' },
    ...(state.paymentStatus === 'cod_due' ? [{ type: 'void_charges' } as const] : []),
  ]);
}

/**
 * docs/product.md#failed-deliveries: back after a return was chosen, the order is cancelled. A prepaid order is
 * refunded in full now that the parcel is back (whoever chose), its units and code given back; a COD order owes
 * nothing (`rto_received` already voided its charges and put its stock back) and is cancelled when the shopper
 * chose, else it stays returned to origin, a refusal like any RTO.
 */
function onNdrReturnReceived(state: OrderState, chosen: boolean): Decision {
  const over = state.status === 'cancelled' || state.status === 'delivered';
  if (over || state.shipmentStage !== 'returned') return unchanged(state);
  if (isCod(state) && !chosen) return unchanged(state);
  let next: OrderState = { ...state, status: 'cancelled' };
  const effects: OrderEffect[] = [];
  if (state.status !== 'returned_to_origin' && state.stockTaken) {
    const coupon = releasingCoupon(state);
    next = { ...next, stockTaken: false, couponUse: coupon.couponUse };
    effects.push({ type: 'put_back_stock' }, ...coupon.effects, {
      type: 'resolve_attention',
      reason: 'parcel_returned',
    });
  }
  effects.push({ type: 'send_email', kind: 'cancelled' });
  if (owesRefund(next)) effects.push({ type: 'refund_order' });
  return applied(next, effects);
}

function decideCod(state: OrderState, event: CodEvent): Decision {
  switch (event.type) {
    case 'cod_placed':
      return onCodPlaced(state);
    case 'cod_confirmed':
      return onCodConfirmed(state, event.via, event.stockCovered);
    case 'cod_confirmation_expired':
      return onCodConfirmationExpired(state);
    case 'rto_received':
      return onRtoReceived(state);
    case 'ndr_return_received':
      return onNdrReturnReceived(state, event.chosen);
  }
}
// ---- end of cash on delivery rules ----
