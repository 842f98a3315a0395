import { createHmac } from 'node:crypto';
import fc from 'fast-check';
import { validatePaymentVerification, validateWebhookSignature } from 'razorpay/dist/utils/razorpay-utils';
import { describe, expect, it } from 'vitest';
import { verifyPaymentSignature, verifyWebhookSignature } from './signatures';

const hmac = (secret: string, text: string) => createHmac('sha256', secret).update(text).digest('hex');

const razorpayId = (prefix: string) =>
  fc.stringMatching(/^[A-Za-z0-9]{14}$/).map((suffix) => `${prefix}_${suffix}`);
const secret = fc.stringMatching(/^[A-Za-z0-9]{8,32}$/);
// A real signature, one changed in a single character, or something else entirely.
const signatureFor = (right: string) =>
  fc.oneof(
    fc.constant(right),
    fc
      .nat({ max: right.length - 1 })
      .map((at) => `${right.slice(0, at)}${right[at] === 'a' ? 'b' : 'a'}${right.slice(at + 1)}`),
    fc.string({ maxLength: 70 }),
  );

// The official SDK's checks are the oracle: ours must agree with them on every case.
describe('Razorpay signatures agree with the official SDK', () => {
  it('payment signatures (order_id|payment_id with the key secret)', () => {
    fc.assert(
      fc.property(
        razorpayId('order'),
        razorpayId('pay'),
        secret,
        fc.boolean(),
        (orderId, paymentId, keySecret, swapped) => {
          // A swapped signature: made for the ids in the other order.
          const right = swapped
            ? hmac(keySecret, `${paymentId}|${orderId}`)
            : hmac(keySecret, `${orderId}|${paymentId}`);
          fc.pre(right.length > 0);
          return fc.assert(
            fc.property(signatureFor(right), (signature) => {
              const ours = verifyPaymentSignature({
                razorpayOrderId: orderId,
                razorpayPaymentId: paymentId,
                signature,
                keySecret,
              });
              const sdk = validatePaymentVerification(
                { order_id: orderId, payment_id: paymentId },
                signature,
                keySecret,
              );
              expect(ours).toBe(sdk);
            }),
            { numRuns: 5 },
          );
        },
      ),
      { numRuns: 60 },
    );
  });

  it('webhook signatures (the raw body with the webhook secret)', () => {
    fc.assert(
      fc.property(fc.json(), secret, (body, webhookSecret) => {
        const right = hmac(webhookSecret, body);
        fc.assert(
          fc.property(signatureFor(right), (signature) => {
            const ours = verifyWebhookSignature({ rawBody: body, signature, webhookSecret });
            expect(ours).toBe(validateWebhookSignature(body, signature, webhookSecret));
          }),
          { numRuns: 5 },
        );
      }),
      { numRuns: 60 },
    );
  });

  it('refuses a signature over the body re-serialised instead of as received', () => {
    const raw = '{"event":"payment.captured", "payload":{}}';
    const reserialised = JSON.stringify(JSON.parse(raw));
    const signature = hmac('whsec_12345678', reserialised);
    expect(verifyWebhookSignature({ rawBody: raw, signature, webhookSecret: 'whsec_12345678' })).toBe(false);
  });
});
