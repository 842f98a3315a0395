// Text of the four policy pages (docs/product.md#policies). The "Last updated" line is rendered by the page itself.
// Every contact detail, every number a policy promises and every way to pay comes from the owner's settings, so no
// page says what the shop does not do (docs/product.md#policies). In a text, {dispatch}, {returnDays} and {reply}
// stand for the dispatch time, the return window and the reply time (docs/product.md#reply-and-dispatch-times),
// {care} for how to reach customer care and {refundDays} for the refund time; a text written as a function is
// made from the settings, and one that returns null is left out.

import { formatFee } from '../../../contracts/format';
import type { CashOnDeliveryTerms, SellerDetails } from '../../../contracts/public-config';
import { dispatchTimeText, replyTimeText } from '../../../contracts/shop';

/** What the policies state from the owner's settings. */
export interface PolicyFacts {
  dispatchDays: number;
  /** docs/product.md#returns: the owner's return window. */
  returnWindowDays: number;
}

/** Everything a policy's text is filled from. */
export interface PolicyContext extends PolicyFacts {
  seller: SellerDetails | undefined;
  cashOnDelivery: CashOnDeliveryTerms;
}

export type PolicyText = string | ((context: PolicyContext) => string | null);

export interface PolicySection {
  heading: string;
  paragraphs: PolicyText[];
  bullets?: PolicyText[];
}

export interface Policy {
  path: string;
  title: string;
  intro: string;
  sections: PolicySection[];
}

