import { eq, sql } from 'drizzle-orm';
import {
  type AdminProductCreate,
  AdminProductCreateSchema,
  adminCatalogueMessages,
} from '../../../contracts/admin-catalogue';
import { DEFAULT_BRAND } from '../../../contracts/catalogue';
import { rupeesToPaise } from '../../../contracts/pricing';
import type { Database } from '../../db/client';
import { products, stockMovements } from '../../db/schema';
import { AppError } from '../../errors';
import type { StaffActor } from '../audit/audit-log';
import { recordAudit } from '../audit/audit-log';

// products.id has no sequence (the first products came with their ids): new ids are taken one at a time.
const NEW_PRODUCT_ID_LOCK = sql`pg_advisory_xact_lock(hashtext('products.new-id'))`;
// A new product has no reviews yet; the storefront shows a rating for every product.
const NEW_PRODUCT_RATING = 5;

/** docs/product.md#console-catalogue: a new product starts off sale, with no image, until the owner is ready. */
export async function createProduct(
  db: Database,
  input: AdminProductCreate,
  actor: StaffActor,
): Promise<number> {
  const body = AdminProductCreateSchema.parse(input);
  return db.transaction(async (tx) => {
    await tx.execute(sql`select ${NEW_PRODUCT_ID_LOCK}`);
    const [taken] = await tx.select({ id: products.id }).from(products).where(eq(products.sku, body.sku));
    if (taken) {
      throw new AppError('conflict', adminCatalogueMessages.skuTaken, [
        { field: 'sku', message: adminCatalogueMessages.skuTaken },
      ]);
    }
    const [last] = await tx.select({ id: sql<number>`coalesce(max(${products.id}), 0)::int` }).from(products);
    const id = Number(last?.id ?? 0) + 1;
    await tx.insert(products).values({
      id,
      title: body.title,
      description: body.description,
      pricePaise: rupeesToPaise(body.price),
      discountPercent: body.discount,
      rating: NEW_PRODUCT_RATING,
      category: body.category,
      sku: body.sku,
      brand: DEFAULT_BRAND,
      weightGrams: body.weightGrams,
      images: [],
      whyChoose: '',
      benefits: [],
      changesObserved: '',
      active: false,
      stock: body.stock,
      lowStockThreshold: body.lowStockThreshold,
    });
    if (body.stock > 0) {
      await tx
        .insert(stockMovements)
        .values({ productId: id, delta: body.stock, reason: 'adjustment', staffId: actor.staffId });
    }
    await recordAudit(tx, {
      staffId: actor.staffId,
      action: 'product.create',
      entityType: 'product',
      entityId: String(id),
      after: body,
      ipAddress: actor.ipAddress,
    });
    return id;
  });
}
