import type { ConsoleOrderAction } from '../../../contracts/admin-orders';
import { decide, type OrderState, shipmentRetryRefusal } from '../orders/lifecycle';

// docs/product.md#console-pages: the console offers an action on an order only when the order's state allows it,
// as the lifecycle decides the event the action sends; the member's role is the console's to apply.

export interface ConsoleActionFacts {
  /** Paid cash on delivery: its money goes back through the COD section, never a Razorpay refund. */
  cod: boolean;
  /** What a refund of the paying payment may still give back. */
  refundablePaise: number;
  /** How many kinds of order message the shopper was sent (only those can be sent again). */
  sentMessages: number;
}

/** Cancelling from the console stops a parcel not yet picked up first (server/flows/cancel-order.ts), then cancels. */
function mayCancelFromConsole(state: OrderState): boolean {
  if (state.status === 'cancelled') return false;
  const stopped = decide(state, { type: 'parcel_stopped' });
  if (stopped.outcome !== 'applied') return false;
  const cancelled = decide(stopped.next, { type: 'cancel_requested', by: 'shop' });
  return cancelled.outcome === 'applied' && cancelled.next.status === 'cancelled';
}

/** The actions the order's state allows now, in the order the console lists them. */
export function allowedConsoleActions(state: OrderState, facts: ConsoleActionFacts): ConsoleOrderAction[] {
  const allowed: ConsoleOrderAction[] = [];
  const shipLate = decide(state, { type: 'ship_late_requested', stockCovered: true });
  if (
    shipLate.outcome === 'applied' &&
    shipLate.effects.some((effect) => effect.type === 'enqueue_shipment')
  ) {
    allowed.push('ship_late');
  }
  const confirm = decide(state, { type: 'cod_confirmed', via: 'staff', stockCovered: true });
  if (confirm.outcome === 'applied' && confirm.next.status !== state.status) allowed.push('confirm_cod');
  if (!facts.cod && facts.refundablePaise > 0) {
    const refund = decide(state, {
      type: 'refund_requested',
      amountPaise: facts.refundablePaise,
      refundablePaise: facts.refundablePaise,
    });
    if (refund.outcome === 'applied') allowed.push('refund');
  }
  if (mayCancelFromConsole(state)) allowed.push('cancel');
  if (shipmentRetryRefusal(state) === null) allowed.push('retry_shipment');
  if (facts.sentMessages > 0) allowed.push('resend_message');
  allowed.push('add_note');
  return allowed;
}
