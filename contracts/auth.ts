import { z } from 'zod';
import { authMessages, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from './auth-rules';
import { messages } from './messages';
import { normalizeIndianPhone, normalizeOtpPhone } from './phone';
import { type PincodePlace, pincodeProblem, stateProblem } from './pincode';

export {
  authMessages,
  OTP_LENGTH,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
} from './auth-rules';

/** docs/product.md#phone-and-email: an OTP goes to an e-mail (must contain @) or to a mobile, in any form `normalizeOtpPhone` reads. */
export const OtpTargetSchema = z
  .object({ email: z.string().optional(), mobile: z.string().optional() })
  .transform((body, context) => {
    if (body.email !== undefined && body.email.trim() !== '') {
      const email = body.email.trim().toLowerCase();
      if (!email.includes('@') || !z.email().safeParse(email).success || email.length > 254) {
        context.addIssue({ code: 'custom', path: ['email'], message: messages.emailInvalid });
        return z.NEVER;
      }
      return { channel: 'email' as const, address: email };
    }
    if (body.email !== undefined && body.mobile === undefined) {
      context.addIssue({ code: 'custom', path: ['email'], message: messages.emailInvalid });
      return z.NEVER;
    }
    const phone = normalizeOtpPhone(body.mobile ?? '');
    if (!phone.ok) {
      context.addIssue({ code: 'custom', path: ['mobile'], message: phone.message });
      return z.NEVER;
    }
    return { channel: 'sms' as const, address: phone.phone };
  });

export type OtpTarget = z.output<typeof OtpTargetSchema>;

export const SendOtpBodySchema = OtpTargetSchema;

export const VerifyOtpBodySchema = z
  .object({ email: z.string().optional(), mobile: z.string().optional(), otp: z.string() })
  .transform((body, context) => {
    const target = OtpTargetSchema.safeParse({ email: body.email, mobile: body.mobile });
    if (!target.success) {
      for (const issue of target.error.issues) context.addIssue({ ...issue, code: 'custom' });
      return z.NEVER;
    }
    const otp = body.otp.trim();
    if (!/^\d{6}$/.test(otp)) {
      context.addIssue({ code: 'custom', path: ['otp'], message: 'Please enter the 6-digit OTP.' });
      return z.NEVER;
    }
    return { ...target.data, otp };
  });

export const OtpSentReplySchema = z.object({ status: z.literal('success'), message: z.string() });
export const OtpVerifiedReplySchema = z.object({
  status: z.literal('success'),
  message: z.string(),
  verificationToken: z.string(),
});

export const addressFields = ['houseName', 'streetArea', 'city', 'state', 'country', 'pincode'] as const;

export const AddressSchema = z.object({
  firstName: z.string(),
  lastName: z.string(),
  houseName: z.string(),
  streetArea: z.string(),
  city: z.string(),
  state: z.string(),
  country: z.string(),
  pincode: z.string(),
});
export type Address = z.infer<typeof AddressSchema>;

export const UserSchema = z
  .object({
    _id: z.string(),
    firstName: z.string(),
    lastName: z.string(),
    name: z.string(),
    // docs/product.md#phone-and-email: null for an account made by phone signup, which has no e-mail.
    email: z.string().nullable(),
    phone: z.string(),
    mobile: z.string(),
    houseName: z.string(),
    streetArea: z.string(),
    city: z.string(),
    state: z.string(),
    country: z.string(),
    pincode: z.string(),
    /** docs/product.md#delivery-address: the address's contact mobile when it is not `phone`; '' when none. */
    deliveryPhone: z.string(),
    profilePic: z.string(),
    shippingAddress: AddressSchema,
    billingAddress: AddressSchema,
    createdAt: z.string(),
    /** docs/product.md#one-step-sign-in: false for an account made by phone or Google that never set one. */
    passwordSet: z.boolean(),
    /** docs/product.md#phone-and-email: only a verified mobile logs in; an e-mail signup's is not, until an OTP. */
    phoneVerified: z.boolean(),
  })
  .meta({ id: 'User' });
export type User = z.infer<typeof UserSchema>;

/** The fields signup requires (docs/product.md#signup-rules), named as the message lists them. */
export const signupRequiredFields = [
  'firstName',
  'lastName',
  'password',
  'houseName',
  'streetArea',
  'city',
  'state',
  'country',
  'pincode',
] as const;

const optionalText = z.string().max(200).optional();

export const SignupBodySchema = z.object({
  verificationToken: z.string().max(200).optional(),
  firstName: optionalText,
  lastName: optionalText,
  email: optionalText,
  mobile: optionalText,
  phone: optionalText,
  phoneNumber: optionalText,
  password: z
    .string()
    .max(PASSWORD_MAX_LENGTH, `Password must be at most ${PASSWORD_MAX_LENGTH} characters long`)
    .optional(),
  houseName: optionalText,
  streetArea: optionalText,
  city: optionalText,
  state: optionalText,
  country: optionalText,
  pincode: optionalText,
  // The old client's identity-provider token; verification here is by our own OTP ticket.
  firebaseIdToken: z.string().optional(),
});
export type SignupBody = z.infer<typeof SignupBodySchema>;

export interface SignupCheckInput {
  method: 'email' | 'sms';
  body: SignupBody;
}

/**
 * docs/product.md#signup-rules signup rules in the documented order; returns the first message, or undefined when all hold.
 * Shared by the signup form and the server; `lookUp` is India Post's directory (docs/product.md#pincode-directory),
 * the server's own or, in the browser, what the API answered for the typed pincode.
 */
export function signupProblem(
  { method, body }: SignupCheckInput,
  lookUp: (pincode: string) => PincodePlace | undefined,
): string | undefined {
  const value = (field: keyof SignupBody) => (typeof body[field] === 'string' ? body[field].trim() : '');
  const required: string[] = [...signupRequiredFields];
  if (method === 'email') required.push('email', 'mobile');
  else required.push('phone');
  const contact = method === 'sms' ? value('phone') || value('phoneNumber') || value('mobile') : '';
  const missing = required.filter((field) =>
    field === 'phone' ? contact === '' : value(field as keyof SignupBody) === '',
  );
  if (missing.length > 0) return `${messages.requiredFieldsPrefix}${missing.join(', ')}`;
  if (value('lastName').includes('@')) return authMessages.lastNameAt;
  if ((body.password ?? '').length < PASSWORD_MIN_LENGTH) return messages.passwordTooShort;
  const address = pincodeProblem(value('pincode'), lookUp) ?? stateProblem(value('state'));
  if (address) return address;
  const phone = normalizeIndianPhone(method === 'email' ? value('mobile') : contact);
  if (!phone.ok) return phone.message;
  return undefined;
}

export const LoginBodySchema = z
  .object({
    email: z.string().max(254).optional(),
    mobile: z.string().max(20).optional(),
    password: z.string().max(PASSWORD_MAX_LENGTH),
  })
  .refine((body) => (body.email ?? '').trim() !== '' || (body.mobile ?? '').trim() !== '', {
    message: 'Please enter your email or phone number',
    path: ['email'],
  });

export const GoogleBodySchema = z.object({ credential: z.string().max(4096).optional() });

export const AuthReplySchema = z.object({
  status: z.literal('success'),
  message: z.string(),
  user: UserSchema,
  token: z.string().optional().describe('The session token, for clients that do not use the session cookie'),
});

export const ProfileReplySchema = UserSchema.extend({ user: UserSchema });

const profileText = (max: number) => z.string().trim().max(max);

/** PUT /auth/profile: a partial update of these fields only (docs/product.md#http-api); e-mail cannot change this way. */
export const ProfileUpdateSchema = z.strictObject({
  firstName: profileText(100).optional(),
  lastName: profileText(100)
    .refine((value) => !value.includes('@'), authMessages.lastNameAt)
    .optional(),
  email: z.string().optional(),
  phone: profileText(20).optional(),
  /** The ticket /auth/verify-otp gave for the new phone: a phone changes only with one (docs/product.md#other-input). */
  phoneVerificationToken: z.string().max(200).optional(),
  houseName: profileText(200).optional(),
  streetArea: profileText(200).optional(),
  city: profileText(100).optional(),
  state: profileText(100).optional(),
  country: profileText(100).optional(),
  pincode: profileText(12).optional(),
  /** The delivery address's contact mobile (docs/product.md#delivery-address); '' removes it. */
  deliveryPhone: profileText(20).optional(),
  profilePic: z.union([z.literal(''), z.url().max(2048)]).optional(),
});
export type ProfileUpdate = z.infer<typeof ProfileUpdateSchema>;
