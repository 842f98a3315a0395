import type { Address, User } from '../../../contracts/auth';
import type { users } from '../../db/schema';

export type UserRow = typeof users.$inferSelect;

/** The user's saved address, as orders and replies carry it. */
export function addressOf(row: UserRow): Address {
  return {
    firstName: row.firstName,
    lastName: row.lastName,
    houseName: row.houseName,
    streetArea: row.streetArea,
    city: row.city,
    state: row.state,
    country: row.country,
    pincode: row.pincode,
  };
}

/** The user as every reply shows it (docs/product.md#entities User); never the password hash or the Google subject. */
export function toUser(row: UserRow): User {
  const address = addressOf(row);
  return {
    _id: row.id,
    ...address,
    name: `${row.firstName} ${row.lastName}`.trim(),
    email: row.email,
    phone: row.phone ?? '',
    mobile: row.phone ?? '',
    deliveryPhone: row.deliveryPhone ?? '',
    profilePic: row.profilePic,
    shippingAddress: address,
    billingAddress: address,
    createdAt: row.createdAt.toISOString(),
    passwordSet: row.passwordHash !== null,
    phoneVerified: row.phone !== null && row.phoneVerifiedAt !== null,
  };
}
