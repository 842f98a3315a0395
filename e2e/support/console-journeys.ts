import { randomUUID } from 'node:crypto';
import type { BrowserContext, Page } from '@playwright/test';
import { eq, sql } from 'drizzle-orm';
import { orders } from '../../server/db/schema';
import { shippingDeps } from '../../server/flows/deps';
import { requeueUnshippedOrders } from '../../server/flows/fulfil-order';
import { STAFF_COOKIE } from '../../server/http/staff-authentication';
import { jobQueues } from '../../server/job-queues';
import { recordMoneyFromRows } from '../../server/modules/order-money/backfill';
import { type CreatedStaff, createStaffMember } from '../../server/test/staff-factory';
import { expect, type ShopServer } from '../fixtures';

// The console's journeys set their scene without the browser: staff signed in by cookie (the set-up and
// sign-in have their own journey), orders paid over the API (paidOrderOf, orders-journey.ts), sales written
// straight to the database.

/** An owner with a session past its second factor, put into the browser as the console's cookie. */
export async function signInOwnerByCookie(
  context: BrowserContext,
  server: ShopServer,
  name: string,
): Promise<CreatedStaff> {
  const owner = await createStaffMember(server.app, { role: 'owner', name });
  await context.addCookies([
    { name: STAFF_COOKIE, value: owner.token, url: server.url, httpOnly: true, sameSite: 'Strict' },
  ]);
  return owner;
}

/**
 * Opens the console's menu where it is folded behind its Menu button (a phone: docs/architecture.md#console-on-a-phone)
 * and gives what it holds: the navigation and the sign-out.
 */
export async function consoleMenu(page: Page) {
  const menuButton = page.getByRole('button', { name: 'Menu' });
  const navigation = page.getByRole('navigation', { name: 'Console' });
  await expect(menuButton.or(navigation).first()).toBeVisible();
  if ((await menuButton.isVisible()) && (await menuButton.getAttribute('aria-expanded')) === 'false') {
    await menuButton.click();
  }
  return { navigation, signOut: page.getByRole('button', { name: 'Sign out' }) };
}

/** Goes to a console page through its navigation, as a person does. */
export async function openConsolePage(page: Page, name: string): Promise<void> {
  const { navigation } = await consoleMenu(page);
  await navigation.getByRole('link', { name }).click();
}

/** As when pg-boss gives the shipment job up after its retries (docs/product.md#needs-attention). */
export async function shipmentJobGivesUp(server: ShopServer, orderId: string): Promise<void> {
  const jobStates = async () =>
    (
      (await server.db.execute(
        sql`select state from pgboss.job where name = ${jobQueues.createShipment} and data->>'orderId' = ${orderId}`,
      )) as unknown as { rows: { state: string }[] }
    ).rows.map((row) => row.state);
  await expect.poll(jobStates, { timeout: 20_000 }).toContain('retry');
  // Paid over 30 minutes ago: the sweep flags it while its job still retries, then the job is gone.
  await server.db
    .update(orders)
    .set({ paidAt: sql`now() - make_interval(mins => 31)` })
    .where(eq(orders.id, orderId));
  await requeueUnshippedOrders(shippingDeps(server.app));
  await server.db.execute(
    sql`delete from pgboss.job where name = ${jobQueues.createShipment} and data->>'orderId' = ${orderId}`,
  );
}

/** A paid order written straight to the database: `units` of product `productId`, paid `daysAgo` days ago. */
export async function insertPaidOrder(
  server: ShopServer,
  order: { productId: number; units: number; totalPaise: number; daysAgo: number; method: string },
): Promise<void> {
  const id = randomUUID();
  await server.db.execute(sql`
    insert into orders (id, status, payment_status, mrp_paise, subtotal_paise, discount_paise, shipping_paise,
      tax_paise, total_paise, cart_fingerprint, contact, shipping_address, billing_address, paid_at)
    values (${id}, 'confirmed', 'paid', ${order.totalPaise}, ${order.totalPaise}, 0, 0, 0, ${order.totalPaise}, 'x',
      '{}', '{}', '{}', now() - make_interval(days => ${order.daysAgo}))`);
  await server.db.execute(sql`
    insert into order_items (order_id, product_id, title, description, image, sku, category, brand, size, quantity,
      unit_mrp_paise, discount_percent, unit_price_paise)
    select ${id}, p.id, p.title, '', '', 'SKU', 'mittens', 'Ottoman', 'M', ${order.units}, 0, 0, 0
    from products p where p.id = ${order.productId}`);
  await server.db.execute(sql`
    insert into payments (order_id, razorpay_payment_id, razorpay_order_id, status, amount_paise, currency, method)
    values (${id}, ${`pay_chart${id.slice(0, 8)}`}, 'order_chart', 'captured', ${order.totalPaise}, 'INR', ${order.method})`);
  // docs/architecture.md#money-record: the order's money record, made from those rows as the shop would have.
  const [row] = await server.db.select().from(orders).where(eq(orders.id, id));
  if (row) await server.db.transaction((tx) => recordMoneyFromRows(tx, row));
}
