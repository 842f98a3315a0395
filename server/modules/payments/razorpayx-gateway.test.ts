import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import type { Config } from '../../config';
import razorpayxGateway from './razorpayx-gateway';

// docs/operations.md#configuration: a production shop starts without RazorpayX until it offers COD; refunds
// to a UPI ID are then refused with a message (server/http/console/cod-refunds.test.ts).

describe('the RazorpayX gateway', () => {
  it('is absent, not an error, when RazorpayX has no keys and its simulator is off', async () => {
    const app = Fastify();
    app.decorate('config', { razorpayx: undefined } as unknown as Config);
    app.decorate('razorpayxSimulator', undefined);
    await app.register(razorpayxGateway);
    await app.ready();
    expect(app.razorpayx).toBeUndefined();
    await app.close();
  });
});
