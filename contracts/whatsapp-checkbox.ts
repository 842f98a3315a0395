// docs/product.md#whatsapp-consent: the checkout's box alone, so the checkout's first load carries only it.
export const whatsappCheckoutLabel = 'Send order updates on WhatsApp';
