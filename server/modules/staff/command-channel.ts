import { createHash, timingSafeEqual } from 'node:crypto';
import { isIP } from 'node:net';
import Fastify, { type FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import type { Database } from '../../db/client';
import type { FolderHolder } from '../../db/pglite-folder-lock';
import { CommandLineError, runAdminCommand } from './command-line';

/**
 * docs/operations.md#pglite-lock: the running shop's command channel, where `npm run admin` sends its command
 * while the shop holds the PGlite folder. A server of its own on 127.0.0.1 and a port the system picks, never
 * the shop's: a proxy on the same machine forwards the world's requests to the shop's port from 127.0.0.1,
 * so neither the address nor the trust-proxy setting could tell a local command from them. The caller proves
 * itself with the token in the folder's lock file, which only the shop's user can read.
 */

export const COMMAND_PATH = '/admin-command';

const CommandBodySchema = z.object({ args: z.array(z.string().max(1_000)).max(20) });
const AnswerSchema = z.union([z.object({ output: z.string() }), z.object({ message: z.string() })]);

export const commandChannelMessages = {
  notLoopback: 'The command channel answers only this machine (127.0.0.1).',
  wrongToken: 'The command channel needs the token from the lock file beside the database folder.',
  invalid: 'Send {"args": ["create-staff", …]} as JSON.',
  failed: 'The shop could not run the command; its log says why.',
} as const;

export interface CommandChannelOptions {
  db: Database;
  publicUrl: string;
  token: string;
  logger?: FastifyBaseLogger | undefined;
}

const digest = (value: string) => createHash('sha256').update(value).digest();

export function isLoopbackAddress(address: string | undefined): boolean {
  if (!address) return false;
  const v4 = address.startsWith('::ffff:') ? address.slice(7) : address;
  if (isIP(v4) === 4) return v4.startsWith('127.');
  return address === '::1';
}

/** The channel's server, not listening: the command-channel plugin listens, tests inject. */
export function buildCommandChannel(options: CommandChannelOptions) {
  const channel = Fastify({
    bodyLimit: 16 * 1024,
    ...(options.logger ? { loggerInstance: options.logger } : {}),
  });
  const expected = digest(options.token);

  channel.addHook('onRequest', async (request, reply) => {
    // The socket's own peer: this server trusts no forwarding header.
    if (!isLoopbackAddress(request.socket.remoteAddress)) {
      return reply.code(403).send({ message: commandChannelMessages.notLoopback });
    }
    const sent = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1];
    // Compared as digests: equal lengths, in constant time.
    if (sent === undefined || !timingSafeEqual(digest(sent), expected)) {
      return reply.code(401).send({ message: commandChannelMessages.wrongToken });
    }
  });

  channel.post(COMMAND_PATH, async (request, reply) => {
    const body = CommandBodySchema.safeParse(request.body);
    if (!body.success) return reply.code(400).send({ message: commandChannelMessages.invalid });
    try {
      return { output: await runAdminCommand(options.db, body.data.args, options.publicUrl) };
    } catch (error) {
      if (error instanceof CommandLineError) return reply.code(400).send({ message: error.message });
      request.log.error({ err: error }, 'the admin command failed');
      return reply.code(500).send({ message: commandChannelMessages.failed });
    }
  });
  return channel;
}

/** Why the running shop could not be asked: it did not answer on its channel. */
export class ShopUnreachableError extends Error {}

/**
 * Sends the command to the running shop; answers its output, or throws CommandLineError with its message
 * (the same texts as a command run alone) or ShopUnreachableError.
 */
export async function sendAdminCommand(
  holder: FolderHolder & { port: number },
  args: string[],
): Promise<string> {
  let response: Response;
  try {
    response = await fetch(`http://127.0.0.1:${holder.port}${COMMAND_PATH}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${holder.token}` },
      body: JSON.stringify({ args }),
      signal: AbortSignal.timeout(60_000),
    });
  } catch (error) {
    const cause = (error as { cause?: { code?: string; message?: string } }).cause;
    throw new ShopUnreachableError(cause?.code ?? cause?.message ?? (error as Error).message);
  }
  const answer = AnswerSchema.safeParse(await response.json().catch(() => undefined));
  if (!answer.success) throw new ShopUnreachableError(`an unexpected answer (${response.status})`);
  if ('output' in answer.data && response.ok) return answer.data.output;
  throw new CommandLineError('message' in answer.data ? answer.data.message : commandChannelMessages.failed);
}
