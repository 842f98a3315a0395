import { z } from 'zod';

/**
 * docs/product.md#seller-and-grievance-officer: who sells, and whom to complain to, as every policy page and the
 * footer show it. Each part is empty (or null) until the owner fills it in, and the pages leave it out.
 */
export const SellerDetailsSchema = z
  .object({
    legalName: z.string(),
    address: z.string().describe('One line: "12 MG Road, Ashok Nagar, Bengaluru 560001, Karnataka"'),
    email: z.string().describe('Customer care'),
    phone: z.string().describe('Customer care, as shown: "+91 98450 12345", "1800 123 4567"'),
    grievanceOfficer: z
      .object({ name: z.string(), designation: z.string(), email: z.string(), phone: z.string() })
      .nullable(),
  })
  .meta({ id: 'SellerDetails' });

export type SellerDetails = z.infer<typeof SellerDetailsSchema>;

/**
 * docs/product.md#policies: how the footer and the policies describe cash on delivery, from the owner's COD
 * settings; null while the shop does not offer it.
 */
export const CashOnDeliveryTermsSchema = z
  .object({
    feePaise: z.number().int().describe('The fee added to a cash-on-delivery order, GST included'),
    confirmHours: z
      .number()
      .int()
      .describe('Hours a shopper has to confirm the order before it is cancelled'),
  })
  .nullable()
  .meta({ id: 'CashOnDeliveryTerms' });

export type CashOnDeliveryTerms = z.infer<typeof CashOnDeliveryTermsSchema>;

/** What every page shows about who sells and how one may pay: the footer's and the policies' facts. */
export interface ShopDetails {
  seller: SellerDetails;
  cashOnDelivery: CashOnDeliveryTerms;
}

export const PublicConfigSchema = z.object({
  google: z.object({
    clientId: z.string(),
    /** 'simulator': sign in through the local test window instead of Google's script. */
    mode: z.enum(['google', 'simulator']),
  }),
  razorpay: z.object({
    keyId: z.string(),
    /** Razorpay's checkout.js, or the simulator's look-alike. */
    checkoutScriptUrl: z.string(),
  }),
  dispatchDays: z
    .number()
    .int()
    .describe(
      "Days from payment to handing the parcel to the courier: the owner's setting, which the policies state",
    ),
  returnWindowDays: z
    .number()
    .int()
    .describe(
      "Days after delivery a return may be asked for: the owner's setting, which the policies, product pages and checkout state",
    ),
  seller: SellerDetailsSchema,
  cashOnDelivery: CashOnDeliveryTermsSchema,
  whatsapp: z
    .boolean()
    .describe(
      'docs/product.md#whatsapp-consent: whether the shop sends messages on WhatsApp: the checkout and the profile offer the box only then',
    ),
});

export type PublicConfig = z.infer<typeof PublicConfigSchema>;
