/** docs/product.md#staff: an owner does everything; support sees everything and may note, resend and retry. */
export const staffRoles = ['owner', 'support'] as const;
export type StaffRole = (typeof staffRoles)[number];

/** Whether a member of staff with `role` may do what needs `required`. */
export function roleAllows(role: StaffRole, required: StaffRole): boolean {
  return role === 'owner' || required === 'support';
}
