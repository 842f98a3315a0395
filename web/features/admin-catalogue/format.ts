export { formatRupees } from '../../../contracts/format';

const reasonLabels = { sale: 'Sale', cancellation: 'Cancellation', adjustment: 'Count set' } as const;

export function stockReasonLabel(reason: keyof typeof reasonLabels): string {
  return reasonLabels[reason];
}
