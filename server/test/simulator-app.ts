import Fastify, { type FastifyPluginAsync } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import security from '../plugins/security';
import { type TestConfigOverrides, testAppConfig } from './test-config';

export interface SimulatorAppOptions {
  config?: TestConfigOverrides;
  /** The shop's security headers too, for tests of what a browser may load from the simulator. */
  securityHeaders?: boolean;
}

/**
 * A bare Fastify with one simulator plugin and the configuration it reads: no database, no shop. A simulator
 * speaks a provider's wire protocol, so its tests need nothing else.
 */
export async function buildSimulatorApp(simulator: FastifyPluginAsync, options: SimulatorAppOptions = {}) {
  const app = Fastify({ logger: false });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('config', testAppConfig(undefined, options.config));
  if (options.securityHeaders) await app.register(security);
  await app.register(simulator);
  return app;
}

export type SimulatorApp = Awaited<ReturnType<typeof buildSimulatorApp>>;
