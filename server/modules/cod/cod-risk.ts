import { type CodRefusal, codMessages } from '../../../contracts/cod';
import {
  type CodRiskOutcome,
  type CodRiskRule,
  type CodRiskSettings,
  codRiskMessages,
  codRiskOutcomes,
  codRiskRules,
  MIN_COD_ADVANCE_PAISE,
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
  advanceFor: 'risky',
  advanceKind: 'fixed',
  advanceFixedPaise: 9_900,
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
  /** docs/product.md#part-paid-cod: the advance this order would pay (`codAdvancePaiseOf`); 0: none can be taken. */
  advancePaise: number;
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
 * docs/product.md#part-paid-cod: the advance a COD order of this total pays, as the owner set it; 0 when none can
 * be taken: under Razorpay's least payment (₹1), or not less than the whole order (that is paying online).
 */
export function codAdvancePaiseOf(
  settings: Pick<CodRiskSettingsValues, 'advanceKind' | 'advanceFixedPaise'>,
  feePaise: number,
  codTotalPaise: number,
): number {
  const advance = settings.advanceKind === 'cod_fee' ? feePaise : settings.advanceFixedPaise;
  return advance >= MIN_COD_ADVANCE_PAISE && advance < codTotalPaise ? advance : 0;
}

/**
 * What a risky order gets (a pincode with many returns to origin, a first order above the limit): COD with an
 * advance where the owner asks advances of risky orders and one can be taken, else online only.
 */
function riskyOutcome(settings: CodRiskSettingsValues, facts: CodRiskFacts): Exclude<CodRiskOutcome, 'cod'> {
  return settings.advanceFor !== 'none' && facts.advancePaise > 0 ? 'cod_with_advance' : 'online_only';
}

function verdictOf(rule: CodRiskRule, settings: CodRiskSettingsValues, facts: CodRiskFacts): Verdict {
  const pass = { rule, outcome: 'cod' as const, message: '' };
  switch (rule) {
    case 'rto_limit':
      return facts.rtoCount > facts.rtoLimit
        ? { rule, outcome: 'online_only', message: codMessages.rtoLimit }
        : pass;
    case 'pincode_rto_rate': {
      if (!pincodeRtoBlocked(settings, facts.pincodeHistory)) return pass;
      const outcome = riskyOutcome(settings, facts);
      const message =
        outcome === 'cod_with_advance'
          ? codRiskMessages.pincodeRtoAdvance(facts.pincode)
          : codRiskMessages.pincodeRtoRate(facts.pincode);
      return { rule, outcome, message };
    }
    case 'first_order_limit': {
      const over =
        settings.firstOrderLimitEnabled &&
        !facts.hasDeliveredOrder &&
        facts.orderPaise > settings.firstOrderLimitPaise;
      if (!over) return pass;
      const outcome = riskyOutcome(settings, facts);
      const limit = settings.firstOrderLimitPaise;
      const message =
        outcome === 'cod_with_advance'
          ? codRiskMessages.firstOrderAdvance(limit)
          : codRiskMessages.firstOrderLimit(limit);
      return { rule, outcome, message };
    }
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

/** The decision as the eligibility reply's refusal; none when COD is offered (with an advance or without). */
export function refusalOfRisk(decision: CodRiskDecision): CodRefusal | undefined {
  return decision.outcome === 'online_only'
    ? { reason: decision.rule, message: decision.message }
    : undefined;
}
