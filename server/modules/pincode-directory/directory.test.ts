import { describe, expect, it } from 'vitest';
import { lookUpPincode } from './directory';

describe("India Post's pincode directory (docs/product.md#pincode-directory)", () => {
  it('names the district and state of a listed pincode', () => {
    expect(lookUpPincode('560001')).toEqual({
      pincode: '560001',
      city: 'Bengaluru Urban',
      state: 'Karnataka',
    });
    expect(lookUpPincode('110001')).toMatchObject({ state: 'Delhi' });
    expect(lookUpPincode('744301')).toMatchObject({ state: 'Andaman and Nicobar Islands' });
  });

  it.each(['999999', '990001', '000000', '5600AB'])('does not list %s', (pincode) => {
    expect(lookUpPincode(pincode)).toBeUndefined();
  });
});
