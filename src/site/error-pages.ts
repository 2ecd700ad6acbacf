import type { Catalog } from '../content/types.js';
import type { ErrorRenderer } from '../http/pipeline.js';
import { answer } from '../http/answer.js';
import type { ProblemError } from '../http/problem.js';
import { PROBLEM_TYPE } from '../http/problem.js';
import { problemDocument } from '../model/problems.js';
import type { Incoming } from '../http/request.js';
import { clip } from '../query/errors.js';
import { MARKDOWN_PREFIX } from '../routes/table.js';
import { html } from './html.js';
import { layout } from './layout.js';
import { linkText } from '../documents/page-markdown.js';
import { labelled } from '../documents/format.js';
import { htmlAnswer, markdownAnswer, preferredErrorFormat, VARY } from './negotiate.js';
import type { Words } from '../documents/words.js';
import { localeOfPath, siteLocale, wordsOf } from '../documents/words.js';
import { preferredLocale } from '../i18n/accept-language.js';
import { headerNavigation, linkTo, sitePath } from '../documents/site-map.js';

/**
 * Site-scope failures (unknown routes, 405s, bad filters) as a page a person
 * can use: HTML by default, markdown to `Accept: text/markdown`, and the
 * problem document of the API to a client that prefers JSON, with the
 * problem's status and headers (`Allow`).
 */

/** Problems a route words for the page's reader, in the page's language: shown as they are. */
const WORDED = new WeakSet<ProblemError>();

/** `problem`, worded by its route for a reader of the page, in its language. */
export function forReaders(problem: ProblemError): ProblemError {
  WORDED.add(problem);
  return problem;
}

interface Wording {
  readonly title: string;
  readonly message: string;
  readonly hint?: string;
}


/**
 * What the page says, in its language: the site's own words for a page not
 * found, a method not allowed or a failure; a bad parameter's detail and hint
 * are those of the form that refused it.
 */
function wording(problem: ProblemError, request: Incoming, w: Words): Wording {
  const path = clip(request.path, 120);
  switch (problem.code) {
    // Unless its route worded it for the reader, a page not found is told in the site's own words; the links below lead on.
    case 'not_found':
      return WORDED.has(problem) ? { title: w('error.page_not_found'), message: problem.init.detail, hint: problem.init.hint } : { title: w('error.page_not_found'), message: w('error.no_page_at', { path }), hint: w('error.may_have_moved') };
    case 'method_not_allowed':
      // The Allow header the pipeline set names what the path does answer.
      return problem.init.headers?.allow === 'GET, HEAD'
        ? { title: w('error.method_not_allowed'), message: w('error.read_only', { path, method: request.method }), hint: w('error.open_with_get', { path }) }
        : { title: w('error.method_not_allowed'), message: w('error.answers_only', { path, allow: problem.init.headers?.allow ?? '', method: request.method }), hint: problem.init.hint };
    case 'invalid_parameter':
    case 'missing_parameter':
      return { title: w('error.bad_address'), message: problem.init.detail, hint: problem.init.hint };
    case 'internal_error':
      return { title: w('error.something_wrong'), message: w('error.could_not_show'), hint: w('error.try_again') };
    default:
      return { title: problem.title, message: problem.init.detail, hint: problem.init.hint };
  }
}

/** Where to go from an error: the product list when the path was under it, then every page of the path's language. */
function suggestions(catalog: Catalog, path: string, locale: string, w: Words): { href: string; label: string }[] {
  const links: { href: string; label: string }[] = [{ href: siteLocale(catalog, locale).pagePath('index'), label: w('error.home') }];
  if (path.startsWith('/products/')) {
    links.push(...catalog.products.map((p) => ({ href: sitePath(catalog, p.url), label: p.name })));
  }
  links.push(...headerNavigation(catalog, locale).map((route) => ({ href: route.path, label: route.title })));
  return links;
}

export function siteErrorRenderer(): ErrorRenderer {
  return (problem, request) => {
    const { catalog } = request;
    // A markdown URL is answered in markdown, or as a problem document to a client that prefers one: never as a page of HTML.
    const mirror = request.path === MARKDOWN_PREFIX || request.path.startsWith(`${MARKDOWN_PREFIX}/`);
    const asked = preferredErrorFormat(request.headers);
    const format = mirror && asked === 'html' ? 'markdown' : asked;
    if (format === 'problem') {
      const document = problemDocument(problem, catalog.base_url, clip(request.path, 200));
      return answer(problem.status, PROBLEM_TYPE, JSON.stringify(document), { vary: VARY, ...problem.init.headers });
    }
    const locale = errorLocale(catalog, mirror ? request.path.slice(MARKDOWN_PREFIX.length) : request.path, request.headers['accept-language']);
    const w = wordsOf(catalog, locale);
    const words = wording(problem, request, w);
    const links = suggestions(catalog, request.path, locale, w);
    const headers = { ...problem.init.headers };

    if (format === 'markdown') {
      const body = `# ${words.title}\n\n${labelled(locale, String(problem.status), words.message)}\n\n${words.hint ?? ''}\n\n${links
        .map((link) => `- [${linkText(link.label)}](${catalog.base_url}${link.href})`)
        .join('\n')}\n`.replace(/\n{3,}/g, '\n\n');
      return markdownAnswer(body, headers, problem.status);
    }

    return htmlAnswer(
      layout(catalog, {
        title: words.title,
        description: words.message,
        locale,
        noindex: true,
        main: html`<div class="container error-page"><div class="column">
<p class="status">${problem.status}</p>
<h1>${words.title}</h1>
<p class="lead">${words.message}</p>
${words.hint ? html`<p>${words.hint}</p>` : ''}
<nav aria-label="${w('error.suggested_pages')}"><ul class="inline-list">${links.map((link) => html`<li><a href="${linkTo(catalog, link.href)}">${link.label}</a></li>`)}</ul></nav>
</div></div>`,
      }),
      problem.status,
      headers,
    );
  };
}

/**
 * The language of an error page: its path's locale (`/fr/...`); for a path
 * that names none (an article's `/blog/<slug>`, a mistyped page), the one
 * of the site's locales the reader's Accept-Language prefers, else the
 * default locale.
 */
function errorLocale(catalog: Catalog, path: string, acceptLanguage: string | string[] | undefined): string {
  const first = path.split('/')[1] ?? '';
  if (catalog.site.locales.includes(first)) return localeOfPath(catalog, path);
  const header = Array.isArray(acceptLanguage) ? acceptLanguage.join(',') : acceptLanguage;
  return preferredLocale(header, catalog.site.locales) ?? catalog.site.default_locale;
}
