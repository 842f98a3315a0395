import { describe, expect, it } from 'vitest';
import { lookUpPincode } from './directory';

describe("India Post's pincode directory (docs/product.md#pincode-directory)", () => {
  it('names the city and state of a listed pincode', () => {
    expect(lookUpPincode('560001')).toEqual({ pincode: '560001', city: 'Bengaluru', state: 'Karnataka' });
    expect(lookUpPincode('411001')).toEqual({ pincode: '411001', city: 'Pune', state: 'Maharashtra' });
    expect(lookUpPincode('744301')).toMatchObject({ state: 'Andaman and Nicobar Islands' });
  });

  it.each([
    ['560034', 'Bengaluru', 'Karnataka'],
    ['400050', 'Mumbai', 'Maharashtra'],
    ['781001', 'Guwahati', 'Assam'],
    ['110001', 'New Delhi', 'Delhi'],
    ['110016', 'Delhi', 'Delhi'],
    ['110085', 'Delhi', 'Delhi'],
  ])('gives %s the city, not its district: %s', (pincode, city, state) => {
    expect(lookUpPincode(pincode)).toEqual({ pincode, city, state });
  });

  it('keeps a district that is not part of a city as it is', () => {
    expect(lookUpPincode('562110')?.city).toBe('Bengaluru Rural');
  });

  it.each(['999999', '990001', '000000', '5600AB'])('does not list %s', (pincode) => {
    expect(lookUpPincode(pincode)).toBeUndefined();
  });
});
