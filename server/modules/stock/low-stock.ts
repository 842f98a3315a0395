import { and, eq, gt, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { products, staff } from '../../db/schema';
import { type Jobs, jobQueues } from '../../job-queues';
import type { Notifier } from '../notifications/notifier';
import { noteRestock } from '../winback/back-in-stock';

/**
 * docs/product.md#low-stock: once a product's stock rises above its threshold again (units put back, or a
 * count set in the console), the next fall to the threshold e-mails the owners again. Call it after every
 * change of a product's stock, in the same transaction. docs/product.md#notify-me: a rise from none tells the
 * shoppers waiting for it.
 */
export async function noteStockChanged(tx: Database, productId: number): Promise<void> {
  await noteRestock(tx, productId);
  await tx
    .update(products)
    .set({ lowStockAlertedAt: null })
    .where(
      and(
        eq(products.id, productId),
        isNotNull(products.lowStockAlertedAt),
        gt(products.stock, products.lowStockThreshold),
      ),
    );
}

/** After a sale: the first fall to the threshold or below queues the owners' e-mail, in the sale's transaction. */
export async function alertIfLowStock(tx: Database, jobs: Pick<Jobs, 'send'>, productId: number) {
  const flagged = await tx
    .update(products)
    .set({ lowStockAlertedAt: sql`now()` })
    .where(
      and(
        eq(products.id, productId),
        isNull(products.lowStockAlertedAt),
        sql`${products.stock} <= ${products.lowStockThreshold}`,
      ),
    )
    .returning({ id: products.id });
  if (flagged.length > 0) await jobs.send(tx, jobQueues.alertLowStock, { productId });
}

export function lowStockEmail(title: string, stock: number) {
  return {
    subject: `Low stock: ${title} (${stock} left)`,
    text: [
      `${title} is running low: ${stock} left.`,
      '',
      'Set the new count in the console once you restock (Products).',
    ].join('\n'),
  };
}

/** The job's work: e-mails every active owner how many units are left now. */
export async function sendLowStockAlert(
  db: Database,
  notifier: Pick<Notifier, 'email'>,
  job: { productId: number },
): Promise<void> {
  const [product] = await db
    .select({ title: products.title, stock: products.stock })
    .from(products)
    .where(eq(products.id, job.productId));
  if (!product) return;
  const owners = await db
    .select({ email: staff.email })
    .from(staff)
    .where(and(eq(staff.role, 'owner'), isNull(staff.disabledAt)));
  for (const owner of owners) {
    await notifier.email({ to: owner.email, ...lowStockEmail(product.title, product.stock) });
  }
}
