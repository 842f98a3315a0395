import { z } from 'zod';

/** The stages of a parcel we act on, from Shiprocket's status codes (the raw label is kept beside it). */
export const shipmentStages = [
  'created',
  'awb_assigned',
  'pickup_scheduled',
  'picked_up',
  'in_transit',
  'out_for_delivery',
  'delivered',
  'cancelled',
  'returned',
] as const;
export type ShipmentStage = (typeof shipmentStages)[number];

export const shippingMessages = {
  // docs/product.md#messages: a failed or timed-out rate request still lets the order proceed, under this name.
  standardDelivery: 'Standard Delivery',
  // docs/product.md#screens Payment success.
  courierNotAssigned: 'Courier not yet assigned',
  trackingLater: 'Tracking will be available once courier is assigned',
  // Ours, where the original client has none.
  pincodeInvalid: 'Pincode must be 6 digits',
  weightInvalid: 'Weight must be in kilograms, more than 0 and at most 50 (e.g. "0.50")',
  trackingUnavailable: 'Tracking is temporarily unavailable. Please try again in a few minutes.',
} as const;

const pincode = z
  .string({ error: shippingMessages.pincodeInvalid })
  .trim()
  .regex(/^[1-9]\d{5}$/, shippingMessages.pincodeInvalid);

// docs/product.md#http-api: the client sends the weight as a string with 2 decimals ("0.50"); a plain number is taken too.
const weightKg = z
  .union(
    [
      z.number(),
      z
        .string()
        .trim()
        .regex(/^\d{1,3}(\.\d{1,3})?$/, shippingMessages.weightInvalid),
    ],
    {
      error: shippingMessages.weightInvalid,
    },
  )
  .transform(Number)
  .pipe(z.number().gt(0, shippingMessages.weightInvalid).max(50, shippingMessages.weightInvalid));

/** docs/product.md#http-api shipping rate calculation. The pickup pincode defaults to the shop's (docs/product.md#shipping: 110001). */
export const ShippingRateBodySchema = z.object({
  pickupPincode: pincode.optional(),
  deliveryPincode: pincode,
  weight: weightKg,
});
export type ShippingRateBody = z.infer<typeof ShippingRateBodySchema>;

export const CourierRateSchema = z.object({
  rate: z.number().describe('Rupees'),
  courierName: z.string(),
  courierId: z.number().int(),
  estimatedDeliveryDays: z.number().int().nullable(),
  etd: z.string().nullable().describe('Expected delivery date as the courier writes it ("Jul 01, 2024")'),
  cod: z.boolean(),
  rating: z.number().nullable(),
});
export type CourierRate = z.infer<typeof CourierRateSchema>;

/** docs/product.md#entities Shipping rate: the first rate is the one used; on failure 0 and 'Standard Delivery' (docs/product.md#messages). */
export const ShippingRateReplySchema = z.object({
  rates: z.array(CourierRateSchema),
  rate: z.number().describe('Rupees'),
  courierName: z.string(),
});
export type ShippingRateReply = z.infer<typeof ShippingRateReplySchema>;
