// Shiprocket's non-delivery reports (docs/architecture.md#shiprocket-ndr): a courier's failed delivery attempt, the
// NDR list, and the action we take on it. The action's body is Shiprocket's published parameter table; the list's
// and the action reply's field names are not published in full and are read tolerantly.

/** Forward tracking's 21 UNDELIVERED: the courier tried and failed (a return's 21 is RETURN PENDING: see returns.ts). */
export const NDR_STATUS_ID = 21;

export type NdrCourierAction = 're-attempt' | 'return' | 'fake-attempt';

/** `POST /ndr/{awb}/action`: `comments` is required; the rest only for a re-attempt (and a fake-attempt). */
export interface NdrActionInput {
  action: Extract<NdrCourierAction, 're-attempt' | 'return'>;
  comments: string;
  /** 10 digits: the phone the courier calls on the re-attempt. */
  phone?: string;
  address1?: string;
  address2?: string;
  /** YYYY-MM-DD: the day the shopper asked for ("preferred date" in the panel). */
  deferred_date?: string;
}

/** One attempt as the NDR list's history carries it. */
export interface ListedNdrAttempt {
  attempt: number;
  reason: string;
  ndr_raised_at: string;
  action_taken?: string | null;
  action_by?: string | null;
  deferred_date?: string | null;
}

/** A row of `GET /ndr/all` (and the one row of `GET /ndr/{awb}`): field names unconfirmed. */
export interface ListedNdr {
  id: number;
  awb_code: string;
  /** Ours. */
  channel_order_id: string;
  shipment_id: number;
  courier_name: string | null;
  /** Delivery attempts so far. */
  attempts: number;
  /** The courier's words for the latest attempt. */
  reason: string;
  /** "yyyy-mm-dd hh:mm:ss", Indian time, of the latest attempt. */
  ndr_raised_at: string;
  /** "yyyy-mm-dd hh:mm:ss", Indian time: after this the courier acts alone (re-attempt or return). */
  action_by_date: string | null;
  /** The latest action taken on the report, if any: 're-attempt', 'return'. */
  action_taken: string | null;
  history: ListedNdrAttempt[];
}

export interface NdrListReply {
  data?: ListedNdr[];
  meta?: { pagination?: { total?: number; total_pages?: number; current_page?: number } };
}

export interface NdrActionReply {
  message?: string;
  status?: unknown;
}

/** The body of a re-attempt: the pincode is not a field, so it can never change. */
export function reattemptActionInput(input: {
  comments: string;
  date: string;
  phone?: string | null;
  addressLine?: string | null;
}): NdrActionInput {
  return {
    action: 're-attempt',
    comments: input.comments,
    deferred_date: input.date,
    ...(input.phone ? { phone: input.phone } : {}),
    ...(input.addressLine ? { address2: input.addressLine } : {}),
  };
}

export function returnActionInput(comments: string): NdrActionInput {
  return { action: 'return', comments };
}
