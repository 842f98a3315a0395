// The return window's settings without zod: the product and checkout pages state the window, and importing
// contracts/returns.ts for it brought every return and account schema, and zod, into their first load
// (docs/operations.md#performance-budget). contracts/returns.ts re-exports them.

/** The owner's return settings (docs/product.md#returns); the defaults until the console sets them. */
export interface ReturnSettings {
  /** Days after delivery a return may be asked for (the policies and checkout say the same number). */
  windowDays: number;
  /** Whether "changed my mind" is a reason the shop accepts. */
  changedMindAccepted: boolean;
  /** Taken off a changed-my-mind refund for the return shipping; 0 takes nothing. */
  changedMindDeductionPaise: number;
}

export const DEFAULT_RETURN_SETTINGS: ReturnSettings = {
  windowDays: 7,
  changedMindAccepted: true,
  changedMindDeductionPaise: 0,
};
