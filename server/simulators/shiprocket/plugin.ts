import { randomBytes } from 'node:crypto';
import type { FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { devToolsAccess, requireDevToolsToken } from '../../dev-tools';
import { shiprocketDateTime } from '../../providers/shiprocket/ist-time';
import type { AwbAssignReply, PickupReply, ServiceabilityReply } from '../../providers/shiprocket/types';
import { addFaultHook, createFaultInjector } from '../faults';
import { recommendedQuote } from './couriers';
import {
  createRemittanceBook,
  type RemittanceCycleOptions,
  remittanceCsv,
  type SimulatedRemittance,
} from './remittances';
import { keepRemittancesIn, keepShipmentsIn } from './saved-state';
import {
  type AdvancedShipment,
  ALREADY_IN_PICKUP_QUEUE,
  createShipmentBook,
  NDR_REASONS,
  type Outcome,
  pickupToken,
  type ShipmentBook,
  type SimulatedShipment,
} from './shipments';
import { trackingPage } from './tracking-page';
import {
  type FieldErrors,
  validateAdhocOrder,
  validateReturnOrder,
  validateServiceabilityQuery,
} from './validation';
import { createWebhookSender, type ShiprocketWebhookControls } from './webhooks';

export type { RemittanceCycleOptions, SimulatedRemittance } from './remittances';
export type { AdvancedShipment, ParcelFailure } from './shipments';
export type { SentWebhook, ShiprocketWebhookControls } from './webhooks';

export const SHIPROCKET_SIMULATOR_BASE_URL = '/sim/shipping';

export type ShiprocketFailureMode = 'unavailable' | 'server_error' | 'rate_limited';

export interface ShiprocketSimulator {
  /** The API user's credentials, fixed for this start. */
  email: string;
  password: string;
  /** The API's base path on this server, in place of https://apiv2.shiprocket.in/v1/external. */
  baseUrl: string;
  /** Sent as `x-api-key` with every tracking webhook. */
  webhookToken: string;
  /** Every API call fails this way until `restoreApi`. */
  failApi(mode: ShiprocketFailureMode): void;
  restoreApi(): void;
  /** Tokens issued so far stop working: the next call gets 401 "Unauthenticated.". */
  expireTokens(): void;
  /** Moves one shipment, or every one, a step along the status sequence; sends a webhook for each move. */
  advance(shipmentId?: number): AdvancedShipment[];
  /**
   * The consignee refuses the parcel (picked up, not delivered): its next moves are 9 RTO INITIATED, then
   * 10 RTO DELIVERED, by the same tracking replies and webhooks as any status. Throws when it cannot.
   */
  requestRto(shipmentId: number): void;
  /**
   * The courier cannot collect a return (booked, not picked up): its next moves are 49 RETURN PICKUP
   * EXCEPTION, then 30 RETURN PICKUP CANCELLED. Throws when it cannot.
   */
  failPickup(shipmentId: number): void;
  /** The courier loses a parcel it has (forward or return): its next move is 12 LOST. Throws when it cannot. */
  lose(shipmentId: number): void;
  /**
   * docs/architecture.md#shiprocket-ndr: the parcel's next delivery attempt fails (21 UNDELIVERED) with the courier's
   * `reason`; the courier then waits for an action (`POST /ndr/{awb}/action`) until the report's deadline.
   */
  raiseNdr(shipmentId: number, reason?: string): void;
  /** The open NDR's deadline passes now: the courier re-attempts alone, or returns the parcel after the last try. */
  expireNdr(shipmentId: number): void;
  /** The share (0-1) of delivery attempts that fail on their own; `SHIPROCKET_SIM_NDR_RATE` at start. */
  setNdrRate(rate: number): void;
  /**
   * docs/operations.md#shipping-simulator-controls: one parcel to its next status, or along every status to the end
   * of its road (delivered, or the end of a failure or RTO under way), with one webhook for where it lands.
   */
  move(shipmentId: number, to: 'next' | 'delivered'): AdvancedShipment[];
  /** A COD remittance cycle: delivered COD parcels' cash paid in one transfer; undefined when none is due. */
  remit(options?: RemittanceCycleOptions): SimulatedRemittance | undefined;
  /** Every remittance so far, oldest first. */
  remittances(): SimulatedRemittance[];
  /** The panel's CSV export of one remittance, or of all of them. */
  remittanceCsv(remittanceId?: string): string;
  /** Calls `advance()` every `intervalMs` until `stopClock`. */
  startClock(intervalMs: number): void;
  stopClock(): void;
  webhooks: ShiprocketWebhookControls;
  /** Forgets orders, shipments and remittances, restores the API and the webhook settings; issued tokens stay valid. */
  reset(): void;
}

declare module 'fastify' {
  interface FastifyInstance {
    shiprocketSimulator: ShiprocketSimulator | undefined;
  }
}

const TOKEN_LIFETIME_MS = 10 * 24 * 60 * 60 * 1000;

const invalidData = (reply: FastifyReply, errors: FieldErrors) =>
  reply.code(422).send({ message: 'Oops! Invalid Data.', errors, status_code: 422 });

const failure = (reply: FastifyReply, status: number, message: string) =>
  reply.code(status).send({ message, status_code: status });

function sendFailure(reply: FastifyReply, mode: ShiprocketFailureMode) {
  switch (mode) {
    case 'unavailable':
      // What the load balancer in front answers while the API behind it is down: HTML, not JSON.
      return reply
        .code(503)
        .type('text/html; charset=utf-8')
        .send('<html><body><h1>503 Service Temporarily Unavailable</h1></body></html>');
    case 'server_error':
      return failure(reply, 500, 'Server Error');
    case 'rate_limited':
      return reply
        .code(429)
        .header('Retry-After', '60')
        .send({ message: 'Too Many Attempts.', status_code: 429 });
  }
}

const idOf = (value: unknown): number | undefined => {
  const id = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  return typeof id === 'number' && Number.isSafeInteger(id) && id > 0 ? id : undefined;
};

interface ApiState {
  credentials: { email: string; password: string };
  tokens: Map<string, number>;
  failure: ShiprocketFailureMode | undefined;
}

function apiRoutes(
  state: ApiState,
  book: ShipmentBook,
  faults: ReturnType<typeof createFaultInjector>,
): FastifyPluginAsyncZod {
  return async (api) => {
    addFaultHook(api, faults);
    api.addHook('onRequest', async (request, reply) => {
      if (state.failure) return sendFailure(reply, state.failure);
      if (request.routeOptions.url === `${SHIPROCKET_SIMULATOR_BASE_URL}/auth/login`) return;
      const token = request.headers.authorization?.match(/^Bearer (\S+)$/)?.[1];
      const issuedAt = token ? state.tokens.get(token) : undefined;
      if (issuedAt === undefined || Date.now() - issuedAt > TOKEN_LIFETIME_MS) {
        return reply.code(401).send({ message: 'Unauthenticated.' });
      }
    });

    api.post('/auth/login', { schema: { hide: true } }, async (request, reply) => {
      const body = (request.body ?? {}) as { email?: unknown; password?: unknown };
      if (body.email !== state.credentials.email || body.password !== state.credentials.password) {
        return failure(reply, 400, 'Invalid email and password combination');
      }
      const token = randomBytes(32).toString('base64url');
      // Each login adds a token: expired ones go, so a long run's logins do not pile up.
      for (const [issued, issuedAt] of state.tokens) {
        if (Date.now() - issuedAt > TOKEN_LIFETIME_MS) state.tokens.delete(issued);
      }
      state.tokens.set(token, Date.now());
      return {
        id: 1_000_001,
        first_name: 'API',
        last_name: 'User',
        email: state.credentials.email,
        company_id: 100_001,
        created_at: shiprocketDateTime(new Date()),
        token,
      };
    });

    api.post('/orders/create/adhoc', { schema: { hide: true } }, async (request, reply) => {
      const checked = validateAdhocOrder(request.body);
      if (!checked.ok) return invalidData(reply, checked.errors);
      if (book.byChannelOrderId(checked.order.orderId)) {
        return invalidData(reply, { order_id: ['The order id has already been taken.'] });
      }
      if (!book.pickupLocations.includes(checked.order.pickupLocation)) {
        return failure(
          reply,
          422,
          'Wrong Pickup location entered. Please choose one location from data given',
        );
      }
      return book.createdReply(book.create(checked.order));
    });

    // docs/architecture.md#shiprocket-returns: a reverse pickup, from the shopper back to the brand.
    api.post('/orders/create/return', { schema: { hide: true } }, async (request, reply) => {
      const checked = validateReturnOrder(request.body);
      if (!checked.ok) return invalidData(reply, checked.errors);
      if (book.byChannelOrderId(checked.order.orderId)) {
        return invalidData(reply, { order_id: ['The order id has already been taken.'] });
      }
      return book.returnCreatedReply(book.create(checked.order));
    });

    api.get('/orders/processing/return', { schema: { hide: true } }, async (request) => {
      const query = request.query as { page?: unknown; per_page?: unknown };
      const perPage = Math.min(Math.max(Number(query.per_page) || 15, 1), 100);
      const page = Math.max(Number(query.page) || 1, 1);
      const returns = book
        .all()
        .filter((shipment) => shipment.order.kind === 'return')
        .reverse();
      const totalPages = Math.max(1, Math.ceil(returns.length / perPage));
      const listed = returns.slice((page - 1) * perPage, page * perPage);
      return {
        data: listed.map(book.returnListing),
        meta: {
          pagination: {
            total: returns.length,
            count: listed.length,
            per_page: perPage,
            current_page: page,
            total_pages: totalPages,
          },
        },
      };
    });

    // Not in Shiprocket's published API: the order list, searched by our order id, so a create whose reply was lost can
    // be found again.
    api.get('/orders', { schema: { hide: true } }, async (request) => {
      const search = String((request.query as { search?: unknown }).search ?? '').trim();
      const found = book
        .all()
        .filter(
          (shipment) =>
            shipment.order.kind !== 'return' &&
            (search === '' ||
              shipment.order.orderId.includes(search) ||
              shipment.awb === search ||
              String(shipment.orderId) === search),
        )
        .reverse()
        .slice(0, 15);
      return {
        data: found.map(book.listing),
        meta: {
          pagination: {
            total: found.length,
            count: found.length,
            per_page: 15,
            current_page: 1,
            total_pages: 1,
          },
        },
      };
    });

    api.get('/courier/serviceability/', { schema: { hide: true } }, async (request, reply) => {
      const checked = validateServiceabilityQuery(request.query as Record<string, unknown>);
      if (!checked.ok) return invalidData(reply, checked.errors);
      const quotes = book.quote(
        checked.pickupPincode,
        checked.deliveryPincode,
        checked.weightKg,
        checked.cod,
        new Date(),
      );
      const reply200: ServiceabilityReply = {
        status: 200,
        data: {
          available_courier_companies: quotes.map((quote) => quote.option),
          recommended_courier_company_id: recommendedQuote(quotes)?.courier.id ?? null,
        },
      };
      return reply200;
    });

    api.post('/courier/assign/awb', { schema: { hide: true } }, async (request, reply) => {
      const body = (request.body ?? {}) as { shipment_id?: unknown; courier_id?: unknown };
      const shipmentId = idOf(body.shipment_id);
      const shipment = shipmentId === undefined ? undefined : book.get(shipmentId);
      if (!shipment) return invalidData(reply, { shipment_id: ['The selected shipment id is invalid.'] });
      const courierGiven =
        body.courier_id !== undefined && body.courier_id !== null && body.courier_id !== '';
      const courierId = courierGiven ? idOf(body.courier_id) : undefined;
      if (courierGiven && courierId === undefined) {
        return invalidData(reply, { courier_id: ['The courier id must be an integer.'] });
      }
      const assigned = book.assignAwb(shipment, courierId);
      // Shiprocket reports a refused assignment inside a 200.
      if (!assigned.ok)
        return { awb_assign_status: 0, response: { data: { awb_assign_error: assigned.message } } };
      const { awb, courier } = assigned.value;
      const result: AwbAssignReply = {
        awb_assign_status: 1,
        response: {
          data: {
            awb_code: awb ?? '',
            courier_company_id: courier?.id ?? 0,
            courier_name: courier?.name ?? '',
            shipment_id: shipment.id,
            order_id: shipment.orderId,
            // Set for a return, whose assignment schedules the pickup too.
            pickup_scheduled_date: assigned.value.pickupScheduledAt
              ? shiprocketDateTime(assigned.value.pickupScheduledAt)
              : null,
          },
        },
      };
      return result;
    });

    api.post('/courier/generate/pickup', { schema: { hide: true } }, async (request, reply) => {
      const raw = ((request.body ?? {}) as { shipment_id?: unknown }).shipment_id;
      const ids = (Array.isArray(raw) ? raw : [raw]).map(idOf);
      const shipments = ids.map((id) => (id === undefined ? undefined : book.get(id)));
      if (ids.length === 0 || shipments.some((shipment) => !shipment)) {
        return invalidData(reply, { shipment_id: ['The selected shipment id is invalid.'] });
      }
      let scheduledAt: Date | undefined;
      for (const shipment of shipments) {
        if (!shipment) continue;
        const scheduled = book.schedulePickup(shipment);
        if (!scheduled.ok && scheduled.message === ALREADY_IN_PICKUP_QUEUE) {
          return failure(reply, 400, scheduled.message);
        }
        if (!scheduled.ok) {
          return { pickup_status: 0, response: { pickup_scheduled_date: null, data: scheduled.message } };
        }
        scheduledAt = scheduled.value.pickupScheduledAt;
      }
      const result: PickupReply = {
        pickup_status: 1,
        response: {
          pickup_scheduled_date: shiprocketDateTime(scheduledAt ?? new Date()),
          pickup_token_number: pickupToken(),
        },
      };
      return result;
    });

    api.get(
      '/courier/track/shipment/:shipmentId',
      { schema: { hide: true, params: z.object({ shipmentId: z.string() }) } },
      async (request, reply) => {
        const shipmentId = idOf(request.params.shipmentId);
        const shipment = shipmentId === undefined ? undefined : book.get(shipmentId);
        if (!shipment) return failure(reply, 404, 'Shipment not found.');
        return book.tracking(shipment);
      },
    );

    api.get(
      '/courier/track/awb/:awb',
      { schema: { hide: true, params: z.object({ awb: z.string() }) } },
      async (request, reply) => {
        const shipment = book.byAwb(request.params.awb);
        if (!shipment) return failure(reply, 404, 'AWB not found.');
        return book.tracking(shipment);
      },
    );

    // docs/architecture.md#shiprocket-ndr: the NDR list (newest first, paged), one parcel's report, and the action.
    api.get('/ndr/all', { schema: { hide: true } }, async (request) => {
      const query = request.query as { page?: unknown; per_page?: unknown };
      const perPage = Math.min(Math.max(Number(query.per_page) || 15, 1), 100);
      const page = Math.max(Number(query.page) || 1, 1);
      const reports = book
        .all()
        .flatMap((shipment) => book.ndrListing(shipment) ?? [])
        .reverse();
      const listed = reports.slice((page - 1) * perPage, page * perPage);
      return {
        data: listed,
        meta: {
          pagination: {
            total: reports.length,
            count: listed.length,
            per_page: perPage,
            current_page: page,
            total_pages: Math.max(1, Math.ceil(reports.length / perPage)),
          },
        },
      };
    });

    api.get(
      '/ndr/:awb',
      { schema: { hide: true, params: z.object({ awb: z.string() }) } },
      async (request, reply) => {
        const shipment = book.byAwb(request.params.awb);
        const listed = shipment ? book.ndrListing(shipment) : undefined;
        if (!listed) return failure(reply, 404, 'No NDR found for this AWB.');
        return { data: [listed] };
      },
    );

    api.post(
      '/ndr/:awb/action',
      { schema: { hide: true, params: z.object({ awb: z.string() }) } },
      async (request, reply) => {
        const shipment = book.byAwb(request.params.awb);
        if (!shipment) return failure(reply, 404, 'No NDR found for this AWB.');
        const outcome = book.takeNdrAction(shipment, (request.body ?? {}) as Record<string, unknown>);
        if (!outcome.ok && 'fieldErrors' in outcome) return invalidData(reply, outcome.fieldErrors);
        if (!outcome.ok) return failure(reply, 400, outcome.message);
        return { status: true, message: 'NDR action has been taken successfully.' };
      },
    );

    api.post('/orders/cancel', { schema: { hide: true } }, async (request, reply) => {
      const raw = ((request.body ?? {}) as { ids?: unknown }).ids;
      const ids = Array.isArray(raw) ? raw.map(idOf) : [];
      if (ids.length === 0 || ids.some((id) => id === undefined)) {
        return invalidData(reply, { ids: ['The ids field is required.'] });
      }
      const cancelled = book.cancel(ids as number[]);
      if (!cancelled.ok) return failure(reply, 400, cancelled.message);
      return reply.code(204).send();
    });
  };
}

/** Shiprocket's external API on this server while no SHIPROCKET_EMAIL is set (docs/architecture.md#simulators). */
export default fp(
  async (app) => {
    const { config } = app;
    if (config.shiprocket || (config.env === 'production' && !config.allowSimulators)) {
      app.decorate('shiprocketSimulator', undefined);
      return;
    }
    const state: ApiState = {
      credentials: {
        email: 'api-user@shipping-simulator.test',
        password: randomBytes(12).toString('base64url'),
      },
      tokens: new Map(),
      failure: undefined,
    };
    const webhookToken = config.shipping.webhookToken ?? randomBytes(24).toString('base64url');
    const kept = await keepShipmentsIn(app.db, (error) =>
      app.log.error({ err: error }, 'the Shiprocket simulator could not save a change'),
    );
    const book = createShipmentBook(
      {
        pickupLocation: config.shipping.pickupLocation,
        pickupPincode: config.shipping.pickupPincode,
        publicUrl: config.publicUrl,
        basePath: SHIPROCKET_SIMULATOR_BASE_URL,
        ndrRate: config.shipping.simulatorNdrRate,
      },
      kept,
    );
    const keptRemittances = await keepRemittancesIn(app.db, (error) =>
      app.log.error({ err: error }, 'the Shiprocket simulator could not save a remittance'),
    );
    const remittanceBook = createRemittanceBook(keptRemittances);
    const webhooks = createWebhookSender(app, webhookToken);
    let clock: NodeJS.Timeout | undefined;

    function shipmentOf(shipmentId: number): SimulatedShipment {
      return book.get(shipmentId) ?? raise(`No simulated Shiprocket shipment ${shipmentId}`);
    }

    function succeed(outcome: Outcome<unknown>) {
      if (!outcome.ok) raise(outcome.message);
    }

    function advance(shipmentId?: number): AdvancedShipment[] {
      const targets =
        shipmentId === undefined
          ? book.all()
          : [book.get(shipmentId) ?? raise(`No simulated Shiprocket shipment ${shipmentId}`)];
      const moved: AdvancedShipment[] = [];
      for (const shipment of targets) {
        const step = book.advance(shipment);
        if (!step) continue;
        moved.push(step);
        const payload = book.webhookPayload(shipment);
        if (payload) webhooks.send(payload);
      }
      return moved;
    }

    const simulator: ShiprocketSimulator = {
      email: state.credentials.email,
      password: state.credentials.password,
      baseUrl: SHIPROCKET_SIMULATOR_BASE_URL,
      webhookToken,
      failApi(mode) {
        state.failure = mode;
      },
      restoreApi() {
        state.failure = undefined;
      },
      expireTokens() {
        state.tokens.clear();
      },
      advance,
      requestRto: (shipmentId) => succeed(book.requestRto(shipmentOf(shipmentId))),
      failPickup: (shipmentId) => succeed(book.failPickup(shipmentOf(shipmentId))),
      lose: (shipmentId) => succeed(book.lose(shipmentOf(shipmentId))),
      raiseNdr: (shipmentId, reason) =>
        succeed(book.raiseNdr(shipmentOf(shipmentId), reason ?? NDR_REASONS[0])),
      expireNdr: (shipmentId) => succeed(book.expireNdr(shipmentOf(shipmentId))),
      setNdrRate: (rate) => book.setNdrRate(rate),
      move(shipmentId, to) {
        const shipment = shipmentOf(shipmentId);
        const moved: AdvancedShipment[] = [];
        do {
          const step = book.advance(shipment);
          if (!step) break;
          moved.push(step);
        } while (to === 'delivered');
        // The last webhook carries every scan, as a courier's burst of scans would reach Shiprocket late.
        const payload = moved.length > 0 ? book.webhookPayload(shipment) : undefined;
        if (payload) webhooks.send(payload);
        return moved;
      },
      remit: (options) => remittanceBook.runCycle(book.all(), options),
      remittances: () => remittanceBook.all(),
      remittanceCsv(remittanceId) {
        if (remittanceId === undefined) return remittanceCsv(remittanceBook.all());
        const remittance =
          remittanceBook.get(remittanceId) ?? raise(`No simulated remittance ${remittanceId}`);
        return remittanceCsv([remittance]);
      },
      startClock(intervalMs) {
        simulator.stopClock();
        clock = setInterval(() => advance(), intervalMs);
        clock.unref();
      },
      stopClock() {
        if (clock) clearInterval(clock);
        clock = undefined;
      },
      webhooks: webhooks.controls,
      reset() {
        book.reset();
        remittanceBook.reset();
        state.failure = undefined;
        webhooks.reset();
      },
    };

    app.decorate('shiprocketSimulator', simulator);
    const faults = createFaultInjector(SHIPROCKET_SIMULATOR_BASE_URL);
    // Before the server waits for calls in flight: held calls go at once.
    app.addHook('preClose', async () => faults.reset());
    await app.register(apiRoutes(state, book, faults), { prefix: SHIPROCKET_SIMULATOR_BASE_URL });
    // docs/operations.md#fault-controls: dev tools, like the Razorpay simulator's controls.
    if (devToolsAccess(config) !== 'off') {
      await app.register(
        async (controls) => {
          requireDevToolsToken(controls, config);
          await controls.register(faults.routes);
          await controls.register(codControlRoutes(simulator));
          await controls.register(parcelControlRoutes(simulator));
        },
        { prefix: `${SHIPROCKET_SIMULATOR_BASE_URL}/control` },
      );
    }
    // Outside the API's hooks: a shopper's browser opens it with no token, and it stays up while the API fails.
    app
      .withTypeProvider<ZodTypeProvider>()
      .get(
        `${SHIPROCKET_SIMULATOR_BASE_URL}/tracking/:awb`,
        { schema: { hide: true, params: z.object({ awb: z.string() }) } },
        async (request, reply) => {
          const shipment = book.byAwb(request.params.awb);
          const tracking = shipment ? book.tracking(shipment) : undefined;
          return reply
            .code(shipment ? 200 : 404)
            .type('text/html; charset=utf-8')
            .header('Cache-Control', 'no-store')
            .send(trackingPage(request.params.awb, shipment?.courier?.name, tracking));
        },
      );
    // In `npm start` and `npm run dev`, parcels move on their own (docs/operations.md#configuration).
    const stepSeconds = config.shipping.simulatorStepSeconds;
    if (config.env === 'development' && stepSeconds > 0)
      app.addHook('onReady', async () => simulator.startClock(stepSeconds * 1000));
    app.addHook('onClose', async () => {
      simulator.stopClock();
      webhooks.close();
      await webhooks.controls.settled();
      await kept.flushed();
      await keptRemittances.flushed();
    });
  },
  { name: 'shiprocket-simulator', dependencies: ['database'] },
);

/** COD controls over HTTP, for browser tests and the console's demo: refuse a parcel, run a cycle, export. */
function codControlRoutes(simulator: ShiprocketSimulator): FastifyPluginAsyncZod {
  const hidden = { hide: true } as const;
  return async (controls) => {
    controls.post(
      '/rto',
      { schema: { ...hidden, body: z.object({ shipmentId: z.number().int().positive() }) } },
      async (request, reply) => {
        try {
          simulator.requestRto(request.body.shipmentId);
        } catch (error) {
          return reply.code(409).send({ message: (error as Error).message });
        }
        return { ok: true };
      },
    );
    controls.post(
      '/remittances',
      {
        schema: {
          ...hidden,
          body: z
            .object({
              shortByPaise: z.number().int().positive().optional(),
              shortAwb: z.string().min(1).optional(),
            })
            .default({}),
        },
      },
      async (request, reply) => {
        try {
          return { remittance: simulator.remit(request.body) ?? null };
        } catch (error) {
          return reply.code(409).send({ message: (error as Error).message });
        }
      },
    );
    controls.get(
      '/remittances.csv',
      { schema: { ...hidden, querystring: z.object({ id: z.string().optional() }) } },
      async (request, reply) => {
        try {
          const csv = simulator.remittanceCsv(request.query.id);
          return reply
            .type('text/csv; charset=utf-8')
            .header('Content-Disposition', 'attachment; filename="cod-remittance.csv"')
            .send(csv);
        } catch (error) {
          return reply.code(404).send({ message: (error as Error).message });
        }
      },
    );
  };
}

/**
 * docs/operations.md#shipping-simulator-controls: move one parcel (forward or return) without waiting for the clock,
 * and make a return's pickup fail or a parcel get lost.
 */
function parcelControlRoutes(simulator: ShiprocketSimulator): FastifyPluginAsyncZod {
  const hidden = { hide: true } as const;
  const ShipmentBody = z.object({ shipmentId: z.number().int().positive() });
  return async (controls) => {
    controls.post(
      '/move',
      {
        schema: {
          ...hidden,
          body: ShipmentBody.extend({ to: z.enum(['next', 'delivered']).default('next') }),
        },
      },
      async (request, reply) => {
        try {
          return { moved: simulator.move(request.body.shipmentId, request.body.to) };
        } catch (error) {
          return reply.code(404).send({ message: (error as Error).message });
        }
      },
    );
    controls.post(
      '/ndr',
      {
        schema: {
          ...hidden,
          body: ShipmentBody.extend({ reason: z.string().trim().min(1).max(100).optional() }),
        },
      },
      async (request, reply) => {
        try {
          simulator.raiseNdr(request.body.shipmentId, request.body.reason);
        } catch (error) {
          return reply.code(409).send({ message: (error as Error).message });
        }
        return { ok: true };
      },
    );
    controls.post(
      '/ndr-rate',
      { schema: { ...hidden, body: z.object({ rate: z.number().min(0).max(1) }) } },
      async (request) => {
        simulator.setNdrRate(request.body.rate);
        return { ok: true };
      },
    );
    for (const [path, act] of [
      ['/fail-pickup', (id: number) => simulator.failPickup(id)],
      ['/lose', (id: number) => simulator.lose(id)],
      ['/ndr/expire', (id: number) => simulator.expireNdr(id)],
    ] as const) {
      controls.post(path, { schema: { ...hidden, body: ShipmentBody } }, async (request, reply) => {
        try {
          act(request.body.shipmentId);
        } catch (error) {
          return reply.code(409).send({ message: (error as Error).message });
        }
        return { ok: true };
      });
    }
  };
}

function raise(message: string): never {
  throw new Error(message);
}
