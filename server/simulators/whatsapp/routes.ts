import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { addFaultHook, type createFaultInjector } from '../faults';
import { chatPage, chatStyles } from './chat-page';
import type { WhatsAppSimulatorInternals } from './simulator';

const hidden = { hide: true } as const;
const PhoneSchema = z.string().regex(/^[6-9]\d{9}$/);

/** The Graph API's messages endpoint, with the simulator's faults applied to it. */
export function graphRoutes(
  sim: WhatsAppSimulatorInternals,
  faults: ReturnType<typeof createFaultInjector>,
): FastifyPluginAsync {
  return async (scope) => {
    addFaultHook(scope, faults);
    scope.post<{ Params: { version: string; phoneNumberId: string } }>(
      '/:version/:phoneNumberId/messages',
      { schema: hidden },
      async (request, reply) => {
        const answer = sim.send(request.headers.authorization, request.params.phoneNumberId, request.body);
        return reply.code(answer.statusCode).send(answer.body);
      },
    );
  };
}

/** The phone's chat page and what the shopper does there (dev tools: not in production without the token). */
export function chatRoutes(sim: WhatsAppSimulatorInternals): FastifyPluginAsync {
  const { simulator } = sim;
  return async (scope) => {
    scope.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: 4096 },
      (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
    );
    const phoneOf = (params: unknown) => PhoneSchema.safeParse((params as { phone?: unknown }).phone);
    scope.get('/chat.css', { schema: hidden }, async (_request, reply) =>
      reply.type('text/css; charset=utf-8').send(chatStyles),
    );
    scope.get('/chat/:phone', { schema: hidden }, async (request, reply) => {
      const phone = phoneOf(request.params);
      if (!phone.success) return reply.code(404).send({ message: 'Not a 10-digit Indian mobile' });
      return reply
        .type('text/html; charset=utf-8')
        .header('Cache-Control', 'no-store')
        .send(chatPage(phone.data, simulator.chat(phone.data)));
    });
    scope.post('/chat/:phone/tap', { schema: hidden }, async (request, reply) => {
      const phone = phoneOf(request.params);
      const body = z
        .object({ messageId: z.string().min(1).max(200), index: z.coerce.number().int().min(0).max(2) })
        .safeParse(request.body);
      if (!phone.success || !body.success) return reply.code(400).send({ message: 'Bad tap' });
      const statusCode = await simulator.tap(phone.data, body.data.messageId, body.data.index);
      if (statusCode === 404) return reply.code(404).send({ message: 'No such message or button' });
      return reply.redirect(`/sim/whatsapp/chat/${phone.data}`, 303);
    });
    scope.post('/chat/:phone/send', { schema: hidden }, async (request, reply) => {
      const phone = phoneOf(request.params);
      const body = z.object({ text: z.string().trim().min(1).max(500) }).safeParse(request.body);
      if (!phone.success || !body.success) return reply.code(400).send({ message: 'Bad message' });
      await simulator.reply(phone.data, body.data.text);
      return reply.redirect(`/sim/whatsapp/chat/${phone.data}`, 303);
    });
    scope.post('/control/unreachable', { schema: hidden }, async (request) => {
      const body = z.object({ phone: PhoneSchema, unreachable: z.boolean() }).parse(request.body);
      simulator.setUnreachable(body.phone, body.unreachable);
      return body;
    });
  };
}
