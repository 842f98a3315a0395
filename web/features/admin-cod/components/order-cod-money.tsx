import { useState } from 'react';
import { type CodRefundReply, refundPaidElsewhereWayLabels } from '../../../../contracts/cod-money';
import { Button } from '../../../components/button';
import { StatusMessage } from '../../../components/status-message';
import { formatIsoDay, formatIstDateTime, formatPaise, humanise } from '../../../lib/console-format';
import { useOrderCodMoney } from '../api/get-order-cod-money';
import { PaidElsewhereDialog, PayoutRefundDialog } from './cod-refund-dialogs';

interface OrderCodMoneyProps {
  orderId: string;
  isOwner: boolean;
  onDone: (message: string) => void;
}

/**
 * docs/product.md#cod-refunds: a COD order's cash on its console page: collected, refunded, remitted, and the
 * owner's two ways to refund it.
 */
export function OrderCodMoney({ orderId, isOwner, onDone }: OrderCodMoneyProps) {
  const money = useOrderCodMoney(orderId);
  const [open, setOpen] = useState<'payout' | 'elsewhere' | null>(null);
  const [opening, setOpening] = useState(0);
  const show = (dialog: 'payout' | 'elsewhere') => {
    setOpening((count) => count + 1);
    setOpen(dialog);
  };
  const close = () => setOpen(null);
  const finish = (reply: CodRefundReply) => {
    close();
    onDone(reply.message);
  };

  if (money.isPending) return <p role="status">Loading the cash on delivery…</p>;
  if (money.isError) return <StatusMessage status={{ kind: 'error', text: money.error.message }} />;
  const data = money.data;
  const mayRefund = isOwner && data.refundablePaise > 0;
  return (
    <section className="admin-section" aria-labelledby="order-cod">
      <h2 id="order-cod">Cash on delivery</h2>
      <dl className="admin-details">
        <dt>Collected by the courier</dt>
        <dd>{data.collectedPaise > 0 ? formatPaise(data.collectedPaise) : 'Not yet'}</dd>
        <dt>Refunded</dt>
        <dd>{formatPaise(data.refundedPaise)}</dd>
        <dt>Can still be refunded</dt>
        <dd>{formatPaise(data.refundablePaise)}</dd>
        <dt>Remitted by Shiprocket</dt>
        <dd>
          {data.remittance
            ? `${formatPaise(data.remittance.remittedPaise)} on ${formatIsoDay(data.remittance.remittedOn)}, UTR ${data.remittance.utr}`
            : 'Not yet'}
        </dd>
      </dl>
      {data.payouts.length > 0 && (
        <ul className="admin-list" aria-label="Refunds to UPI">
          {data.payouts.map((payout) => (
            <li key={payout.id}>
              {formatPaise(payout.amountPaise)} to {payout.vpa}: {humanise(payout.status)}
              {payout.utr && <>, UTR {payout.utr}</>}
              {payout.failure && <> ({payout.failure})</>}, {formatIstDateTime(payout.createdAt)}
            </li>
          ))}
        </ul>
      )}
      {data.paidElsewhere.length > 0 && (
        <ul className="admin-list" aria-label="Refunds paid another way">
          {data.paidElsewhere.map((refund) => (
            <li key={refund.id}>
              {formatPaise(refund.amountPaise)} by {refundPaidElsewhereWayLabels[refund.how].toLowerCase()}
              {refund.note && <>: {refund.note}</>}
              {refund.staffName && <>, recorded by {refund.staffName}</>},{' '}
              {formatIstDateTime(refund.createdAt)}
            </li>
          ))}
        </ul>
      )}
      {mayRefund && (
        <div className="admin-actions">
          {data.payoutsConfigured && <Button onClick={() => show('payout')}>Refund to UPI</Button>}
          <Button variant="secondary" onClick={() => show('elsewhere')}>
            Record refund paid another way
          </Button>
        </div>
      )}
      {mayRefund && !data.payoutsConfigured && (
        <p className="admin-muted">Refunds to a UPI ID need RazorpayX, which is not configured.</p>
      )}
      {/* Mounted while open too: after a full refund nothing is left, and an unmounted dialog would never hear
          its own success. A new key at each opening starts it afresh (fields, error, idempotency key). */}
      {(mayRefund || open === 'payout') && (
        <PayoutRefundDialog
          key={`payout-${opening}`}
          open={open === 'payout'}
          orderId={orderId}
          refundablePaise={data.refundablePaise}
          onClose={close}
          onDone={finish}
        />
      )}
      {(mayRefund || open === 'elsewhere') && (
        <PaidElsewhereDialog
          key={`elsewhere-${opening}`}
          open={open === 'elsewhere'}
          orderId={orderId}
          refundablePaise={data.refundablePaise}
          onClose={close}
          onDone={finish}
        />
      )}
    </section>
  );
}
