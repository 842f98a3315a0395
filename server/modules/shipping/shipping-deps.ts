import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { ShippingConfig } from '../../config';
import type { Database } from '../../db/client';
import type { Jobs } from '../../plugins/jobs';
import type { ShiprocketGateway } from './shiprocket-gateway';

export interface ShippingDeps {
  db: Database;
  jobs: Pick<Jobs, 'send'>;
  shiprocket: ShiprocketGateway;
  shipping: ShippingConfig;
  log: FastifyBaseLogger;
}

export function shippingDeps(app: FastifyInstance): ShippingDeps {
  return {
    db: app.db,
    jobs: app.jobs,
    shiprocket: app.shiprocket,
    shipping: app.config.shipping,
    log: app.log,
  };
}
