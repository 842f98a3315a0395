import { z } from 'zod';
import { productCategories } from './catalogue-rules';
import {
  adminCouponMessages,
  COUPON_CODE_PATTERN,
  couponKinds,
  couponMessages,
  couponStatuses,
  MAX_COUPON_DESCRIPTION,
  MAX_COUPON_PRODUCTS,
  MAX_COUPON_RUPEES,
  MAX_COUPON_USES,
} from './coupon-rules';
import { orderStatuses } from './order-status';

// Discount codes (docs/product.md#discount-codes): the console's coupon, the shopper's apply/remove and offers.

export * from './coupon-rules';

const m = adminCouponMessages;

const code = z
  .string({ error: m.codeFormat })
  .trim()
  .regex(COUPON_CODE_PATTERN, m.codeFormat)
  .transform((typed) => typed.toUpperCase())
  .describe('3-20 letters or digits; stored and compared upper-case');

const wholeRupees = (message: string, min: number) =>
  z.number({ error: message }).int(message).min(min, message).max(MAX_COUPON_RUPEES, message);

const instant = z.iso.datetime({ offset: true, error: m.dateFormat }).describe('ISO 8601 instant');

/** The fields staff give, without defaults (a PATCH leaves out what it does not change). */
const couponFields = {
  code,
  kind: z.enum(couponKinds, { error: m.kindRequired }),
  percentOff: z
    .number({ error: m.percentRange })
    .int(m.percentRange)
    .min(1, m.percentRange)
    .max(100, m.percentRange)
    .nullable()
    .describe('percent only: 1-100'),
  maxDiscountRupees: wholeRupees(m.capWhole, 1)
    .nullable()
    .describe('percent only, optional: the most the code takes off'),
  amountOffRupees: wholeRupees(m.amountWhole, 1).nullable().describe('flat only'),
  minOrderRupees: wholeRupees(m.minOrderWhole, 0).describe(
    'On the subtotal before the coupon, after product discounts (docs/product.md#money)',
  ),
  validFrom: instant,
  validUntil: instant.nullable().describe('Null: no end'),
  totalUses: z
    .number({ error: m.totalUsesWhole })
    .int(m.totalUsesWhole)
    .min(1, m.totalUsesWhole)
    .max(MAX_COUPON_USES, m.totalUsesWhole)
    .nullable()
    .describe('Null: unlimited'),
  usesPerShopper: z
    .number({ error: m.perShopperWhole })
    .int(m.perShopperWhole)
    .min(1, m.perShopperWhole)
    .max(MAX_COUPON_USES, m.perShopperWhole),
  firstOrderOnly: z.boolean(),
  productIds: z
    .array(z.number().int().positive().max(2_147_483_647))
    .max(MAX_COUPON_PRODUCTS, m.tooManyProducts)
    .describe('With categories: the eligible lines; both empty: every line'),
  categories: z.array(z.enum(productCategories)).max(productCategories.length),
  public: z.boolean().describe('Listed at checkout as an offer'),
  description: z.string().trim().max(MAX_COUPON_DESCRIPTION, m.descriptionLength),
};

/** Create: the fields with their defaults, before the checks across fields. */
const CouponFieldsSchema = z.object({
  ...couponFields,
  percentOff: couponFields.percentOff.default(null),
  maxDiscountRupees: couponFields.maxDiscountRupees.default(null),
  amountOffRupees: couponFields.amountOffRupees.default(null),
  minOrderRupees: couponFields.minOrderRupees.default(0),
  validUntil: couponFields.validUntil.default(null),
  totalUses: couponFields.totalUses.default(null),
  usesPerShopper: couponFields.usesPerShopper.default(1),
  firstOrderOnly: couponFields.firstOrderOnly.default(false),
  productIds: couponFields.productIds.default([]),
  categories: couponFields.categories.default([]),
  public: couponFields.public.default(false),
  description: couponFields.description.default(''),
});

type CouponFields = z.output<typeof CouponFieldsSchema>;

/** The first rule across fields a coupon breaks, or null: the console's create and edit both check it. */
export function couponFieldsProblem(coupon: CouponFields): string | null {
  if (coupon.kind === 'percent' && coupon.percentOff === null) return m.percentRange;
  if (coupon.kind !== 'percent' && (coupon.percentOff !== null || coupon.maxDiscountRupees !== null)) {
    return m.percentOnly;
  }
  if (coupon.kind === 'flat' && coupon.amountOffRupees === null) return m.amountWhole;
  if (coupon.kind !== 'flat' && coupon.amountOffRupees !== null) return m.amountOnly;
  if (coupon.validUntil !== null && Date.parse(coupon.validUntil) <= Date.parse(coupon.validFrom)) {
    return m.untilAfterFrom;
  }
  if (coupon.public && coupon.description === '') return m.publicNeedsDescription;
  return null;
}

