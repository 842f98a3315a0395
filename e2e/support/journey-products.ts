import { inArray, max } from 'drizzle-orm';
import { products } from '../../server/db/schema';
import { type ShopServer, test } from '../fixtures';

type ProductValues = typeof products.$inferInsert;

/**
 * Products of a spec's own, so no other journey's prices or stock change under them. Each is taken off sale
 * after its test: the worker's later journeys count the home grid's seven mittens. Call once, at the top of
 * the spec; it returns the function that inserts one (any column may be given) and answers its id.
 */
export function journeyProducts() {
  const insertedIds: number[] = [];
  test.afterEach(async ({ server }) => {
    if (insertedIds.length === 0) return;
    await server.db
      .update(products)
      .set({ active: false })
      .where(inArray(products.id, insertedIds.splice(0)));
  });
  return async function insertProduct(
    server: ShopServer,
    values: Partial<ProductValues> & { title: string },
  ): Promise<number> {
    const [last] = await server.db.select({ id: max(products.id) }).from(products);
    const id = (last?.id ?? 0) + 1 + Math.floor(Math.random() * 1000);
    await server.db.insert(products).values({
      id,
      description: 'A mitt made for this journey.',
      pricePaise: 60_000,
      discountPercent: 0,
      rating: 4,
      category: 'gloves',
      sku: `E2E-${id}`,
      brand: 'Ottoman',
      weightGrams: 150,
      images: ['/images/products/1-1.svg', '/images/products/1-2.svg'],
      whyChoose: 'Warm.',
      benefits: ['Soft'],
      changesObserved: 'None.',
      stock: 30,
      lowStockThreshold: 5,
      ...values,
    });
    insertedIds.push(id);
    return id;
  };
}
