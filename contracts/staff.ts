import { z } from 'zod';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from './auth';

/** docs/product.md#staff: an owner does everything; support sees everything and may note, resend and retry. */
export const staffRoles = ['owner', 'support'] as const;
export type StaffRole = (typeof staffRoles)[number];

/** Whether a member of staff with `role` may do what needs `required`. */
export function roleAllows(role: StaffRole, required: StaffRole): boolean {
  return role === 'owner' || required === 'support';
}

/** docs/product.md#staff: the console's messages. */
/** The console API's answers to a request without the access it needs. */
export const staffMessages = {
  signInFirst: 'Please sign in to the console.',
  ownerOnly: 'Only an owner can do this.',
  httpsOnly: 'The console opens only over HTTPS. Please use the https:// address of the shop.',
} as const;

export const staffConsoleMessages = {
  signInFailed: 'Those sign-in details are not right. Please check them and try again.',
  codeStepExpired: 'Your sign-in took too long. Please start again.',
  tooManyCodes: 'Too many wrong codes. Please sign in again with your password.',
  signedOut: 'You are signed out of the console.',
  setupLinkInvalid: 'This set-up link has expired or was already used. Please ask an owner for a new one.',
  setupCodeWrong: 'That code is not right. Check the time on your phone and try the newest code.',
  setupDone: 'Your account is ready. Keep your recovery codes somewhere safe.',
  emailTaken: 'A member of staff with this e-mail already exists.',
  staffNotFound: 'No member of staff has this id.',
  notYourself: 'You cannot change your own role or disable yourself.',
  invited: 'Invitation sent.',
  roleChanged: 'Role changed.',
  disabled: 'Access removed; their sessions have ended.',
  badCursor: 'This page link is not valid. Please start from the first page.',
} as const;

export const RECOVERY_CODE_COUNT = 10;
export const TOTP_DIGITS = 6;

const email = z
  .string()
  .trim()
  .toLowerCase()
  .max(254)
  .regex(/^[^\s@]+@[^\s@]+$/, 'Please enter a valid e-mail address');

export const StaffRoleSchema = z.enum(staffRoles);

export const StaffProfileSchema = z
  .object({ id: z.string(), email: z.string(), name: z.string(), role: StaffRoleSchema })
  .meta({ id: 'StaffProfile' });
export type StaffProfile = z.infer<typeof StaffProfileSchema>;

export const StaffMemberSchema = StaffProfileSchema.extend({
  /** `invited` until the set-up link is used. */
  status: z.enum(['invited', 'active', 'disabled']),
  createdAt: z.string(),
}).meta({ id: 'StaffMember' });
export type StaffMember = z.infer<typeof StaffMemberSchema>;

/**
 * docs/architecture.md#staff: sign-in goes step by step: `{email, password}` opens a pending session, then
 * `{code}` or `{recoveryCode}` completes it.
 */
export const StaffSignInBodySchema = z.union([
  z.object({ email: z.string().max(254), password: z.string().max(PASSWORD_MAX_LENGTH) }).strict(),
  z.object({ code: z.string().max(20) }).strict(),
  z.object({ recoveryCode: z.string().max(40) }).strict(),
]);
export type StaffSignInBody = z.infer<typeof StaffSignInBodySchema>;

export const StaffSignInReplySchema = z.union([
  z.object({ next: z.literal('code') }),
  z.object({ next: z.literal('done'), staff: StaffProfileSchema }),
]);
export type StaffSignInReply = z.infer<typeof StaffSignInReplySchema>;

export const StaffSessionReplySchema = z.object({ staff: StaffProfileSchema });

export const StaffSetupInfoSchema = z.object({
  email: z.string(),
  name: z.string(),
  /** Base32, for typing into an authenticator by hand. */
  totpSecret: z.string(),
  otpauthUrl: z.string(),
  /** A PNG data URL of the otpauth URL (the CSP allows data: images, not inline SVG styles). */
  qrCodeDataUrl: z.string(),
});
export type StaffSetupInfo = z.infer<typeof StaffSetupInfoSchema>;

export const StaffSetupBodySchema = z.object({
  password: z
    .string()
    .min(PASSWORD_MIN_LENGTH, `Password must be at least ${PASSWORD_MIN_LENGTH} characters long`)
    .max(PASSWORD_MAX_LENGTH, `Password must be at most ${PASSWORD_MAX_LENGTH} characters long`),
  code: z
    .string()
    .trim()
    .regex(/^\d{6}$/, 'Please enter the 6-digit code from your authenticator'),
});
export type StaffSetupBody = z.infer<typeof StaffSetupBodySchema>;

export const StaffSetupReplySchema = z.object({
  message: z.string(),
  recoveryCodes: z.array(z.string()).length(RECOVERY_CODE_COUNT),
});

export const InviteStaffBodySchema = z.object({
  email,
  name: z.string().trim().min(1, 'Please enter a name').max(100),
  role: StaffRoleSchema,
});
export type InviteStaffBody = z.infer<typeof InviteStaffBodySchema>;

export const ChangeRoleBodySchema = z.object({ role: StaffRoleSchema });

export const StaffListReplySchema = z.object({ staff: z.array(StaffMemberSchema) });
export const StaffMemberReplySchema = z.object({ message: z.string(), staff: StaffMemberSchema });

export const AuditQuerySchema = z.object({
  staffId: z.uuid('staffId must be a staff id').optional(),
  action: z.string().max(100).optional(),
  entityType: z.string().max(100).optional(),
  entityId: z.string().max(200).optional(),
  from: z.iso.datetime({ offset: true, message: 'from must be an ISO date-time' }).optional(),
  to: z.iso.datetime({ offset: true, message: 'to must be an ISO date-time' }).optional(),
  /** The `next` of the previous page. */
  after: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});
export type AuditQuery = z.infer<typeof AuditQuerySchema>;

export const AuditEntrySchema = z
  .object({
    id: z.string(),
    staffId: z.string().nullable(),
    staffName: z.string().nullable(),
    action: z.string(),
    entityType: z.string(),
    entityId: z.string(),
    /**
     * How people name the record, where it has such a name: an order's OM number, a return's RT- number, a COD
     * remittance's UTR, a complaint's GRV- number, a coupon's code, a product's title, a shopper's or staff
     * member's name, the settings' name.
     */
    entityLabel: z.string().nullable(),
    before: z.unknown(),
    after: z.unknown(),
    ipAddress: z.string().nullable(),
    createdAt: z.string(),
  })
  .meta({ id: 'AuditEntry' });
export type AuditEntry = z.infer<typeof AuditEntrySchema>;

export const AuditPageSchema = z.object({ entries: z.array(AuditEntrySchema), next: z.string().nullable() });
export type AuditPage = z.infer<typeof AuditPageSchema>;
