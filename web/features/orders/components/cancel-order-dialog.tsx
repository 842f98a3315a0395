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

/** The confirmation before an order is cancelled and refunded. */
export function CancelOrderDialog({ order, open, cancelling, onConfirm, onClose }: CancelOrderDialogProps) {
  return (
    <Dialog open={open} onClose={onClose} title="Cancel Order">
      <p>
        Cancel order {order.orderNumber}? Your payment of {formatRupeesExact(order.totalPaise / 100)} will be
        refunded in full to your original payment method.
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