export const policies: readonly Policy[] = [
  {
    path: '/terms-and-conditions',
    title: 'Terms and Conditions',
    intro:
      'These terms apply to your use of the Ottoman Mittens website and to every order you place with us. By creating an account or placing an order you agree to them, so please read them carefully.',
    sections: [
      {
        heading: 'About us',
        paragraphs: [
          'This website is run by Ottoman Mittens, a small skin-care brand selling silk exfoliating bath mittens under the Ottoman name.',
          ({ seller }) =>
            seller?.legalName
              ? `The seller is ${seller.legalName}${seller.address ? `, ${seller.address}` : ''}.`
              : null,
          'You can reach {care}; we reply {reply}.',
        ],
      },
      {
        heading: 'Your account',
        paragraphs: [
          'You can browse the shop without an account, but you need one to keep a wishlist, place orders and see your order history. When you sign up, please give your real name, a working e-mail address or mobile number, and a complete delivery address.',
          'You are responsible for keeping your password private and for everything done through your account. If you think someone else has used your account, change your password and write to us straight away.',
        ],
      },
      {
        heading: 'Products and prices',
        paragraphs: [
          'All prices are in Indian rupees (₹) and include applicable taxes. The list price (MRP) is shown struck through next to the price you actually pay after the discount. Shipping charges, if any, are shown separately in your cart and at checkout before you pay.',
          'We describe and photograph our mittens as accurately as we can, but colours can look slightly different on different screens, and because the silk is woven, small variations in texture between pieces are normal.',
          'If a product is listed at a clearly wrong price because of a mistake on our side, we may cancel the order and refund you in full, even after it has been confirmed.',
        ],
      },
      {
        heading: 'Orders and payment',
        paragraphs: [
          ({ cashOnDelivery }) =>
            `Your order is confirmed once the payment succeeds${cashOnDelivery ? ' (or, paying cash on delivery, once you confirm the order with the code or the link we send to your mobile)' : ''} and you see the order confirmation page. We may decline or cancel an order if the item is out of stock, if we cannot deliver to your pincode, or if we suspect fraud; in every such case you receive a full refund of anything you paid.`,
          'Online payments are processed securely by Razorpay. We accept:',
        ],
        bullets: [
          'UPI',
          'Visa credit and debit cards',
          'Mastercard credit and debit cards',
          ({ cashOnDelivery }) =>
            cashOnDelivery
              ? `Cash on delivery, where checkout offers it: a fee of ${formatFee(cashOnDelivery.feePaise)} is added to the order, and you pay the courier in cash when the parcel arrives. An order not confirmed within ${hours(cashOnDelivery.confirmHours)} is cancelled.`
              : null,
        ],
      },
      {
        heading: 'Shipping, cancellations and refunds',
        paragraphs: [
          'Orders are shipped or handed to a courier {dispatch} through our courier partners. You can cancel an order until the courier picks it up, and return an unused mitten or report a damaged, defective or wrong one within {returnDays} days of delivery. Approved refunds of online payments take {refundDays} to reach the way you paid; a cash-on-delivery order is refunded to the UPI ID you give us.',
          'The details are in our Shipping and Delivery Policy and our Cancellation and Refund Policy, which form part of these terms.',
        ],
      },
      {
        heading: 'Using our mittens safely',
        paragraphs: [
          'Our mittens are personal-care accessories for exfoliating the skin; they are not medical devices and are not meant to treat any skin condition. Use light pressure to begin with, and do not use a mitten on broken, sunburnt, inflamed or irritated skin. If redness or discomfort continues, stop using it. If you have a skin condition, please ask your dermatologist before you start exfoliating.',
          'For hygiene, each mitten is meant for one person. Rinse it after every use and let it dry fully.',
        ],
      },
      {
        heading: 'Content on this website',
        paragraphs: [
          'The text, images, logo and design of this website belong to Ottoman Mittens. You may view them for personal use, but you may not copy, reproduce or use them commercially without our written permission.',
        ],
      },
      {
        heading: 'Limitation of liability',
        paragraphs: [
          'To the extent allowed by law, our total liability for any claim about an order is limited to the amount you paid for that order. We are not responsible for delays or failures caused by events outside our reasonable control, such as natural disasters, strikes, courier disruptions or government restrictions.',
          'Nothing in these terms limits your rights as a consumer under Indian law, including the Consumer Protection Act, 2019.',
        ],
      },
      {
        heading: 'Governing law',
        paragraphs: [
          'These terms are governed by the laws of India. Any dispute that we cannot resolve with you directly will be subject to the jurisdiction of the courts where the seller is registered.',
        ],
      },
      {
        heading: 'Changes and contact',
        paragraphs: [
          'We may update these terms from time to time. The version in force when you place an order applies to that order.',
          'For questions about these terms, contact {care}.',
        ],
      },
    ],
  },
  {
    path: '/privacy-policy',
    title: 'Privacy Policy',
    intro:
      'This policy explains what personal information Ottoman Mittens collects when you use our website, why we need it, who we share it with, and how you can download it or delete your account, as the Digital Personal Data Protection Act, 2023 provides. We collect only what we need to run the shop and deliver your orders.',
    sections: [
      {
        heading: 'What we collect',
        paragraphs: ['When you create an account, place an order or write to us, we collect:'],
        bullets: [
          'Your name',
          'Contact details: e-mail address and mobile number',
          'Your delivery and billing address, including pincode',
          'Your order history, cart and wishlist',
          'Messages you send us through the contact form or by e-mail',
          'The devices you are signed in on: the kind of browser and device, the internet (IP) address it signed in from and when',
          'The one-time codes we send you (kept only as a scrambled hash) and a log of the e-mails and text messages we send you',
        ],
      },
      {
        heading: 'How we use it',
        paragraphs: ['We use your information only to:'],
        bullets: [
          'Create and manage your account and verify your e-mail address or mobile number',
          'Process, ship and track your orders',
          'Send you order confirmations and delivery updates',
          'Reply to your questions and handle cancellations, refunds and complaints',
          'Keep our accounts and records as Indian law requires',
        ],
      },
      {
        heading: 'Payments',
        paragraphs: [
          'All payments are processed by Razorpay, our payment gateway. Your card number, CVV, UPI PIN and bank details are entered on Razorpay’s secure payment window and go directly to Razorpay. We never see or store your card number. We receive only a payment reference and the payment status, so that we can match the payment to your order.',
        ],
      },
      {
        heading: 'Who we share it with',
        paragraphs: [
          'We do not sell, rent or trade your personal information to anyone. We share it only with the partners needed to complete your order, and only as much as they need:',
        ],
        bullets: [
          'Razorpay, to process your payment and any refund',
          'Shiprocket and its courier partners, who receive your name, phone number and delivery address to deliver your parcel',
          'Government or law-enforcement authorities, when we are required to by law',
        ],
      },
      {
        heading: 'Cookies and sessions',
        paragraphs: [
          'When you log in, we use a cookie to keep you signed in during your session so that you do not have to log in on every page. Your browser may also keep your cart and wishlist on your device so they are not lost between visits. You can clear cookies and site data in your browser settings at any time; you will then need to log in again.',
        ],
      },
      {
        heading: 'How long we keep it and how we protect it',
        paragraphs: [
          'We keep your account details for as long as your account is open. Order and invoice records (the items, amounts, payment and refund references, and the delivery address printed on the invoice) are kept for as long as Indian tax and accounting laws (GST) require, even after you delete your account; they are then no longer linked to you.',
          'We take reasonable technical and organisational measures to protect your information, and only the people who need it to run the shop can see it.',
        ],
      },
      {
        heading: 'Your rights: download your data and delete your account',
        paragraphs: [
          'Under the Digital Personal Data Protection Act, 2023 you may see, correct and erase the personal data we hold about you. You can see and correct your name, phone number and address at any time on the My Profile page, and see the devices you are signed in on and sign any of them out.',
          'Download my data, on the My Profile page, gives you at once a file of everything we keep about you: your profile and address, your orders with their items, amounts, statuses, payments, refunds and tracking, your cart and wishlist, the messages you sent us from your e-mail address or while signed in, and your signed-in devices.',
          'Delete my account, on the same page, deletes your account for good once you confirm it with a one-time code sent to your e-mail (or, without one, your mobile): your profile, address, cart, wishlist, sessions, the codes and messages we sent you and the messages you sent us. Orders and their invoices are kept, as the law requires, but no longer linked to you. An account cannot be deleted while an order is still on its way or a refund is pending.',
          'You can also contact {care} for any of this, from the e-mail address registered with your account (or mentioning your registered mobile number), or to complain about how we handle your data.',
        ],
      },
      {
        heading: 'Changes and contact',
        paragraphs: [
          'If we change this policy, we will post the new version on this page. For any privacy question or complaint, contact {care}.',
          ({ seller }) =>
            seller?.legalName && seller.address
              ? `By post, write to ${seller.legalName}, ${seller.address}.`
              : null,
        ],
      },
    ],
  },
  {
    path: '/cancellation-refund',
    title: 'Cancellation and Refund Policy',
    intro:
      'We want you to be happy with your Ottoman mitten. This policy explains how to cancel or return an order, what to do if an item arrives damaged or defective, and how and when refunds are paid.',
    sections: [
      {
        heading: 'Cancelling an order',
        paragraphs: [
          'You can cancel an order until the courier picks up the parcel. Open My Orders and use Cancel on that order, or contact {care} with your order number.',
          'A cancelled order is refunded in full, including any shipping charge; a cash-on-delivery order cancelled before delivery costs you nothing. Once the courier has picked up the parcel it can no longer be cancelled, but you can return it after delivery as described below.',
        ],
      },
      {
        heading: 'Returns within {returnDays} days',
        paragraphs: [
          'You can return an unused mitten in its original packaging within {returnDays} days of delivery. Open the order in My Orders and use Return or replace: choose the items, tell us why, and add photos if something arrived damaged. We arrange the pick-up from your delivery address and refund what you paid for the returned items (after any discount, shipping not included) once they reach us and we have checked them. A prepaid order is refunded to the way you paid; a cash-on-delivery order to the UPI ID you give us.',
        ],
      },
      {
        heading: 'Damaged, defective or wrong items',
        paragraphs: [
          'If your mitten arrives damaged or defective, or you receive the wrong product, please tell us within {returnDays} days of delivery: use Return or replace on the order in My Orders, or contact {care}, and include:',
        ],
        bullets: [
          'Your order number',
          'Photos of the item and of the packaging it arrived in',
          'A short description of the problem',
        ],
      },
      {
        heading: 'What happens next',
        paragraphs: [
          'We review every request and tell you of each step by e-mail (or SMS). If the item is damaged or wrong, you choose a free replacement or a refund. If we need the item back, we arrange the pick-up at no cost to you; for a small damaged item we may refund or replace it without a pick-up.',
          'Because bath mittens are personal-care items, we cannot accept a mitten back once it has been used, unless it is defective.',
        ],
      },
      {
        heading: 'Refunds',
        paragraphs: [
          'Once a cancellation or refund is approved, an order paid online is refunded through Razorpay to your original payment method: the same UPI account or Visa or Mastercard card you paid with. Refunds take {refundDays} to reach your account; the exact day it shows on your statement depends on your bank.',
          'An order paid cash on delivery cannot be refunded to a card: we pay its refund to the UPI ID you give us, or in another way we agree with you, such as a bank transfer.',
          'We tell you by e-mail (or SMS) when a refund has been issued. If a refund of an online payment has not reached you after {refundDays}, please contact {care} with your order number and we will follow it up with Razorpay and your bank.',
        ],
      },
      {
        heading: 'Contact',
        paragraphs: ['For any question about a cancellation, a return or a refund, contact {care}.'],
      },
    ],
  },
  {
    path: '/shipping-delivery',
    title: 'Shipping and Delivery Policy',
    intro:
      'We deliver across India. This policy explains when your order leaves us, how it travels, what shipping costs and how to track your parcel.',
    sections: [
      {
        heading: 'Dispatch',
        paragraphs: [
          'Orders are shipped or handed to a courier {dispatch}. We will let you know if anything delays your order beyond that.',
        ],
      },
      {
        heading: 'Courier partners and delivery',
        paragraphs: [
          'We ship through trusted courier partners using the Shiprocket shipping aggregator, which lets us pick a suitable courier for your pincode. We deliver to serviceable pincodes across India; we do not ship outside India at present.',
          'The delivery date shown at checkout is an estimate. Actual delivery time after dispatch depends on your location and the courier, and remote areas can take a little longer.',
        ],
      },
      {
        heading: 'Shipping charges',
        paragraphs: ['Shipping is worked out on the value of your order after discount:'],
        bullets: [
          'Orders below ₹500: ₹100',
          'Orders from ₹500 to ₹999: ₹75',
          'Orders of ₹1,000 or more: free shipping',
        ],
      },
      {
        heading: 'Tracking your order',
        paragraphs: [
          'Once a courier has been assigned, the courier name and tracking number appear on the My Orders page, with a link to follow your parcel. Use the Refresh button on an order to see the latest status.',
        ],
      },
      {
        heading: 'Delivery address and failed deliveries',
        paragraphs: [
          'Please make sure your delivery address, pincode and mobile number are complete and correct before placing an order, as the courier may call you before delivering. If a delivery fails because the address is wrong or nobody is available after the courier’s attempts, the parcel may be returned to us; we will contact you to arrange a re-delivery or a refund.',
          'If your parcel arrives damaged, please tell us within {returnDays} days of delivery, as our Cancellation and Refund Policy describes.',
        ],
      },
      {
        heading: 'Contact',
        paragraphs: ['For any question about shipping or delivery, contact {care}.'],
      },
    ],
  },
];

/** docs/product.md#cancellation-and-refunds: how long a refund to the original payment method takes. */
const REFUND_DAYS = '6-8 days';

function hours(count: number): string {
  return `${count} hour${count === 1 ? '' : 's'}`;
}

/**
 * How to reach customer care, from the settings: "us at care@… or on 080…", one of them, or, before the owner
 * has given either, the contact form.
 */
function careContact(seller: SellerDetails | undefined): string {
  const email = seller?.email ?? '';
  const phone = seller?.phone ?? '';
  if (email && phone) return `us at ${email} or on ${phone}`;
  if (email) return `us at ${email}`;
  if (phone) return `us on ${phone}`;
  return 'us through the contact form on our home page';
}

/** A policy's text filled in from the settings, or null when it is left out. */
export function fillPolicyText(text: PolicyText, context: PolicyContext): string | null {
  const written = typeof text === 'function' ? text(context) : text;
  if (written === null) return null;
  return written
    .replaceAll('{dispatch}', dispatchTimeText(context.dispatchDays))
    .replaceAll('{returnDays}', String(context.returnWindowDays))
    .replaceAll('{reply}', replyTimeText())
    .replaceAll('{refundDays}', REFUND_DAYS)
    .replaceAll('{care}', careContact(context.seller));
}
