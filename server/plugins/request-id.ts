import fp from 'fastify-plugin';

/** docs/operations.md#request-ids: every reply names its request, so a shopper's report can be found in the log. */
export default fp(
  async (app) => {
    app.addHook('onRequest', async (request, reply) => {
      reply.header('x-request-id', request.id);
    });
  },
  { name: 'request-id' },
);
