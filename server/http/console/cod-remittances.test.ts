import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DashboardReply } from '../../../contracts/admin-orders';
import type { CodOverview, RemittanceImport, RemittanceImportReply } from '../../../contracts/cod-money';
import { attentionReasonText } from '../../../contracts/order-status';
import { auditLog, codRemittanceLines, codRemittances, orderAttention } from '../../db/schema';
import { flagUnremittedCod, runRemittanceImport } from '../../flows/cod-remittances';
import { jobQueues } from '../../job-queues';
import { remittanceCsv, type SimulatedRemittanceLine } from '../../simulators/shiprocket/remittances';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { type CodOrder, codOrder, codOrderDeliveredBySimulator } from '../../test/cod-factories';
import { type CreatedStaff, createStaffMember } from '../../test/staff-factory';

// docs/product.md#cod-remittances: Shiprocket's remittance file imported, matched to orders, its mismatches
// flagged; the cash still due; the dashboard's COD figures.

let app: TestApp;
let owner: CreatedStaff;
let support: CreatedStaff;
let files = 0;

beforeAll(async () => {
  // The import jobs are run by the tests themselves, as the worker would (server/workers.ts).
  app = await buildTestApp({ jobWorkers: false });
  owner = await createStaffMember(app, { role: 'owner' });
  support = await createStaffMember(app, { role: 'support' });
});

afterAll(async () => {
  await app.closeAndDrop();
});

function line(order: CodOrder, remittedPaise = order.totalPaise): SimulatedRemittanceLine {
  return {
    awb: order.awb,
    orderId: order.orderId,
    srOrderId: 1,
    codAmountPaise: order.totalPaise,
    remittedAmountPaise: remittedPaise,
  };
}

/** A remittance file as Shiprocket's panel exports it (the simulator writes the same columns). */
function fileOf(lines: SimulatedRemittanceLine[]) {
  files += 1;
  return remittanceCsv([
    {
      id: `${Date.now()}${files}`,
      utr: `UTIBN${String(10_000_000_000 + files)}`,
      remittedOn: '2026-11-25',
      lines,
      createdAt: new Date(),
    },
  ]);
}

const postFile = (csv: string, staff: CreatedStaff = owner) =>
  app.inject({ method: 'POST', url: '/api/admin/cod/remittances', headers: staff.headers, payload: { csv } });

const runImport = (importId: string) => runRemittanceImport({ db: app.db, jobs: app.jobs }, importId);

const importOf = async (importId: string) =>
  (
    await app.inject({
      method: 'GET',
      url: `/api/admin/cod/remittance-imports/${importId}`,
      headers: support.headers,
    })
  ).json<RemittanceImport>();

/** The file uploaded (202), then its import job run: what the import came to. */
async function importFile(csv: string): Promise<RemittanceImport> {
  const response = await postFile(csv);
  expect(response.statusCode, response.body).toBe(202);
  const { import: queued } = response.json<RemittanceImportReply>();
  await runImport(queued.id);
  return importOf(queued.id);
}

const queuedImports = async (importId: string) =>
  (
    (await app.db.execute(
      sql`select data from pgboss.job where name = ${jobQueues.importRemittances} and data->>'importId' = ${importId}`,
    )) as unknown as { rows: unknown[] }
  ).rows;

const overview = async () =>
  (await app.inject({ method: 'GET', url: '/api/admin/cod', headers: support.headers })).json<CodOverview>();

const openFlags = (orderId: string) =>
  app.db
    .select({ reason: orderAttention.reason })
    .from(orderAttention)
    .where(and(eq(orderAttention.orderId, orderId), isNull(orderAttention.resolvedAt)));

