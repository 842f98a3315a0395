import { DEFAULT_RETURN_SETTINGS } from '../../contracts/return-rules';
import { usePublicConfig } from './get-public-config';

/** docs/product.md#whatsapp-consent: whether the shop sends messages on WhatsApp (false until the config says). */
export function useWhatsAppOffered(): boolean {
  return usePublicConfig().data?.whatsapp === true;
}

/** docs/product.md#returns: the owner's return window in days, as checkout and the product pages state it. */
export function useReturnWindowDays(): number {
  return usePublicConfig().data?.returnWindowDays ?? DEFAULT_RETURN_SETTINGS.windowDays;
}