export const CouponInputSchema = CouponFieldsSchema.strict().superRefine((coupon, context) => {
  const problem = couponFieldsProblem(coupon);
  if (problem) context.addIssue({ code: 'custom', message: problem });
});
export type CouponInput = z.input<typeof CouponInputSchema>;
export type ValidCouponInput = z.output<typeof CouponInputSchema>;

/** PATCH: any fields (checked again across fields together with the stored ones), and the status. */
export const CouponPatchSchema = z
  .object(couponFields)
  .partial()
  .extend({ status: z.enum(couponStatuses).optional() })
  .strict()
  .refine((body) => Object.keys(body).length > 0, { message: m.nothingToChange });
export type CouponPatch = z.input<typeof CouponPatchSchema>;

export const CouponSchema = z
  .object({
    id: z.number().int().positive(),
    code: z.string(),
    kind: z.enum(couponKinds),
    percentOff: z.number().int().nullable(),
    maxDiscountRupees: z.number().int().nullable(),
    amountOffRupees: z.number().int().nullable(),
    minOrderRupees: z.number().int(),
    validFrom: z.string(),
    validUntil: z.string().nullable(),
    totalUses: z.number().int().nullable(),
    usesPerShopper: z.number().int(),
    firstOrderOnly: z.boolean(),
    productIds: z.array(z.number().int()),
    categories: z.array(z.enum(productCategories)),
    public: z.boolean(),
    description: z.string(),
    status: z.enum(couponStatuses),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .meta({ id: 'Coupon' });
export type Coupon = z.infer<typeof CouponSchema>;

export const CouponStatsSchema = z
  .object({
    usedCount: z.number().int().describe('Paid orders with the code, not cancelled'),
    heldCount: z.number().int().describe('Checkouts in progress holding a use'),
    discountGivenPaise: z.number().int().describe('The discount of the used orders'),
    revenuePaise: z.number().int().describe('The totals of the used orders, net of the discount'),
  })
  .meta({ id: 'CouponStats' });
export type CouponStats = z.infer<typeof CouponStatsSchema>;

export const AdminCouponIdParamsSchema = z.object({
  id: z.coerce
    .number({ message: m.notFound })
    .int(m.notFound)
    .positive(m.notFound)
    .max(2_147_483_647, m.notFound),
});

export const AdminCouponsReplySchema = z.object({
  coupons: z.array(CouponSchema.extend({ stats: CouponStatsSchema })).describe('Newest first'),
});
export type AdminCouponsReply = z.infer<typeof AdminCouponsReplySchema>;

export const AdminCouponReplySchema = z.object({ message: z.string().optional(), coupon: CouponSchema });
export type AdminCouponReply = z.infer<typeof AdminCouponReplySchema>;

export const CouponOrderSchema = z.object({
  id: z.string().describe('The order id (as the console order page takes it)'),
  number: z.string().describe('The OM number'),
  createdAt: z.string(),
  status: z.enum(orderStatuses),
  couponDiscountPaise: z.number().int(),
  totalPaise: z.number().int(),
  customerName: z.string(),
});
export type CouponOrder = z.infer<typeof CouponOrderSchema>;

export const AdminCouponDetailReplySchema = z.object({
  coupon: CouponSchema,
  stats: CouponStatsSchema,
  orders: z.array(CouponOrderSchema).describe('Paid orders that carry the code, newest first'),
});
export type AdminCouponDetailReply = z.infer<typeof AdminCouponDetailReplySchema>;

// The shopper's side.

export const ApplyCouponBodySchema = z.object({
  code: z
    .string({ error: couponMessages.codeRequired })
    .trim()
    .min(1, couponMessages.codeRequired)
    .max(100, couponMessages.unknown),
});
export type ApplyCouponBody = z.infer<typeof ApplyCouponBodySchema>;

/** The code on the cart, as the price details show it. */
export const CartCouponSchema = z
  .object({
    code: z.string(),
    kind: z.enum(couponKinds),
    discountPaise: z.number().int().describe('Off the goods; 0 for free shipping'),
    freeShipping: z.boolean().describe('The code makes shipping free (a free-shipping code)'),
    description: z.string(),
  })
  .meta({ id: 'CartCoupon' });
export type CartCoupon = z.infer<typeof CartCouponSchema>;

export const CouponOfferSchema = z.object({
  code: z.string(),
  description: z.string(),
  kind: z.enum(couponKinds),
  applicable: z.boolean(),
  reason: z.string().nullable().describe('Why it does not apply to the cart now (a couponMessages text)'),
});
export type CouponOffer = z.infer<typeof CouponOfferSchema>;

export const CouponOffersReplySchema = z.object({ offers: z.array(CouponOfferSchema) });
export type CouponOffersReply = z.infer<typeof CouponOffersReplySchema>;
