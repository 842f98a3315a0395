import { z } from 'zod';
import { orderPaymentStatuses, orderStatuses } from './order-status';

// docs/product.md#customers: the console's customers API under /api/admin.

export { accountBlockedMessage } from './auth-rules';

export const adminCustomerMessages = {
  customerNotFound: 'We could not find that customer.',
  signedOut: 'The customer is signed out on every device.',
  blocked: 'The customer is blocked and signed out on every device.',
  alreadyBlocked: 'The customer was already blocked; nothing changed.',
  unblocked: 'The customer is unblocked and may sign in again.',
  notBlocked: 'The customer was not blocked; nothing changed.',
  badPage: 'Please give the page as a whole number from 1.',
  reasonTooLong: 'Please keep the reason to 500 characters.',
} as const;

export const CUSTOMERS_PAGE_SIZE = 50;

export const AdminCustomersQuerySchema = z.object({
  q: z
    .string()
    .trim()
    .max(100)
    .optional()
    .describe('Part of a name, an e-mail or a phone number (digits; +91 and spaces allowed)'),
  page: z.coerce
    .number({ message: adminCustomerMessages.badPage })
    .int(adminCustomerMessages.badPage)
    .min(1, adminCustomerMessages.badPage)
    .max(10_000, adminCustomerMessages.badPage)
    .default(1),
});
export type AdminCustomersQuery = z.infer<typeof AdminCustomersQuerySchema>;

export const AdminCustomerSummarySchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  joinedAt: z.string().describe('ISO 8601'),
  ordersCount: z.number().int().describe('Orders, not counting checkouts cancelled unpaid'),
  paidTotalPaise: z
    .number()
    .int()
    .describe(
      'Totals of the orders whose payment was received (paid, partly or fully refunded), less refunds processed',
    ),
  blocked: z.boolean(),
});
export type AdminCustomerSummary = z.infer<typeof AdminCustomerSummarySchema>;

export const AdminCustomersReplySchema = z.object({
  customers: z.array(AdminCustomerSummarySchema).describe('Newest first'),
  page: z.number().int(),
  hasMore: z.boolean().describe('Whether page + 1 has customers'),
});
export type AdminCustomersReply = z.infer<typeof AdminCustomersReplySchema>;

export const AdminCustomerIdParamsSchema = z.object({
  id: z.uuid({ message: adminCustomerMessages.customerNotFound }),
});

export const AdminCustomerAddressSchema = z.object({
  houseName: z.string(),
  streetArea: z.string(),
  city: z.string(),
  state: z.string(),
  country: z.string(),
  pincode: z.string(),
});

export const AdminCustomerSessionSchema = z.object({
  id: z.string(),
  device: z.string().describe('The user agent in plain words'),
  userAgent: z.string().nullable(),
  ipAddress: z.string().nullable(),
  createdAt: z.string(),
  expiresAt: z.string(),
});

export const AdminCustomerOrderSchema = z.object({
  orderId: z.string(),
  orderNumber: z.string(),
  createdAt: z.string(),
  status: z.enum(orderStatuses),
  paymentStatus: z.enum(orderPaymentStatuses),
  totalPaise: z.number().int(),
});

export const AdminCustomerDetailSchema = z.object({
  id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  name: z.string(),
  email: z.string().nullable(),
  emailVerified: z.boolean(),
  phone: z.string().nullable(),
  phoneVerified: z.boolean(),
  address: AdminCustomerAddressSchema.nullable().describe('Null when no address is on file'),
  joinedAt: z.string(),
  signInMethods: z.object({
    password: z.boolean(),
    google: z.boolean(),
    phoneCode: z.boolean().describe('A code by SMS: the phone is verified'),
    emailCode: z.boolean().describe('A code by e-mail: the e-mail is verified'),
  }),
  sessions: z.array(AdminCustomerSessionSchema).describe('Live sessions, newest first'),
  orders: z.array(AdminCustomerOrderSchema).describe('Newest first'),
  ordersCount: z.number().int(),
  paidTotalPaise: z.number().int(),
  blockedAt: z.string().nullable(),
  blockReason: z.string().nullable().describe('The reason given with the latest block, if any'),
});
export type AdminCustomerDetail = z.infer<typeof AdminCustomerDetailSchema>;

export const AdminBlockBodySchema = z
  .object({
    reason: z.string().trim().max(500, adminCustomerMessages.reasonTooLong).optional(),
  })
  .nullish()
  .describe('Optional: a POST without a body blocks without a reason');
export type AdminBlockBody = z.infer<typeof AdminBlockBodySchema>;

export const AdminCustomerActionReplySchema = z.object({
  message: z.string(),
  customer: AdminCustomerDetailSchema,
});
export type AdminCustomerActionReply = z.infer<typeof AdminCustomerActionReplySchema>;