describe('importing a remittance file', () => {
  it('matches its lines to orders, flags a short payment and lines it cannot place, and is audited', async () => {
    const paid = await codOrder(app);
    const short = await codOrder(app);
    const online = await codOrder(app, { method: 'Online' });
    expect((await overview()).due.map((due) => due.orderId)).toEqual(
      expect.arrayContaining([paid.orderId, short.orderId]),
    );
    const unknown = {
      awb: 'SRX0000000001',
      orderId: 'not-ours',
      srOrderId: 2,
      codAmountPaise: 49_900,
      remittedAmountPaise: 49_900,
    };
    const csv = fileOf([line(paid), line(short, short.totalPaise - 2_500), line(online), unknown]);

    const done = await importFile(csv);
    expect(done).toMatchObject({
      status: 'done',
      statusLabel: 'Imported',
      message: '1 remittance imported with 4 parcels.',
      remittances: 1,
      linesTotal: 4,
      linesDone: 4,
      mismatches: 3,
      repeated: 0,
    });

    const view = await overview();
    expect(view.due.map((due) => due.orderId)).not.toContain(paid.orderId);
    expect(view.due.map((due) => due.orderId)).not.toContain(short.orderId);
    const [remittance] = view.remittances;
    expect(remittance).toMatchObject({ orders: 4, mismatches: 3, remittedOn: '2026-11-25' });
    expect(remittance?.lines.map((entry) => [entry.awb, entry.mismatch])).toEqual([
      [paid.awb, null],
      [short.awb, 'short'],
      [online.awb, 'not_cod'],
      ['SRX0000000001', 'unknown_order'],
    ]);
    expect(
      view.mismatches.filter((mismatch) => mismatch.remittanceReference === remittance?.reference),
    ).toHaveLength(3);
    expect(await openFlags(short.orderId)).toEqual([{ reason: 'cod_remittance_mismatch' }]);
    expect(await openFlags(paid.orderId)).toEqual([]);

    const attention = (
      await app.inject({ method: 'GET', url: '/api/admin/attention', headers: support.headers })
    ).json<{ items: { orderId: string | null; reason: string; detail: string }[] }>().items;
    expect(attention).toContainEqual(
      expect.objectContaining({
        orderId: short.orderId,
        reason: 'cod_remittance_mismatch',
        detail: attentionReasonText.cod_remittance_mismatch,
      }),
    );
    const audits = await app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'cod.remittance_import'), eq(auditLog.entityId, done.id)));
    expect(audits).toHaveLength(1);

    // The same file again is the same import: nothing new stored, queued or audited.
    const again = await postFile(csv);
    expect(again.statusCode).toBe(202);
    expect(again.json<RemittanceImportReply>()).toMatchObject({
      message: 'This file was uploaded before: its import is shown below.',
      import: { id: done.id, status: 'done' },
    });
    expect(await queuedImports(done.id)).toHaveLength(1);
    // Another file with the same remittance changes nothing either.
    const overlapping = await importFile(`${csv}\n`);
    expect(overlapping).toMatchObject({
      message: 'These remittances were imported before: nothing changed.',
      remittances: 0,
      repeated: 1,
      linesDone: 4,
    });
    const stored = await app.db
      .select()
      .from(codRemittanceLines)
      .where(eq(codRemittanceLines.remittanceId, remittance?.id ?? ''));
    expect(stored).toHaveLength(4);
  });

  it('stores a remittance once when the same file is uploaded twice at once and its job runs twice at once', async () => {
    const order = await codOrder(app);
    const csv = fileOf([line(order)]);
    const replies = await Promise.all([postFile(csv), postFile(csv)]);
    expect(replies.map((reply) => reply.statusCode)).toEqual([202, 202]);
    const ids = new Set(replies.map((reply) => reply.json<RemittanceImportReply>().import.id));
    expect(ids.size).toBe(1);
    const [id = ''] = ids;
    await Promise.all([runImport(id), runImport(id)]);
    expect(await importOf(id)).toMatchObject({ status: 'done', remittances: 1, linesDone: 1, repeated: 0 });
    const lines = await app.db
      .select()
      .from(codRemittanceLines)
      .where(eq(codRemittanceLines.orderId, order.orderId));
    expect(lines).toHaveLength(1);
  });

  it('flags cash paid twice for one order, in a later remittance', async () => {
    const order = await codOrder(app);
    await importFile(fileOf([line(order)]));
    const second = await importFile(fileOf([line(order)]));
    expect(second).toMatchObject({ remittances: 1, mismatches: 1 });
    expect(await openFlags(order.orderId)).toEqual([{ reason: 'cod_remittance_mismatch' }]);
  });

  it('refuses a file it cannot read, saying where, and lets only owners import', async () => {
    const bad = await postFile('AWB,Order ID\nSRX1,abc\n');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/^The remittance file cannot be read: line 1: the header has no /);
    const empty = await postFile('');
    expect(empty.statusCode).toBe(400);
    expect(empty.body).toContain('Please choose the remittance file (CSV) exported from Shiprocket.');
    const bySupport = await postFile(fileOf([]), support);
    expect(bySupport.statusCode).toBe(403);
  });
});

