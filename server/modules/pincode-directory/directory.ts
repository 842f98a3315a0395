import { stateByCode } from '../../../contracts/india-states';
import type { PincodePlace } from '../../../contracts/pincode';
import directory from './india-post-pincodes.json' with { type: 'json' };

// docs/product.md#pincode-directory: India Post's directory, rebuilt by scripts/build-pincode-directory.ts.
const places = new Map<string, PincodePlace>();
for (const [code, cities] of Object.entries(directory.places)) {
  const state = stateByCode(code)?.name;
  if (!state) continue;
  for (const [city, pincodes] of Object.entries(cities)) {
    for (const pincode of pincodes.split(' ')) places.set(pincode, { pincode, city, state });
  }
}

/** The city (not the district: Bengaluru, not Bengaluru Urban) and state of a pincode; undefined for one India Post does not list. */
export function lookUpPincode(pincode: string): PincodePlace | undefined {
  return places.get(pincode.trim());
}
