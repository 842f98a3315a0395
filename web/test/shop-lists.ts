import type { CartLine } from '../../contracts/cart';
import type { DeliveryPromise } from '../../contracts/delivery';
import type { ApiCall, ApiRoutes } from './fake-api';
import { catalogue } from './products';

/** A line as the client sends it. */
export interface SentLine {
  id: number;
  quantity: number;
  size?: string;
}

function productOf(id: number) {
  const product = catalogue.find((item) => item.id === id);
  if (!product) throw new Error(`no mitten ${id} in web/test/products.ts`);
  return product;
}

/** A cart line as the server answers it: priced from the catalogue, on sale and in stock. */
export function cartLineOf({ id, quantity, size = 'M' }: SentLine): CartLine {
  const { title, description, price, discount, discountedPrice, images, img, sku, category, brand, weight } =
    productOf(id);
  return {
    id,
    title,
    description,
    price,
    discount,
    discountedPrice,
    images,
    img,
    sku,
    category,
    brand,
    weight,
    size: size === 'S' || size === 'L' ? size : 'M',
    quantity,
    available: true,
    inStock: true,
  };
}

/**
 * The cart routes as the server answers them: GET reads the stored lines, POST /api/cart/update stores what it
 * is sent and answers it priced. `stored()` is the server's cart now.
 */
export function cartServer(initial: SentLine[] = []) {
  let lines = initial.map(cartLineOf);
  const routes: ApiRoutes = {
    'GET /api/cart': () => ({ cart: lines }),
    'POST /api/cart/update': (call: ApiCall) => {
      lines = (call.body as { cart: SentLine[] }).cart.map(cartLineOf);
      return { cart: lines };
    },
  };
  return { routes, stored: () => lines.map(({ id, quantity }) => ({ id, quantity })) };
}

/** The wishlist routes as the server answers them; `stored()` is the ids the server holds now. */
export function wishlistServer(initial: number[] = []) {
  let items = initial.map(productOf);
  const routes: ApiRoutes = {
    'GET /api/wishlist': () => ({ wishlist: items }),
    'POST /api/wishlist/update': (call: ApiCall) => {
      items = (call.body as { wishlist: { id: number }[] }).wishlist.map(({ id }) => productOf(id));
      return { wishlist: items };
    },
  };
  return { routes, stored: () => items.map(({ id }) => id) };
}

/** GET /api/delivery/{pincode}: a courier serves it (by 3 Dec), or none does. */
export function deliveryRoute(
  pincode: string,
  serviceable = true,
  place = { city: 'Pune', state: 'Maharashtra' },
): ApiRoutes {
  const promise: DeliveryPromise = serviceable
    ? { pincode, ...place, serviceable: true, deliverBy: '2026-12-03', label: 'Delivery by Thu, 3 Dec' }
    : { pincode, ...place, serviceable: false, label: `We don't deliver to ${pincode} yet` };
  return { [`GET /api/delivery/${pincode}`]: promise };
}
