import { z } from 'zod';
import { deliveryMessages, PINCODE_PATTERN } from './delivery';

/** docs/product.md#http-api GET /delivery/{pincode}. */
export const DeliveryPromiseParamsSchema = z.object({
  pincode: z
    .string({ error: deliveryMessages.pincodeInvalid })
    .regex(PINCODE_PATTERN, deliveryMessages.pincodeInvalid),
});

// docs/product.md#pincode-directory: the place India Post's directory gives the pincode.
const place = {
  city: z.string().optional().describe('The district, the city the address forms suggest'),
  state: z.string().optional().describe("One of India's states and union territories"),
};

export const DeliveryPromiseReplySchema = z.discriminatedUnion('serviceable', [
  z.object({
    pincode: z.string(),
    ...place,
    serviceable: z.literal(true),
    deliverBy: z.iso.date().describe('The promised day, in India'),
    label: z.string().describe('"Delivery by Thu, 27 Nov"'),
  }),
  z.object({
    pincode: z.string(),
    ...place,
    serviceable: z.literal(false),
    label: z.string().describe(`"We don't deliver to 123456 yet"`),
  }),
]);
