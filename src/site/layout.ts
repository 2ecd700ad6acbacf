import type { PageRoute } from '../documents/site-map.js';
import type { Catalog } from '../content/types.js';
import { STYLESHEET_PATH, FAVICON_PATH, WEBMCP_SCRIPT_PATH, WEBMCP_TOOLS_PATH } from './assets.js';
import { picture, postalAddress } from './components.js';
import { languageName, ownLanguageName } from '../documents/format.js';
import type { Html, Interpolation } from './html.js';
import { html } from './html.js';
import { wordsOf, siteLocale } from '../documents/words.js';
import { identifierLabel } from '../content/identifier-labels.js';
import { headerNavigation, href, legalNavigation, linkTo, navigationRoute, routeTranslations } from '../documents/site-map.js';
import { paths, ROUTES } from '../routes/table.js';

/**
 * Every response that is an HTML document gets this policy: only the site's own
 * stylesheet, images, manifest and one script load (the script offers the
 * site's tools to an agent in the browser, where the browser has WebMCP; the
 * site needs no script: filters and search are plain GET forms, JSON-LD is
 * data, not script, and no inline script runs), the page may fetch its own
 * origin (that script reads the JSON API; a browser's or crawler's tools read
 * robots.txt and the manifest that way), nothing frames the site and forms
 * only submit to it.
 */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self'",
  "connect-src 'self'",
  "manifest-src 'self'",
  "base-uri 'none'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

/** The same page in another language. */
export interface Translation {
  readonly locale: string;
  /** Its site path or absolute URL. */
  readonly href: string;
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
  /** Language of the page and its frame (BCP 47); the site's default when absent. */
  readonly locale?: string;
  /** The same page in the other languages it exists in. */
  readonly translations?: readonly Translation[];
  /** Which header link is the current page. */
  readonly current?: string;
  readonly main: Html;
  /** Atom feeds to announce. */
  readonly feeds?: readonly { href: string; title: string }[];
  /** More of `<head>`: share card tags, structured data. */
  readonly head?: Html | '';
  /** Kept out of search engines' indexes (search results, errors). */
  readonly noindex?: boolean;
  /** A sentence shown above the page, in its own language: that the page is not in the language asked for. */
  readonly notice?: { readonly text: string; readonly locale: string };
}

/** Atom feed of one locale's posts. */
export const feedPath = paths.feed;

export const MANIFEST_PATH = ROUTES.manifest.pattern;

/** `<link>`s to the site's icons: the content's, else the generated letter icon. */
function iconLinks(catalog: Catalog): Html {
  const { svg, png, png_small, touch } = catalog.site.icons;
  const raster = png_small ?? png;
  if (!svg && !raster) return html`<link rel="icon" href="${href(catalog, FAVICON_PATH)}" type="image/svg+xml">`;
  const path = (url: string) => linkTo(catalog, url);
  return html`${svg ? html`<link rel="icon" href="${path(svg.url)}" type="image/svg+xml">` : ''}
${raster ? html`<link rel="icon" href="${path(raster.url)}" type="image/png" sizes="${raster.width}x${raster.height}">` : ''}
${touch ? html`<link rel="apple-touch-icon" href="${path(touch.url)}">` : ''}`;
}

/** The header's brand: the company logo when the content has one, else the name beside its initial. */
function brand(catalog: Catalog, home: string, current: boolean): Html {
  const { site, company } = catalog;
  const currentAttr = current ? html` aria-current="page"` : '';
  if (company.logo) {
    const logo = company.logo;
    // A raster logo in its widths: it is shown 2.5rem high (site.css, .brand-logo).
    const shown = logo.variants.length
      ? picture(catalog, { ...logo, alt: site.name }, { className: 'brand-logo', sizes: `${Math.ceil((40 * logo.width) / logo.height)}px` })
      : html`<img class="brand-logo" src="${linkTo(catalog, logo.url)}" alt="${site.name}" width="${logo.width}" height="${logo.height}">`;
    return html`<a class="brand" href="${href(catalog, home)}"${currentAttr}>${shown}</a>`;
  }
  return html`<a class="brand" href="${href(catalog, home)}"${currentAttr}><span class="brand-mark" aria-hidden="true">${site.name.charAt(0)}</span>${site.name}</a>`;
}

/**
 * Links to the other languages: to this page's translations when it has
 * some, else to the home page of each other language.
 */
function languageSwitch(catalog: Catalog, locale: string, translations: readonly Translation[]): Html | '' {
  const others = catalog.site.locales.filter((l) => l !== locale);
  if (others.length === 0) return '';
  const links = others.map((other) => {
    const translation = translations.find((t) => t.locale === other);
    const target = translation ? translation.href : siteLocale(catalog, other).pagePath('index');
    return html`<li><a href="${linkTo(catalog, target)}" hreflang="${other}" lang="${other}">${ownLanguageName(other)}</a></li>`;
  });
  const w = wordsOf(catalog, locale);
  return html`<ul class="language-switch" aria-label="${w('frame.languages')}">${links}</ul>`;
}

