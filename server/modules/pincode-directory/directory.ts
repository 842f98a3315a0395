import { stateByCode } from '../../../contracts/india-states';
import type { PincodePlace } from '../../../contracts/pincode';
import directory from './india-post-pincodes.json' with { type: 'json' };

// docs/product.md#pincode-directory: India Post's directory, rebuilt by scripts/build-pincode-directory.ts.
const places = new Map<string, PincodePlace>();
for (const [code, districts] of Object.entries(directory.places)) {
  const state = stateByCode(code)?.name;
  if (!state) continue;
  for (const [district, pincodes] of Object.entries(districts)) {
    for (const pincode of pincodes.split(' ')) places.set(pincode, { pincode, city: district, state });
  }
}

/** The district (the city we suggest) and state India Post gives a pincode; undefined for one it does not list. */
export function lookUpPincode(pincode: string): PincodePlace | undefined {
  return places.get(pincode.trim());
}
