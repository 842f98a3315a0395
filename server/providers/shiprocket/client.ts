import { setTimeout as sleep } from 'node:timers/promises';
import { type CodServiceability, codServiceabilityOf } from './cod';
import type { ListedNdr, NdrActionInput, NdrActionReply, NdrListReply } from './ndr';
import type {
  AdhocOrderInput,
  AdhocOrderReply,
  AwbAssignReply,
  ListedOrder,
  ListedReturnOrder,
  OrderListReply,
  PickupReply,
  ReturnOrderInput,
  ReturnOrderListReply,
  ReturnOrderReply,
  ServiceabilityReply,
  TrackingReply,
} from './types';

export interface ShiprocketClientOptions {
  baseUrl: string;
  /** The API user's e-mail and password. */
  email: string;
  password: string;
  /** The simulator passes an in-process fetch; by default the platform's. */
  fetch?: typeof fetch;
  timeoutMs?: number;
  /** Extra tries for calls that are safe to repeat (reads and cancel). */
  retries?: number;
  retryDelayMs?: number;
  /** Milliseconds since the epoch; tests move it to age the login token. */
  now?: () => number;
}

/**
 * Shiprocket refused the call (`rejected`: a 4xx, or an error inside a 200 such as `awb_assign_status: 0`)
 * or could not be reached in time (`unavailable`: network failure, time-out, 5xx, 429).
 */
export class ShiprocketError extends Error {
  constructor(
    readonly kind: 'rejected' | 'unavailable',
    message: string,
    readonly status?: number,
    /** A 422's `errors`: field name to messages. */
    readonly fieldErrors?: Record<string, string[]>,
  ) {
    super(message);
    this.name = 'ShiprocketError';
  }
}

export interface ServiceabilityQuery {
  pickupPostcode: string;
  deliveryPostcode: string;
  weightKg: number;
  cod: boolean;
}

export type CodServiceabilityQuery = Omit<ServiceabilityQuery, 'cod'>;

export interface CreatedAdhocOrder extends AdhocOrderReply {
  /** True when our order_id had been sent before and this is the order that call made. */
  alreadyExisted: boolean;
}

export interface CreatedReturnOrder extends ReturnOrderReply {
  /** True when our order_id had been sent before and this is the return order that call made. */
  alreadyExisted: boolean;
  /** The AWB, when an earlier call got as far as assigning it. */
  awbCode: string | null;
}

/** A reverse pickup booked: the return order, its AWB and the courier who will collect it. */
export interface BookedReturnPickup {
  /** Shiprocket's ids of the return order and its shipment. */
  shiprocketOrderId: number;
  shipmentId: number;
  awbCode: string;
  courierName: string | null;
  courierCompanyId: number | null;
  /** "yyyy-mm-dd hh:mm:ss", Indian time, when the AWB reply carries it. */
  pickupScheduledDate: string | null;
  /** True when an earlier call had booked it and this one only found it. */
  alreadyExisted: boolean;
}

// The return orders list is searched page by page for a create whose reply was lost: a small shop's recent
// returns fit in a few pages (docs/architecture.md#shiprocket-returns).
const RETURN_LIST_PAGE_SIZE = 100;
const RETURN_LIST_MAX_PAGES = 10;

// The token is valid 10 days; renewing a day early keeps a long call from outliving it.
const TOKEN_RENEW_AFTER_MS = 9 * 24 * 60 * 60 * 1000;

interface CallOptions {
  body?: unknown;
  query?: Record<string, string>;
  repeatable: boolean;
}

function messageOf(payload: unknown): string | undefined {
  if (typeof payload !== 'object' || payload === null) return undefined;
  const record = payload as {
    message?: unknown;
    response?: { data?: unknown; message?: unknown };
  };
  const data = record.response?.data;
  const candidates = [
    typeof data === 'object' && data !== null
      ? (data as { awb_assign_error?: unknown }).awb_assign_error
      : data,
    record.message,
    record.response?.message,
  ];
  return candidates.find((value): value is string => typeof value === 'string' && value !== '');
}

