import type { Catalog } from '../content/types.js';
import { perCatalog } from '../content/per-catalog.js';
import type { Documents } from '../documents/documents.js';
import { registryOf, usageOf } from '../documents/registry.js';
import { untranslatedMirror, untranslatedPaths, withNote } from '../documents/untranslated.js';
import { contentUsageHeader } from '../content/ai-usage.js';
import type { Answer, CacheRule } from '../http/answer.js';
import { answer } from '../http/answer.js';
import type { Route } from '../http/router.js';
import type { PictureMaker } from '../media/pictures.js';
import { MEDIA_PREFIX, paths, ROUTES, urlOf } from '../routes/table.js';
import { clip } from '../query/errors.js';
import { digestOf } from '../util/digest.js';
import { pauseEverySlice } from '../util/pause.js';
import { browserTools } from '../model/browser-tools.js';
import { FAVICON_FILE, favicon, mediaKey, STYLESHEET, STYLESHEET_FILE, WEBMCP_SCRIPT, WEBMCP_SCRIPT_FILE, WEBMCP_TOOLS_FILE } from './assets.js';
import { atomFeed } from './crawlers.js';
import { characterCount, tokensOf } from '../documents/format.js';
import { markdownAnswer } from './negotiate.js';
import { notFound } from './page-routes.js';

/** The site's files: the /md/ mirrors, the engine's assets, the content's media, the feeds and the documents made of the whole content. */

/**
 * The mirrors as files. The path is looked up in the registry's map of the
 * Catalog's mirrors, never joined onto a folder: "..", "%2e%2e" or "%2f" in
 * a request can only fail to match.
 */
export function mirrorRoute(documents: Documents): Route {
  return {
    pattern: ROUTES.mirror.pattern,
    method: 'GET',
    handle: (request) => {
      const { catalog } = request;
      const name = request.params['*'] ?? '';
      const document = documents.mirror(catalog, name);
      if (document) {
        // RFC 6596: the page this file mirrors.
        return markdownAnswer(documents.markdown(catalog, document), {
          link: `<${urlOf(catalog.base_url, document.path)}>; rel="canonical"`,
          'content-language': document.locale,
          ...contentUsageHeader(usageOf(catalog, document)),
        });
      }
      // A page or product another locale has not translated: the default locale's text, which says so first.
      const untranslated = untranslatedMirror(catalog, name);
      if (!untranslated) throw notFound(`There is no markdown mirror at ${clip(request.path, 120)}.`, `Every mirror is listed in ${urlOf(catalog.base_url, ROUTES.llmsTxt.pattern)}.`);
      const shown = untranslated.document;
      return markdownAnswer(withNote(documents.markdown(catalog, shown), untranslated.note), {
        link: `<${urlOf(catalog.base_url, shown.path)}>; rel="canonical"`,
        'content-language': shown.locale,
        ...contentUsageHeader(usageOf(catalog, shown)),
      });
    },
    expand: (catalog) => [...[...registryOf(catalog).mirrors.values()].map((document) => document.markdownPath), ...untranslatedPaths(catalog).mirrors],
    exists: (catalog, params) => documents.mirror(catalog, params['*'] ?? '') !== undefined || untranslatedMirror(catalog, params['*'] ?? '') !== undefined,
  };
}

/**
 * A document made of the whole Catalog, once per Catalog: written as UTF-8
 * bytes, counted and digested once, its text not kept (llms-full.txt of
 * 10,000 articles is 33 MB of bytes, twice that as a JavaScript string). A
 * document built in pieces is built a slice at a time, answering the
 * requests that arrive meanwhile; the requests for it wait for the one build.
 * `content`: the content itself in markdown (llms.txt), with the
 * `x-markdown-tokens` estimate of its size and the site's Content-Usage.
 */
export function wholeContentRoute(pattern: string, type: string, build: (catalog: Catalog) => string | Iterable<string>, content = false): Route {
  const built = perCatalog(async (catalog): Promise<Answer> => {
    const pause = pauseEverySlice();
    // Each slice's pieces are written as one buffer: fewer, larger allocations than one a piece.
    const parts: Buffer[] = [];
    let slice = '';
    let characters = 0;
    const made = build(catalog);
    for (const piece of typeof made === 'string' ? [made] : made) {
      slice += piece;
      if (content) characters += characterCount(piece);
      const paused = pause();
      if (paused) {
        parts.push(Buffer.from(slice));
        slice = '';
        await paused;
      }
    }
    if (slice !== '' || parts.length === 0) parts.push(Buffer.from(slice));
    // Kept in its slices, written one after the other: joining 33 MB would hold every other request meanwhile.
    const bytes = parts.length === 1 ? parts[0]! : parts;
    const headers = content ? { 'x-markdown-tokens': String(tokensOf(characters)), ...contentUsageHeader(catalog.site.ai_usage) } : {};
    return { ...answer(200, type, bytes, headers), digest: digestOf(bytes) };
  });
  return {
    pattern,
    method: 'GET',
    handle: ({ catalog }) => built(catalog),
    expand: () => [pattern],
  };
}

