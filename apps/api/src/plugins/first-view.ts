import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { apiUrl, FIRST_VIEW_ELEMENT_ID, firstView } from '@kettle/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';

type Manifest = Record<string, { file: string; imports?: string[]; isEntry?: boolean }>;

/** Every chunk a module needs before it runs (its static imports, all the way down). */
function chunksOf(manifest: Manifest, key: string, into = new Set<string>()): Set<string> {
  const chunk = manifest[key];
  if (!chunk || into.has(chunk.file)) return into;
  into.add(chunk.file);
  for (const imported of chunk.imports ?? []) chunksOf(manifest, imported, into);
  return into;
}

/**
 * For each lazy page a first view names: the `<link rel="modulepreload">` tags of its chunks that
 * index.html does not already ask for, so they load beside the entry instead of after it.
 */
function preloadTags(webRoot: string): (page: string) => string {
  let manifest: Manifest;
  try {
    manifest = JSON.parse(readFileSync(join(webRoot, '.vite', 'manifest.json'), 'utf8')) as Manifest;
  } catch {
    return () => '';
  }
  const entry = Object.keys(manifest).find((key) => manifest[key]?.isEntry);
  const loaded = entry ? chunksOf(manifest, entry) : new Set<string>();
  const tags = new Map<string, string>();
  return (page) => {
    let html = tags.get(page);
    if (html === undefined) {
      const files = [...chunksOf(manifest, page)].filter((file) => !loaded.has(file));
      html = files.map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`).join('');
      tags.set(page, html);
    }
    return html;
  };
}

/** JSON inside a <script> element: nothing in a tea's text can close the element or start markup. */
const scriptSafe = (json: string) =>
  json
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');

/**
 * Builds index.html for an address (goal F2): the page's public GETs answered inside it, so the
 * first render shows the teas instead of a skeleton, and its lazy chunks asked for at once. The
 * answers are a visitor's (a page load carries no token); the web app ignores them for a
 * signed-in reader. A GET that fails is left out, and the app fetches it as usual.
 */
export function firstViewPage(app: FastifyInstance, webRoot: string) {
  const template = readFileSync(join(webRoot, 'index.html'), 'utf8');
  const preloads = preloadTags(webRoot);

  async function build(request: FastifyRequest, view: ReturnType<typeof firstView>) {
    const answers = await Promise.all(
      view.requests.map(async ({ path, query }) => {
        const url = apiUrl(path, query);
        const answer = await app
          .inject({ method: 'GET', url, remoteAddress: request.ip, headers: { accept: 'application/json' } })
          .catch(() => null);
        return answer?.statusCode === 200 ? `${JSON.stringify(url)}:${answer.body}` : null;
      }),
    );
    const body = answers.filter((answer) => answer !== null).join(',');
    const data = `<script type="application/json" id="${FIRST_VIEW_ELEMENT_ID}">${scriptSafe(`{${body}}`)}</script>`;
    // Replacer functions: a tea's text may hold `$&` or `$'`, which a replacement string would expand.
    const html = template
      .replace('</head>', () => `${view.page ? preloads(view.page) : ''}</head>`)
      .replace('<div id="root"></div>', () => `<div id="root"></div>${data}`);
    return { html, complete: answers.every((answer) => answer !== null) };
  }

  return async (request: FastifyRequest): Promise<string> => {
    const address = new URL(request.url, 'http://kettle.invalid');
    const view = firstView(address.pathname, address.search);
    if (view.requests.length === 0) return template;
    // Every visitor gets the same page for an address: kept in the page cache, unless an answer
    // failed (the app will fetch that one itself).
    let complete = true;
    return app.ctx.pages.get(
      `html:${address.pathname}${address.search}`,
      async () => {
        const built = await build(request, view);
        complete = built.complete;
        return built.html;
      },
      () => complete,
    );
  };
}
