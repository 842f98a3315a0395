import { desc, eq, inArray, sql } from 'drizzle-orm';
import type { AdminProductDetail, AdminProductSummary } from '../../../contracts/admin-catalogue';
import { discountedUnitPrice, paiseToRupees } from '../../../contracts/pricing';
import type { Database } from '../../db/client';
import { orderItems, orders, products, staff, stockMovements } from '../../db/schema';
import { orderNumberOf } from '../orders/order-view';

type ProductRow = typeof products.$inferSelect;

const MOVEMENTS_SHOWN = 20;

// docs/architecture.md#console-catalogue: a checkout holds units while its order is pending and unpaid, for
// as long as its payment window (30 minutes).
const HOLD_MINUTES = 30;

/** Units each product has in checkouts still in progress. */
export async function heldUnits(db: Database, productIds?: number[]): Promise<Map<number, number>> {
  const rows = await db
    .select({
      productId: orderItems.productId,
      held: sql<number>`coalesce(sum(${orderItems.quantity}), 0)::int`,
    })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .where(
      sql`${orders.status} = 'pending' and ${orders.paymentStatus} = 'pending'
        and ${orders.createdAt} > now() - make_interval(mins => ${HOLD_MINUTES})
        ${productIds ? sql`and ${inArray(orderItems.productId, productIds)}` : sql``}`,
    )
    .groupBy(orderItems.productId);
  return new Map(rows.map((row) => [row.productId, Number(row.held)]));
}

export function toSummary(row: ProductRow, held: number): AdminProductSummary {
  const price = paiseToRupees(row.pricePaise);
  return {
    id: row.id,
    title: row.title,
    price,
    discount: row.discountPercent,
    discountedPrice: discountedUnitPrice(price, row.discountPercent),
    active: row.active,
    stock: row.stock,
    held,
    lowStockThreshold: row.lowStockThreshold,
    lowStock: row.stock <= row.lowStockThreshold,
    image: row.images[0] ?? null,
  };
}

export async function listProducts(db: Database, options: { lowStock: boolean }) {
  const rows = await db
    .select()
    .from(products)
    .where(options.lowStock ? sql`${products.stock} <= ${products.lowStockThreshold}` : undefined)
    .orderBy(products.id);
  const held = await heldUnits(db);
  return rows.map((row) => toSummary(row, held.get(row.id) ?? 0));
}

async function recentMovements(db: Database, productId: number) {
  const rows = await db
    .select({
      at: stockMovements.createdAt,
      delta: stockMovements.delta,
      reason: stockMovements.reason,
      orderId: stockMovements.orderId,
      staffName: staff.name,
    })
    .from(stockMovements)
    .leftJoin(staff, eq(staff.id, stockMovements.staffId))
    .where(eq(stockMovements.productId, productId))
    .orderBy(desc(stockMovements.createdAt), desc(stockMovements.id))
    .limit(MOVEMENTS_SHOWN);
  return rows.map((row) => ({
    ...row,
    orderNumber: row.orderId ? orderNumberOf(row.orderId) : null,
    at: row.at.toISOString(),
  }));
}

export async function findProductDetail(db: Database, id: number): Promise<AdminProductDetail | undefined> {
  const [row] = await db.select().from(products).where(eq(products.id, id)).limit(1);
  if (!row) return undefined;
  const held = await heldUnits(db, [id]);
  return {
    ...toSummary(row, held.get(id) ?? 0),
    description: row.description,
    category: row.category,
    sku: row.sku,
    weightGrams: row.weightGrams,
    images: row.images,
    whyChoose: row.whyChoose,
    benefits: row.benefits,
    changesObserved: row.changesObserved,
    hsnCode: row.hsnCode,
    gstRateBasisPoints: row.gstRateBasisPoints,
    updatedAt: row.updatedAt.toISOString(),
    movements: await recentMovements(db, id),
  };
}
