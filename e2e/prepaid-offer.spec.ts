import type { PrepaidOfferTerms } from '../contracts/prepaid-offer-rules';
import { prepaidOfferMessages } from '../contracts/prepaid-offer-rules';
import { prepaidOfferSettings } from '../server/db/schema';
import { expect, type ShopServer, test } from './fixtures';
import { signInBrowser } from './support/accounts';
import { expectNoAxeViolations, phoneViewport } from './support/axe';
import { detail, orderOf, payAtCheckout } from './support/shop';

// docs/product.md#prepaid-offer on a phone: with the owner's offer on (10 % of the goods, at most ₹20), a
// shopper sees 'Pay online and save ₹20' beside paying online and the total after it, pays that in the
// simulated Checkout window, and My Orders names the offer. axe-core on the payment choice with the offer.
// The choice's other states are web/app/routes/checkout-prepaid-offer.test.tsx's; the money through the
// record, invoice and refunds is server/http/console/prepaid-offer.test.ts's.

test.use({ viewport: phoneViewport });

const TEN_PERCENT_UP_TO_20: PrepaidOfferTerms = {
  enabled: true,
  kind: 'percent',
  percentOff: 10,
  maxDiscountPaise: 2000,
  amountOffPaise: null,
};

/** The worker's server is shared by the journeys it runs in turn: the offer is switched off again after. */
async function setPrepaidOffer(server: ShopServer, terms: PrepaidOfferTerms) {
  await server.db
    .insert(prepaidOfferSettings)
    .values({ id: 1, ...terms })
    .onConflictDoUpdate({ target: prepaidOfferSettings.id, set: terms });
}

test('on a phone: the prepaid offer shown beside paying online, charged, and named on My Orders', async ({
  page,
  server,
}) => {
  await setPrepaidOffer(server, TEN_PERCENT_UP_TO_20);
  try {
    await signInBrowser(page, server);
    // One Face Mitt: ₹239 and ₹100 shipping, ₹339; 10 % of ₹239 is ₹23.90, at most ₹20: ₹319 online.
    const added = await page.request.post('/api/cart/update', {
      headers: { 'X-Requested-With': 'fetch' },
      data: { cart: [{ id: 1, quantity: 1 }] },
    });
    expect(added.status()).toBe(200);
    await page.goto('/checkout');
    const saving = page.getByText(prepaidOfferMessages.save(2000));
    await expect(saving).toHaveText('Pay online and save ₹20');
    await expect(page.getByRole('radio', { name: 'Pay online (UPI, cards)' })).toBeChecked();
    const prices = page.getByRole('region', { name: 'Price Details' });
    await expect(detail(prices, 'Prepaid offer')).toHaveText('−₹20');
    await expect(page.locator('.place-order__bar')).toHaveText('Total ₹319PLACE ORDER');
    await expectNoAxeViolations(page);

    const orderId = await payAtCheckout(page);
    const order = await orderOf(page.request, orderId);
    expect(order).toMatchObject({ prepaidDiscountPaise: 2000, totalPaise: 31_900, paidPaise: 31_900 });

    await page.goto('/orders');
    const card = page.locator(`article[aria-labelledby="order-${orderId}"]`);
    await expect(detail(card, 'Prepaid offer')).toHaveText('−₹20.00');
  } finally {
    await setPrepaidOffer(server, { ...TEN_PERCENT_UP_TO_20, enabled: false });
  }
});