describe('an import as background work', () => {
  it('stores the file and queues its job in the request, shows its progress, and audits it once, not per line', async () => {
    const orders = await Promise.all([codOrder(app), codOrder(app), codOrder(app)]);
    // Three bank transfers in one file: three remittances, one import.
    files += 1;
    const csv = remittanceCsv(
      orders.map((order, index) => ({
        id: `${Date.now()}${files}${index}`,
        utr: `UTIBN${String(20_000_000_000 + files * 10 + index)}`,
        remittedOn: '2026-11-26',
        lines: [line(order)],
        createdAt: new Date(),
      })),
    );
    const response = await postFile(csv);
    expect(response.statusCode, response.body).toBe(202);
    const reply = response.json<RemittanceImportReply>();
    expect(reply).toMatchObject({
      message: 'The file is being imported (3 parcels): its progress is shown below.',
      import: {
        status: 'queued',
        statusLabel: 'Waiting to start',
        linesTotal: 3,
        linesDone: 0,
        message: null,
      },
    });
    expect(await queuedImports(reply.import.id)).toEqual([{ data: { importId: reply.import.id } }]);
    // Nothing is imported by the request itself.
    const stored = () =>
      app.db
        .select()
        .from(codRemittanceLines)
        .where(
          inArray(
            codRemittanceLines.orderId,
            orders.map((order) => order.orderId),
          ),
        );
    expect(await stored()).toEqual([]);
    expect((await overview()).imports[0]).toMatchObject({ id: reply.import.id, status: 'queued' });

    await runImport(reply.import.id);
    expect(await stored()).toHaveLength(3);
    expect((await overview()).imports[0]).toMatchObject({
      id: reply.import.id,
      status: 'done',
      linesDone: 3,
      linesTotal: 3,
      remittances: 3,
      mismatches: 0,
      message: '3 remittances imported with 3 parcels.',
    });
    const audits = await app.db
      .select({ entityId: auditLog.entityId, after: auditLog.after })
      .from(auditLog)
      .where(eq(auditLog.action, 'cod.remittance_import'));
    expect(audits.filter((audit) => audit.entityId === reply.import.id)).toEqual([
      {
        entityId: reply.import.id,
        after: expect.objectContaining({ lines: 3, remittances: 3, source: 'file' }),
      },
    ]);
    const remittanceIds = (
      await app.db
        .select({ id: codRemittances.id })
        .from(codRemittances)
        .where(eq(codRemittances.importId, reply.import.id))
    ).map((row) => row.id);
    expect(remittanceIds).toHaveLength(3);
    expect(audits.filter((audit) => remittanceIds.includes(audit.entityId ?? ''))).toEqual([]);
  });
});

