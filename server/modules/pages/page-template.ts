// docs/architecture.md#pages-as-html: the built index.html (its hashed script and stylesheet links) is the frame
// of every page rendered on the server.

export interface PageParts {
  /** The page's own head tags (title, description, …) in place of the template's default ones. */
  head: string;
  appHtml: string;
  dataHtml: string;
}

export interface PageTemplate {
  fill(parts: PageParts): string;
}

const EMPTY_ROOT = '<div id="root"></div>';
const TITLE = /<title>[\s\S]*?<\/title>\s*/;
const DESCRIPTION = /<meta\s+name="description"[\s\S]*?\/?>\s*/;
// The shell's message for visitors without JavaScript: a rendered page reads fine without it.
const NOSCRIPT = /<noscript>[\s\S]*?<\/noscript>\s*/;
const MODULE_SCRIPT = '<script type="module"';

/** Reads index.html once; undefined when it has no empty #root to fill (then pages stay the client shell). */
export function parsePageTemplate(html: string): PageTemplate | undefined {
  if (!html.includes(EMPTY_ROOT) || !TITLE.test(html)) return undefined;
  // The head goes where the title was; charset, viewport, theme-color and the icon stay.
  const [beforeHead = '', afterHead = ''] = html
    .replace(DESCRIPTION, '')
    .replace(NOSCRIPT, '')
    .replace(TITLE, '\u0000')
    .split('\u0000');
  return {
    fill({ head, appHtml, dataHtml }) {
      const page = `${beforeHead}${head}\n    ${afterHead}`.replace(
        EMPTY_ROOT,
        () => `<div id="root">${appHtml}</div>`,
      );
      // The data before the module script, which reads it when it runs.
      const scriptAt = page.indexOf(MODULE_SCRIPT);
      const at = scriptAt >= 0 ? scriptAt : page.lastIndexOf('</body>');
      return `${page.slice(0, at)}${dataHtml}\n    ${page.slice(at)}`;
    },
  };
}
