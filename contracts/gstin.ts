import { stateByCode } from './india-states';

// docs/product.md#seller-settings: a GSTIN is 15 characters: the GST state code (2 digits), the holder's
// PAN (5 letters, 4 digits, 1 letter), the entity number for that PAN in that state (1-9, then A-Z), 'Z',
// and a check character computed from the first 14.

export const gstinMessages = {
  format: 'Please enter a valid 15-character GSTIN, e.g. 29ABCDE1234F1ZW.',
  unknownState: 'The GSTIN must start with the code of an Indian state, e.g. 29 for Karnataka.',
  checkCharacter: 'The GSTIN’s last character does not match: please check it for a typing mistake.',
} as const;

const GSTIN_SHAPE = /^[0-9]{2}[A-Z]{5}[0-9]{4}[A-Z][1-9A-Z]Z[0-9A-Z]$/;
const CODE_POINTS = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';

/**
 * The check character of a GSTIN's first 14 characters, as GSTN computes it: each character's base-36
 * value times 1 or 2 (alternating, from the left), the product's base-36 digits summed, and the check
 * is what brings the total to a multiple of 36.
 */
export function gstinCheckCharacter(first14: string): string {
  let sum = 0;
  for (const [index, character] of [...first14].entries()) {
    const product = CODE_POINTS.indexOf(character) * (index % 2 === 0 ? 1 : 2);
    sum += Math.floor(product / 36) + (product % 36);
  }
  return CODE_POINTS.charAt((36 - (sum % 36)) % 36);
}

/** Why a GSTIN (already trimmed and upper-cased) is not valid, or undefined when it is. */
export function gstinProblem(gstin: string): string | undefined {
  if (!GSTIN_SHAPE.test(gstin)) return gstinMessages.format;
  if (!stateByCode(gstin.slice(0, 2))) return gstinMessages.unknownState;
  if (gstinCheckCharacter(gstin.slice(0, 14)) !== gstin.charAt(14)) return gstinMessages.checkCharacter;
  return undefined;
}

export function isValidGstin(gstin: string): boolean {
  return gstinProblem(gstin) === undefined;
}
