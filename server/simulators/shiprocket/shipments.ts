import { randomInt } from 'node:crypto';
import { shiprocketDateTime, shiprocketWebhookTimestamp } from '../../providers/shiprocket/ist-time';
import type { ListedNdr } from '../../providers/shiprocket/ndr';
import type {
  AdhocOrderReply,
  ListedOrder,
  ListedReturnOrder,
  ReturnOrderReply,
  TrackingActivity,
  TrackingReply,
  TrackingWebhookPayload,
} from '../../providers/shiprocket/types';
import {
  type CourierQuote,
  hubFor,
  newAwb,
  quoteCouriers,
  recommendedQuote,
  type SimulatedCourier,
} from './couriers';
import type { ValidOrder } from './validation';

type Place = 'origin' | 'transit' | 'destination';

interface Step {
  statusId: number;
  label: string;
  /** The courier's scan that marks this step; the first steps happen in Shiprocket before any scan. */
  scan?: { code: string; activity: string; place: Place };
}

// The real sequence of shipment statuses (docs/product.md#shipment-stages), one step per `advance`.
const STEPS: Step[] = [
  { statusId: 1, label: 'NEW' },
  { statusId: 3, label: 'AWB ASSIGNED' },
  { statusId: 4, label: 'PICKUP SCHEDULED' },
  {
    statusId: 19,
    label: 'OUT FOR PICKUP',
    scan: { code: 'FMPUR-101', activity: 'Manifested - Out for pickup', place: 'origin' },
  },
  {
    statusId: 42,
    label: 'PICKED UP',
    scan: { code: 'X-PPOM', activity: 'In Transit - Shipment picked up', place: 'origin' },
  },
  {
    statusId: 6,
    label: 'SHIPPED',
    scan: {
      code: 'X-DLL2F',
      activity: 'In Transit - Bagged and dispatched from origin hub',
      place: 'origin',
    },
  },
  {
    statusId: 18,
    label: 'IN TRANSIT',
    scan: { code: 'X-ILL1F', activity: 'In Transit - Shipment received at facility', place: 'transit' },
  },
  {
    statusId: 38,
    label: 'REACHED AT DESTINATION HUB',
    scan: {
      code: 'X-IBD3F',
      activity: 'In Transit - Shipment reached destination hub',
      place: 'destination',
    },
  },
  {
    statusId: 17,
    label: 'OUT FOR DELIVERY',
    scan: { code: 'X-DDD3FD', activity: 'Dispatched - Out for delivery', place: 'destination' },
  },
  {
    statusId: 7,
    label: 'DELIVERED',
    scan: { code: 'EOD-38', activity: 'Delivered - Delivered to consignee', place: 'destination' },
  },
];

// docs/architecture.md#shiprocket-cod: a parcel the consignee refused goes back to the pickup address.
const RTO_INITIATED: Step = {
  statusId: 9,
  label: 'RTO INITIATED',
  scan: { code: 'RT-101', activity: 'RTO Initiated - Consignee refused to accept', place: 'destination' },
};
const RTO_DELIVERED: Step = {
  statusId: 10,
  label: 'RTO DELIVERED',
  scan: { code: 'RT-110', activity: 'RTO Delivered - Returned to shipper', place: 'origin' },
};

// docs/architecture.md#shiprocket-returns: a return order goes from the shopper back to the brand. Its ids are
// those Shiprocket's order list publishes for return statuses; for a return the AWB assignment also schedules
// the pickup.
const RETURN_STEPS: Step[] = [
  { statusId: 21, label: 'RETURN PENDING' },
  { statusId: 28, label: 'RETURN PICKUP GENERATED' },
  {
    statusId: 47,
    label: 'RETURN OUT FOR PICKUP',
    scan: { code: 'RFMPUR-101', activity: 'Return - Out for pickup', place: 'origin' },
  },
  {
    statusId: 32,
    label: 'RETURN PICKED UP',
    scan: { code: 'RX-PPOM', activity: 'Return - Shipment picked up from customer', place: 'origin' },
  },
  {
    statusId: 25,
    label: 'RETURN IN TRANSIT',
    scan: { code: 'RX-ILL1F', activity: 'Return - Shipment received at facility', place: 'transit' },
  },
  {
    statusId: 48,
    label: 'RETURN OUT FOR DELIVERY',
    scan: { code: 'RX-DDD3FD', activity: 'Return - Out for delivery to seller', place: 'destination' },
  },
  {
    statusId: 26,
    label: 'RETURN DELIVERED',
    scan: { code: 'REOD-38', activity: 'Return - Delivered to seller', place: 'destination' },
  },
];

