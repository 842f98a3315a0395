import type { CashOnDeliveryTerms } from '../../../contracts/public-config';
import type { CodRules } from './cod-settings';

/** docs/product.md#policies: cash on delivery as the footer and the policies describe it; null while it is off. */
export function cashOnDeliveryTermsOf(rules: CodRules): CashOnDeliveryTerms {
  return rules.enabled ? { feePaise: rules.feePaise, confirmHours: rules.confirmHours } : null;
}
