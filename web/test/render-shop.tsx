import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import type { User } from '../../contracts/auth';
import type { PublicConfig, SellerDetails } from '../../contracts/public-config';
import { App } from '../app/app';
import { createQueryClient } from '../app/query-client';
import { MemoryRouter } from '../lib/router';
import { setSessionUser } from '../lib/session';
import { type ApiRoutes, type FakeApi, fakeApi, jsonReply } from './fake-api';
import { catalogue } from './products';

/** The seller's details before the owner fills them in: the pages leave them out. */
export const noSellerDetails: SellerDetails = {
  legalName: '',
  address: '',
  email: '',
  phone: '',
  grievanceOfficer: null,
};

export interface RenderShopOptions {
  /** The signed-in shopper: stored as a login stores one, and the profile route answers with it. */
  user?: User;
  /** Routes beyond the defaults below, which they replace. */
  api?: ApiRoutes;
}

/**
 * docs/operations.md#tests: the whole shop at a path, in happy-dom, as a component test of a page's states
 * wants it: the app's own providers and routes, a memory router, and the fake API. By default the catalogue is
 * the seven mittens, and the cart and wishlist are empty; a visitor gets 401 from the profile.
 */
/** The shop's public config as a test shop has it: WhatsApp on (its simulator), no COD, no seller details. */
export const shopConfig: PublicConfig = {
  google: { clientId: 'test-client.apps.googleusercontent.com', mode: 'simulator' },
  razorpay: { keyId: 'rzp_test_shop', checkoutScriptUrl: '/sim/razorpay/checkout.js' },
  dispatchDays: 2,
  returnWindowDays: 7,
  seller: noSellerDetails,
  cashOnDelivery: null,
  whatsapp: true,
};

export function renderShop(path: string, options: RenderShopOptions = {}) {
  const { user } = options;
  const api: FakeApi = fakeApi({
    'GET /api/config': shopConfig,
    'GET /api/products': { products: catalogue },
    'GET /api/cart': { cart: [] },
    'GET /api/wishlist': { wishlist: [] },
    // docs/product.md#cash-on-delivery: a shop that does not offer COD, nor a prepaid offer, unless a test says
    // otherwise.
    'GET /api/cod/eligibility': {
      enabled: false,
      offered: false,
      feePaise: 0,
      onlineTotalPaise: 0,
      prepaidOfferPaise: 0,
      codTotalPaise: 0,
      codCashPaise: 0,
      refusals: [],
    },
    'GET /api/auth/profile': user ? { ...user, user } : () => jsonReply(401, { message: 'Please log in' }),
    ...options.api,
  });
  setSessionUser(user ?? null);
  const queryClient = createQueryClient();
  function Router({ children }: { children: ReactNode }) {
    return <MemoryRouter initialEntries={[path]}>{children}</MemoryRouter>;
  }
  const result = render(<App queryClient={queryClient} Router={Router} />);
  return { ...result, api, queryClient };
}
