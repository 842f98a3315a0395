import { createHash } from 'node:crypto';
import type { Product } from '../../../contracts/catalogue';
import { discountedUnitPrice, paiseToRupees } from '../../../contracts/pricing';
import { earnedRating, roundedAverage } from '../../../contracts/review-rules';
import type { CatalogueVersions } from '../../db/change-events';
import type { Database } from '../../db/client';
import { type PublishedStars, publishedStarsByProduct, publishedStarsOf } from '../reviews/review-views';
import { type ProductRow, selectProductOnSale, selectProductsOnSale } from './queries';

/**
 * The catalogue as the API shows it: rupees where the original client shows rupees, the discounted price
 * computed here. `held`: the units checkouts in progress hold (docs/architecture.md#stock), which a new checkout
 * cannot have; carts and wishlists, which show the shopper's own lines, pass none. `stars`: the product's published
 * reviews, which the catalogue's replies carry (docs/product.md#earned-rating); carts and wishlists pass none.
 */
export function toProduct(row: ProductRow, held = 0, stars?: PublishedStars): Product {
  const price = paiseToRupees(row.pricePaise);
  const reviewed = stars && {
    reviewCount: stars.count,
    averageRating: roundedAverage(stars.sum, stars.count),
    earnedRating: earnedRating(row.rating, stars),
  };
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    price,
    discount: row.discountPercent,
    discountedPrice: discountedUnitPrice(price, row.discountPercent),
    rating: row.rating,
    ...reviewed,
    images: row.images,
    img: row.images[0] ?? '',
    category: row.category,
    sku: row.sku,
    brand: row.brand,
    weight: row.weightGrams / 1000,
    inStock: row.stock - held > 0,
    details: { whyChoose: row.whyChoose, benefits: row.benefits, changesObserved: row.changesObserved },
  };
}

/** Ids arrive as path text; anything that is not a plain positive integer cannot name a product. */
export function parseProductId(text: string): number | undefined {
  if (!/^[1-9]\d{0,8}$/.test(text)) return undefined;
  return Number(text);
}

export async function findProduct(db: Database, idText: string): Promise<Product | undefined> {
  const id = parseProductId(idText);
  if (id === undefined) return undefined;
  const found = await selectProductOnSale(db, id);
  return found && toProduct(found.row, found.held, await publishedStarsOf(db, id));
}

export interface CatalogueSnapshot {
  products: Product[];
  /** The list reply's bytes, serialized once per version of the catalogue rather than per request. */
  json: Buffer;
  etag: string;
}

/**
 * One read shared by the callers that arrive while it runs, yet never older than the call: a caller who
 * arrives while a read is under way (it may have started before the caller's change) waits for the next one,
 * which serves everyone who arrived meanwhile. Under load, one query answers a whole batch of requests.
 */
export function sharedFreshRead<T>(read: () => Promise<T>): () => Promise<T> {
  let running: Promise<T> | undefined;
  let next: Promise<T> | undefined;
  const start = () => {
    running = read().finally(() => {
      running = undefined;
    });
    return running;
  };
  return () => {
    if (!running) return start();
    next ??= running
      .catch(() => undefined)
      .then(() => {
        next = undefined;
        return start();
      });
    return next;
  };
}

/**
 * A read kept for as long as `version()` stays the same; while it is undefined (changes could go unheard),
 * never kept. A read kept for a version started after that version was reached, so it holds every change
 * the version stands for (sharedFreshRead).
 */
export function keptPerVersion<T>(
  version: () => number | undefined,
  read: () => Promise<T>,
): () => Promise<T> {
  const fresh = sharedFreshRead(read);
  let kept: { version: number; value: Promise<T> } | undefined;
  return () => {
    const now = version();
    if (now === undefined) return fresh();
    if (kept?.version !== now) {
      const entry = { version: now, value: fresh() };
      kept = entry;
      entry.value.catch(() => {
        if (kept === entry) kept = undefined;
      });
    }
    return kept.value;
  };
}

const NO_STARS: PublishedStars = { count: 0, sum: 0 };

async function readSnapshot(db: Database): Promise<CatalogueSnapshot> {
  const [onSale, stars] = await Promise.all([selectProductsOnSale(db), publishedStarsByProduct(db)]);
  const products = onSale.map(({ row, held }) => toProduct(row, held, stars.get(row.id) ?? NO_STARS));
  const json = Buffer.from(JSON.stringify({ products }));
  const etag = `"${createHash('sha1').update(json).digest('base64url')}"`;
  return { products, json, etag };
}

/**
 * The product list is read on every home-page visit but changes rarely. docs/architecture.md#stock: the
 * storefront follows the catalogue at once, whichever process changed it: the list is read and serialized
 * again only after the database said the products changed (docs/operations.md#catalogue-cache), with no
 * query on the requests in between. Prices for an order are never taken from here: orders read the table.
 */
export function createCatalogueCache(db: Database, versions: CatalogueVersions) {
  return {
    get: keptPerVersion(
      () => versions.of('products'),
      () => readSnapshot(db),
    ),
  };
}
