import type { StaffProfile } from '../../../../contracts/staff';
import { StatusMessage } from '../../../components/status-message';
import { OrderCodMoney } from '../../../features/admin-cod/components/order-cod-money';
import { useAdminOrder } from '../../../features/admin-orders/api/get-admin-order';
import { OrderActions } from '../../../features/admin-orders/components/order-actions';
import {
  OrderFlags,
  OrderItemsAndAmounts,
  OrderNotes,
  OrderPayments,
  OrderShipment,
  OrderShopper,
  OrderTimeline,
} from '../../../features/admin-orders/components/order-details';
import { OrderTaxDocuments } from '../../../features/admin-orders/components/order-tax-documents';
import { adminPaths } from '../../../lib/admin-paths';
import { formatIstDateTime, humanise } from '../../../lib/console-format';
import { Link, useOutletContext, useParams } from '../../../lib/router';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useToast } from './toasts';

export function AdminOrderPage() {
  const { id = '' } = useParams();
  const staff = useOutletContext<StaffProfile>();
  const toast = useToast();
  const detail = useAdminOrder(id);
  useDocumentTitle(detail.data ? `Order ${detail.data.order.orderNumber}` : 'Order');

  if (detail.isPending) return <p role="status">Loading the order…</p>;
  if (detail.isError) {
    return (
      <>
        <h1>Order</h1>
        <StatusMessage status={{ kind: 'error', text: detail.error.message }} />
        <p>
          <Link to={adminPaths.orders}>Back to orders</Link>
        </p>
      </>
    );
  }
  const { order } = detail.data;
  return (
    <>
      <p>
        <Link to={adminPaths.orders}>Back to orders</Link>
      </p>
      <h1>Order {order.orderNumber}</h1>
      <p>
        {humanise(order.status)}, payment {humanise(order.paymentStatus).toLowerCase()}; placed{' '}
        {formatIstDateTime(order.createdAt)}
      </p>
      <OrderFlags attention={detail.data.attention} />
      <OrderActions detail={detail.data} isOwner={staff.role === 'owner'} onDone={toast} />
      <OrderItemsAndAmounts
        order={order}
        invoiceTax={detail.data.invoiceTax}
        refundablePaise={detail.data.refundablePaise}
      />
      {order.paymentMethod === 'COD' && (
        <OrderCodMoney orderId={id} isOwner={staff.role === 'owner'} onDone={toast} />
      )}
      <OrderShopper shopper={detail.data.shopper} order={order} />
      <OrderPayments
        payments={detail.data.payments}
        refunds={detail.data.refunds}
        paymentMethod={detail.data.order.paymentMethod}
      />
      <OrderTaxDocuments orderId={id} />
      <OrderShipment shipment={order.shipment} scans={detail.data.scans} />
      <OrderNotes notes={detail.data.notes} />
      <OrderTimeline timeline={detail.data.timeline} />
    </>
  );
}
