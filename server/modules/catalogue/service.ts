import { createHash } from 'node:crypto';
import type { Product } from '../../../contracts/catalogue';
import { discountedUnitPrice, paiseToRupees } from '../../../contracts/pricing';
import type { Database } from '../../db/client';
import {
  type ProductRow,
  selectCatalogueVersion,
  selectProductOnSale,
  selectProductsOnSale,
} from './queries';

/** The catalogue as the API shows it: rupees where the original client shows rupees, the discounted price computed here. */
export function toProduct(row: ProductRow): Product {
  const price = paiseToRupees(row.pricePaise);
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    price,
    discount: row.discountPercent,
    discountedPrice: discountedUnitPrice(price, row.discountPercent),
    rating: row.rating,
    images: row.images,
    img: row.images[0] ?? '',
    category: row.category,
    sku: row.sku,
    brand: row.brand,
    weight: row.weightGrams / 1000,
    inStock: row.stock > 0,
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
  const row = await selectProductOnSale(db, id);
  return row && toProduct(row);
}

export interface CatalogueSnapshot {
  products: Product[];
  /** The list reply, serialized once per snapshot rather than per request. */
  json: string;
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
 * The product list is read on every home-page visit but changes rarely. docs/architecture.md#stock: the
 * storefront follows the catalogue at once, so each request asks for the table's version (one cheap query,
 * shared by the requests that arrive while it runs) and the list is read and serialized again only when it
 * changed, whichever process changed it. Prices for an order are never taken from here: orders read the table.
 */
export function createCatalogueCache(db: Database) {
  const readVersion = sharedFreshRead(() => selectCatalogueVersion(db));
  let snapshot: (CatalogueSnapshot & { version: string }) | undefined;
  const loading = new Map<string, Promise<CatalogueSnapshot>>();

  async function load(version: string): Promise<CatalogueSnapshot> {
    const products = (await selectProductsOnSale(db)).map(toProduct);
    const json = JSON.stringify({ products });
    const etag = `"${createHash('sha1').update(json).digest('base64url')}"`;
    snapshot = { products, json, etag, version };
    return snapshot;
  }

  /** The snapshot of a version the caller has just read (the page service reads it with the settings'). */
  async function at(version: string): Promise<CatalogueSnapshot> {
    if (snapshot?.version === version) return snapshot;
    let pending = loading.get(version);
    if (!pending) {
      pending = load(version).finally(() => loading.delete(version));
      loading.set(version, pending);
    }
    return pending;
  }

  return {
    at,
    async get(): Promise<CatalogueSnapshot> {
      return at(await readVersion());
    },
  };
}
