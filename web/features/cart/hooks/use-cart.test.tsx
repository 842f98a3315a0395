import { act, renderHook, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CartLine } from '../../../../contracts/cart';
import { setSessionUser } from '../../../lib/session';
import { readStoredJson, storageKeys } from '../../../lib/storage';
import { createQueryWrapper } from '../../../test/query-wrapper';
import { aUser } from '../../../test/users';
import type { CartProduct } from '../cart-lines';
import { useCart } from './use-cart';

function aProduct(id: number, price: number): CartProduct {
  return {
    id,
    title: `Mitt ${id}`,
    description: 'Silk exfoliating mitt',
    price,
    discount: 40,
    discountedPrice: Math.round(price * 0.6),
    images: [],
    img: '',
    sku: `MIT-${id}`,
    category: 'bath',
    brand: 'Ottoman',
    weight: 0.5,
  };
}

const catalogue = new Map([1, 4].map((id) => [id, aProduct(id, id === 1 ? 399 : 999)]));

interface SentLine {
  id: number;
  quantity: number;
  size: string;
}

/** The cart API as the server answers it: every save prices the lines it is sent from the catalogue. */
function stubCartApi(initial: SentLine[]) {
  const saves: unknown[] = [];
  const priced = (lines: SentLine[]) => ({
    cart: lines.map((line) => ({ ...catalogue.get(line.id), ...line }) as CartLine),
  });
  const fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
    if (url === '/api/cart' && (init?.method ?? 'GET') === 'GET') return Response.json(priced(initial));
    if (url === '/api/cart/update' && init?.method === 'POST') {
      const body = JSON.parse(String(init.body)) as { cart: SentLine[] };
      saves.push(body);
      if (body.cart.some((line) => line.quantity > 10)) {
        return Response.json({ message: 'You can buy at most 10 of each item.' }, { status: 400 });
      }
      return Response.json(priced(body.cart));
    }
    return new Response(null, { status: 404 });
  });
  vi.stubGlobal('fetch', fetchMock);
  return { saves };
}

async function renderCart() {
  const user = aUser();
  setSessionUser(user);
  const { wrapper } = createQueryWrapper();
  const hook = renderHook(() => useCart(), { wrapper });
  await waitFor(() => expect(hook.result.current.isLoading).toBe(false));
  return { ...hook, user };
}

beforeEach(() => {
  vi.unstubAllGlobals();
});

afterEach(() => {
  setSessionUser(null);
  vi.unstubAllGlobals();
});

describe('useCart', () => {
  it('sends only ids, quantities and sizes, in the order the shopper pressed, and keeps them here', async () => {
    const api = stubCartApi([{ id: 1, quantity: 1, size: 'M' }]);
    const { result, user } = await renderCart();
    expect(result.current.itemCount).toBe(1);

    act(() => {
      result.current.add(aProduct(1, 399));
      result.current.toggle(aProduct(4, 999));
    });

    expect(result.current.itemCount).toBe(3);
    expect(result.current.isInCart(4)).toBe(true);
    await waitFor(() => expect(api.saves).toHaveLength(2));
    expect(api.saves).toEqual([
      { cart: [{ id: 1, quantity: 2, size: 'M' }] },
      {
        cart: [
          { id: 1, quantity: 2, size: 'M' },
          { id: 4, quantity: 1, size: 'M' },
        ],
      },
    ]);
    await waitFor(() =>
      expect(readStoredJson(storageKeys.cart)).toEqual({
        owner: user._id,
        lines: [
          { id: 1, quantity: 2, size: 'M' },
          { id: 4, quantity: 1, size: 'M' },
        ],
        modified: false,
      }),
    );
  });

  it('puts the quantity back and says why when the server refuses it', async () => {
    stubCartApi([{ id: 1, quantity: 10, size: 'M' }]);
    const { result } = await renderCart();

    act(() => result.current.setQuantity(1, 11));
    expect(result.current.lines[0]?.quantity).toBe(11);

    await waitFor(() =>
      expect(result.current.saveError).toBe(
        'Could not update your cart: You can buy at most 10 of each item.',
      ),
    );
    expect(result.current.lines[0]?.quantity).toBe(10);
  });

  it('removes a line whose quantity goes below 1', async () => {
    const api = stubCartApi([{ id: 1, quantity: 1, size: 'M' }]);
    const { result } = await renderCart();

    act(() => result.current.setQuantity(1, 0));

    expect(result.current.lines).toEqual([]);
    await waitFor(() => expect(api.saves).toEqual([{ cart: [] }]));
  });
});
