import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import { selectSitemapProducts } from '../../modules/seo/queries';
import { renderRobots, renderSitemap } from '../../modules/seo/site-index';

// Crawlers come back often; five minutes keeps a price change from waiting long behind a CDN.
const CACHE_CONTROL = 'public, max-age=300';

/** docs/architecture.md#seo: GET /sitemap.xml and GET /robots.txt, before the web app's catch-all. */
const seoRoutes: FastifyPluginAsync = async (app) => {
  const siteUrl = app.config.publicUrl;

  app.get('/sitemap.xml', { schema: { hide: true } }, async (_request, reply) => {
    const onSale = await selectSitemapProducts(app.db);
    return reply
      .type('application/xml; charset=utf-8')
      .header('cache-control', CACHE_CONTROL)
      .send(renderSitemap(onSale, siteUrl));
  });

  app.get('/robots.txt', { schema: { hide: true } }, async (_request, reply) =>
    reply
      .type('text/plain; charset=utf-8')
      .header('cache-control', CACHE_CONTROL)
      .send(renderRobots(siteUrl)),
  );
};

export default fp(seoRoutes, { name: 'seo-routes', dependencies: ['database'] });
