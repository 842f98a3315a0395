import type { FastifyServerOptions } from 'fastify';
import type { Config } from './config';

const redact = ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]'];

/** docs/operations.md#logs: one JSON object a line in production; pino-pretty for people reading a terminal. */
export function loggerOptions(
  config: Pick<Config, 'logLevel' | 'logFormat'>,
): FastifyServerOptions['logger'] {
  if (config.logFormat === 'json') return { level: config.logLevel, redact };
  return {
    level: config.logLevel,
    redact,
    transport: {
      target: 'pino-pretty',
      options: { translateTime: 'SYS:HH:MM:ss', ignore: 'pid,hostname', singleLine: true },
    },
  };
}
