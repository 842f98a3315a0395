import { NDR_LINK_HEADER } from '../../../../contracts/ndr-rules';
import { type LinkClient, linkClient } from '../../../lib/link-client';

/** Whose failed delivery the page shows: the message link's (its token), or a signed-in shopper's order. */
export type DeliverySource = { kind: 'link'; token: string } | { kind: 'order'; orderId: string };

export interface DeliveryClient {
  source: DeliverySource;
  client: LinkClient;
}

/** docs/product.md#failed-deliveries: the link's token stands in for a session; an order of My Orders needs one. */
export function deliveryClient(source: DeliverySource): DeliveryClient {
  return { source, client: linkClient(NDR_LINK_HEADER, source.kind === 'link' ? source.token : null) };
}

/** The order in the API's path: none for the link, whose token names it. */
export function orderIdOf(source: DeliverySource): string | null {
  return source.kind === 'order' ? source.orderId : null;
}
