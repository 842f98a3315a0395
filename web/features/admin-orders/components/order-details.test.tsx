import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { AdminOrderDetail } from '../../../../contracts/admin-orders';
import { anOrder } from '../../../test/orders';
import { OrderItemsAndAmounts } from './order-details';

const order = anOrder() as AdminOrderDetail['order'];

function gstShown(invoiceTax: AdminOrderDetail['invoiceTax']) {
  render(<OrderItemsAndAmounts order={order} invoiceTax={invoiceTax} refundablePaise={0} />);
  return screen.getByText('GST').nextElementSibling?.textContent;
}

describe("the console's order amounts", () => {
  it("give the invoice's GST by kind, inside the prices, and say when there is no invoice yet", () => {
    expect(gstShown({ cgstPaise: 0, sgstPaise: 0, igstPaise: 5_376 })).toBe(
      'IGST ₹53.76 (included in the prices)',
    );
  });

  it('split an intra-state invoice into CGST and SGST', () => {
    expect(gstShown({ cgstPaise: 2_688, sgstPaise: 2_688, igstPaise: 0 })).toBe(
      'CGST ₹26.88 + SGST ₹26.88 (included in the prices)',
    );
  });

  it('say when the order is not invoiced yet', () => {
    expect(gstShown(null)).toBe('Not invoiced yet');
  });

  it('show the discount code an order used, and none when it used none (docs/product.md#discount-codes)', () => {
    const withCode = anOrder({
      couponCode: 'WELCOME10',
      couponDiscountPaise: 59_90,
    }) as AdminOrderDetail['order'];
    const { unmount } = render(
      <OrderItemsAndAmounts order={withCode} invoiceTax={null} refundablePaise={0} />,
    );
    expect(screen.getByText('Coupon discount (WELCOME10)').nextElementSibling?.textContent).toBe('−₹59.90');
    unmount();
    render(<OrderItemsAndAmounts order={order} invoiceTax={null} refundablePaise={0} />);
    expect(screen.queryByText(/^Coupon discount/)).toBeNull();
  });

  it("show a COD order's fee and whether it was confirmed (docs/product.md#cash-on-delivery)", () => {
    const awaiting = anOrder({
      status: 'pending',
      paymentStatus: 'cod_due',
      paymentMethod: 'COD',
      codFeePaise: 49_00,
      codConfirmBy: '2026-03-03T04:30:00.000Z',
    }) as AdminOrderDetail['order'];
    const { unmount } = render(
      <OrderItemsAndAmounts order={awaiting} invoiceTax={null} refundablePaise={0} />,
    );
    expect(screen.getByText('Cash on delivery fee').nextElementSibling?.textContent).toBe('₹49.00');
    expect(screen.getByText('Cash on delivery').nextElementSibling?.textContent).toMatch(
      /^Awaiting confirmation until 3 Mar 2026/,
    );
    unmount();
    render(<OrderItemsAndAmounts order={order} invoiceTax={null} refundablePaise={0} />);
    expect(screen.queryByText('Cash on delivery fee')).toBeNull();
  });
});
