import { z } from 'zod';
import { AuthReplySchema, authMessages, PASSWORD_MAX_LENGTH, VerifyOtpBodySchema } from './auth';

/** docs/product.md#one-step-sign-in: the messages of the sign-in with a mobile number and an OTP. */
export const phoneSignInMessages = {
  nameNeeded: 'Your number is verified. Tell us your first name to create your account.',
  firstNameRequired: 'Please enter your first name',
  accountCreated: 'Welcome to Ottoman Mittens! Your account has been created.',
  lastNameAt: authMessages.lastNameAt,
  passwordSet: 'Your password is set. You can now also log in with it.',
  signInAgainForPassword:
    'For your safety, please log in again with your mobile number and an OTP, then set your password within 15 minutes.',
  passwordAlreadySet: 'Your account already has a password. To change it, use "Forgot password?" at login.',
} as const;

/** POST /auth/password: the first password of an account that has none. */
export const FirstPasswordBodySchema = z.object({
  password: z
    .string()
    .max(PASSWORD_MAX_LENGTH, `Password must be at most ${PASSWORD_MAX_LENGTH} characters long`),
});

/** POST /auth/phone/verify: {mobile, otp}. */
export const PhoneVerifyBodySchema = VerifyOtpBodySchema;

/**
 * The answer to a right code: signed in when the number has an account, else the single-use ticket that
 * creates one (`newAccount`).
 */
export const PhoneVerifyReplySchema = z.union([
  AuthReplySchema,
  z.object({
    status: z.literal('success'),
    message: z.string(),
    newAccount: z.literal(true),
    verificationToken: z.string(),
  }),
]);

/** POST /auth/phone/signup: the ticket of a verified number and a first name; the last name is optional. */
export const PhoneSignupBodySchema = z.object({
  verificationToken: z.string().max(200),
  firstName: z
    .string()
    .max(100)
    .transform((name) => name.replace(/\s+/g, ' ').trim())
    .refine((name) => name !== '', phoneSignInMessages.firstNameRequired),
  lastName: z
    .string()
    .max(100)
    .transform((name) => name.replace(/\s+/g, ' ').trim())
    .refine((name) => !name.includes('@'), phoneSignInMessages.lastNameAt)
    .optional(),
});
export type PhoneSignupBody = z.infer<typeof PhoneSignupBodySchema>;
