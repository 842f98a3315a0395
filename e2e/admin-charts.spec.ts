import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { AdminStatsReply } from '../contracts/admin-stats';
import { createStaffMember } from '../server/test/staff-factory';
import { expect, type ShopServer, test } from './fixtures';
import { expectNoAxeViolations, phoneViewport } from './support/axe';

// docs/product.md#sales-charts: with paid orders in the database, the dashboard draws its three charts and
// lists the same numbers in tables.

test.use({ viewport: phoneViewport });

/** A paid order written straight to the database: `units` of product `productId`, paid `daysAgo` days ago. */
async function insertPaidOrder(
  server: ShopServer,
  order: { productId: number; units: number; totalPaise: number; daysAgo: number; method: string },
) {
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
}

test('the dashboard draws the sales charts from paid orders and lists their numbers', async ({
  page,
  context,
  server,
}) => {
  const owner = await createStaffMember(server, { role: 'owner' });
  await context.addCookies([{ name: 'mitten_staff', value: owner.token, url: server.url }]);
  const statsNow = async () =>
    (await (
      await page.request.get('/api/admin/stats?days=30', { headers: owner.headers })
    ).json()) as AdminStatsReply;
  const before = await statsNow();
  const units = (stats: AdminStatsReply, id: number) =>
    stats.unitsByProduct.find((entry) => entry.productId === id)?.units ?? 0;
  const cardBefore = before.paymentMethods.find((entry) => entry.method === 'card')?.orders ?? 0;

  await insertPaidOrder(server, { productId: 5, units: 3, totalPaise: 250_000, daysAgo: 0, method: 'card' });
  await insertPaidOrder(server, { productId: 6, units: 2, totalPaise: 120_000, daysAgo: 2, method: 'upi' });
  const after = await statsNow();
  const today = after.daily.at(-1);
  if (!today) throw new Error('no days in the stats');
  expect(today.orders).toBe((before.daily.at(-1)?.orders ?? 0) + 1);

  await page.goto('/admin');
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  const charts = page.getByRole('region', { name: 'Sales at a glance' });
  for (const name of ['Revenue and paid orders by day', 'Units sold by product', 'Card and UPI']) {
    const section = charts.getByRole('region', { name });
    await expect(section.getByRole('img', { name: new RegExp(`^${name}`) }).locator('canvas')).toHaveCount(1);
  }

  await charts.getByText('Revenue and paid orders by day: the numbers').click();
  const daily = charts.getByRole('table', { name: 'Revenue and paid orders by day, oldest first' });
  await expect(daily.getByRole('row')).toHaveCount(31);
  const lastRow = daily.getByRole('row').last();
  await expect(lastRow.getByRole('cell').nth(1)).toHaveText(String(today.orders));
  await expect(lastRow.getByRole('cell').first()).toHaveText(
    `₹${today.revenueRupees.toLocaleString('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`,
  );

  await charts.getByText('Units sold by product: the numbers').click();
  const unitsTable = charts.getByRole('table', { name: 'Units sold by product, most first' });
  await expect(unitsTable.getByRole('row').filter({ hasText: /^#5 / }).getByRole('cell')).toHaveText(
    String(units(before, 5) + 3),
  );
  await expect(unitsTable.getByRole('row').filter({ hasText: /^#6 / }).getByRole('cell')).toHaveText(
    String(units(before, 6) + 2),
  );

  await charts.getByText('Card and UPI: the numbers').click();
  const methods = charts.getByRole('table', { name: 'Paid orders by payment method' });
  await expect(methods.getByRole('row', { name: /^Card/ }).getByRole('cell').first()).toHaveText(
    String(cardBefore + 1),
  );
  await expectNoAxeViolations(page);

  await charts.getByRole('button', { name: 'Last 90 days' }).click();
  await expect(charts.getByRole('button', { name: 'Last 90 days' })).toHaveAttribute('aria-pressed', 'true');
  await expect(daily.getByRole('row')).toHaveCount(91);
  await expect(
    charts.getByRole('img', { name: /^Revenue and paid orders by day/ }).locator('canvas'),
  ).toHaveCount(1);
});
