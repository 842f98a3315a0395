import { z } from 'zod';
import { OtpTargetSchema, PASSWORD_MAX_LENGTH, VerifyOtpBodySchema } from './auth';
import { OTP_RESEND_INTERVAL_SECONDS } from './otp-resend';

export { OTP_RESEND_INTERVAL_SECONDS };

/** What a code is asked for: signup sends to any address; login and reset only to an account's. */
export const otpPurposes = ['signup', 'login', 'reset'] as const;
export type OtpPurpose = (typeof otpPurposes)[number];

export const accountMessages = {
  otpResendTooSoon: `Please wait ${OTP_RESEND_INTERVAL_SECONDS} seconds before asking for another OTP.`,
  passwordReset: 'Your password has been changed. You have been signed out on every other device.',
  sessionNotFound: 'This device is not signed in.',
  sessionRevoked: 'That device has been signed out.',
  signedOutEverywhere: 'You have been signed out on every device.',
  deletionBlocked:
    'Your account cannot be deleted while an order is on its way or a refund is pending. Please try again once it is settled.',
  accountDeleted: 'Your account has been deleted.',
  noVerifiedContact: 'Your account has no verified e-mail or phone to send the OTP to.',
} as const;

/** POST /auth/send-otp: the contact, and (optionally) what the code is for. */
export const SendOtpRequestSchema = z
  .object({
    email: z.string().optional(),
    mobile: z.string().optional(),
    purpose: z.enum(otpPurposes, { message: 'purpose must be signup, login or reset' }).optional(),
  })
  .transform((body, context) => {
    const target = OtpTargetSchema.safeParse({ email: body.email, mobile: body.mobile });
    if (!target.success) {
      for (const issue of target.error.issues) context.addIssue({ ...issue, code: 'custom' });
      return z.NEVER;
    }
    return { ...target.data, purpose: body.purpose ?? ('signup' as const) };
  });

/** POST /auth/login/code: {email or mobile, otp}. */
export const CodeLoginBodySchema = VerifyOtpBodySchema;

/** POST /auth/password/reset: {email or mobile, otp, password}. */
export const PasswordResetBodySchema = z
  .object({
    email: z.string().optional(),
    mobile: z.string().optional(),
    otp: z.string(),
    password: z
      .string()
      .max(PASSWORD_MAX_LENGTH, `Password must be at most ${PASSWORD_MAX_LENGTH} characters long`),
  })
  .transform((body, context) => {
    const checked = VerifyOtpBodySchema.safeParse({ email: body.email, mobile: body.mobile, otp: body.otp });
    if (!checked.success) {
      for (const issue of checked.error.issues) context.addIssue({ ...issue, code: 'custom' });
      return z.NEVER;
    }
    return { ...checked.data, password: body.password };
  });
export type PasswordResetBody = z.output<typeof PasswordResetBodySchema>;

export const SignedInDeviceSchema = z
  .object({
    id: z.string(),
    /** In plain words, e.g. 'Chrome on Android'. */
    device: z.string(),
    ipAddress: z.string().nullable(),
    signedInAt: z.string(),
    current: z.boolean(),
  })
  .meta({ id: 'SignedInDevice' });
export type SignedInDevice = z.infer<typeof SignedInDeviceSchema>;

export const SessionsReplySchema = z.object({ sessions: z.array(SignedInDeviceSchema) });

export const MessageReplySchema = z.object({ status: z.literal('success'), message: z.string() });

export const DeleteAccountBodySchema = z.object({
  otp: z
    .string()
    .transform((otp) => otp.trim())
    .refine((otp) => /^\d{6}$/.test(otp), 'Please enter the 6-digit OTP.'),
});