describe('a mismatch an owner looked into', () => {
  it('is marked checked once, audited, and leaves Needs attention with its order flag', async () => {
    const short = await codOrder(app);
    const stray = {
      awb: `SRX${Date.now()}`,
      orderId: 'another-store-1',
      srOrderId: 3,
      codAmountPaise: 100,
      remittedAmountPaise: 100,
    };
    await importFile(fileOf([line(short, short.totalPaise - 100), stray]));
    const attention = async () =>
      (await app.inject({ method: 'GET', url: '/api/admin/attention', headers: support.headers })).json<{
        items: { kind: string; orderId: string | null; detail: string }[];
      }>().items;
    expect(await attention()).toContainEqual(
      expect.objectContaining({
        kind: 'remittance',
        orderId: null,
        detail: expect.stringContaining(`AWB ${stray.awb}: No order of ours has this AWB or order id.`),
      }),
    );
    const mismatches = (await overview()).mismatches;
    const shortLine = mismatches.find((mismatch) => mismatch.orderId === short.orderId);
    const strayLine = mismatches.find((mismatch) => mismatch.awb === stray.awb);
    const check = (lineId: string, staff = owner) =>
      app.inject({
        method: 'POST',
        url: `/api/admin/cod/mismatches/${lineId}/check`,
        headers: staff.headers,
      });

    expect((await check(shortLine?.id ?? '', support)).statusCode).toBe(403);
    const checked = await check(shortLine?.id ?? '');
    expect(checked.statusCode, checked.body).toBe(200);
    expect(checked.json()).toEqual({ message: 'The mismatch is marked as checked.' });
    expect(await openFlags(short.orderId)).toEqual([]);
    expect((await check(shortLine?.id ?? '')).json()).toEqual({
      message: 'This mismatch was marked as checked already.',
    });
    await check(strayLine?.id ?? '');
    expect((await attention()).map((item) => item.detail).join()).not.toContain(stray.awb);
    const remaining = (await overview()).mismatches.map((mismatch) => mismatch.id);
    expect(remaining).not.toContain(shortLine?.id);
    expect(remaining).not.toContain(strayLine?.id);
    const audits = await app.db
      .select()
      .from(auditLog)
      .where(
        and(
          eq(auditLog.action, 'cod.remittance_mismatch_checked'),
          eq(auditLog.entityId, shortLine?.id ?? ''),
        ),
      );
    expect(audits).toHaveLength(1);

    const matched = await codOrder(app);
    await importFile(fileOf([line(matched)]));
    const [good] = await app.db
      .select()
      .from(codRemittanceLines)
      .where(eq(codRemittanceLines.orderId, matched.orderId));
    const refused = await check(good?.id ?? '');
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe('This remittance line matched its order: there is nothing to check.');
    expect((await check('00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
  });
});

describe('cash not remitted', () => {
  it(`is flagged once it has waited too long, and the flag clears when its remittance arrives`, async () => {
    const late = await codOrder(app, { collectedDaysAgo: 20 });
    const recent = await codOrder(app, { collectedDaysAgo: 1 });
    await flagUnremittedCod({ db: app.db, jobs: app.jobs });
    expect(await openFlags(late.orderId)).toEqual([{ reason: 'cod_not_remitted' }]);
    expect(await openFlags(recent.orderId)).toEqual([]);
    const due = (await overview()).due;
    expect(due.find((entry) => entry.orderId === late.orderId)).toMatchObject({ overdue: true });
    expect(due.find((entry) => entry.orderId === recent.orderId)).toMatchObject({ overdue: false });

    await importFile(fileOf([line(late)]));
    expect(await openFlags(late.orderId)).toEqual([]);
  });
});

describe("the simulator's remittance cycle", () => {
  it('pays the delivered COD parcels, and its import flags the parcel paid short', async () => {
    const delivered = await codOrderDeliveredBySimulator(app);
    const response = await app.inject({
      method: 'POST',
      url: '/api/admin/cod/remittances/simulate',
      headers: owner.headers,
      payload: { shortByPaise: 500 },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<RemittanceImportReply>()).toMatchObject({
      message: '1 remittance imported with 1 parcel.',
      import: { status: 'done', remittances: 1, linesDone: 1, mismatches: 1 },
    });
    const [remittance] = await app.db
      .select()
      .from(codRemittances)
      .where(eq(codRemittances.source, 'simulator'));
    const [stored] = await app.db
      .select()
      .from(codRemittanceLines)
      .where(eq(codRemittanceLines.remittanceId, remittance?.id ?? ''));
    expect(stored).toMatchObject({
      orderId: delivered.orderId,
      awb: delivered.awb,
      remittedAmountPaise: delivered.totalPaise - 500,
      mismatch: 'short',
    });
    const nothing = await app.inject({
      method: 'POST',
      url: '/api/admin/cod/remittances/simulate',
      headers: owner.headers,
      payload: {},
    });
    expect(nothing.statusCode).toBe(409);
    expect(nothing.json().message).toBe('No delivered cash-on-delivery parcel is waiting for a remittance.');
  });
});

describe("the dashboard's cash-on-delivery figures", () => {
  it('counts the COD share, the cash still with the courier, and the RTO rate', async () => {
    const figures = async () =>
      (
        await app.inject({ method: 'GET', url: '/api/admin/dashboard', headers: support.headers })
      ).json<DashboardReply>().cod;
    const before = await figures();
    const order = await codOrder(app);
    const after = await figures();
    expect(after.outstandingPaise - before.outstandingPaise).toBe(order.totalPaise);
    expect(after.sharePercent).toBeGreaterThan(0);
    expect(after.sharePercent).toBeLessThanOrEqual(100);
    expect(after.rtoRatePercent).toBe(0);
    await importFile(fileOf([line(order)]));
    expect((await figures()).outstandingPaise).toBe(before.outstandingPaise);
  });
});
