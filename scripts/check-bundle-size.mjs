#!/usr/bin/env node
// docs/operations.md#performance-budget: fails (exit 1) when the first load of one of the shop's routes, or one
// of its lazy chunks, outgrows its gzipped budget. Reads the build in dist/web and Vite's manifests beside it
// (run `npm run build` first); no timing, only sizes, so it is cheap enough for every CI run. The check itself
// is scripts/bundle-size.ts; the budgets, and why each is what it is, are here.
import { KB, runSizeCheck } from './bundle-size.ts';

/** @type {import('./bundle-size.ts').Budgets} */
const budgets = {
  // A route's first load is the page's own files (index-*.js, which holds the home page) and the chunk the route
  // table loads for the route, with every chunk they import. Each is set just above what the route needed after
  // issue 44, so that an import which brings a shared chunk along (zod's, the forms') fails here, named.
  routes: [
    {
      route: '/',
      budget: 96.5 * KB,
      reason:
        'the page itself, with the home page in it: react-dom alone is about 63 kB, TanStack Query 11, react and the scheduler 4.5, the shop’s own code (header, search, grid, cart and wishlist state) the rest. 96.5 kB, not 95: issue 27 put about 1 kB into every page (the search in the URL, the API client’s blocked-account answer, the route table that lets unknown paths be 404s, the one phone rule)',
    },
    {
      route: '/product/:id',
      module: 'app/routes/product.tsx',
      budget: 102.5 * KB,
      reason:
        'the page, plus the product route (gallery, price, share), the delivery check it shows (the field, the pincode’s format, the promise line) and the return window: 5.8 kB. No zod, no account or return schemas, no address or OTP fields: with them it was 134.6 kB, and mobile TBT went from about 100 to 650 ms (issue 44)',
    },
    {
      route: '/cart',
      module: 'app/routes/cart.tsx',
      budget: 102.5 * KB,
      reason:
        'the page, plus the cart’s lines, the price details, the free-shipping nudge and the delivery promise line: 5.7 kB. No zod and no address form (105.0 kB with the form fields, before issue 44)',
    },
    {
      route: '/checkout',
      module: 'app/routes/checkout.tsx',
      budget: 114.6 * KB,
      reason:
        'the page, plus the checkout: the address form with the state list and the pincode and phone rules, the payment choice with the prepaid offer, the coupon row, the price details, the WhatsApp updates box (shown when the shop has WhatsApp, issue 47: 0.1 kB of the budget): 17.6 kB (the COD OTP dialog loads when a COD order is placed; Razorpay Checkout’s window code right after the page). No zod (142.1 kB with the return and account schemas, before issue 44): the coupon field and offers, and the sign-in popup, load when asked for.',
    },
  ],
  lazyChunk: 30 * KB,
  lazyExceptions: new Map([
    [
      'altcha-widget',
      'the bot-challenge widget: a dialog that loads only when the server asks for a check (428), never with a route; about 30 kB gzipped of a third-party web component',
    ],
  ]),
};

const result = runSizeCheck(process.argv[2] ?? 'dist/web', budgets);
for (const line of result.out) console.log(line);
for (const line of result.errors) console.error(line);
if (!result.ok) process.exit(1);
