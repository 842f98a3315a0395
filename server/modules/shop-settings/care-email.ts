import type { ShopSettings } from './read-shop-settings';

/**
 * docs/product.md#contact-messages: where the shop's own e-mail goes (contact messages, the reply-to of its
 * answers): customer care's address in the settings, the one the pages show; `fallback` (SHOP_CARE_EMAIL) only
 * while the owner has not given one, so no message is lost before launch.
 */
export function careEmailOf(settings: Pick<ShopSettings, 'careEmail'>, fallback: string): string {
  return settings.careEmail || fallback;
}
