import { describe, expect, it } from 'vitest';
import { courierPhoneOf, missingReturnAddress } from './missing-seller-details';

// docs/product.md#returns: what a reverse pickup needs of the seller, and the phone a courier is given.
describe('the seller’s end of a return pickup', () => {
  const complete = {
    legalName: 'Silk Route Textiles LLP',
    addressLine1: '4 Residency Road',
    city: 'Bengaluru',
    pincode: '560025',
    stateCode: '29',
    carePhone: '080 4567 8901',
  };

  it('lacks nothing once the name, the whole address and a phone a courier can call are there', () => {
    expect(missingReturnAddress(complete)).toEqual([]);
  });

  it('names each part missing', () => {
    expect(missingReturnAddress({ ...complete, legalName: '', pincode: '', carePhone: '' })).toEqual([
      'the seller’s legal name',
      'the seller’s address',
      'customer care’s phone',
    ]);
    expect(missingReturnAddress({ ...complete, carePhone: '1800 123 4567' })).toEqual([
      'customer care’s phone as a mobile or a landline with its STD code (a courier cannot call a 1800 number)',
    ]);
  });

  it.each([
    ['+91 98100 45210', '9810045210'],
    ['9123456789', '9123456789'],
    ['080 4567 8901', '8045678901'],
    ['+91 80 4567 8901', '8045678901'],
    ['1800 123 4567', undefined],
    ['1860 500 1234', undefined],
    ['12345', undefined],
  ])('gives the courier %s as %s', (phone, digits) => {
    expect(courierPhoneOf(phone)).toBe(digits);
  });
});
