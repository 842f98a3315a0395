import { z } from 'zod';

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
});

export type PublicConfig = z.infer<typeof PublicConfigSchema>;
