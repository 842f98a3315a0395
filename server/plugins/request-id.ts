import fp from 'fastify-plugin';

/** docs/operations.md#request-ids: every reply names its request, so a shopper's report can be found in the log. */
export default fp(
  async (app) => {
    // A callback hook, not an async one: it runs on every request, and Fastify calls these without a promise.
    app.addHook('onRequest', (request, reply, done) => {
      reply.header('x-request-id', request.id);
      done();
    });
  },
  { name: 'request-id' },
);
