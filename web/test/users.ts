import type { Address, User } from '../../contracts/auth';

const emptyAddress: Address = {
  firstName: '',
  lastName: '',
  houseName: '',
  streetArea: '',
  city: '',
  state: '',
  country: '',
  pincode: '',
};

/** A signed-in shopper as the profile reply carries one; a new id every call unless overridden. */
export function aUser(overrides: Partial<User> = {}): User {
  const id = overrides._id ?? crypto.randomUUID();
  return {
    _id: id,
    firstName: 'Asha',
    lastName: 'Verma',
    name: 'Asha Verma',
    email: `asha-${id.slice(0, 8)}@example.in`,
    phone: '9876543211',
    mobile: '9876543211',
    houseName: '12 Silk Lane',
    streetArea: 'Koregaon Park',
    city: 'Pune',
    state: 'Maharashtra',
    country: 'India',
    pincode: '411001',
    deliveryPhone: '',
    profilePic: '',
    shippingAddress: emptyAddress,
    billingAddress: emptyAddress,
    createdAt: '2026-01-05T10:00:00.000Z',
    passwordSet: true,
    phoneVerified: true,
    ...overrides,
  };
}
