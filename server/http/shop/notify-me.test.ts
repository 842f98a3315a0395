import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notifyMeMessages } from '../../../contracts/notify-me-rules';
import type { NotifyMeReply } from '../../../contracts/winback';
import { restocks, stockNotifyRequests } from '../../db/schema';
import { jobQueues } from '../../job-queues';
import { sendBackInStock, tellRestocks } from '../../modules/winback/back-in-stock';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { readOutbox } from '../../test/dev-outbox';
import { newShopper, type Shopper } from '../../test/order-helpers';
import { createStaffMember } from '../../test/staff-factory';
import { NOTIFY_ME_WRITES_PER_HOUR } from './winback';

// docs/product.md#notify-me: "Notify me" on a product out of stock; when its stock comes back from none to N, at
// most N waiting shoppers are told, in the order they asked, each once; the rest at the next return. Races:
// restocks at once, the restock job twice at once, a sale-out while the batch is being sent.

let app: TestApp;
let owner: { authorization: string };
const MINUTE = 60_000;

/** Today at this IST time, as a UTC instant: the fake clock of the message jobs. */
function istToday(hour: number): Date {
  const ist = new Date(Date.now() + 330 * MINUTE);
  return new Date(Date.UTC(ist.getUTCFullYear(), ist.getUTCMonth(), ist.getUTCDate(), hour) - 330 * MINUTE);
}
const NOON = istToday(12);

beforeAll(async () => {
  app = await buildTestApp({ jobWorkers: false });
  owner = (await createStaffMember(app, { role: 'owner' })).headers;
});
afterAll(() => app.closeAndDrop());

async function setStock(productId: number, stock: number) {
  const reply = await app.inject({
    method: 'PATCH',
    url: `/api/admin/products/${productId}`,
    headers: owner,
    payload: { stock },
  });
  expect(reply.statusCode, reply.body).toBe(200);
}

const notifyMe = (shopper: Shopper | null, productId: number, payload: object = {}) =>
  app.inject({
    method: 'POST',
    url: `/api/products/${productId}/notify-me`,
    ...(shopper ? { headers: shopper.headers } : {}),
    payload,
  });

/** Does the work of the queued notices here (no workers in tests), as at `now`; the ids done. */
async function runNoticeJobs(now: Date) {
  const jobs = (await app.db.execute(sql`select id, data from pgboss.job
    where name = ${jobQueues.sendBackInStock} and state = 'created' and start_after <= now() + interval '1 minute'
    order by created_on`)) as unknown as { rows: { id: string; data: { requestId: string } }[] };
  for (const job of jobs.rows) {
    await app.db.execute(sql`update pgboss.job set state = 'completed' where id = ${job.id}`);
    await sendBackInStock(app.db, app.notifier, app.jobs, job.data, app.config.publicUrl, now);
  }
  return jobs.rows.length;
}

const toldMails = async (shopper: Shopper) =>
  (await readOutbox(app, shopper.email)).filter((message) => message.subject.endsWith('is back in stock'));

