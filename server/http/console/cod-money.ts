import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  CodOrderMoneySchema,
  CodOverviewSchema,
  CodPaidElsewhereBodySchema,
  CodPayoutBodySchema,
  CodRefundHeadersSchema,
  CodRefundReplySchema,
  codMoneyMessages,
  MAX_REMITTANCE_FILE_BYTES,
  MismatchCheckReplySchema,
  RemittanceImportBodySchema,
  RemittanceImportParamsSchema,
  RemittanceImportReplySchema,
  RemittanceImportSchema,
  RemittanceLineParamsSchema,
} from '../../../contracts/cod-money';
import { errorReplies } from '../../../contracts/http';
import { orders } from '../../db/schema';
import { AppError } from '../../errors';
import { codRefundDeps, recordRefundPaidElsewhere, refundByPayout } from '../../flows/cod-refunds';
import {
  checkRemittanceMismatch,
  runRemittanceImport,
  storeRemittanceImport,
} from '../../flows/cod-remittances';
import { codOrderMoney } from '../../modules/cod-money/cod-order-money';
import { codOverview } from '../../modules/cod-money/cod-overview';
import { remittanceImportOf } from '../../modules/cod-money/remittance-imports';
import { parseRemittanceCsv, RemittanceCsvError } from '../../providers/shiprocket/remittance-csv';
import { staffActorOf } from '../staff-authentication';

// docs/architecture.md#cod-money; docs/product.md#http-api: the console's cash-on-delivery money under /api/admin.

const readErrors = errorReplies(400, 401, 403, 404);
const actionErrors = errorReplies(400, 401, 403, 404, 409, 422, 502);
const OrderParams = z.object({ id: z.uuid({ message: codMoneyMessages.orderNotFound }) });

async function moneyOrThrow(app: FastifyInstance, orderId: string) {
  const [order] = await app.db.select().from(orders).where(eq(orders.id, orderId));
  if (!order) throw new AppError('not_found', codMoneyMessages.orderNotFound);
  return codOrderMoney(app.db, order, app.razorpayx !== undefined);
}

function parseOrRefuse(csv: string) {
  try {
    return parseRemittanceCsv(csv);
  } catch (error) {
    if (error instanceof RemittanceCsvError) throw new AppError('invalid', error.message);
    throw error;
  }
}

