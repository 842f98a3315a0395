import { createHmac, timingSafeEqual } from 'node:crypto';

function hmacHex(secret: string, text: string): string {
  return createHmac('sha256', secret).update(text).digest('hex');
}

// A signature is compared in constant time, so a forger learns nothing from how long a refusal takes.
function sameHex(expected: string, received: string): boolean {
  const a = Buffer.from(expected, 'utf8');
  const b = Buffer.from(received, 'utf8');
  return a.length === b.length && timingSafeEqual(a, b);
}

/** Checkout's signature: HMAC-SHA256 of `order_id|payment_id` with the key secret, our stored order id. */
export function verifyPaymentSignature(input: {
  razorpayOrderId: string;
  razorpayPaymentId: string;
  signature: string;
  keySecret: string;
}): boolean {
  const expected = hmacHex(input.keySecret, `${input.razorpayOrderId}|${input.razorpayPaymentId}`);
  return sameHex(expected, input.signature);
}

/** A webhook's signature: HMAC-SHA256 of the raw body, exactly as received, with the webhook secret. */
export function verifyWebhookSignature(input: { rawBody: string; signature: string; webhookSecret: string }) {
  return sameHex(hmacHex(input.webhookSecret, input.rawBody), input.signature);
}
