import { type CodRefusal, codMessages } from '../../../contracts/cod';
import {
  type CodRiskOutcome,
  type CodRiskRule,
  type CodRiskSettings,
  codRiskMessages,
  codRiskOutcomes,
  codRiskRules,
} from '../../../contracts/cod-risk';

// docs/product.md#cod-risk-rules: the COD risk rules as one pure function of the owner's settings and the
// shopper's, the order's and the pincode's facts. Checkout's eligibility and COD PLACE ORDER both ask it.

export type CodRiskSettingsValues = Omit<CodRiskSettings, 'updatedAt' | 'updatedBy'>;

/** Safe defaults, in force until an owner saves the risk rules. */
export const DEFAULT_COD_RISK_SETTINGS: CodRiskSettingsValues = {
  firstOrderLimitEnabled: true,
  firstOrderLimitPaise: 150_000,
  pincodeRtoEnabled: true,
  pincodeRtoWindow: 20,
  pincodeRtoMinSample: 10,
  pincodeRtoThresholdPercent: 40,
};

/** A pincode's last COD orders that reached an end: delivered or returned to origin. */
export interface PincodeRtoHistory {
  codOrders: number;
  rtos: number;
}

export interface CodRiskFacts {
  pincode: string;
  /** The order's value without the COD fee. */
  orderPaise: number;
  /** The shopper's COD orders returned to origin, and the limit of the COD settings. */
  rtoCount: number;
  rtoLimit: number;
  /** The minimum order value of the COD settings (0: off). */
  minOrderPaise: number;
  /** Whether any order of the shopper was delivered. */
  hasDeliveredOrder: boolean;
  /** The pincode's history over the last `pincodeRtoWindow` COD orders. */
  pincodeHistory: PincodeRtoHistory;
}

export type CodRiskDecision =
  | { outcome: 'cod' }
  | { outcome: Exclude<CodRiskOutcome, 'cod'>; rule: CodRiskRule; message: string };

interface Verdict {
  rule: CodRiskRule;
  outcome: CodRiskOutcome;
  message: string;
}

/** Whether the pincode rule refuses COD at a pincode with this history: enough orders, rate at or above. */
export function pincodeRtoBlocked(settings: CodRiskSettingsValues, history: PincodeRtoHistory): boolean {
  if (!settings.pincodeRtoEnabled) return false;
  if (history.codOrders < settings.pincodeRtoMinSample || history.codOrders === 0) return false;
  return history.rtos * 100 >= settings.pincodeRtoThresholdPercent * history.codOrders;
}

/**
 * What a pincode with many returns to origin gets. The one place part-paid COD would change: 'cod_with_advance'
 * (an advance paid online, the rest in cash) once it exists; until then, online only.
 */
export function riskyPincodeOutcome(): Exclude<CodRiskOutcome, 'cod'> {
  return 'online_only';
}

function verdictOf(rule: CodRiskRule, settings: CodRiskSettingsValues, facts: CodRiskFacts): Verdict {
  const pass = { rule, outcome: 'cod' as const, message: '' };
  switch (rule) {
    case 'rto_limit':
      return facts.rtoCount > facts.rtoLimit
        ? { rule, outcome: 'online_only', message: codMessages.rtoLimit }
        : pass;
    case 'pincode_rto_rate':
      return pincodeRtoBlocked(settings, facts.pincodeHistory)
        ? { rule, outcome: riskyPincodeOutcome(), message: codRiskMessages.pincodeRtoRate(facts.pincode) }
        : pass;
    case 'first_order_limit':
      return settings.firstOrderLimitEnabled &&
        !facts.hasDeliveredOrder &&
        facts.orderPaise > settings.firstOrderLimitPaise
        ? {
            rule,
            outcome: 'online_only',
            message: codRiskMessages.firstOrderLimit(settings.firstOrderLimitPaise),
          }
        : pass;
    case 'below_minimum':
      return facts.orderPaise < facts.minOrderPaise
        ? { rule, outcome: 'online_only', message: codMessages.belowMinimum(facts.minOrderPaise) }
        : pass;
  }
}

/**
 * The rule that applies: of the rules that do not pass, the one with the strictest outcome, and among those the
 * first in `codRiskRules`' order; none, COD is offered.
 */
export function decideCodRisk(settings: CodRiskSettingsValues, facts: CodRiskFacts): CodRiskDecision {
  const strictness = (outcome: CodRiskOutcome) => codRiskOutcomes.indexOf(outcome);
  let applied: Verdict | undefined;
  for (const rule of codRiskRules) {
    const verdict = verdictOf(rule, settings, facts);
    if (verdict.outcome === 'cod') continue;
    if (!applied || strictness(verdict.outcome) > strictness(applied.outcome)) applied = verdict;
  }
  if (!applied || applied.outcome === 'cod') return { outcome: 'cod' };
  return { outcome: applied.outcome, rule: applied.rule, message: applied.message };
}

/** The decision as the eligibility reply's refusal; none when COD is offered. */
export function refusalOfRisk(decision: CodRiskDecision): CodRefusal | undefined {
  return decision.outcome === 'cod' ? undefined : { reason: decision.rule, message: decision.message };
}
