import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { AdminOrderDetail } from '../../../../contracts/admin-orders';
import { MemoryRouter } from '../../../lib/router';
import { anOrder } from '../../../test/orders';
import { OrderItemsAndAmounts, OrderPayments, OrderShopper } from './order-details';

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

  it('show the prepaid offer an order paid online was given, under its own name (docs/product.md#prepaid-offer)', () => {
    const withOffer = anOrder({ prepaidDiscountPaise: 40_00 }) as AdminOrderDetail['order'];
    const { unmount } = render(
      <OrderItemsAndAmounts order={withOffer} invoiceTax={null} refundablePaise={0} />,
    );
    expect(screen.getByText('Prepaid offer').nextElementSibling?.textContent).toBe('−₹40.00');
    unmount();
    render(<OrderItemsAndAmounts order={order} invoiceTax={null} refundablePaise={0} />);
    expect(screen.queryByText('Prepaid offer')).toBeNull();
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
    expect(screen.queryByText('Advance')).toBeNull();
    unmount();
    render(<OrderItemsAndAmounts order={order} invoiceTax={null} refundablePaise={0} />);
    expect(screen.queryByText('Cash on delivery fee')).toBeNull();
  });

  it("show a COD order's advance and where it stands (docs/product.md#part-paid-cod)", () => {
    const withAdvance = (codAdvance: 'due' | 'paid' | 'refunded') =>
      anOrder({
        status: codAdvance === 'due' ? 'pending' : 'confirmed',
        paymentStatus: 'cod_due',
        paymentMethod: 'COD',
        codFeePaise: 49_00,
        codAdvancePaise: 99_00,
        codAdvance,
      }) as AdminOrderDetail['order'];
    for (const [state, words] of [
      ['due', '₹99.00 due: paying it confirms the order'],
      ['paid', '₹99.00 paid online'],
      ['refunded', '₹99.00 paid online, refunded'],
    ] as const) {
      const { unmount } = render(
        <OrderItemsAndAmounts order={withAdvance(state)} invoiceTax={null} refundablePaise={0} />,
      );
      expect(screen.getByText('Advance').nextElementSibling?.textContent).toBe(words);
      unmount();
    }
  });
});

// docs/product.md#staff: what the console says of a shopper and a payment is what there is, in words.
describe("the console's shopper and payments", () => {
  it('show a phone-only shopper without an empty e-mail, the phones formatted', () => {
    render(
      <MemoryRouter initialEntries={['/admin/orders/1']}>
        <OrderShopper
          shopper={{
            userId: null,
            name: 'Bhavna Shah',
            email: '',
            phone: '9886022222',
            deliveryPhone: '9886022222',
          }}
          order={order}
        />
      </MemoryRouter>,
    );
    const section = screen.getByRole('region', { name: 'Shopper and address' });
    expect(within(section).getByText('E-mail').nextElementSibling?.textContent).toBe('None');
    expect(within(section).getByText('Phone').nextElementSibling?.textContent).toBe('+91 98860 22222');
    expect(within(section).getByText('Courier calls').nextElementSibling?.textContent).toBe(
      '+91 98860 22222',
    );
  });

  it('say a COD order is paid to the courier rather than listing no payment', () => {
    const { unmount } = render(<OrderPayments payments={[]} refunds={[]} paymentMethod="COD" />);
    expect(
      screen.getByText('Cash on delivery: paid to the courier, so there is no online payment.'),
    ).toBeTruthy();
    unmount();
    render(<OrderPayments payments={[]} refunds={[]} paymentMethod="Online" />);
    expect(screen.getByText('No payments.')).toBeTruthy();
  });
});
