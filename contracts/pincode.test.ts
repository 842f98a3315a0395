import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { indianStates } from './india-states';
import { type PincodePlace, pincodeFormatProblem, pincodeProblem, stateProblem } from './pincode';

const bengaluru: PincodePlace = { pincode: '560001', city: 'Bengaluru', state: 'Karnataka' };
const directory = (pincode: string) => (pincode === '560001' ? bengaluru : undefined);

describe('pincodeProblem (docs/product.md#pincode-directory)', () => {
  it.each(['5600AB', '1234567', '000000', '012345', '56001', ''])('refuses the format of %j', (pincode) => {
    expect(pincodeProblem(pincode, directory)).toBe('Pincode must be 6 digits and cannot start with 0');
  });

  it('refuses a well-formed pincode India Post does not list', () => {
    expect(pincodeProblem('999999', directory)).toBe(
      "We could not find pincode 999999 in India Post's directory. Please check it.",
    );
  });

  it('accepts a listed pincode, spaces around it or not', () => {
    expect(pincodeProblem(' 560001 ', directory)).toBeUndefined();
  });

  it('accepts the format of exactly six digits not starting with 0', () => {
    fc.assert(
      fc.property(fc.string(), (text) => {
        expect(pincodeFormatProblem(text) === undefined).toBe(/^[1-9]\d{5}$/.test(text.trim()));
      }),
    );
  });
});

describe('stateProblem (docs/product.md#pincode-directory)', () => {
  it.each(['Karnataka', 'Tamil Nadu', 'TN', 'Orissa', 'Ladakh'])('accepts %s', (state) => {
    expect(stateProblem(state)).toBeUndefined();
  });

  it("accepts every choice of the address forms' State select, which lists indianStates by name", () => {
    expect(indianStates).toHaveLength(36);
    for (const { name } of indianStates) expect(stateProblem(name), name).toBeUndefined();
  });

  it.each(['', 'Bavaria', 'Karnatakaa'])('refuses %j', (state) => {
    expect(stateProblem(state)).toBe('Please choose your state or union territory.');
  });
});