/**
 * The engine's own files under /assets/: the stylesheet under its hash
 * (linked by every page) kept a year, the same at its plain name for old
 * links, and the letter icon; the WebMCP script under its hash, and the
 * tools it offers, described for the content in force.
 */
const assetFiles = perCatalog(
  (catalog): ReadonlyMap<string, { readonly type: string; readonly body: string; readonly cache?: CacheRule }> =>
    new Map([
      [STYLESHEET_FILE, { type: 'text/css; charset=utf-8', body: STYLESHEET, cache: 'immutable' as const }],
      ['site.css', { type: 'text/css; charset=utf-8', body: STYLESHEET }],
      [FAVICON_FILE, { type: 'image/svg+xml; charset=utf-8', body: favicon(catalog) }],
      [WEBMCP_SCRIPT_FILE, { type: 'text/javascript; charset=utf-8', body: WEBMCP_SCRIPT, cache: 'immutable' as const }],
      [WEBMCP_TOOLS_FILE, { type: 'application/json; charset=utf-8', body: `${JSON.stringify(browserTools(catalog))}\n` }],
    ]),
);

export const assetRoute: Route = {
  pattern: ROUTES.asset.pattern,
  method: 'GET',
  handle: (request) => {
    const file = assetFiles(request.catalog).get(request.params.file ?? '');
    if (!file) throw notFound(`There is no file at ${clip(request.path, 120)}.`, 'The stylesheet, icon and script are linked from every page.');
    return { ...answer(200, file.type, file.body), ...(file.cache ? { cache: file.cache } : {}) };
  },
  expand: (catalog) => [...assetFiles(catalog).keys()].map(paths.asset),
  exists: (catalog, params) => assetFiles(catalog).has(params.file ?? ''),
};

export const faviconRoute: Route = {
  pattern: ROUTES.favicon.pattern,
  method: 'GET',
  handle: ({ catalog }) => {
    const icon = catalog.site.icons.ico;
    const file = icon && catalog.media.get(mediaKey(catalog, icon.url));
    if (!file) throw notFound('This site has no favicon.ico.', 'Its icons are linked from every page.');
    return answer(200, file.media_type, file.bytes);
  },
  expand: (catalog) => (catalog.site.icons.ico ? [ROUTES.favicon.pattern] : []),
};

/**
 * Content files under a hash of their bytes: a new file is a new URL, so
 * each may be kept forever. A picture's widths and formats are files the
 * content names; any other is a 404, never made on demand.
 */
export function mediaRoute(pictures: PictureMaker): Route {
  return {
    pattern: ROUTES.media.pattern,
    method: 'GET',
    handle: async (request) => {
      const file = request.catalog.media.get(request.params['*'] ?? '');
      if (!file) throw notFound(`There is no file at ${clip(request.path, 120)}.`, 'Files change address when they change: follow the links of the current pages.');
      const bytes = file.made ? await pictures.bytes({ ...file, made: file.made }) : file.bytes;
      return { ...answer(200, file.media_type, bytes), cache: 'immutable' };
    },
    expand: (catalog) => [...catalog.media.keys()].map((key) => `${MEDIA_PREFIX}/${key}`),
    exists: (catalog, params) => catalog.media.has(params['*'] ?? ''),
    // Read from the disk (and made first, for a new picture) when asked: not worth the answer cache's room ahead of requests.
    preparedAhead: false,
  };
}

/** The feed at a site path. */
function feedAt(catalog: Catalog, path: string) {
  return registryOf(catalog).feeds.find((feed) => feed.path === path);
}

export const feedRoute: Route = {
  pattern: ROUTES.feed.pattern,
  method: 'GET',
  handle: (request) => {
    const { catalog } = request;
    const feed = feedAt(catalog, request.path);
    if (!feed) throw notFound(`There is no feed at ${clip(request.path, 120)}.`, `The feeds are ${registryOf(catalog).feeds.map((f) => f.path).join(', ')}.`);
    return answer(200, 'application/atom+xml; charset=utf-8', atomFeed(catalog, feed.locale), contentUsageHeader(catalog.site.ai_usage));
  },
  expand: (catalog) => registryOf(catalog).feeds.map((feed) => feed.path),
  exists: (catalog, params) => feedAt(catalog, paths.feed(params.file?.replace(/\.xml$/, '') ?? '')) !== undefined,
};
