import type { PageRoute } from './site-map.js';
import type { Catalog } from '../content/types.js';
import { STYLESHEET_PATH, FAVICON_PATH } from './assets.js';
import { postalAddress } from './components.js';
import { languageName } from './format.js';
import type { Html, Interpolation } from './html.js';
import { html } from './html.js';
import { headerNavigation, legalNavigation } from './site-map.js';

/**
 * Every response that is an HTML document gets this policy: only the site's own
 * stylesheet and icon load, no script runs at all (the site needs none: filters
 * are plain GET forms), nothing frames the site and forms only submit to it.
 */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'none'",
  "style-src 'self'",
  "img-src 'self'",
  "base-uri 'none'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

export interface Alternate {
  readonly href: string;
  readonly hreflang: string;
  readonly title: string;
}

export interface Document {
  /** The page's own title; the site name is appended in `<title>`. */
  readonly title: string;
  readonly description: string;
  /** Site path of the page (its canonical URL is built from the base URL). */
  readonly path?: string;
  /** Site path of its markdown mirror. */
  readonly markdownPath?: string;
  /** Language of the main content (BCP 47). */
  readonly lang?: string;
  /** The same content in other languages (translations of a post). */
  readonly alternates?: readonly Alternate[];
  /** Which header link is the current page. */
  readonly current?: string;
  readonly main: Html;
  /** Atom feeds to announce. */
  readonly feeds?: readonly { href: string; title: string }[];
}

/** Atom feed of one locale's posts. */
export function feedPath(locale: string): string {
  return `/feeds/${locale}.xml`;
}

/** The whole HTML document around a page's main content. */
export function layout(catalog: Catalog, doc: Document): string {
  const { site, company } = catalog;
  const lang = doc.lang ?? site.default_locale;
  const pageTitle = doc.title === site.name ? site.name : `${doc.title} · ${site.name}`;
  const nav = headerNavigation(catalog);
  const legal = legalNavigation(catalog);
  const feeds = doc.feeds ?? [];
  const link = (path: string, label: Interpolation, current: boolean) =>
    html`<a href="${path}"${current ? html` aria-current="page"` : ''}>${label}</a>`;

  return `<!doctype html>\n${html`<html lang="${lang}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light dark">
<title>${pageTitle}</title>
<meta name="description" content="${doc.description}">
${doc.path === undefined ? '' : html`<link rel="canonical" href="${catalog.base_url}${doc.path}">`}
${doc.markdownPath === undefined ? '' : html`<link rel="alternate" type="text/markdown" href="${doc.markdownPath}" title="Markdown">`}
${(doc.alternates ?? []).map((a) => html`<link rel="alternate" hreflang="${a.hreflang}" href="${a.href}" title="${a.title}">\n`)}
${feeds.map((f) => html`<link rel="alternate" type="application/atom+xml" href="${f.href}" title="${f.title}">\n`)}
<link rel="stylesheet" href="${STYLESHEET_PATH}">
<link rel="icon" href="${FAVICON_PATH}" type="image/svg+xml">
</head>
<body>
<a class="skip-link" href="#main">Skip to content</a>
<header class="site-header">
  <div class="container header-inner">
    <a class="brand" href="/"${doc.path === '/' ? html` aria-current="page"` : ''}><span class="brand-mark" aria-hidden="true">${site.name.charAt(0)}</span>${site.name}</a>
    <nav class="site-nav" aria-label="Main">
      <ul>
        ${nav.map((route) => html`<li>${link(route.path, route.title, doc.current === route.path)}</li>`)}
      </ul>
    </nav>
  </div>
</header>
<main id="main" tabindex="-1">
${doc.main}
</main>
<footer class="site-footer">
  <div class="container footer-inner">
    <section class="footer-company" aria-label="Company">
      <p class="footer-brand">${company.legal_name}</p>
      <p>CNPJ ${company.cnpj}</p>
      ${postalAddress(company.address)}
    </section>
    <nav class="footer-nav" aria-label="Footer">
      <ul>
        ${legal.map((route) => html`<li>${link(route.path, route.title, doc.current === route.path)}</li>`)}
        <li><a href="/developers">API and MCP</a></li>
        ${doc.markdownPath === undefined ? '' : html`<li><a href="${doc.markdownPath}" type="text/markdown">This page as markdown</a></li>`}
        <li><a href="/llms.txt" type="text/plain">llms.txt</a></li>
        <li><a href="/sitemap.xml" type="application/xml">Sitemap</a></li>
        ${site.locales.map((locale) => html`<li><a href="${feedPath(locale)}" type="application/atom+xml" hreflang="${locale}">Feed (${languageName(locale, site.default_locale)})</a></li>`)}
      </ul>
    </nav>
  </div>
</footer>
</body>
</html>
`}`;
}

/** The whole HTML document of one site route: its title, description, mirror and navigation state. */
export function routeDocument(catalog: Catalog, route: PageRoute, main: Html): string {
  return layout(catalog, {
    title: route.title,
    description: route.description,
    path: route.path,
    markdownPath: route.markdownPath,
    current: route.path,
    main,
  });
}
