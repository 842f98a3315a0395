import { arrivalChange, expectedDeliveryDate, formatArrivalDay } from '../../../contracts/delivery';
import { formatRupees, formatRupeesExact } from '../../../contracts/format';
import { type Order, type OrderEmailKind, orderPagePath } from '../../../contracts/orders';
import { prepaidOfferMessages } from '../../../contracts/prepaid-offer-rules';
import type { OrderSmsTemplate } from '../notifications/sms-templates';
import { orderNumberOf } from './order-view';

/** What an order update says, whichever way it goes (docs/product.md#order-messages). */
export interface OrderMessage {
  subject: string;
  greeting: string;
  paragraphs: string[];
  details: OrderDetails;
  sms: { template: OrderSmsTemplate; variables: Record<string, string> };
}

export interface OrderDetails {
  number: string;
  items: { label: string; amount: string }[];
  amounts: { label: string; amount: string }[];
  address: string[];
  /** "Saturday, 29 Nov" (", earlier than first promised" once the courier's day moved it); absent once the parcel is delivered or the order cancelled. */
  expectedBy: string | undefined;
  /** The day alone, "Saturday, 29 Nov", for the SMS template's variable. */
  expectedDay: string | undefined;
  link: string;
}

/**
 * Whole rupees unless there are paise, then to the paisa: a discount code's amounts and a part refunded often
 * have them, and a message never rounds money (docs/architecture.md#money-record).
 */
const rupees = (paise: number) =>
  paise % 100 === 0 ? formatRupees(paise / 100) : formatRupeesExact(paise / 100);
/** A refund is told to the paisa, as the bank statement will show it. */
const exactRupees = (paise: number) => formatRupeesExact(paise / 100);

/**
 * What a cancellation gives back: what was received less what went back before; all of it when the refund was
 * quicker than the message.
 */
function stillToRefund(order: Order): number {
  const left = order.paidPaise - order.refundedPaise;
  return left > 0 ? left : order.paidPaise;
}

/** The refund a partial refund's message tells of. */
export interface RefundFacts {
  amountPaise: number;
  /** The staff's reason; none for a refund made outside the console. */
  reason: string | null;
  /**
   * Where a COD order's refund went ("to your UPI ID priya@okaxis", "in cash"): already with the shopper. Null
   * for a refund to the original payment, which takes 6-8 days.
   */
  to?: string | null;
}

// DLT lets a template variable hold at most 30 characters.
const SMS_VARIABLE_MAX = 30;

/** Text for an SMS template's variable: cut at a word to fit, with an ellipsis. */
export function smsVariable(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= SMS_VARIABLE_MAX) return flat;
  const cut = flat.slice(0, SMS_VARIABLE_MAX - 1);
  const atWord = cut.lastIndexOf(' ');
  return `${(atWord > SMS_VARIABLE_MAX / 2 ? cut.slice(0, atWord) : cut).trimEnd()}…`;
}

/**
 * A COD order's advance paid online (docs/product.md#part-paid-cod) and what is still to pay in cash, from the
 * order's money record; 0 once the courier collected the cash (the order is paid) or with no advance.
 */
function advancePaidPaise(order: Order): number {
  return order.paymentMethod === 'COD' && !order.paidAt ? order.paidPaise : 0;
}

function totalRows(order: Order): OrderDetails['amounts'] {
  const advance = advancePaidPaise(order);
  if (advance > 0) {
    return [
      { label: 'Total', amount: rupees(order.totalPaise) },
      { label: 'Advance paid', amount: rupees(advance) },
      { label: 'To pay on delivery', amount: rupees(order.codCashPaise) },
    ];
  }
  const label = order.paidAt ? 'Total paid' : order.paymentMethod === 'COD' ? 'To pay on delivery' : 'Total';
  return [{ label, amount: rupees(order.totalPaise) }];
}

