import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { messages } from '../../../contracts/messages';
import type { PageRenderer } from '../../../contracts/page-rendering';
import type { Config } from '../../config';
import { loadPageRenderer, rendererPathFor } from '../../modules/pages/load-renderer';
import { createPageService, type PageService } from '../../modules/pages/page-service';
import { parsePageTemplate } from '../../modules/pages/page-template';
import pageRoutes from './pages';

const IMMUTABLE = 'public, max-age=31536000, immutable';
const REVALIDATE = 'no-cache';
const SHORT = 'public, max-age=3600';

function cacheControlFor(filePath: string): string {
  // The pages (index.html, the console's admin.html) name the hashed assets of the current build.
  if (filePath.endsWith('.html')) return REVALIDATE;
  // Vite puts content-hashed files under assets/: a new build gets new names.
  if (filePath.split(path.sep).includes('assets')) return IMMUTABLE;
  return SHORT;
}

function isApiPath(url: string): boolean {
  return url === '/api' || url.startsWith('/api/') || url.startsWith('/api?');
}

/** A browser navigation to an app route (no file extension) gets a page; its router takes it from there. */
function wantsAppShell(request: FastifyRequest): boolean {
  if (request.method !== 'GET' && request.method !== 'HEAD') return false;
  const pathname = request.url.split('?')[0] ?? '/';
  return !isApiPath(pathname) && path.extname(pathname) === '';
}

/**
 * docs/operations.md#metrics, docs/architecture.md#dev-outbox: the server's own paths. Where their route is not
 * registered (no token, production) they are a plain 404, never the app's page.
 */
function isServerPath(pathname: string): boolean {
  return pathname === '/metrics' || pathname === '/dev' || pathname.startsWith('/dev/');
}

/** docs/architecture.md#staff: the owner's console is a page of its own, for /admin and everything under it. */
function pageFor(url: string): string {
  const pathname = url.split('?')[0] ?? '/';
  return pathname === '/admin' || pathname.startsWith('/admin/') ? 'admin.html' : 'index.html';
}

function sendNotFound(reply: FastifyReply) {
  return reply.code(404).send({ message: messages.notFound });
}

export interface WebAppOptions {
  config: Config;
  /** The catalogue pages' renderer; by default the SSR build's (docs/architecture.md#pages-as-html). */
  pageRenderer?: PageRenderer | undefined;
}

/**
 * Serves the built app, the shop's page and the console's, with history fallback; the home, product and
 * policy pages rendered on the server when the renderer is built.
 */
export default fp(
  async (app, options: WebAppOptions) => {
    const root = path.resolve(options.config.webDistDir);
    const hasBuild = existsSync(path.join(root, 'index.html'));
    if (!hasBuild) {
      app.log.warn({ root }, 'the web app is not built (npm run build); serving the API only');
      app.setNotFoundHandler((_request, reply) => sendNotFound(reply));
      return;
    }
    const template = parsePageTemplate(readFileSync(path.join(root, 'index.html'), 'utf8'));
    const renderer = options.pageRenderer ?? (await loadPageRenderer(root));
    let pages: PageService | undefined;
    if (!renderer || !template) {
      app.log.warn(
        { renderer: rendererPathFor(root) },
        'the page renderer is not built (npm run build); every page is the client shell',
      );
    } else {
      pages = createPageService({
        db: app.db,
        versions: app.catalogueVersions,
        renderer,
        template,
        siteUrl: options.config.publicUrl,
      });
      await app.register(pageRoutes, { pages, policyPages: renderer.policyPages });
    }
    await app.register(fastifyStatic, {
      root,
      // A dotfile left in the build (an editor's, a deploy tool's) is never served.
      dotfiles: 'ignore',
      cacheControl: false,
      setHeaders: (reply, filePath) => void reply.header('Cache-Control', cacheControlFor(filePath)),
    });
    app.setNotFoundHandler(async (request, reply) => {
      if (!wantsAppShell(request)) return sendNotFound(reply);
      const pathname = request.url.split('?')[0] ?? '/';
      if (isServerPath(pathname)) return sendNotFound(reply);
      const page = pageFor(request.url);
      // docs/architecture.md#pages-as-html: a path no route of the shop answers is "Page not found", a 404.
      if (page === 'index.html' && pages && renderer && !renderer.isAppPath(pathname)) {
        const notFound = await pages.page({ kind: 'not-found' });
        return reply
          .code(404)
          .header('Cache-Control', REVALIDATE)
          .type('text/html; charset=utf-8')
          .send(notFound.html);
      }
      return reply.sendFile(page);
    });
  },
  { name: 'web-app', dependencies: ['error-handling', 'database'] },
);
