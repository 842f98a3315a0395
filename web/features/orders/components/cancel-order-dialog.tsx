import { formatRupeesExact } from '../../../../contracts/format';
import type { Order } from '../../../../contracts/orders';
import { Button } from '../../../components/button';
import { Dialog } from '../../../components/dialog/dialog';

interface CancelOrderDialogProps {
  order: Order;
  open: boolean;
  cancelling: boolean;
  onConfirm: () => void;
  onClose: () => void;
}

export const cancelOrderTexts = {
  refundInFull: (orderNumber: string, amount: string) =>
    `Cancel order ${orderNumber}? Your payment of ${amount} will be refunded in full to your original payment method.`,
  // docs/product.md#cancellation: a cash-on-delivery order is not paid before it is delivered.
  nothingPaid: (orderNumber: string) =>
    `Cancel order ${orderNumber}? Nothing was paid, so nothing is refunded.`,
} as const;

/** The confirmation before an order is cancelled, saying what happens to the money the shop received. */
export function CancelOrderDialog({ order, open, cancelling, onConfirm, onClose }: CancelOrderDialogProps) {
  return (
    <Dialog open={open} onClose={onClose} title="Cancel Order">
      <p>
        {order.paidPaise > 0
          ? cancelOrderTexts.refundInFull(order.orderNumber, formatRupeesExact(order.paidPaise / 100))
          : cancelOrderTexts.nothingPaid(order.orderNumber)}
      </p>
      <div className="dialog__actions">
        <Button onClick={onConfirm} disabled={cancelling}>
          {cancelling ? 'Cancelling...' : 'Yes, Cancel Order'}
        </Button>
        <Button variant="secondary" onClick={onClose}>
          Keep Order
        </Button>
      </div>
    </Dialog>
  );
}
