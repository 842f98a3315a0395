import { and, asc, eq, inArray, or } from 'drizzle-orm';
import { messages } from '../../contracts/messages';
import type { Database } from '../db/client';
import {
  cartLines,
  carts,
  codRiskRefusals,
  contactMessages,
  orderItems,
  orders,
  payments,
  refunds,
  reviewRequestOptOuts,
  reviews,
  shipmentEvents,
  shipments,
  statusHistory,
  stockNotifyRequests,
  users,
  whatsappConsents,
  wishlistItems,
} from '../db/schema';
import { AppError } from '../errors';
import { listSignedInDevices } from '../modules/auth/signed-in-devices';
import { addressOf, toUser } from '../modules/auth/user-view';
import { orderNumberOf } from '../modules/orders/order-view';
import { remindersOptedOut } from '../modules/winback/checkout-reminders';

// docs/product.md#your-data: everything the shop keeps about a shopper, as one JSON document.

async function ordersOf(db: Database, userId: string) {
  const rows = await db.select().from(orders).where(eq(orders.userId, userId)).orderBy(asc(orders.createdAt));
  const ids = rows.map((row) => row.id);
  if (ids.length === 0) return [];
  const [items, paymentRows, shipmentRows, history] = await Promise.all([
    db.select().from(orderItems).where(inArray(orderItems.orderId, ids)),
    db.select().from(payments).where(inArray(payments.orderId, ids)).orderBy(asc(payments.createdAt)),
    db.select().from(shipments).where(inArray(shipments.orderId, ids)),
    db
      .select()
      .from(statusHistory)
      .where(and(eq(statusHistory.entity, 'order'), inArray(statusHistory.entityId, ids)))
      .orderBy(asc(statusHistory.createdAt)),
  ]);
  const paymentIds = paymentRows.map((row) => row.id);
  const shipmentIds = shipmentRows.map((row) => row.id);
  const [refundRows, scans] = await Promise.all([
    paymentIds.length
      ? db
          .select()
          .from(refunds)
          .where(inArray(refunds.paymentId, paymentIds))
          .orderBy(asc(refunds.createdAt))
      : [],
    shipmentIds.length
      ? db
          .select()
          .from(shipmentEvents)
          .where(inArray(shipmentEvents.shipmentId, shipmentIds))
          .orderBy(asc(shipmentEvents.occurredAt))
      : [],
  ]);
  return rows.map((order) => {
    const shipment = shipmentRows.find((row) => row.orderId === order.id);
    return {
      id: order.id,
      orderNumber: orderNumberOf(order.id),
      placedAt: order.createdAt.toISOString(),
      paidAt: order.paidAt?.toISOString() ?? null,
      status: order.status,
      paymentStatus: order.paymentStatus,
      amountsPaise: {
        mrp: order.mrpPaise,
        subtotal: order.subtotalPaise,
        discount: order.discountPaise,
        shipping: order.shippingPaise,
        tax: order.taxPaise,
        total: order.totalPaise,
      },
      currency: order.currency,
      contact: order.contact,
      shippingAddress: order.shippingAddress,
      billingAddress: order.billingAddress,
      items: items
        .filter((item) => item.orderId === order.id)
        .map((item) => ({
          productId: item.productId,
          title: item.title,
          sku: item.sku,
          size: item.size,
          quantity: item.quantity,
          unitMrpPaise: item.unitMrpPaise,
          discountPercent: item.discountPercent,
          unitPricePaise: item.unitPricePaise,
        })),
      statusHistory: history
        .filter((row) => row.entityId === order.id)
        .map((row) => ({
          field: row.field,
          from: row.fromValue,
          to: row.toValue,
          by: row.source,
          at: row.createdAt.toISOString(),
        })),
      payments: paymentRows
        .filter((row) => row.orderId === order.id)
        .map((payment) => ({
          razorpayPaymentId: payment.razorpayPaymentId,
          status: payment.status,
          amountPaise: payment.amountPaise,
          amountRefundedPaise: payment.amountRefundedPaise,
          currency: payment.currency,
          method: payment.method,
          at: payment.createdAt.toISOString(),
          refunds: refundRows
            .filter((refund) => refund.paymentId === payment.id)
            .map((refund) => ({
              razorpayRefundId: refund.razorpayRefundId,
              amountPaise: refund.amountPaise,
              status: refund.status,
              at: refund.createdAt.toISOString(),
            })),
        })),
      shipment: shipment
        ? {
            courier: shipment.courierName,
            trackingNumber: shipment.awbCode,
            stage: shipment.stage,
            status: shipment.statusLabel,
            trackingUrl: shipment.trackingUrl,
            estimatedDelivery: shipment.estimatedDelivery?.toISOString() ?? null,
            scans: scans
              .filter((scan) => scan.shipmentId === shipment.id)
              .map((scan) => ({
                at: scan.occurredAt.toISOString(),
                status: scan.status,
                activity: scan.activity,
                location: scan.location,
              })),
          }
        : null,
    };
  });
}

