import { desc, eq, sql } from 'drizzle-orm';
import type { AdminProductDetail, AdminProductSummary } from '../../../contracts/admin-catalogue';
import { discountedUnitPrice, paiseToRupees } from '../../../contracts/pricing';
import type { Database } from '../../db/client';
import { products, staff, stockMovements } from '../../db/schema';
import { heldUnits } from '../holds/holds';
import { orderNumberOf } from '../orders/order-view';

type ProductRow = typeof products.$inferSelect;

const MOVEMENTS_SHOWN = 20;

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
  const held = await heldUnits(db, 'product');
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
  const held = await heldUnits(db, 'product', [id]);
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
    codAllowed: row.codAllowed,
    updatedAt: row.updatedAt.toISOString(),
    movements: await recentMovements(db, id),
  };
}
