import { createHash } from 'node:crypto';
import type {
  ContactType,
  PayoutStatus,
  PayoutStatusDetails,
  RazorpayXFundAccount,
  RazorpayXPayout,
} from '../../providers/razorpayx/types';
import { badRequest, unknownId } from '../razorpay/errors';
import type { Notes } from '../razorpay/store';
import { razorpayIdSuffix } from '../razorpay/store';

export interface SimulatedPayout extends RazorpayXPayout {
  fund_account: RazorpayXFundAccount;
}

export interface NewPayout {
  amount: number;
  purpose: string;
  vpa: string;
  contact: {
    name: string;
    email: string | null;
    contact: string | null;
    type: ContactType;
    reference_id: string | null;
  };
  referenceId: string | null;
  narration: string | null;
  notes: Notes;
}

/** A payout as kept: the entity, and the idempotency key and request it was made with. */
export interface SavedPayout {
  payout: SimulatedPayout;
  idempotencyKey: string;
  requestHash: string;
}

/** What a call names: a payout by its id, or a create by its idempotency key. */
export type PayoutKey = { payoutId: string } | { idempotencyKey: string };

export interface PayoutStoreOptions {
  saved?: SavedPayout[] | undefined;
  /** Called with a copy of each payout after each change, in the order of the changes. */
  onChange?: ((change: SavedPayout) => void) | undefined;
  /**
   * How many payouts stay in memory (docs/operations.md#stalls-and-memory): the oldest go first and are
   * read back (`remember`) when a call names one. All of them without it.
   */
  keep?: number | undefined;
}

const ID_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** A Razorpay-style id made from the details, so the same contact or UPI ID is the same entity, as at RazorpayX. */
function idFrom(prefix: string, details: unknown): string {
  const digest = createHash('sha256').update(JSON.stringify(details)).digest();
  let suffix = '';
  for (let i = 0; i < 14; i++) suffix += ID_ALPHABET[(digest[i] ?? 0) % ID_ALPHABET.length];
  return `${prefix}_${suffix}`;
}

/** The request's fingerprint: its JSON with keys sorted, so only a change of content counts as another body. */
export function requestHashOf(body: unknown): string {
  const sorted = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(sorted);
    if (typeof value !== 'object' || value === null) return value;
    return Object.fromEntries(
      Object.keys(value)
        .sort()
        .map((key) => [key, sorted((value as Record<string, unknown>)[key])]),
    );
  };
  return createHash('sha256')
    .update(JSON.stringify(sorted(body)))
    .digest('hex');
}

const now = () => Math.floor(Date.now() / 1000);
const copy = <T>(value: T): T => structuredClone(value);

/** A UPI payout's fee in the simulator: ₹5 and 18% GST on it, of the order RazorpayX charges. */
const UPI_FEE_PAISE = 500;
const UPI_FEE_TAX_PAISE = 90;
export const UPI_PAYOUT_FEES_PAISE = UPI_FEE_PAISE + UPI_FEE_TAX_PAISE;

/**
 * The simulated account's payouts: made once per idempotency key, then moved along their statuses. Each
 * change is made at once, in one step, so two creates with one key at once make one payout.
 */
