import { existsSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { PageRenderer } from '../../../contracts/page-rendering';

/** Where `npm run build` puts the renderer: dist/ssr next to the web build's dist/web. */
export function rendererPathFor(webDistDir: string): string {
  return path.resolve(webDistDir, '..', 'ssr', 'entry-server.js');
}

function isPageRenderer(value: unknown): value is PageRenderer {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as PageRenderer).render === 'function' &&
    typeof (value as PageRenderer).isAppPath === 'function' &&
    Array.isArray((value as PageRenderer).policyPages)
  );
}

/** The SSR build's renderer (docs/architecture.md#pages-as-html), or undefined when it was not built. */
export async function loadPageRenderer(webDistDir: string): Promise<PageRenderer | undefined> {
  const file = rendererPathFor(webDistDir);
  if (!existsSync(file)) return undefined;
  const module = (await import(pathToFileURL(file).href)) as { renderer?: unknown };
  return isPageRenderer(module.renderer) ? module.renderer : undefined;
}