function fieldErrorsOf(payload: unknown): Record<string, string[]> | undefined {
  if (typeof payload !== 'object' || payload === null) return undefined;
  const errors = (payload as { errors?: unknown }).errors;
  if (typeof errors !== 'object' || errors === null || Array.isArray(errors)) return undefined;
  return Object.fromEntries(
    Object.entries(errors).map(([field, messages]) => [
      field,
      (Array.isArray(messages) ? messages : [messages]).map(String),
    ]),
  );
}

function isUnavailableStatus(status: number): boolean {
  return status >= 500 || status === 429 || status === 408;
}

/** A small typed client of Shiprocket's external API, logging in as needed. */
export function createShiprocketClient(options: ShiprocketClientOptions) {
  const fetchImpl = options.fetch ?? fetch;
  const timeoutMs = options.timeoutMs ?? 10_000;
  const retries = options.retries ?? 2;
  const retryDelayMs = options.retryDelayMs ?? 300;
  const now = options.now ?? Date.now;
  const baseUrl = options.baseUrl.replace(/\/$/, '');

  let session: { token: string; renewAt: number } | undefined;
  let pendingLogin: Promise<string> | undefined;

  async function callOnce<T>(
    method: 'GET' | 'POST',
    path: string,
    call: CallOptions,
    token: string | undefined,
  ): Promise<T | undefined> {
    const search = call.query ? `?${new URLSearchParams(call.query)}` : '';
    let response: Response;
    let text: string;
    try {
      response = await fetchImpl(`${baseUrl}${path}${search}`, {
        method,
        headers: {
          Accept: 'application/json',
          ...(token ? { Authorization: `Bearer ${token}` } : {}),
          ...(call.body === undefined ? {} : { 'Content-Type': 'application/json' }),
        },
        body: call.body === undefined ? undefined : JSON.stringify(call.body),
        signal: AbortSignal.timeout(timeoutMs),
      });
      text = await response.text();
    } catch (error) {
      throw new ShiprocketError(
        'unavailable',
        `Shiprocket could not be reached: ${(error as Error).message}`,
      );
    }
    let payload: unknown;
    try {
      payload = text === '' ? undefined : JSON.parse(text);
    } catch {
      payload = undefined;
    }
    if (response.ok) {
      if (payload === undefined && response.status !== 204) {
        throw new ShiprocketError('unavailable', `Shiprocket replied ${response.status} without JSON`);
      }
      return payload as T | undefined;
    }
    throw new ShiprocketError(
      isUnavailableStatus(response.status) ? 'unavailable' : 'rejected',
      messageOf(payload) ?? `Shiprocket replied ${response.status}`,
      response.status,
      fieldErrorsOf(payload),
    );
  }

  async function withRetries<T>(call: CallOptions, attempt: () => Promise<T>): Promise<T> {
    const attempts = call.repeatable ? retries + 1 : 1;
    for (let tried = 1; ; tried++) {
      try {
        return await attempt();
      } catch (error) {
        const retryable = error instanceof ShiprocketError && error.kind === 'unavailable';
        if (!retryable || tried >= attempts) throw error;
        await sleep(retryDelayMs * 2 ** (tried - 1));
      }
    }
  }

  async function login(): Promise<string> {
    const loggedInAt = now();
    // Not retried here: the call that needs the token retries as a whole when it is repeatable.
    const reply = await callOnce<{ token?: unknown }>(
      'POST',
      '/auth/login',
      { body: { email: options.email, password: options.password }, repeatable: false },
      undefined,
    );
    if (typeof reply?.token !== 'string' || reply.token === '') {
      throw new ShiprocketError('unavailable', 'Shiprocket login replied without a token', 200);
    }
    session = { token: reply.token, renewAt: loggedInAt + TOKEN_RENEW_AFTER_MS };
    return reply.token;
  }

  // Concurrent calls share one login.
  function currentToken(): Promise<string> {
    if (session && now() < session.renewAt) return Promise.resolve(session.token);
    pendingLogin ??= login().finally(() => {
      pendingLogin = undefined;
    });
    return pendingLogin;
  }

  async function call<T>(method: 'GET' | 'POST', path: string, callOptions: CallOptions) {
    return withRetries(callOptions, async () => {
      const token = await currentToken();
      try {
        return await callOnce<T>(method, path, callOptions, token);
      } catch (error) {
        // A 401 means the token was refused before anything was done: log in again and repeat once.
        if (!(error instanceof ShiprocketError && error.status === 401)) throw error;
        if (session?.token === token) session = undefined;
        return callOnce<T>(method, path, callOptions, await currentToken());
      }
    });
  }

  async function expectJson<T>(method: 'GET' | 'POST', path: string, callOptions: CallOptions): Promise<T> {
    const payload = await call<T>(method, path, callOptions);
    if (payload === undefined)
      throw new ShiprocketError('unavailable', `Shiprocket replied to ${path} with no body`);
    return payload;
  }

  async function findOrder(orderId: string): Promise<ListedOrder | undefined> {
    const reply = await expectJson<OrderListReply>('GET', '/orders', {
      query: { search: orderId },
      repeatable: true,
    });
    return reply.data?.find((order) => order.channel_order_id === orderId);
  }

  /**
   * The return order made for our order_id, if Shiprocket has one. Its published API lists return orders
   * (`GET /orders/processing/return`) without a search: the newest pages are read until it is found.
   */
  async function findReturnOrder(orderId: string): Promise<ListedReturnOrder | undefined> {
    for (let page = 1; page <= RETURN_LIST_MAX_PAGES; page++) {
      const reply = await expectJson<ReturnOrderListReply>('GET', '/orders/processing/return', {
        query: { page: String(page), per_page: String(RETURN_LIST_PAGE_SIZE) },
        repeatable: true,
      });
      const found = reply.data?.find((order) => order.channel_order_id === orderId);
      if (found) return found;
      const lastPage = reply.meta?.pagination?.total_pages ?? page;
      if (!reply.data || reply.data.length < RETURN_LIST_PAGE_SIZE || page >= lastPage) return undefined;
    }
    return undefined;
  }

  /** Creates a return order; a repeated order_id finds the first one instead (as `createAdhocOrder` does). */
  async function createReturnOrder(input: ReturnOrderInput): Promise<CreatedReturnOrder> {
    try {
      const created = await expectJson<ReturnOrderReply>('POST', '/orders/create/return', {
        body: input,
        repeatable: false,
      });
      if (typeof created.shipment_id !== 'number') {
        throw new ShiprocketError('rejected', messageOf(created) ?? 'The return order has no shipment', 200);
      }
      return { ...created, alreadyExisted: false, awbCode: null };
    } catch (error) {
      const reusedOrderId =
        error instanceof ShiprocketError && error.status === 422 && error.fieldErrors?.order_id;
      if (!reusedOrderId) throw error;
      const existing = await findReturnOrder(input.order_id);
      if (!existing) throw error;
      return {
        order_id: existing.id,
        shipment_id: existing.shipment_id,
        status: existing.status,
        status_code: existing.status_code,
        alreadyExisted: true,
        awbCode: existing.shipments[0]?.awb || null,
      };
    }
  }

  async function assignAwbOf(body: Record<string, unknown>): Promise<AwbAssignReply> {
    const reply = await expectJson<{ awb_assign_status?: unknown }>('POST', '/courier/assign/awb', {
      body,
      repeatable: false,
    });
    if (reply.awb_assign_status !== 1) {
      throw new ShiprocketError('rejected', messageOf(reply) ?? 'The AWB was not assigned', 200);
    }
    return reply as AwbAssignReply;
  }

  /** The parcel's NDR, if it has one: `GET /ndr/{awb}` answers the list's row shape in `data`. */
  async function getNdr(awb: string): Promise<ListedNdr | undefined> {
    try {
      const reply = await expectJson<NdrListReply>('GET', `/ndr/${encodeURIComponent(awb)}`, {
        repeatable: true,
      });
      return reply.data?.find((row) => row.awb_code === awb);
    } catch (error) {
      if (error instanceof ShiprocketError && error.status === 404) return undefined;
      throw error;
    }
  }

  /** Couriers that carry this parcel, cheapest and recommended first as Shiprocket ranks them. */
  function checkServiceability(query: ServiceabilityQuery): Promise<ServiceabilityReply> {
    return expectJson<ServiceabilityReply>('GET', '/courier/serviceability/', {
      query: {
        pickup_postcode: query.pickupPostcode,
        delivery_postcode: query.deliveryPostcode,
        weight: String(query.weightKg),
        cod: query.cod ? '1' : '0',
      },
      repeatable: true,
    }).then((reply) => {
      if (!Array.isArray(reply.data?.available_courier_companies)) {
        throw new ShiprocketError('rejected', messageOf(reply) ?? 'No couriers in the reply', 200);
      }
      return reply;
    });
  }

  return {
    /**
     * Creates the order and its shipment. Not repeated on failure: after an `unavailable` error the caller
     * (a retried job) calls this again with the same order_id. If the first call did land, Shiprocket refuses
     * the reused order_id with a 422 naming `order_id`; this client then looks the order up and returns it
     * with `alreadyExisted: true`, so a retry never makes a second shipment and never loses the first.
     */
    async createAdhocOrder(input: AdhocOrderInput): Promise<CreatedAdhocOrder> {
      try {
        const created = await expectJson<AdhocOrderReply>('POST', '/orders/create/adhoc', {
          body: input,
          repeatable: false,
        });
        return { ...created, alreadyExisted: false };
      } catch (error) {
        const reusedOrderId =
          error instanceof ShiprocketError && error.status === 422 && error.fieldErrors?.order_id;
        if (!reusedOrderId) throw error;
        const existing = await findOrder(input.order_id);
        const shipment = existing?.shipments[0];
        if (!existing || !shipment) throw error;
        return {
          order_id: existing.id,
          shipment_id: shipment.id,
          status: existing.status,
          status_code: existing.status_code,
          awb_code: shipment.awb || null,
          courier_company_id: null,
          courier_name: shipment.courier || null,
          alreadyExisted: true,
        };
      }
    },

    /** The order made for our order_id, with its shipments' AWB and courier, if Shiprocket has one. */
    findOrder,

    checkServiceability,

    /**
     * Which couriers collect cash at the delivery pincode (the query with cod=1). A COD booking's courier is
     * one of them: pass its id to `assignAwb`.
     */
    async checkCodServiceability(query: CodServiceabilityQuery): Promise<CodServiceability> {
      const reply = await checkServiceability({ ...query, cod: true });
      return codServiceabilityOf(query.deliveryPostcode, reply);
    },

    /**
     * Gives the shipment an AWB from the courier, or the recommended one. Not repeated: an assignment may
     * bill the wallet. After an `unavailable` error, `findOrder` tells whether the AWB was assigned.
     */
    assignAwb: (input: { shipmentId: number; courierId?: number }): Promise<AwbAssignReply> =>
      assignAwbOf({
        shipment_id: input.shipmentId,
        ...(input.courierId === undefined ? {} : { courier_id: input.courierId }),
      }),

    createReturnOrder,
    findReturnOrder,

    /** One page of Shiprocket's NDR list (docs/architecture.md#shiprocket-ndr), newest first. */
    listNdrs: (page = 1, perPage = 50) =>
      expectJson<NdrListReply>('GET', '/ndr/all', {
        query: { page: String(page), per_page: String(perPage) },
        repeatable: true,
      }),

    getNdr,

    /**
     * Takes an action on the parcel's open NDR. Not repeated: a second action on one report is refused. When the
     * call is refused, the report is read back: if it already carries this action (an earlier call landed and its
     * reply was lost), that is the answer, with `alreadyTaken: true`.
     */
    async takeNdrAction(awb: string, input: NdrActionInput): Promise<{ alreadyTaken: boolean }> {
      try {
        await call<NdrActionReply>('POST', `/ndr/${encodeURIComponent(awb)}/action`, {
          body: input,
          repeatable: false,
        });
        return { alreadyTaken: false };
      } catch (error) {
        if (!(error instanceof ShiprocketError && error.kind === 'rejected')) throw error;
        const report = await getNdr(awb).catch(() => undefined);
        if (report?.action_taken === input.action) return { alreadyTaken: true };
        throw error;
      }
    },

    /**
     * Gives a return order's shipment its AWB (`is_return: 1`, as Shiprocket's guides send it). For a return the
     * assignment also schedules the pickup (unconfirmed: docs/architecture.md#shiprocket-returns). Not repeated.
     */
    assignReturnAwb: (input: { shipmentId: number; courierId?: number }): Promise<AwbAssignReply> =>
      assignAwbOf({
        shipment_id: input.shipmentId,
        is_return: 1,
        ...(input.courierId === undefined ? {} : { courier_id: input.courierId }),
      }),

    /**
     * Books a reverse pickup: the return order, then its AWB. Safe to call again after a failure with the same
     * input: the return order is found rather than made twice, and an AWB already assigned is not asked again.
     * Its tracking is read like any parcel's (`trackAwb`, the tracking webhook with `is_return: 1`).
     */
    async bookReturnPickup(input: ReturnOrderInput, courierId?: number): Promise<BookedReturnPickup> {
      const created = await createReturnOrder(input);
      const booked = {
        shiprocketOrderId: created.order_id,
        shipmentId: created.shipment_id,
        alreadyExisted: created.alreadyExisted,
      };
      if (created.awbCode) {
        return {
          ...booked,
          awbCode: created.awbCode,
          courierName: null,
          courierCompanyId: null,
          pickupScheduledDate: null,
        };
      }
      const assigned = await assignAwbOf({
        shipment_id: created.shipment_id,
        is_return: 1,
        ...(courierId === undefined ? {} : { courier_id: courierId }),
      });
      const data = assigned.response.data;
      return {
        ...booked,
        awbCode: data.awb_code,
        courierName: data.courier_name || null,
        courierCompanyId: data.courier_company_id || null,
        pickupScheduledDate: data.pickup_scheduled_date || null,
      };
    },

    /** Asks the courier to collect the parcel. A second request is refused ("Already in Pickup Queue."). */
    async generatePickup(shipmentId: number): Promise<PickupReply> {
      const reply = await expectJson<{ pickup_status?: unknown }>('POST', '/courier/generate/pickup', {
        body: { shipment_id: [shipmentId] },
        repeatable: false,
      });
      if (reply.pickup_status !== 1) {
        throw new ShiprocketError('rejected', messageOf(reply) ?? 'The pickup was not scheduled', 200);
      }
      return reply as PickupReply;
    },

    trackShipment: (shipmentId: number) =>
      expectJson<TrackingReply>('GET', `/courier/track/shipment/${encodeURIComponent(shipmentId)}`, {
        repeatable: true,
      }),

    trackAwb: (awb: string) =>
      expectJson<TrackingReply>('GET', `/courier/track/awb/${encodeURIComponent(awb)}`, { repeatable: true }),

    /** Cancels Shiprocket's orders (their ids); refused once the courier has the parcel. Safe to repeat. */
    async cancelOrders(ids: number[]): Promise<void> {
      await call<unknown>('POST', '/orders/cancel', { body: { ids }, repeatable: true });
    },
  };
}

export type ShiprocketClient = ReturnType<typeof createShiprocketClient>;