export function createPayoutStore(options: PayoutStoreOptions = {}) {
  const { onChange, keep = Number.POSITIVE_INFINITY } = options;
  // Oldest first: the first ones are those that go when there are more than `keep`.
  const payouts = new Map<string, SavedPayout>();
  const byIdempotencyKey = new Map<string, SavedPayout>();

  function keepWithinLimit() {
    for (const [id, entry] of payouts) {
      if (payouts.size <= keep) return;
      payouts.delete(id);
      byIdempotencyKey.delete(entry.idempotencyKey);
    }
  }

  /** Payouts read from the database (at start, or after a miss); those already held stay as they are. */
  function remember(saved: SavedPayout[]) {
    for (const entry of saved) {
      if (payouts.has(entry.payout.id) || byIdempotencyKey.has(entry.idempotencyKey)) continue;
      const held = copy(entry);
      payouts.set(held.payout.id, held);
      byIdempotencyKey.set(held.idempotencyKey, held);
    }
    keepWithinLimit();
  }
  if (options.saved) remember(options.saved);

  const changed = (entry: SavedPayout) => onChange?.(copy(entry));

  function find(payoutId: string): SavedPayout {
    const entry = payouts.get(payoutId);
    if (!entry) throw unknownId();
    return entry;
  }

  return {
    remember,
    holds(key: PayoutKey): boolean {
      return 'payoutId' in key ? payouts.has(key.payoutId) : byIdempotencyKey.has(key.idempotencyKey);
    },
    size: () => payouts.size,

    /**
     * The payout an idempotency key made before: `undefined` for a new key; refused when the key came with
     * another body, as RazorpayX refuses it.
     */
    replay(idempotencyKey: string, requestHash: string): SimulatedPayout | undefined {
      const earlier = byIdempotencyKey.get(idempotencyKey);
      if (!earlier) return undefined;
      if (earlier.requestHash !== requestHash) {
        throw badRequest('Different request body sent for the same idempotency key', 'X-Payout-Idempotency');
      }
      return copy(earlier.payout);
    },

    create(
      input: NewPayout,
      idempotencyKey: string,
      requestHash: string,
      status: PayoutStatus,
      statusDetails: PayoutStatusDetails | null,
    ): SimulatedPayout {
      const createdAt = now();
      const contactId = idFrom('cont', input.contact);
      const [username = '', handle = ''] = input.vpa.split('@');
      const fundAccount: RazorpayXFundAccount = {
        id: idFrom('fa', [contactId, input.vpa]),
        entity: 'fund_account',
        contact_id: contactId,
        contact: {
          id: contactId,
          entity: 'contact',
          name: input.contact.name,
          contact: input.contact.contact,
          email: input.contact.email,
          type: input.contact.type,
          reference_id: input.contact.reference_id,
          batch_id: null,
          active: true,
          notes: [],
          created_at: createdAt,
        },
        account_type: 'vpa',
        vpa: { username, handle, address: input.vpa },
        batch_id: null,
        active: true,
        created_at: createdAt,
      };
      const payout: SimulatedPayout = {
        id: `pout_${razorpayIdSuffix()}`,
        entity: 'payout',
        fund_account_id: fundAccount.id,
        fund_account: fundAccount,
        amount: input.amount,
        currency: 'INR',
        notes: input.notes,
        fees: UPI_PAYOUT_FEES_PAISE,
        tax: UPI_FEE_TAX_PAISE,
        status,
        utr: null,
        mode: 'UPI',
        purpose: input.purpose,
        reference_id: input.referenceId,
        narration: input.narration,
        batch_id: null,
        status_details: statusDetails,
        created_at: createdAt,
      };
      const entry: SavedPayout = { payout, idempotencyKey, requestHash };
      payouts.set(payout.id, entry);
      byIdempotencyKey.set(idempotencyKey, entry);
      keepWithinLimit();
      changed(entry);
      return copy(payout);
    },

    payout: (payoutId: string) => copy(find(payoutId).payout),

    /** The ids of the payouts held in this status, oldest first. */
    idsWithStatus: (status: PayoutStatus): string[] =>
      [...payouts.values()].filter((entry) => entry.payout.status === status).map((entry) => entry.payout.id),

    /** Moves a payout on; `from` lists the statuses it may leave, or the move is refused. */
    move(
      payoutId: string,
      from: readonly PayoutStatus[],
      to: PayoutStatus,
      statusDetails: PayoutStatusDetails | null,
      utr?: string,
    ): SimulatedPayout {
      const entry = find(payoutId);
      const { payout } = entry;
      if (!from.includes(payout.status)) {
        throw badRequest(`The payout is ${payout.status}: it cannot become ${to}`);
      }
      payout.status = to;
      payout.status_details = statusDetails;
      if (utr !== undefined) payout.utr = utr;
      changed(entry);
      return copy(payout);
    },
  };
}

export type PayoutStore = ReturnType<typeof createPayoutStore>;