/** Where a kind of order's sequence reaches each milestone. */
interface Route {
  steps: Step[];
  awbAssigned: number;
  pickupScheduled: number;
  pickedUp: number;
  delivered: number;
  cancelled: { statusId: number; label: string };
}

const FORWARD: Route = {
  steps: STEPS,
  awbAssigned: 1,
  pickupScheduled: 2,
  pickedUp: 4,
  delivered: STEPS.length - 1,
  cancelled: { statusId: 8, label: 'CANCELLED' },
};

const RETURN: Route = {
  steps: RETURN_STEPS,
  awbAssigned: 1,
  pickupScheduled: 1,
  pickedUp: 3,
  delivered: RETURN_STEPS.length - 1,
  cancelled: { statusId: 27, label: 'RETURN CANCELLED' },
};

/** What can go wrong with a parcel at the courier, as the simulator's controls make it happen. */
export type ParcelFailure = 'pickup_failed' | 'lost';

// The statuses a failure goes through, one a move: a failed pickup is tried once more, then given up; a lost
// parcel is reported lost (12 LOST, an id of the forward table that no return status shares).
const FAILURE_STEPS: Record<ParcelFailure, Step[]> = {
  pickup_failed: [
    {
      statusId: 49,
      label: 'RETURN PICKUP EXCEPTION',
      scan: {
        code: 'RPE-201',
        activity: 'Return - Pickup attempted, customer not available',
        place: 'origin',
      },
    },
    {
      statusId: 30,
      label: 'RETURN PICKUP CANCELLED',
      scan: { code: 'RPC-202', activity: 'Return - Pickup cancelled after failed attempts', place: 'origin' },
    },
  ],
  lost: [
    {
      statusId: 12,
      label: 'LOST',
      scan: { code: 'LT-100', activity: 'Lost - Shipment untraceable in the network', place: 'transit' },
    },
  ],
};

// docs/architecture.md#shiprocket-ndr: a failed delivery attempt (forward tracking's 21 UNDELIVERED). The courier
// waits for an action until the report's deadline, then re-attempts alone, or returns the parcel after the last try.
const UNDELIVERED = { statusId: 21, label: 'UNDELIVERED' } as const;
export const NDR_MAX_ATTEMPTS = 3;
const NDR_ACTION_WINDOW_MS = 24 * 3_600_000;
/** The courier's words the simulator picks from when an attempt fails on its own (the NDR rate). */
export const NDR_REASONS = [
  'Customer not available',
  'Address incomplete / incorrect',
  'Customer refused to accept the delivery',
  'Customer requested future delivery',
  'Customer phone not reachable',
  'COD amount not ready',
] as const;

/** One failed attempt, and what was done about it. Times in milliseconds since the epoch (kept as JSON). */
export interface SimulatedNdrAttempt {
  attempt: number;
  reason: string;
  raisedAtMs: number;
  action: 're-attempt' | 'return' | 'fake-attempt' | null;
  deferredDate: string | null;
  phone: string | null;
  address: string | null;
}

export interface SimulatedNdr {
  /** Set by `raiseNdr`: the next delivery attempt fails with these words. */
  failNext: string | null;
  /** Waiting for an action on the latest attempt. */
  open: boolean;
  /** The latest attempt's deadline for an action. */
  actionByMs: number;
  /** Oldest first; the last is the latest attempt. */
  attempts: SimulatedNdrAttempt[];
}

export type NdrActionBody = Record<string, unknown>;

const routeOf = (shipment: { order: ValidOrder }): Route =>
  shipment.order.kind === 'return' ? RETURN : FORWARD;
export const ALREADY_IN_PICKUP_QUEUE = 'Already in Pickup Queue.';
const NO_ACTIVITIES =
  'Aahh! There is no activities found in our DB. Please have some patience it will be updated soon.';

export interface SimulatedShipment {
  id: number;
  orderId: number;
  order: ValidOrder;
  createdAt: Date;
  step: number;
  cancelled: boolean;
  courier: SimulatedCourier | undefined;
  awb: string | undefined;
  awbAssignedAt: Date | undefined;
  pickupScheduledAt: Date | undefined;
  etd: Date | undefined;
  deliveredAt: Date | undefined;
  /** Set by `requestRto`: the next moves take the parcel back to the pickup address. */
  rtoRequested: boolean;
  rtoInitiatedAt: Date | undefined;
  rtoDeliveredAt: Date | undefined;
  /** Set by `failPickup` or `lose`: the next moves take the parcel through that failure's statuses. */
  failure: ParcelFailure | undefined;
  /** How many of the failure's statuses it went through. */
  failureSteps: number;
  /** Oldest first. */
  scans: TrackingActivity[];
  /** Its failed deliveries (docs/architecture.md#shiprocket-ndr); undefined while it has none. */
  ndr?: SimulatedNdr | undefined;
}