/** The shopper's data, scoped to the session's user. */
export async function exportAccountData(db: Database, userId: string, currentSessionId: string | undefined) {
  const [user] = await db.select().from(users).where(eq(users.id, userId)).limit(1);
  if (!user) throw new AppError('unauthorized', messages.unauthorized);
  const [cart, cartCode, wishlist, sentMessages, devices, orderList] = await Promise.all([
    db
      .select({ productId: cartLines.productId, size: cartLines.size, quantity: cartLines.quantity })
      .from(cartLines)
      .where(eq(cartLines.userId, userId))
      .orderBy(asc(cartLines.createdAt)),
    db.select({ couponCode: carts.couponCode }).from(carts).where(eq(carts.userId, userId)),
    db
      .select({ productId: wishlistItems.productId, addedAt: wishlistItems.createdAt })
      .from(wishlistItems)
      .where(eq(wishlistItems.userId, userId))
      .orderBy(asc(wishlistItems.createdAt)),
    // The messages sent from the account's e-mail, and those sent while signed in.
    db
      .select({
        name: contactMessages.name,
        email: contactMessages.email,
        message: contactMessages.message,
        sentAt: contactMessages.createdAt,
      })
      .from(contactMessages)
      .where(
        or(
          eq(contactMessages.userId, userId),
          user.email ? eq(contactMessages.email, user.email) : undefined,
        ),
      )
      .orderBy(asc(contactMessages.createdAt)),
    listSignedInDevices(db, userId, currentSessionId),
    ordersOf(db, userId),
  ]);
  // docs/product.md#cod-risk-rules: the days a risk rule refused the shopper cash on delivery (90 days kept).
  const codRefusals = await db
    .select({
      day: codRiskRefusals.day,
      rule: codRiskRefusals.rule,
      pincode: codRiskRefusals.pincode,
      orderPaise: codRiskRefusals.orderPaise,
      checks: codRiskRefusals.checks,
    })
    .from(codRiskRefusals)
    .where(eq(codRiskRefusals.userId, userId))
    .orderBy(asc(codRiskRefusals.day), asc(codRiskRefusals.rule));
  // docs/product.md#reviews: the shopper's reviews, whatever their status, and whether they asked for no requests.
  const [reviewRows, optedOut] = await Promise.all([
    db
      .select({
        productId: reviews.productId,
        orderNumber: reviews.orderId,
        rating: reviews.rating,
        title: reviews.title,
        text: reviews.body,
        showNameAndCity: reviews.showNameAndCity,
        status: reviews.status,
        hiddenReason: reviews.hiddenReason,
        writtenAt: reviews.createdAt,
      })
      .from(reviews)
      .where(eq(reviews.userId, userId))
      .orderBy(asc(reviews.createdAt)),
    db.select().from(reviewRequestOptOuts).where(eq(reviewRequestOptOuts.userId, userId)),
  ]);
  // docs/product.md#winback: whether checkout reminders are on, and the products the shopper asked to hear about.
  const [remindersOff, notifyLists] = await Promise.all([
    remindersOptedOut(db, userId),
    db
      .select({
        productId: stockNotifyRequests.productId,
        channel: stockNotifyRequests.channel,
        askedAt: stockNotifyRequests.createdAt,
        toldAt: stockNotifyRequests.toldAt,
        cancelledAt: stockNotifyRequests.cancelledAt,
      })
      .from(stockNotifyRequests)
      .where(eq(stockNotifyRequests.userId, userId))
      .orderBy(asc(stockNotifyRequests.createdAt)),
  ]);
  // docs/product.md#whatsapp-consent: what the shopper agreed to on WhatsApp, when and how.
  const whatsapp = await db
    .select({
      purpose: whatsappConsents.purpose,
      phone: whatsappConsents.phone,
      optedIn: whatsappConsents.optedIn,
      grantedAt: whatsappConsents.grantedAt,
      grantedVia: whatsappConsents.grantedVia,
      revokedAt: whatsappConsents.revokedAt,
      revokedVia: whatsappConsents.revokedVia,
    })
    .from(whatsappConsents)
    .where(eq(whatsappConsents.userId, userId));
  const { shippingAddress, billingAddress, ...profile } = toUser(user);
  return {
    exportedAt: new Date().toISOString(),
    profile: {
      ...profile,
      emailVerified: user.emailVerifiedAt !== null,
      phoneVerified: user.phoneVerifiedAt !== null,
      hasPassword: user.passwordHash !== null,
      signedInWithGoogle: user.googleSubject !== null,
    },
    addresses: { saved: addressOf(user), shipping: shippingAddress, billing: billingAddress },
    orders: orderList,
    wishlist: wishlist.map((item) => ({ ...item, addedAt: item.addedAt.toISOString() })),
    cart,
    // The discount code applied to the cart (docs/product.md#coupon-at-checkout), or null.
    cartDiscountCode: cartCode[0]?.couponCode ?? null,
    contactMessages: sentMessages.map((entry) => ({ ...entry, sentAt: entry.sentAt.toISOString() })),
    signedInDevices: devices,
    cashOnDeliveryRefusals: codRefusals,
    reviews: reviewRows.map((row) => ({
      ...row,
      orderNumber: orderNumberOf(row.orderNumber),
      writtenAt: row.writtenAt.toISOString(),
    })),
    reviewRequests: optedOut.length > 0 ? 'opted out' : 'asked after delivery',
    checkoutReminders: remindersOff ? 'opted out' : 'on',
    backInStockRequests: notifyLists.map((row) => ({
      productId: row.productId,
      channel: row.channel,
      askedAt: row.askedAt.toISOString(),
      toldAt: row.toldAt?.toISOString() ?? null,
      cancelledAt: row.cancelledAt?.toISOString() ?? null,
    })),
    whatsappConsent: whatsapp.map((row) => ({
      ...row,
      grantedAt: row.grantedAt?.toISOString() ?? null,
      revokedAt: row.revokedAt?.toISOString() ?? null,
    })),
  };
}
