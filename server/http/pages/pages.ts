import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  HomePageQuerySchema,
  ProductPageParamsSchema,
  type RenderedPolicyPage,
} from '../../../contracts/page-rendering';
import type { PageRequest, PageService } from '../../modules/pages/page-service';

// docs/architecture.md#pages-as-html: the HTML is the same for everyone, so a CDN may keep it, but it asks
// again each time (the catalogue changes without a deploy); an unchanged page costs a 304.
const PAGE_CACHE_CONTROL = 'public, no-cache';

function matchesEtag(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  return ifNoneMatch
    .split(',')
    .map((tag) => tag.trim().replace(/^W\//, ''))
    .some((tag) => tag === etag || tag === '*');
}

interface PageRoutesOptions {
  pages: PageService;
  policyPages: readonly RenderedPolicyPage[];
}

/** GET / (also /?q=… with a search's results), /product/:id and the policy pages as HTML rendered on the server. */
const pageRoutes: FastifyPluginAsyncZod<PageRoutesOptions> = async (app, { pages, policyPages }) => {
  async function send(request: FastifyRequest, reply: FastifyReply, pageRequest: PageRequest) {
    const page = await pages.page(pageRequest);
    reply.header('ETag', page.etag).header('Cache-Control', PAGE_CACHE_CONTROL);
    if (matchesEtag(request.headers['if-none-match'], page.etag)) return reply.code(304).send();
    return reply.code(page.status).type('text/html; charset=utf-8').send(page.html);
  }

  app.get('/', { schema: { hide: true, querystring: HomePageQuerySchema } }, (request, reply) =>
    send(request, reply, { kind: 'home', query: request.query.q ?? '' }),
  );

  app.get('/product/:id', { schema: { hide: true, params: ProductPageParamsSchema } }, (request, reply) =>
    send(request, reply, { kind: 'product', id: request.params.id }),
  );

  for (const policy of policyPages) {
    app.get(policy.path, { schema: { hide: true } }, (request, reply) =>
      send(request, reply, { kind: 'policy', policy }),
    );
  }
};

export default pageRoutes;