/** The whole HTML document around a page's main content. */
export function layout(catalog: Catalog, doc: Document): string {
  const { site, company } = catalog;
  const locale = doc.locale ?? site.default_locale;
  const here = siteLocale(catalog, locale);
  const w = here.words;
  const pageTitle = doc.title === site.name ? site.name : `${doc.title} · ${site.name}`;
  const nav = headerNavigation(catalog, locale);
  const legal = legalNavigation(catalog, locale);
  const developers = navigationRoute(catalog, 'developers', locale);
  const feeds = doc.feeds ?? [];
  const translations = doc.translations ?? [];
  const home = here.pagePath('index');
  const searchPath = here.pagePath('search');
  const link = (path: string, label: Interpolation, current: boolean) =>
    html`<a href="${href(catalog, path)}"${current ? html` aria-current="page"` : ''}>${label}</a>`;
  const navList = html`<ul>
        ${nav.map((route) => html`<li>${link(route.path, route.title, doc.current === route.path)}</li>`)}
        <li>${link(searchPath, w('search.title'), doc.current === searchPath)}</li>
      </ul>`;
  // RFC 8288 alternates by language (hreflang), with x-default: the default locale's version, else this one.
  const versions = doc.path === undefined || translations.length === 0 ? [] : [{ locale, href: `${catalog.base_url}${doc.path}` }, ...translations.map((t) => ({ locale: t.locale, href: absolute(catalog, t.href) }))];
  const fallback = versions.find((v) => v.locale === site.default_locale) ?? versions[0];

  return `<!doctype html>\n${html`<html lang="${locale}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light dark">
<title>${pageTitle}</title>
<meta name="description" content="${doc.description}">
${doc.noindex ? html`<meta name="robots" content="noindex">` : ''}
${doc.path === undefined ? '' : html`<link rel="canonical" href="${catalog.base_url}${doc.path}">`}
${versions.map((v) => html`<link rel="alternate" hreflang="${v.locale}" href="${v.href}">\n`)}
${fallback ? html`<link rel="alternate" hreflang="x-default" href="${fallback.href}">` : ''}
${doc.markdownPath === undefined ? '' : html`<link rel="alternate" type="text/markdown" href="${href(catalog, doc.markdownPath)}" title="Markdown">`}
${feeds.map((f) => html`<link rel="alternate" type="application/atom+xml" href="${f.href}" title="${f.title}">\n`)}
<link rel="stylesheet" href="${href(catalog, STYLESHEET_PATH)}">
${iconLinks(catalog)}
<link rel="manifest" href="${href(catalog, MANIFEST_PATH)}">
<script src="${href(catalog, WEBMCP_SCRIPT_PATH)}" data-tools="${href(catalog, WEBMCP_TOOLS_PATH)}" defer></script>
${doc.head ?? ''}
</head>
<body>
<a class="skip-link" href="#main">${w('frame.skip_to_content')}</a>
<header class="site-header">
  <div class="container header-inner">
    ${brand(catalog, home, doc.path === home)}
    <nav class="site-nav" aria-label="${w('frame.main_navigation')}">
      ${navList}
    </nav>
    ${languageSwitch(catalog, locale, translations)}
    <details class="nav-menu">
      <summary>${w('frame.menu')}</summary>
      <nav aria-label="${w('frame.main_navigation')}">
      ${navList}
      </nav>
    </details>
  </div>
</header>
<main id="main" tabindex="-1">
${doc.notice ? html`<div class="container"><p class="notice" lang="${doc.notice.locale}" role="note">${doc.notice.text}</p></div>` : ''}
${doc.main}
</main>
<footer class="site-footer">
  <div class="container footer-inner">
    <section class="footer-company" aria-label="${w('frame.company')}">
      <p class="footer-brand">${company.legal_name}</p>
      ${company.identifiers.map((identifier) => html`<p>${identifierLabel(identifier, w)} ${identifier.value}</p>`)}
      ${postalAddress(company.address, locale)}
    </section>
    <nav class="footer-nav" aria-label="${w('frame.footer_navigation')}">
      <ul>
        ${legal.map((route) => html`<li>${link(route.path, route.title, doc.current === route.path)}</li>`)}
        ${developers ? html`<li><a href="${developers.href}">${w('frame.api_and_mcp')}</a></li>` : ''}
        ${doc.markdownPath === undefined ? '' : html`<li><a href="${href(catalog, doc.markdownPath)}" type="text/markdown">${w('frame.page_as_markdown')}</a></li>`}
        <li><a href="${href(catalog, ROUTES.llmsTxt.pattern)}" type="text/plain">llms.txt</a></li>
        <li><a href="${href(catalog, ROUTES.sitemap.pattern)}" type="application/xml">${w('frame.sitemap')}</a></li>
        ${site.locales.map((l) => html`<li><a href="${href(catalog, feedPath(l))}" type="application/atom+xml" hreflang="${l}">${w('frame.feed', { language: languageName(l, locale) })}</a></li>`)}
      </ul>
    </nav>
  </div>
</footer>
</body>
</html>
`}`;
}

function absolute(catalog: Catalog, href: string): string {
  return href.startsWith('/') ? `${catalog.base_url}${href}` : href;
}

/** The whole HTML document of one site route: its title, description, mirror, language versions and navigation state. */
export function routeDocument(catalog: Catalog, route: PageRoute, main: Html, more: Partial<Document> = {}): string {
  return layout(catalog, {
    title: route.title,
    description: route.description,
    path: route.path,
    markdownPath: route.markdownPath,
    locale: route.locale,
    translations: routeTranslations(catalog, route).map((t) => ({ locale: t.locale, href: t.path, title: t.title })),
    current: route.path,
    main,
    ...more,
  });
}
