import type { NdrDecider } from '../../../../contracts/ndr-rules';

// docs/product.md#failed-deliveries: the console's words for a report's choice.

const deciderWords: Record<NdrDecider, string> = {
  shopper: 'by the shopper',
  staff: 'by staff, after a call',
  default: 'by the default at the deadline',
};

/** "by the shopper", "by staff, after a call", "by the default at the deadline". */
export function deciderText(by: NdrDecider): string {
  return deciderWords[by];
}
