import { eq, sql } from 'drizzle-orm';
import { type AdminProductPatch, adminCatalogueMessages } from '../../../contracts/admin-catalogue';
import { rupeesToPaise } from '../../../contracts/pricing';
import type { Database } from '../../db/client';
import { products, stockMovements } from '../../db/schema';
import { AppError } from '../../errors';
import type { StaffActor } from '../audit/audit-log';
import { changedValues, recordAudit } from '../audit/audit-log';
import { noteStockChanged } from '../stock/low-stock';

type ProductRow = typeof products.$inferSelect;
type ProductColumns = Partial<typeof products.$inferInsert>;
type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];

/** The body's fields as columns, in the units the table keeps (paise). */
function columnsOf(patch: AdminProductPatch): ProductColumns {
  const columns: ProductColumns = {
    title: patch.title,
    description: patch.description,
    pricePaise: patch.price === undefined ? undefined : rupeesToPaise(patch.price),
    discountPercent: patch.discount,
    active: patch.active,
    stock: patch.stock,
    lowStockThreshold: patch.lowStockThreshold,
    whyChoose: patch.whyChoose,
    benefits: patch.benefits,
    changesObserved: patch.changesObserved,
    hsnCode: patch.hsnCode,
    gstRateBasisPoints: patch.gstRateBasisPoints,
    codAllowed: patch.codAllowed,
    images: patch.images,
  };
  return Object.fromEntries(Object.entries(columns).filter(([, value]) => value !== undefined));
}

/** docs/product.md#console-catalogue: images are reordered or removed here, never added from elsewhere. */
function checkImages(row: ProductRow, patch: AdminProductPatch) {
  if (patch.images) {
    const current = new Set(row.images);
    const unique = new Set(patch.images);
    if (unique.size !== patch.images.length || patch.images.some((url) => !current.has(url))) {
      throw new AppError('invalid', adminCatalogueMessages.imagesNotOurs, [
        { field: 'images', message: adminCatalogueMessages.imagesNotOurs },
      ]);
    }
  }
  const activeAfter = patch.active ?? row.active;
  const imagesAfter = patch.images ?? row.images;
  if (activeAfter && imagesAfter.length === 0) {
    const field = patch.images ? 'images' : 'active';
    throw new AppError('invalid', adminCatalogueMessages.imageNeededOnSale, [
      { field, message: adminCatalogueMessages.imageNeededOnSale },
    ]);
  }
}

export async function lockProduct(tx: Transaction, productId: number): Promise<ProductRow> {
  const [row] = await tx.select().from(products).where(eq(products.id, productId)).for('update');
  if (!row) throw new AppError('not_found', adminCatalogueMessages.productNotFound);
  return row;
}

/**
 * The owner's count is absolute: the old stock is read under the row lock, so a sale committed just before
 * is part of it and one waiting behind the lock applies its own decrement to the new count afterwards.
 */
async function writeStockAdjustment(tx: Transaction, row: ProductRow, newStock: number, actor: StaffActor) {
  const delta = newStock - row.stock;
  if (delta === 0) return;
  await tx.insert(stockMovements).values({
    productId: row.id,
    delta,
    reason: 'adjustment',
    staffId: actor.staffId,
  });
}

/** docs/product.md#console-catalogue: one edit of a product, in one transaction, with its audit entry. */
export async function updateProduct(
  db: Database,
  productId: number,
  patch: AdminProductPatch,
  actor: StaffActor,
): Promise<void> {
  await db.transaction(async (tx) => {
    const row = await lockProduct(tx, productId);
    checkImages(row, patch);
    const columns = columnsOf(patch);
    const { before, after } = changedValues(row, columns);
    if (Object.keys(after).length === 0) return;
    await tx
      .update(products)
      .set({ ...columns, updatedAt: sql`now()` })
      .where(eq(products.id, productId));
    if (patch.stock !== undefined) await writeStockAdjustment(tx, row, patch.stock, actor);
    if ('stock' in after || 'lowStockThreshold' in after) await noteStockChanged(tx, productId);
    await recordAudit(tx, {
      staffId: actor.staffId,
      action: 'product.update',
      entityType: 'product',
      entityId: String(productId),
      before,
      after,
      ipAddress: actor.ipAddress,
    });
  });
}
