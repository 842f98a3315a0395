export { formatRupees } from '../../../contracts/format';

const reasonLabels = {
  sale: 'Sale',
  cancellation: 'Cancellation',
  adjustment: 'Count set',
  return: 'Returned',
  write_off: 'Written off',
} as const;

export function stockReasonLabel(reason: keyof typeof reasonLabels): string {
  return reasonLabels[reason];
}

/** A GST rate kept in basis points, as a percentage: 500 is "5%", 25 is "0.25%". */
export function formatGstRate(basisPoints: number): string {
  return `${basisPoints / 100}%`;
}