const codMoneyRoutes: FastifyPluginAsyncZod = async (app) => {
  const support = app.requireStaff('support');
  const owner = app.requireStaff('owner');
  const deps = { db: app.db, jobs: app.jobs };

  app.get(
    '/cod',
    {
      preValidation: support,
      schema: {
        tags: ['admin'],
        summary: 'Cash on delivery: cash due from the courier, remittances imported, and mismatches',
        response: { 200: CodOverviewSchema, ...readErrors },
      },
    },
    async () => codOverview(app.db, app.shiprocketSimulator !== undefined),
  );

  app.post(
    '/cod/remittances',
    {
      preValidation: owner,
      bodyLimit: MAX_REMITTANCE_FILE_BYTES + 1024,
      schema: {
        tags: ['admin'],
        summary:
          "Import a remittance CSV exported from Shiprocket's panel: 202, imported in the background (its progress on GET /cod); the same file again is the same import (owner)",
        body: RemittanceImportBodySchema,
        response: { 202: RemittanceImportReplySchema, ...actionErrors },
      },
    },
    async (request, reply) => {
      if (Buffer.byteLength(request.body.csv) > MAX_REMITTANCE_FILE_BYTES) {
        throw new AppError('too_large', codMoneyMessages.fileTooLarge);
      }
      const rows = parseOrRefuse(request.body.csv);
      const actor = staffActorOf(request);
      const stored = await storeRemittanceImport(deps, request.body.csv, rows, {
        source: 'file',
        staffId: actor.staffId,
        ipAddress: actor.ipAddress,
      });
      return reply.code(202).send(stored);
    },
  );

  app.get(
    '/cod/remittance-imports/:id',
    {
      preValidation: support,
      schema: {
        tags: ['admin'],
        summary: 'A remittance import: its status, lines done of the total, and mismatches',
        params: RemittanceImportParamsSchema,
        response: { 200: RemittanceImportSchema, ...readErrors },
      },
    },
    async (request) => {
      const found = await remittanceImportOf(app.db, request.params.id);
      if (!found) throw new AppError('not_found', codMoneyMessages.importNotFound);
      return found;
    },
  );

  // docs/operations.md#cod-remittances: with the Shiprocket simulator, a remittance cycle and its import in one go.
  app.post(
    '/cod/remittances/simulate',
    {
      preValidation: owner,
      schema: {
        tags: ['admin'],
        summary: "Simulator only: run a remittance cycle and import the simulator's file (owner)",
        body: z.object({ shortByPaise: z.number().int().positive().max(100_000_000).optional() }).default({}),
        response: { 200: RemittanceImportReplySchema, ...actionErrors },
      },
    },
    async (request) => {
      const simulator = app.shiprocketSimulator;
      if (!simulator) throw new AppError('conflict', codMoneyMessages.simulatorOff);
      const remittance = simulator.remit(
        request.body.shortByPaise ? { shortByPaise: request.body.shortByPaise } : {},
      );
      if (!remittance) throw new AppError('conflict', codMoneyMessages.simulatorNothingDue);
      const actor = staffActorOf(request);
      const csv = simulator.remittanceCsv(remittance.id);
      const stored = await storeRemittanceImport(deps, csv, parseOrRefuse(csv), {
        source: 'simulator',
        staffId: actor.staffId,
        ipAddress: actor.ipAddress,
      });
      // A simulated cycle is a few parcels: imported at once, so the reply says what it came to.
      await runRemittanceImport(deps, stored.import.id);
      const done = await remittanceImportOf(app.db, stored.import.id);
      if (!done) throw new AppError('not_found', codMoneyMessages.importNotFound);
      return { message: done.message ?? stored.message, import: done };
    },
  );

  app.post(
    '/cod/mismatches/:lineId/check',
    {
      preValidation: owner,
      schema: {
        tags: ['admin'],
        summary: "Mark a mismatched remittance line as checked; its order's mismatch flag resolves (owner)",
        params: RemittanceLineParamsSchema,
        response: { 200: MismatchCheckReplySchema, ...actionErrors },
      },
    },
    async (request) =>
      checkRemittanceMismatch({ db: app.db, jobs: app.jobs }, request.params.lineId, staffActorOf(request)),
  );

  app.get(
    '/orders/:id/cod',
    {
      preValidation: support,
      schema: {
        tags: ['admin'],
        summary: "A COD order's cash: collected, refunded (payouts and refunds paid another way), remitted",
        params: OrderParams,
        response: { 200: CodOrderMoneySchema, ...readErrors },
      },
    },
    async (request) => moneyOrThrow(app, request.params.id),
  );

  app.post(
    '/orders/:id/cod/payouts',
    {
      preValidation: owner,
      schema: {
        tags: ['admin'],
        summary:
          "Refund a COD order to the shopper's UPI ID through RazorpayX; the same Idempotency-Key pays once (owner)",
        params: OrderParams,
        headers: CodRefundHeadersSchema,
        body: CodPayoutBodySchema,
        response: { 200: CodRefundReplySchema, ...actionErrors },
      },
    },
    async (request) => {
      const actor = staffActorOf(request);
      const { message } = await refundByPayout(codRefundDeps(app), {
        orderId: request.params.id,
        amountPaise: request.body.amountPaise,
        vpa: request.body.vpa,
        reason: request.body.reason,
        key: request.headers['idempotency-key'],
        staffId: actor.staffId,
        ipAddress: actor.ipAddress,
      });
      return { message, money: await moneyOrThrow(app, request.params.id) };
    },
  );

  app.post(
    '/orders/:id/cod/refunds-paid-elsewhere',
    {
      preValidation: owner,
      schema: {
        tags: ['admin'],
        summary:
          'Record a refund of a COD order paid another way (cash, bank transfer...); once per Idempotency-Key (owner)',
        params: OrderParams,
        headers: CodRefundHeadersSchema,
        body: CodPaidElsewhereBodySchema,
        response: { 200: CodRefundReplySchema, ...actionErrors },
      },
    },
    async (request) => {
      const actor = staffActorOf(request);
      const { message } = await recordRefundPaidElsewhere(codRefundDeps(app), {
        orderId: request.params.id,
        amountPaise: request.body.amountPaise,
        how: request.body.how,
        note: request.body.note,
        key: request.headers['idempotency-key'],
        staffId: actor.staffId,
        ipAddress: actor.ipAddress,
      });
      return { message, money: await moneyOrThrow(app, request.params.id) };
    },
  );
};

export default codMoneyRoutes;
