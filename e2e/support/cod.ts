import type { APIRequestContext } from '@playwright/test';
import type { CodSettingsBody, PlacedCodOrder } from '../../contracts/cod';
import { codSettings } from '../../server/db/schema';
import { expect, type ShopServer } from '../fixtures';
import { apiHeaders } from './shop';

// docs/product.md#cash-on-delivery: the scene a COD journey needs. The settings are the worker's server's,
// shared by the journeys it runs one after another: a journey that turns COD on turns it off again.

export const journeyCodRules: CodSettingsBody = {
  enabled: true,
  feePaise: 4900,
  minOrderPaise: 10_000,
  maxOrderPaise: 100_000,
  rtoLimit: 1,
  confirmHours: 24,
};

export async function setCodRules(server: ShopServer, rules: CodSettingsBody): Promise<void> {
  await server.db
    .insert(codSettings)
    .values({ id: 1, ...rules })
    .onConflictDoUpdate({ target: codSettings.id, set: rules });
}

export async function turnCodOff(server: ShopServer): Promise<void> {
  await setCodRules(server, { ...journeyCodRules, enabled: false });
}

/** PLACE ORDER with cash on delivery over the API, as the checkout does: the order awaits its confirmation. */
export async function placeCodOrderOf(request: APIRequestContext): Promise<PlacedCodOrder> {
  const response = await request.post('/api/cod/place-order', { headers: apiHeaders, data: {} });
  expect(response.status(), await response.text()).toBe(200);
  return (await response.json()) as PlacedCodOrder;
}
