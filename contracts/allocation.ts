// docs/product.md#money: the one way an order-level amount (a coupon's discount, a refund) is split across
// lines, so the parts always add up and every later document reads the same split; and the one way a percent
// of an amount is taken.

/** round-half-up(value x percent / 100), in integers: a code's percent, the prepaid offer's. */
export function percentOfPaise(valuePaise: number, percent: number): number {
  return Math.floor((valuePaise * percent + 50) / 100);
}

/**
 * Shares an amount among parts in proportion to their weights, in whole paise that add up to the amount: each
 * part gets the floor of its exact share, and the paise left (fewer than the parts) go to the largest part
 * (the earliest of equals). A part never gets more than its weight while the amount is at most the weights'
 * sum: paise the largest part has no room for go to the next largest, and so on.
 */
export function shareInProportion(amountPaise: number, weights: readonly number[]): number[] {
  const totalWeight = weights.reduce((sum, weight) => sum + weight, 0);
  if (totalWeight === 0) return weights.map(() => 0);
  const shares = weights.map((weight) => Math.floor((amountPaise * weight) / totalWeight));
  let left = amountPaise - shares.reduce((sum, share) => sum + share, 0);
  const largestFirst = weights
    .map((weight, index) => ({ weight, index }))
    .sort((a, b) => b.weight - a.weight || a.index - b.index);
  for (const { weight, index } of largestFirst) {
    if (left === 0) break;
    const share = shares[index] ?? 0;
    const taken = Math.min(left, Math.max(0, weight - share));
    shares[index] = share + taken;
    left -= taken;
  }
  // Only when the amount is more than the weights' sum: the rest on the largest part.
  const largest = largestFirst[0];
  if (left > 0 && largest) shares[largest.index] = (shares[largest.index] ?? 0) + left;
  return shares;
}
