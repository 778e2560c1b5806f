import { readFile, realpath } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { marked } from 'marked';
import { ownMessages } from '../../../contract/errors';
import { GUIDE_TITLES, isGuide } from '../plugins/catalog';

/**
 * The pages behind the Documentation menu, served from the repository's own docs/ so they are always the
 * version of the code that runs (supported-elements.md is generated from the translators themselves).
 * Only these names are served: the folder also holds design notes that are not for users.
 */
export const publicDocs = [
  'getting-started',
  'supported-elements',
  'translator-pairs',
  'formats',
  'api',
  'tutorials',
  'faq',
] as const;
type PublicDoc = (typeof publicDocs)[number];

const isPublicDoc = (name: string): name is PublicDoc => (publicDocs as readonly string[]).includes(name);

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

/** Markdown links between docs (`formats.md`) become links between served pages (`formats`). */
function linkDocsToPages(html: string): string {
  return html.replace(/href="([a-z-]+)\.md(#[^"]*)?"/g, (whole, name: string, hash: string | undefined) =>
    isPublicDoc(name) ? `href="/docs/${name}${hash ?? ''}"` : whole,
  );
}

const pageStyle = `
body{font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#1b2430;background:#f5f7fa;margin:0}
header{background:#14213d;color:#fff;padding:.75rem 1.5rem}header a{color:#fff;text-decoration:none;font-weight:700}
nav.docs{display:flex;gap:1rem;flex-wrap:wrap;margin-top:.25rem}nav.docs a{font-weight:400;opacity:.85}
main{max-width:60rem;margin:1.5rem auto;background:#fff;padding:1.5rem 2rem;border-radius:8px;box-shadow:0 1px 3px #0002}
table{border-collapse:collapse;margin:1rem 0;font-size:.9rem}td,th{border:1px solid #d5dbe3;padding:.35rem .6rem;text-align:left;vertical-align:top}
th{background:#eef2f7}code{background:#eef2f7;padding:.1rem .3rem;border-radius:4px}pre{background:#eef2f7;padding:.75rem;overflow:auto}
pre code{padding:0}a{color:#1d5fae}`;

const titles: Record<PublicDoc, string> = {
  'getting-started': 'Getting Started',
  'supported-elements': 'Supported Elements',
  'translator-pairs': 'Translator Pairs',
  formats: 'Formats',
  api: 'Scripting API',
  tutorials: 'Tutorials',
  faq: 'FAQ',
};

function renderPage(title: string, markdown: string): string {
  const body = linkDocsToPages(marked.parse(markdown, { async: false }));
  const nav = publicDocs.map((doc) => `<a href="/docs/${doc}">${escapeHtml(titles[doc])}</a>`).join('');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)} · Gusset</title><style>${pageStyle}</style></head>
<body><header><a href="/">Gusset</a><nav class="docs" aria-label="Documentation">${nav}</nav></header><main>${body}</main></body></html>`;
}

/**
 * An image the pages show: a path under docs/images/ of plain names (letters, digits, '-', '_', '.', never a
 * leading dot, so never '..') ending in .png. Anything else is not an image of the docs.
 */
const docsImagePath = /^(?:[A-Za-z0-9][A-Za-z0-9_-]*\/)*[A-Za-z0-9][A-Za-z0-9._-]*\.png$/;

/** The file behind GET /docs/images/{path}, or null: checked by name, then where it really is (no symlink out). */
async function docsImageFile(docsDir: string, imagePath: string): Promise<Buffer | null> {
  if (!docsImagePath.test(imagePath)) return null;
  try {
    const imagesDir = await realpath(path.join(docsDir, 'images'));
    const file = await realpath(path.join(imagesDir, imagePath));
    if (!file.startsWith(imagesDir + path.sep)) return null;
    return await readFile(file);
  } catch {
    // Missing, a folder, unreadable: not an image we serve.
    return null;
  }
}

/** GET /docs/{page}: one documentation page rendered from docs/{page}.md. */
export function registerDocsRoutes(app: FastifyInstance, { docsDir }: { docsDir: string }) {
  app.get<{ Params: { page: string } }>('/docs/:page', async (request, reply) => {
    const { page } = request.params;
    if (!isPublicDoc(page)) return reply.code(404).send({ message: ownMessages.notFound });
    const markdown = await readFile(path.join(docsDir, `${page}.md`), 'utf8');
    return reply
      .type('text/html; charset=utf-8')
      .header('Cache-Control', 'no-cache')
      .send(renderPage(titles[page], markdown));
  });
  // The pictures the pages show (docs/images/, e.g. the getting-started screenshots the e2e journey takes), linked
  // from the markdown by relative paths (images/getting-started/01-sign-up.png from /docs/getting-started).
  app.get<{ Params: { '*': string } }>('/docs/images/*', async (request, reply) => {
    const image = await docsImageFile(docsDir, request.params['*']);
    if (!image) return reply.code(404).send({ message: ownMessages.notFound });
    return reply
      .type('image/png')
      .header('Cache-Control', 'public, max-age=3600')
      .header('X-Content-Type-Options', 'nosniff')
      .send(image);
  });
  // issue #9: plugin downloads. The export/import guides of Get Plugins (docs/guides/{guide}.md), public like
  // the pages above; only the catalogue's guide names are served.
  app.get<{ Params: { guide: string } }>('/docs/guides/:guide', async (request, reply) => {
    const { guide } = request.params;
    if (!isGuide(guide)) return reply.code(404).send({ message: ownMessages.notFound });
    const markdown = await readFile(path.join(docsDir, 'guides', `${guide}.md`), 'utf8');
    return reply
      .type('text/html; charset=utf-8')
      .header('Cache-Control', 'no-cache')
      .send(renderPage(GUIDE_TITLES[guide], markdown));
  });
}
