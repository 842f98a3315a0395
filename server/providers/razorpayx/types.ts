// RazorpayX's payout entities as its API returns them (docs/architecture.md#razorpayx); only what we read is typed.

/**
 * queued (low balance) and pending (awaiting approval) come first; processing, then processed (final, with a
 * UTR), or reversed or failed (the money comes back); rejected (an approver said no) and cancelled (a queued
 * payout called off) never leave the account.
 */
export type PayoutStatus =
  | 'queued'
  | 'pending'
  | 'rejected'
  | 'processing'
  | 'processed'
  | 'cancelled'
  | 'reversed'
  | 'failed';

/** The statuses a payout never leaves. `processed` is final for the money, though `reversed` can follow it. */
export const FINAL_PAYOUT_STATUSES: ReadonlySet<PayoutStatus> = new Set([
  'processed',
  'reversed',
  'failed',
  'rejected',
  'cancelled',
]);

export type ContactType = 'customer' | 'vendor' | 'employee' | 'self';

export interface RazorpayXContact {
  id: string;
  entity: 'contact';
  name: string;
  contact: string | null;
  email: string | null;
  type: ContactType;
  reference_id: string | null;
  batch_id: null;
  active: boolean;
  notes: Record<string, string> | never[];
  created_at: number;
}

export interface RazorpayXFundAccount {
  id: string;
  entity: 'fund_account';
  contact_id: string;
  contact: RazorpayXContact;
  account_type: 'vpa';
  vpa: { username: string; handle: string; address: string };
  batch_id: null;
  active: boolean;
  created_at: number;
}

export interface PayoutStatusDetails {
  reason: string | null;
  description: string | null;
  source: string | null;
}

export interface RazorpayXPayout {
  id: string;
  entity: 'payout';
  fund_account_id: string;
  /** Given by the composite API's reply; webhooks may omit it. */
  fund_account?: RazorpayXFundAccount;
  /** Paise. */
  amount: number;
  currency: 'INR';
  notes: Record<string, string> | never[];
  /** Paise, deducted from the account beside the amount. */
  fees: number;
  tax: number;
  status: PayoutStatus;
  /** The bank's reference, once the payout is processed. */
  utr: string | null;
  mode: 'UPI';
  purpose: string;
  /** Ours: what the payout is for. */
  reference_id: string | null;
  narration: string | null;
  batch_id: null;
  status_details: PayoutStatusDetails | null;
  created_at: number;
}

/** A payout webhook's body: the envelope of Razorpay's webhooks with the payout in it. */
export interface PayoutWebhookEvent {
  entity: 'event';
  account_id: string;
  event: string;
  contains: string[];
  payload: { payout: { entity: RazorpayXPayout } };
  created_at: number;
}
