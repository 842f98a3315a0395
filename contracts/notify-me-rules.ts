// docs/product.md#notify-me: the words of "Notify me", apart from the checkout reminders' (contracts/winback-rules.ts)
// so the product page's Notify-me chunk shares no module with the profile's (each shared module is one more file
// named in the first load: docs/operations.md#performance-budget).

export const notifyMeMessages = {
  notifyAdded: 'We will tell you when it is back in stock.',
  notifyAlready: 'You are on the list: we will tell you when it is back in stock.',
  notifyCancelled: 'You will not be told when it is back.',
  notifyInStock: 'This product is in stock: you can order it now.',
  notifyNoAddress: 'Add an e-mail address or a mobile number to your profile to be told.',
  signInToNotify: 'Sign in to be told when it is back in stock.',
  productNotFound: 'Product not found',
} as const;

export const notifyMeLabels = {
  button: 'Notify me',
  waiting: 'On the list',
  cancel: 'Cancel',
  channelEmail: 'By e-mail',
  channelSms: 'By SMS',
  /** docs/product.md#notify-me: goes on WhatsApp with the marketing consent, else by e-mail or SMS. */
  channelWhatsApp: 'On WhatsApp',
  channel: 'Tell me',
} as const;

/** The API path of a product's back-in-stock list, relative to the API base. */
export const notifyMeApiPath = (productId: number) => `/products/${productId}/notify-me`;