function detailsOf(order: Order, kind: OrderEmailKind, publicUrl: string): OrderDetails {
  const address = order.shippingAddress;
  const stillComing = kind === 'confirmed' || kind === 'shipped' || kind === 'out_for_delivery';
  const facts = {
    orderedAt: order.paidAt ?? order.createdAt,
    promisedDate: order.promisedDeliveryDate,
    courierEstimate: order.shipment?.estimatedDelivery,
  };
  // docs/product.md#delivery-date: the courier's day, with a word when it moved from the one promised.
  const change = arrivalChange(facts);
  const day = formatArrivalDay(expectedDeliveryDate(facts));
  const expected = `${day}${change ? `, ${change} than first promised` : ''}`;
  return {
    number: orderNumberOf(order.orderId),
    items: order.items.map((item) => ({
      label: `${item.title} (Size ${item.size}) x ${item.quantity}`,
      amount: rupees(item.lineTotalPaise),
    })),
    amounts: [
      { label: 'Subtotal', amount: rupees(order.subtotalPaise) },
      // docs/product.md#money: the code's discount, so the lines add up to the total paid.
      ...(order.couponCode && order.couponDiscountPaise > 0
        ? [{ label: `Coupon ${order.couponCode}`, amount: `−${rupees(order.couponDiscountPaise)}` }]
        : []),
      // docs/product.md#prepaid-offer: after the code, under its own name.
      ...(order.prepaidDiscountPaise > 0
        ? [{ label: prepaidOfferMessages.label, amount: `−${rupees(order.prepaidDiscountPaise)}` }]
        : []),
      { label: 'Shipping', amount: order.shippingPaise === 0 ? 'FREE' : rupees(order.shippingPaise) },
      ...(order.codFeePaise > 0
        ? [{ label: 'Cash on delivery fee', amount: rupees(order.codFeePaise) }]
        : []),
      ...totalRows(order),
      ...(kind === 'partially_refunded'
        ? [{ label: 'Refunded so far', amount: exactRupees(order.refundedPaise) }]
        : []),
    ],
    address: [
      `${address.firstName} ${address.lastName}`.trim(),
      address.houseName,
      address.streetArea,
      [address.city, address.state, address.pincode].filter(Boolean).join(', '),
    ].filter(Boolean),
    expectedBy: stillComing ? expected : undefined,
    expectedDay: stillComing ? day : undefined,
    link: new URL(orderPagePath(order.orderId), publicUrl).toString(),
  };
}

/**
 * The subject, paragraphs and SMS of one order update; the details block is the same for all. A partial
 * refund's message is about one refund: `refund`.
 */
