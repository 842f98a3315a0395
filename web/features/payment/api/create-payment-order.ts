import type { CreatePaymentOrderReply } from '../../../../contracts/orders';
import { apiClient } from '../../../lib/api-client';
import { paymentApiPaths } from './payment-paths';

/**
 * docs/product.md#http-api POST /payment/create-order. The server prices the cart itself; the amount the page showed is sent
 * so that a cart changed elsewhere is caught before the shopper pays.
 */
export function createPaymentOrder(
  expectedAmountPaise: number,
  whatsappUpdates?: boolean,
): Promise<CreatePaymentOrderReply> {
  return apiClient.post<CreatePaymentOrderReply>(paymentApiPaths.createOrder, {
    amount: expectedAmountPaise,
    currency: 'INR',
    // docs/product.md#whatsapp-consent: sent only when ticked (JSON leaves an undefined field out).
    whatsappUpdates: whatsappUpdates || undefined,
  });
}