describe('Notify me', () => {
  it('is for signed-in shoppers, once per product, only while it is out of stock, and can be cancelled', async () => {
    const product = 2;
    const inStock = await newShopper(app, []);
    const refused = await notifyMe(inStock, product);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(notifyMeMessages.notifyInStock);

    await setStock(product, 0);
    expect((await notifyMe(null, product)).statusCode).toBe(401);
    const shopper = await newShopper(app, []);
    const first = await notifyMe(shopper, product);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json<NotifyMeReply>()).toEqual({
      waiting: true,
      channel: 'email',
      message: notifyMeMessages.notifyAdded,
    });
    const again = await notifyMe(shopper, product);
    expect(again.json<NotifyMeReply>().message).toBe(notifyMeMessages.notifyAlready);
    const state = await app.inject({
      method: 'GET',
      url: `/api/products/${product}/notify-me`,
      headers: shopper.headers,
    });
    expect(state.json()).toEqual({ waiting: true, channel: 'email' });
    const cancelled = await app.inject({
      method: 'DELETE',
      url: `/api/products/${product}/notify-me`,
      headers: shopper.headers,
    });
    expect(cancelled.json()).toEqual({
      waiting: false,
      channel: null,
      message: notifyMeMessages.notifyCancelled,
    });
    expect((await notifyMe(shopper, product)).json<NotifyMeReply>().message).toBe(
      notifyMeMessages.notifyAdded,
    );
    // Two taps at once: one place on the list.
    const other = await newShopper(app, []);
    const taps = await Promise.all([
      notifyMe(other, product),
      notifyMe(other, product),
      notifyMe(other, product),
    ]);
    expect(taps.map((tap) => tap.statusCode)).toEqual([200, 200, 200]);
    const rows = await app.db
      .select()
      .from(stockNotifyRequests)
      .where(eq(stockNotifyRequests.userId, other.userId));
    expect(rows).toHaveLength(1);

    expect((await notifyMe(shopper, 999_999)).statusCode).toBe(404);
    expect((await notifyMe(shopper, 'abc' as unknown as number)).statusCode).toBe(400);
    expect((await notifyMe(shopper, product, { channel: 'pigeon' })).statusCode).toBe(400);
  });

  it('tells at most as many shoppers as units came back, in the order they asked, each once', async () => {
    const product = 3;
    await setStock(product, 0);
    const shoppers: Shopper[] = [];
    for (let i = 0; i < 4; i += 1) {
      const shopper = await newShopper(app, []);
      expect((await notifyMe(shopper, product)).statusCode).toBe(200);
      shoppers.push(shopper);
    }
    const [a, b, c, d] = shoppers as [Shopper, Shopper, Shopper, Shopper];
    await setStock(product, 2);
    // The job twice at once: the batch is taken once.
    const taken = await Promise.all([tellRestocks(app.db, app.jobs), tellRestocks(app.db, app.jobs)]);
    expect(taken[0] + taken[1]).toBe(2);
    expect(await runNoticeJobs(NOON)).toBe(2);
    expect(await toldMails(a)).toHaveLength(1);
    expect((await toldMails(a))[0]?.body).toContain('/product/3');
    expect(await toldMails(b)).toHaveLength(1);
    expect(await toldMails(c)).toEqual([]);

    // More units while in stock is not a return: nobody else is told.
    await setStock(product, 5);
    expect(await tellRestocks(app.db, app.jobs)).toBe(0);
    // Sold out and back with one unit: the next in line.
    await setStock(product, 0);
    await setStock(product, 1);
    expect(await tellRestocks(app.db, app.jobs)).toBe(1);
    await runNoticeJobs(NOON);
    expect(await toldMails(c)).toHaveLength(1);
    expect(await toldMails(d)).toEqual([]);
    expect(await toldMails(a)).toHaveLength(1);
    expect(await runNoticeJobs(NOON)).toBe(0);
  });

  it('records one return from none when two stock counts are saved at once', async () => {
    const product = 4;
    await setStock(product, 0);
    const shopper = await newShopper(app, []);
    await notifyMe(shopper, product);
    await Promise.all([
      app.inject({
        method: 'PATCH',
        url: `/api/admin/products/${product}`,
        headers: owner,
        payload: { stock: 3 },
      }),
      app.inject({
        method: 'PATCH',
        url: `/api/admin/products/${product}`,
        headers: owner,
        payload: { stock: 4 },
      }),
    ]);
    const rows = await app.db.select().from(restocks).where(eq(restocks.productId, product));
    expect(rows).toHaveLength(1);
    expect([3, 4]).toContain(rows[0]?.units);
    expect(await tellRestocks(app.db, app.jobs)).toBe(1);
    await runNoticeJobs(NOON);
    expect(await toldMails(shopper)).toHaveLength(1);
  });

  it('waits for 9:00 am at night, and puts the shopper back in their place when it sold out before the notice', async () => {
    const product = 5;
    await setStock(product, 0);
    const first = await newShopper(app, []);
    const second = await newShopper(app, []);
    await notifyMe(first, product);
    await notifyMe(second, product);
    await setStock(product, 1);
    expect(await tellRestocks(app.db, app.jobs)).toBe(1);
    // 2:00 am IST: nothing sent, the notice comes back at 9:00.
    await runNoticeJobs(istToday(2));
    expect(await toldMails(first)).toEqual([]);
    const deferred = (await app.db.execute(sql`select start_after from pgboss.job
      where name = ${jobQueues.sendBackInStock} and state = 'created'`)) as unknown as {
      rows: { start_after: string }[];
    };
    expect(deferred.rows).toHaveLength(1);
    // Sold out again before 9:00: the shopper was never told, so they keep their place, ahead of the second.
    await setStock(product, 0);
    await app.db.execute(sql`update pgboss.job set start_after = now()
      where name = ${jobQueues.sendBackInStock} and state = 'created'`);
    await runNoticeJobs(NOON);
    expect(await toldMails(first)).toEqual([]);
    await setStock(product, 1);
    expect(await tellRestocks(app.db, app.jobs)).toBe(1);
    await runNoticeJobs(NOON);
    expect(await toldMails(first)).toHaveLength(1);
    expect(await toldMails(second)).toEqual([]);
  });

  it('limits a shopper’s taps', async () => {
    const shopper = await newShopper(app, []);
    const product = 6;
    await setStock(product, 0);
    const replies = [];
    for (let i = 0; i <= NOTIFY_ME_WRITES_PER_HOUR; i += 1) {
      replies.push((await notifyMe(shopper, product)).statusCode);
    }
    expect(replies.slice(0, NOTIFY_ME_WRITES_PER_HOUR).every((status) => status === 200)).toBe(true);
    expect(replies.at(-1)).toBe(429);
  });
});