export function orderMessageOf(
  order: Order,
  kind: OrderEmailKind,
  publicUrl: string,
  refund?: RefundFacts,
  /** A COD order's confirm link (docs/product.md#cash-on-delivery), made when its message is sent. */
  codConfirmLink?: string,
): OrderMessage {
  const details = detailsOf(order, kind, publicUrl);
  const { number, link } = details;
  const courier = order.shipment?.courierName ?? 'our courier';
  const greeting = `Hello ${order.shippingAddress.firstName || 'there'},`;
  const base = { greeting, details };
  const cod = order.paymentMethod === 'COD';
  switch (kind) {
    case 'confirmed':
      if (cod) return codConfirmedMessage(order, base);
      return {
        ...base,
        subject: `Your order ${number} is confirmed`,
        paragraphs: [
          `Thank you for your order ${number}. We have received your payment of ${rupees(order.paidPaise)} and are preparing your mittens.`,
          'We will write again when your parcel is on its way.',
        ],
        sms: {
          template: 'order_confirmed',
          variables: {
            order: number,
            amount: rupees(order.paidPaise),
            // The DLT template's variable holds the day alone (its length is capped).
            date: details.expectedDay ?? '',
            link,
          },
        },
      };
    case 'shipped':
      return {
        ...base,
        subject: `Your order ${number} is on its way`,
        paragraphs: [
          `Your order ${number} has left us with ${courier}.`,
          ...(order.shipment?.trackingNumber ? [`Tracking number: ${order.shipment.trackingNumber}`] : []),
          ...(order.shipment?.trackingUrl ? [`Track it here: ${order.shipment.trackingUrl}`] : []),
        ],
        sms: {
          template: 'order_shipped',
          variables: { order: number, courier, link: order.shipment?.trackingUrl ?? link },
        },
      };
    case 'out_for_delivery':
      return {
        ...base,
        subject: `Your order ${number} is out for delivery`,
        paragraphs: [
          `Your order ${number} is out for delivery with ${courier} and should reach you today.`,
          ...(order.shipment?.trackingUrl ? [`Track it here: ${order.shipment.trackingUrl}`] : []),
        ],
        sms: { template: 'order_out_for_delivery', variables: { order: number, link } },
      };
    case 'delivered':
      return {
        ...base,
        subject: `Your order ${number} has been delivered`,
        paragraphs: [`Your order ${number} has been delivered. We hope your skin loves the silk.`],
        sms: { template: 'order_delivered', variables: { order: number } },
      };
    case 'cancelled':
      return {
        ...base,
        subject: `Your order ${number} is cancelled`,
        paragraphs: [
          `Your order ${number} is cancelled as you asked.`,
          // docs/product.md#cancellation-and-refunds: refunds take 6-8 days.
          // A COD order's money taken is its advance (docs/product.md#part-paid-cod).
          order.paidPaise > 0
            ? `We are refunding ${rupees(stillToRefund(order))} to your original payment method. Refunds take 6-8 days to reach your account; we will write again once the refund is processed.`
            : 'No payment was taken for it, so there is nothing to refund.',
        ],
        sms: { template: 'order_cancelled', variables: { order: number, link } },
      };
    case 'refunded':
      return {
        ...base,
        subject: `Your refund for order ${number} is processed`,
        // docs/product.md#cod-refunds: a COD order's cash went back by payout or another way, already received.
        paragraphs: cod
          ? [`We have refunded ${rupees(order.refundedPaise)} for your order ${number}.`]
          : [
              `We have refunded ${rupees(order.refundedPaise)} for your order ${number} to your original payment method.`,
              'Refunds take 6-8 days to reach your account; you need not do anything.',
            ],
        sms: {
          template: 'order_refunded',
          variables: { order: number, amount: rupees(order.refundedPaise) },
        },
      };
    case 'partially_refunded': {
      if (!refund) throw new Error('a partial refund’s message needs its refund');
      const amount = exactRupees(refund.amountPaise);
      return {
        ...base,
        subject: `${amount} of your order ${number} is refunded`,
        paragraphs: [
          `We have refunded ${amount} of your order ${number} ${refund.to ?? 'to your original payment method'}.`,
          ...(refund.reason ? [`Reason: ${refund.reason}`] : []),
          // docs/product.md#cancellation-and-refunds: refunds take 6-8 days; a COD refund is with the shopper.
          ...(refund.to ? [] : ['Refunds take 6-8 days to reach your account; you need not do anything.']),
        ],
        sms: {
          template: 'order_partially_refunded',
          variables: {
            amount,
            order: number,
            reason: smsVariable(refund.reason ?? 'a refund by the shop'),
          },
        },
      };
    }
    case 'cod_confirm_request':
      return {
        ...base,
        subject: `Please confirm your cash-on-delivery order ${number}`,
        paragraphs: [
          `Thank you for your order ${number}, to pay ${rupees(order.totalPaise)} in cash on delivery.`,
          `Please confirm it with the OTP we sent to your mobile, or open this link: ${codConfirmLink ?? link}`,
          'We ship it once it is confirmed; an order left unconfirmed is cancelled.',
        ],
        sms: {
          template: 'cod_confirm_request',
          variables: { order: number, amount: rupees(order.totalPaise), link: codConfirmLink ?? link },
        },
      };
    case 'cod_unconfirmed_cancelled':
      return {
        ...base,
        subject: `Your order ${number} is cancelled: it was not confirmed`,
        paragraphs: [
          `Your cash-on-delivery order ${number} was not confirmed in time, so we have cancelled it.`,
          'Nothing was charged. You are welcome to order again.',
        ],
        sms: { template: 'cod_unconfirmed_cancelled', variables: { order: number } },
      };
  }
}

/** A confirmed COD order: no money taken yet but an advance, the cash to keep ready. */
function codConfirmedMessage(order: Order, base: Pick<OrderMessage, 'greeting' | 'details'>): OrderMessage {
  const { number, link } = base.details;
  const advance = advancePaidPaise(order);
  const cash = order.codCashPaise;
  return {
    ...base,
    subject: `Your order ${number} is confirmed`,
    paragraphs: [
      advance > 0
        ? `Thank you: your advance of ${rupees(advance)} is paid and your order ${number} is confirmed. We are preparing your mittens.`
        : `Thank you for confirming your order ${number}. We are preparing your mittens.`,
      `Please keep ${rupees(cash)} ready to pay in cash when it arrives.`,
      'We will write again when your parcel is on its way.',
    ],
    sms: {
      template: 'order_confirmed',
      variables: {
        order: number,
        amount: rupees(cash),
        date: base.details.expectedDay ?? '',
        link,
      },
    },
  };
}

/** The plain-text part of the e-mail: the same words as the HTML part. */
export function orderEmailText(message: OrderMessage): string {
  const { details } = message;
  return [
    message.greeting,
    '',
    ...message.paragraphs,
    '',
    `Order ${details.number}`,
    ...details.items.map((item) => `- ${item.label}: ${item.amount}`),
    ...details.amounts.map((row) => `${row.label}: ${row.amount}`),
    '',
    'Delivering to:',
    ...details.address,
    ...(details.expectedBy ? ['', `Expected by ${details.expectedBy}`] : []),
    '',
    `See your order: ${details.link}`,
  ].join('\n');
}