export type Outcome<T> = { ok: true; value: T } | { ok: false; message: string };

export interface AdvancedShipment {
  shipmentId: number;
  statusId: number;
  status: string;
}

/** Where the book's state comes from and goes (docs/operations.md#simulator-state). */
export interface ShipmentBookState {
  /** The shipments to start from, oldest first. */
  saved?: SimulatedShipment[] | undefined;
  /** Called with a copy of a shipment after each change to it. */
  onChange?: ((shipment: SimulatedShipment) => void) | undefined;
  onReset?: (() => void) | undefined;
}

export function createShipmentBook(
  options: {
    pickupLocation: string;
    pickupPincode: string;
    publicUrl: string;
    /** Where the simulator is mounted, for the tracking page's address. */
    basePath: string;
    /** The share of delivery attempts that fail on their own (0 to 1). */
    ndrRate?: number;
    random?: () => number;
  },
  state: ShipmentBookState = {},
) {
  let shipments = new Map<number, SimulatedShipment>();
  // The other keys the API finds a shipment by, so no call walks every shipment the simulator ever made
  // (docs/operations.md#stalls-and-memory). The first shipment with a key keeps it, as a search would find.
  let byAwb = new Map<string, SimulatedShipment>();
  let byChannelOrderId = new Map<string, SimulatedShipment>();
  let byOrderId = new Map<number, SimulatedShipment>();
  let lastId = 0;

  function remember(shipment: SimulatedShipment) {
    shipments.set(shipment.id, shipment);
    if (!byChannelOrderId.has(shipment.order.orderId)) byChannelOrderId.set(shipment.order.orderId, shipment);
    if (!byOrderId.has(shipment.orderId)) byOrderId.set(shipment.orderId, shipment);
    if (shipment.awb && !byAwb.has(shipment.awb)) byAwb.set(shipment.awb, shipment);
    lastId = Math.max(lastId, shipment.id, shipment.orderId);
  }
  for (const saved of state.saved ?? []) remember(structuredClone(saved));

  /** Hands the shipment on to be kept when `result` says it changed; returns `result`. */
  function changed<T extends Outcome<unknown> | AdvancedShipment | SimulatedShipment | undefined>(
    shipment: SimulatedShipment,
    result: T,
  ): T {
    const didChange = result !== undefined && (!('ok' in result) || result.ok);
    if (didChange) state.onChange?.(structuredClone(shipment));
    return result;
  }

  // Ids grow with the clock, so a restarted simulator never hands out an id the shop already stored.
  function nextId(): number {
    lastId = Math.max(lastId + 1, Date.now());
    return lastId;
  }

  function statusOf(shipment: SimulatedShipment) {
    const route = routeOf(shipment);
    if (shipment.cancelled) return route.cancelled;
    const failed = shipment.failure && FAILURE_STEPS[shipment.failure][shipment.failureSteps - 1];
    if (failed) return failed;
    if (shipment.rtoDeliveredAt) return RTO_DELIVERED;
    if (shipment.rtoInitiatedAt) return RTO_INITIATED;
    if (shipment.ndr?.open) return UNDELIVERED;
    return route.steps[shipment.step] ?? route.cancelled;
  }

  // A forward parcel goes from the brand's pickup location to the shopper; a return the other way.
  function originOf(shipment: SimulatedShipment): { pincode: string; city?: string } {
    return shipment.order.kind === 'return'
      ? { pincode: shipment.order.pincode, city: shipment.order.city }
      : { pincode: options.pickupPincode };
  }

  function destinationOf(shipment: SimulatedShipment): { pincode: string; city: string } {
    const { order } = shipment;
    return order.kind === 'return' ? order.destination : { pincode: order.pincode, city: order.city };
  }

  function placeName(shipment: SimulatedShipment, place: Place): string {
    const origin = originOf(shipment);
    const destination = destinationOf(shipment);
    if (place === 'origin') return hubFor(origin.pincode, origin.city);
    if (place === 'destination') return hubFor(destination.pincode, destination.city);
    return hubFor(`${destination.pincode[0] ?? '1'}00000`, 'Transit');
  }

  function quotesFor(shipment: SimulatedShipment): CourierQuote[] {
    return quoteCouriers(
      originOf(shipment).pincode,
      destinationOf(shipment).pincode,
      shipment.order.weightKg,
      shipment.order.paymentMethod === 'COD',
      new Date(),
    );
  }

  function isFinished(shipment: SimulatedShipment): boolean {
    const failureSteps = shipment.failure ? FAILURE_STEPS[shipment.failure].length : undefined;
    return (
      shipment.cancelled ||
      shipment.step >= routeOf(shipment).delivered ||
      shipment.rtoDeliveredAt !== undefined ||
      (failureSteps !== undefined && shipment.failureSteps >= failureSteps)
    );
  }

  function assignAwb(shipment: SimulatedShipment, courierId?: number): Outcome<SimulatedShipment> {
    if (shipment.cancelled) return { ok: false, message: 'Cannot assign AWB to a cancelled shipment.' };
    if (shipment.awb) return { ok: false, message: `AWB is already assigned to shipment ${shipment.id}.` };
    const quotes = quotesFor(shipment);
    const quote =
      courierId === undefined
        ? recommendedQuote(quotes)
        : quotes.find((candidate) => candidate.courier.id === courierId);
    if (!quote) return { ok: false, message: 'Selected courier is not serviceable for this shipment.' };
    const now = new Date();
    shipment.courier = quote.courier;
    shipment.awb = newAwb(quote.courier);
    shipment.awbAssignedAt = now;
    shipment.etd = new Date(now.getTime() + quote.days * 86_400_000);
    const route = routeOf(shipment);
    shipment.step = route.awbAssigned;
    if (route.pickupScheduled === route.awbAssigned) shipment.pickupScheduledAt = nextDay(now);
    if (!byAwb.has(shipment.awb)) byAwb.set(shipment.awb, shipment);
    return { ok: true, value: shipment };
  }

  function schedulePickup(shipment: SimulatedShipment): Outcome<SimulatedShipment> {
    if (shipment.cancelled)
      return { ok: false, message: 'Cannot schedule a pickup for a cancelled shipment.' };
    if (!shipment.awb) return { ok: false, message: 'Please assign AWB before generating pickup.' };
    const route = routeOf(shipment);
    if (shipment.step >= route.pickupScheduled) return { ok: false, message: ALREADY_IN_PICKUP_QUEUE };
    shipment.pickupScheduledAt = nextDay(new Date());
    shipment.step = route.pickupScheduled;
    return { ok: true, value: shipment };
  }

  function addScan(shipment: SimulatedShipment, step: Step) {
    if (!step.scan) return;
    shipment.scans.push({
      date: shiprocketDateTime(new Date()),
      status: step.scan.code,
      activity: step.scan.activity,
      location: placeName(shipment, step.scan.place),
      'sr-status': String(step.statusId),
      'sr-status-label': step.label,
    });
  }

  /** The consignee refuses the parcel: from the next move on it goes back. Only between pickup and delivery. */
  function requestRto(shipment: SimulatedShipment): Outcome<SimulatedShipment> {
    const route = routeOf(shipment);
    if (shipment.order.kind === 'return') {
      return { ok: false, message: 'A return shipment cannot be returned to origin.' };
    }
    if (shipment.cancelled) return { ok: false, message: 'Cannot return a cancelled shipment.' };
    if (shipment.step >= route.delivered) return { ok: false, message: 'The shipment is already delivered.' };
    if (shipment.step < route.pickedUp) {
      return { ok: false, message: 'The courier has not picked up the shipment: cancel it instead.' };
    }
    if (shipment.rtoRequested) return { ok: false, message: 'The shipment is already returning.' };
    if (shipment.failure) return { ok: false, message: 'The shipment is lost.' };
    shipment.rtoRequested = true;
    return { ok: true, value: shipment };
  }

  /** The courier cannot collect a return: its next moves are a failed attempt, then the pickup given up. */
  function failPickup(shipment: SimulatedShipment): Outcome<SimulatedShipment> {
    if (shipment.order.kind !== 'return') {
      return { ok: false, message: 'Only a return shipment has a pickup from the customer to fail.' };
    }
    if (shipment.cancelled) return { ok: false, message: 'Cannot fail the pickup of a cancelled shipment.' };
    if (!shipment.awb) return { ok: false, message: 'Please assign AWB before failing the pickup.' };
    if (shipment.step >= RETURN.pickedUp) {
      return { ok: false, message: 'The courier has already picked up the shipment.' };
    }
    if (shipment.failure) return { ok: false, message: 'The pickup has already failed.' };
    shipment.failure = 'pickup_failed';
    return { ok: true, value: shipment };
  }

  /** The courier loses a parcel it has (forward or return): its next move reports it lost, and it moves no more. */
  function lose(shipment: SimulatedShipment): Outcome<SimulatedShipment> {
    const route = routeOf(shipment);
    if (shipment.cancelled) return { ok: false, message: 'Cannot lose a cancelled shipment.' };
    if (shipment.step < route.pickedUp) {
      return { ok: false, message: 'The courier has not picked up the shipment.' };
    }
    if (isFinished(shipment)) return { ok: false, message: 'The shipment has already arrived.' };
    if (shipment.failure) return { ok: false, message: 'The shipment is already lost.' };
    if (shipment.rtoRequested) return { ok: false, message: 'The shipment is returning to origin.' };
    shipment.failure = 'lost';
    return { ok: true, value: shipment };
  }

  let ndrRate = options.ndrRate ?? 0;
  const random = options.random ?? Math.random;

  function attemptFails(shipment: SimulatedShipment): boolean {
    if (shipment.ndr?.failNext) return true;
    return ndrRate > 0 && random() < ndrRate;
  }

  /** The attempt out for delivery fails: 21 UNDELIVERED, with the courier's words and the attempt's number. */
  function failAttempt(shipment: SimulatedShipment) {
    const ndr: SimulatedNdr = shipment.ndr ?? { failNext: null, open: false, actionByMs: 0, attempts: [] };
    const reason =
      ndr.failNext ?? NDR_REASONS[Math.floor(random() * NDR_REASONS.length)] ?? 'Customer not available';
    const now = Date.now();
    const attempt = ndr.attempts.length + 1;
    ndr.attempts.push({
      attempt,
      reason,
      raisedAtMs: now,
      action: null,
      deferredDate: null,
      phone: null,
      address: null,
    });
    ndr.failNext = null;
    ndr.open = true;
    ndr.actionByMs = now + NDR_ACTION_WINDOW_MS;
    shipment.ndr = ndr;
    shipment.scans.push({
      date: shiprocketDateTime(new Date(now)),
      status: 'NDR-21',
      // The attempt's number keeps each attempt's scan apart when two fall in one second.
      activity: `Undelivered - ${reason} (attempt ${attempt})`,
      location: placeName(shipment, 'destination'),
      'sr-status': String(UNDELIVERED.statusId),
      'sr-status-label': UNDELIVERED.label,
    });
  }

  /**
   * After a failed attempt: out for delivery again once a re-attempt was asked for (or the deadline passed with
   * attempts left); back to origin once a return was asked for, or after the last attempt's deadline. Before the
   * deadline with no action, the courier waits: false.
   */
  function moveAfterNdr(shipment: SimulatedShipment, ndr: SimulatedNdr): boolean {
    const latest = ndr.attempts.at(-1);
    const action = latest?.action ?? null;
    if (action === null && Date.now() < ndr.actionByMs) return false;
    const goesBack = action === 'return' || (action === null && ndr.attempts.length >= NDR_MAX_ATTEMPTS);
    ndr.open = false;
    if (goesBack) {
      shipment.rtoRequested = true;
      shipment.rtoInitiatedAt = new Date();
      addScan(shipment, RTO_INITIATED);
      return true;
    }
    if (latest && action === null) latest.action = 're-attempt';
    const outForDelivery = routeOf(shipment).steps[shipment.step];
    if (outForDelivery) addScan(shipment, outForDelivery);
    return true;
  }

  /** The next delivery attempt fails with the courier's `reason` (a picked-up forward parcel, not yet delivered). */
  function raiseNdr(shipment: SimulatedShipment, reason: string): Outcome<SimulatedShipment> {
    const route = routeOf(shipment);
    if (shipment.order.kind === 'return') return { ok: false, message: 'A return shipment has no NDR.' };
    if (shipment.cancelled) return { ok: false, message: 'The shipment is cancelled.' };
    if (shipment.step < route.pickedUp) {
      return { ok: false, message: 'The courier has not picked up the shipment.' };
    }
    if (isFinished(shipment)) return { ok: false, message: 'The shipment has already arrived.' };
    if (shipment.rtoRequested) return { ok: false, message: 'The shipment is returning to origin.' };
    if (shipment.failure) return { ok: false, message: 'The shipment is lost.' };
    if (shipment.ndr?.open) return { ok: false, message: 'The shipment already waits for an NDR action.' };
    shipment.ndr = shipment.ndr ?? { failNext: null, open: false, actionByMs: 0, attempts: [] };
    shipment.ndr.failNext = reason;
    return { ok: true, value: shipment };
  }

  /** The deadline of the open NDR passes now: the next move is the courier's own (re-attempt or return). */
  function expireNdr(shipment: SimulatedShipment): Outcome<SimulatedShipment> {
    if (!shipment.ndr?.open) return { ok: false, message: 'The shipment has no open NDR.' };
    shipment.ndr.actionByMs = Date.now();
    return { ok: true, value: shipment };
  }

  /**
   * `POST /ndr/{awb}/action`, checked as Shiprocket's parameter table says: `action` and `comments` required;
   * `phone`, `address1`, `address2`, `deferred_date` for a re-attempt; proof for a fake-attempt. One action a report.
   */
  function takeNdrAction(
    shipment: SimulatedShipment,
    body: NdrActionBody,
  ): Outcome<SimulatedShipment> | { ok: false; fieldErrors: Record<string, string[]> } {
    const errors: Record<string, string[]> = {};
    const action = body.action;
    if (action !== 're-attempt' && action !== 'return' && action !== 'fake-attempt') {
      errors.action = ['The selected action is invalid.'];
    }
    if (typeof body.comments !== 'string' || body.comments.trim() === '') {
      errors.comments = ['The comments field is required.'];
    }
    if (body.phone !== undefined && !(typeof body.phone === 'string' && /^[6-9]\d{9}$/.test(body.phone))) {
      errors.phone = ['The phone must be a valid 10 digit mobile number.'];
    }
    for (const field of ['address1', 'address2'] as const) {
      const value = body[field];
      if (value !== undefined && !(typeof value === 'string' && value.length <= 200)) {
        errors[field] = [`The ${field} may not be greater than 200 characters.`];
      }
    }
    const deferred = body.deferred_date;
    if (deferred !== undefined) {
      const today = new Date(Date.now() + 330 * 60_000).toISOString().slice(0, 10);
      if (!(typeof deferred === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(deferred) && deferred > today)) {
        errors.deferred_date = ['The deferred date must be a date after today.'];
      }
    }
    if (action === 'fake-attempt' && !(body.remarks && (body.proof_audio || body.proof_image))) {
      errors.proof_image = ['A proof is required for a fake attempt.'];
    }
    if (Object.keys(errors).length > 0) return { ok: false, fieldErrors: errors };
    const ndr = shipment.ndr;
    const latest = ndr?.attempts.at(-1);
    if (!ndr || !latest) return { ok: false, message: 'No NDR found for this AWB.' };
    if (!ndr.open || latest.action !== null) {
      return { ok: false, message: 'Action has already been taken on this NDR.' };
    }
    if (action !== 'return' && ndr.attempts.length >= NDR_MAX_ATTEMPTS) {
      return { ok: false, message: `Re-attempt is not allowed after ${NDR_MAX_ATTEMPTS} attempts.` };
    }
    latest.action = action as SimulatedNdrAttempt['action'];
    latest.deferredDate = typeof deferred === 'string' ? deferred : null;
    latest.phone = typeof body.phone === 'string' ? body.phone : null;
    latest.address =
      [body.address1, body.address2].filter((part): part is string => typeof part === 'string').join(', ') ||
      null;
    return { ok: true, value: shipment };
  }

  /** A row of `GET /ndr/all` (field names unconfirmed: docs/architecture.md#shiprocket-ndr). */
  function ndrListing(shipment: SimulatedShipment): ListedNdr | undefined {
    const ndr = shipment.ndr;
    const latest = ndr?.attempts.at(-1);
    if (!ndr || !latest || !shipment.awb) return undefined;
    const at = (ms: number) => shiprocketDateTime(new Date(ms));
    return {
      id: shipment.id,
      awb_code: shipment.awb,
      channel_order_id: shipment.order.orderId,
      shipment_id: shipment.id,
      courier_name: shipment.courier?.name ?? null,
      attempts: ndr.attempts.length,
      reason: latest.reason,
      ndr_raised_at: at(latest.raisedAtMs),
      action_by_date: ndr.open ? at(ndr.actionByMs) : null,
      action_taken: latest.action,
      history: ndr.attempts.map((attempt) => ({
        attempt: attempt.attempt,
        reason: attempt.reason,
        ndr_raised_at: at(attempt.raisedAtMs),
        action_taken: attempt.action,
        deferred_date: attempt.deferredDate,
      })),
    };
  }

  /** One step along the sequence, as the merchant's panel and the courier would move it. */
  function advance(shipment: SimulatedShipment): AdvancedShipment | undefined {
    if (isFinished(shipment)) return undefined;
    const route = routeOf(shipment);
    const failure = shipment.failure ? FAILURE_STEPS[shipment.failure][shipment.failureSteps] : undefined;
    if (failure) {
      shipment.failureSteps += 1;
      addScan(shipment, failure);
    } else if (shipment.ndr?.open && !shipment.rtoRequested) {
      if (!moveAfterNdr(shipment, shipment.ndr)) return undefined;
    } else if (shipment.rtoRequested) {
      const step = shipment.rtoInitiatedAt ? RTO_DELIVERED : RTO_INITIATED;
      if (step === RTO_INITIATED) shipment.rtoInitiatedAt = new Date();
      else shipment.rtoDeliveredAt = new Date();
      addScan(shipment, step);
    } else if (shipment.step < route.awbAssigned) {
      if (!assignAwb(shipment).ok) return undefined;
    } else if (shipment.step < route.pickupScheduled) {
      schedulePickup(shipment);
    } else if (
      shipment.order.kind !== 'return' &&
      shipment.step === route.delivered - 1 &&
      attemptFails(shipment)
    ) {
      failAttempt(shipment);
    } else {
      shipment.step += 1;
      const step = route.steps[shipment.step];
      if (step) addScan(shipment, step);
      if (shipment.step === route.delivered) shipment.deliveredAt = new Date();
    }
    const status = statusOf(shipment);
    return { shipmentId: shipment.id, statusId: status.statusId, status: status.label };
  }

  function trackUrl(awb: string) {
    return `${options.publicUrl.replace(/\/$/, '')}${options.basePath}/tracking/${awb}`;
  }

  const dateOrNull = (date: Date | undefined) => (date ? shiprocketDateTime(date) : null);

  return {
    pickupLocations: [options.pickupLocation],
    get: (shipmentId: number) => shipments.get(shipmentId),
    byAwb: (awb: string) => byAwb.get(awb),
    byChannelOrderId: (orderId: string) => byChannelOrderId.get(orderId),
    byOrderId: (orderId: number) => byOrderId.get(orderId),
    all: () => [...shipments.values()],
    quote: quoteCouriers,
    assignAwb: (shipment: SimulatedShipment, courierId?: number) =>
      changed(shipment, assignAwb(shipment, courierId)),
    schedulePickup: (shipment: SimulatedShipment) => changed(shipment, schedulePickup(shipment)),
    advance: (shipment: SimulatedShipment) => changed(shipment, advance(shipment)),
    requestRto: (shipment: SimulatedShipment) => changed(shipment, requestRto(shipment)),
    failPickup: (shipment: SimulatedShipment) => changed(shipment, failPickup(shipment)),
    lose: (shipment: SimulatedShipment) => changed(shipment, lose(shipment)),
    raiseNdr: (shipment: SimulatedShipment, reason: string) => changed(shipment, raiseNdr(shipment, reason)),
    expireNdr: (shipment: SimulatedShipment) => changed(shipment, expireNdr(shipment)),
    takeNdrAction(shipment: SimulatedShipment, body: NdrActionBody) {
      const outcome = takeNdrAction(shipment, body);
      if (outcome.ok) state.onChange?.(structuredClone(shipment));
      return outcome;
    },
    ndrListing,
    setNdrRate(rate: number) {
      ndrRate = Math.min(Math.max(rate, 0), 1);
    },
    isFinished,

    create(order: ValidOrder): SimulatedShipment {
      const orderId = nextId();
      const shipment: SimulatedShipment = {
        id: nextId(),
        orderId,
        order,
        createdAt: new Date(),
        step: 0,
        cancelled: false,
        courier: undefined,
        awb: undefined,
        awbAssignedAt: undefined,
        pickupScheduledAt: undefined,
        etd: undefined,
        deliveredAt: undefined,
        rtoRequested: false,
        rtoInitiatedAt: undefined,
        rtoDeliveredAt: undefined,
        failure: undefined,
        failureSteps: 0,
        scans: [],
      };
      remember(shipment);
      return changed(shipment, shipment);
    },

    /** Cancels all or none: a shipment the courier already has cannot be. */
    cancel(orderIds: number[]): Outcome<void> {
      const found = orderIds.map((id) => ({
        id,
        shipment: byOrderId.get(id),
      }));
      const unknown = found.filter((entry) => !entry.shipment).map((entry) => entry.id);
      if (unknown.length > 0) return { ok: false, message: `Order id(s) ${unknown.join(', ')} not found.` };
      const picked = found.filter(
        (entry) =>
          entry.shipment &&
          !entry.shipment.cancelled &&
          entry.shipment.step >= routeOf(entry.shipment).pickedUp,
      );
      if (picked.length > 0) {
        return {
          ok: false,
          message: `Order id(s) ${picked.map((entry) => entry.id).join(', ')} cannot be cancelled: the courier has already picked up the shipment.`,
        };
      }
      for (const { shipment } of found) {
        if (!shipment) continue;
        shipment.cancelled = true;
        changed(shipment, shipment);
      }
      return { ok: true, value: undefined };
    },

    createdReply(shipment: SimulatedShipment): AdhocOrderReply {
      return {
        order_id: shipment.orderId,
        shipment_id: shipment.id,
        status: 'NEW',
        status_code: 1,
        awb_code: null,
        courier_company_id: null,
        courier_name: null,
      };
    },

    returnCreatedReply(shipment: SimulatedShipment): ReturnOrderReply {
      const first = RETURN.steps[0] ?? RETURN.cancelled;
      return {
        order_id: shipment.orderId,
        shipment_id: shipment.id,
        status: first.label,
        status_code: first.statusId,
        company_name: 'Simulated Shop',
      };
    },

    /** A return order as `GET /orders/processing/return` lists it (the published sample's main fields). */
    returnListing(shipment: SimulatedShipment): ListedReturnOrder & Record<string, unknown> {
      const status = statusOf(shipment);
      return {
        id: shipment.orderId,
        channel_order_id: shipment.order.orderId,
        channel_name: 'CUSTOM',
        customer_name: shipment.order.customerName,
        customer_pincode: shipment.order.pincode,
        pickup_code: shipment.order.pincode,
        delivery_code: destinationOf(shipment).pincode,
        total: shipment.order.subTotal.toFixed(2),
        status: status.label,
        status_code: status.statusId,
        payment_method: 'prepaid',
        created_at: shiprocketDateTime(shipment.createdAt),
        shipment_id: shipment.id,
        shipments: [{ awb: shipment.awb ?? null, courier: shipment.courier?.name ?? null }],
      };
    },

    listing(shipment: SimulatedShipment): ListedOrder & Record<string, unknown> {
      const status = statusOf(shipment);
      return {
        id: shipment.orderId,
        channel_order_id: shipment.order.orderId,
        customer_name: shipment.order.customerName,
        customer_city: shipment.order.city,
        customer_pincode: shipment.order.pincode,
        payment_method: shipment.order.paymentMethod.toLowerCase(),
        total: shipment.order.subTotal.toFixed(2),
        created_at: shiprocketDateTime(shipment.createdAt),
        status: status.label,
        status_code: status.statusId,
        shipments: [
          {
            id: shipment.id,
            awb: shipment.awb ?? null,
            courier: shipment.courier?.name ?? null,
            pickup_scheduled_date: dateOrNull(shipment.pickupScheduledAt),
          },
        ],
      };
    },

    tracking(shipment: SimulatedShipment): TrackingReply {
      const { awb, courier } = shipment;
      const route = routeOf(shipment);
      const pickedUpStatusId = String(route.steps[route.pickedUp]?.statusId);
      if (!awb || !courier || shipment.scans.length === 0) {
        return { tracking_data: { track_status: 0, error: NO_ACTIVITIES } };
      }
      const status = statusOf(shipment);
      return {
        tracking_data: {
          track_status: 1,
          shipment_status: status.statusId,
          shipment_track: [
            {
              awb_code: awb,
              courier_name: courier.name,
              current_status: status.label,
              shipment_id: shipment.id,
              order_id: shipment.orderId,
              origin: placeName(shipment, 'origin'),
              destination: destinationOf(shipment).city,
              edd: dateOrNull(shipment.etd),
              pickup_date:
                shipment.scans.find((scan) => scan['sr-status'] === pickedUpStatusId)?.date ?? null,
              delivered_date: dateOrNull(shipment.deliveredAt),
            },
          ],
          shipment_track_activities: [...shipment.scans].reverse(),
          track_url: trackUrl(awb),
          etd: dateOrNull(shipment.etd),
        },
      };
    },

    webhookPayload(shipment: SimulatedShipment): TrackingWebhookPayload | undefined {
      if (!shipment.awb || !shipment.courier) return undefined;
      const status = statusOf(shipment);
      return {
        awb: shipment.awb,
        courier_name: shipment.courier.name,
        current_status: status.label,
        current_status_id: status.statusId,
        shipment_status: status.label,
        shipment_status_id: status.statusId,
        current_timestamp: shiprocketWebhookTimestamp(new Date()),
        order_id: shipment.order.orderId,
        sr_order_id: shipment.orderId,
        etd: dateOrNull(shipment.etd),
        scans: [...shipment.scans],
        is_return: shipment.order.kind === 'return' ? 1 : 0,
      };
    },

    trackUrl,

    reset() {
      ndrRate = options.ndrRate ?? 0;
      shipments = new Map();
      byAwb = new Map();
      byChannelOrderId = new Map();
      byOrderId = new Map();
      state.onReset?.();
    },
  };
}

export type ShipmentBook = ReturnType<typeof createShipmentBook>;

function nextDay(from: Date): Date {
  return new Date(from.getTime() + 86_400_000);
}

/** A pickup token in the courier's style, e.g. "Reference No: 194_BIGFOOT 1234567_03072024". */
export function pickupToken(): string {
  return `Reference No: ${randomInt(100, 999)}_BIGFOOT ${randomInt(1_000_000, 9_999_999)}`;
}
