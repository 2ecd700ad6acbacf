import type { Catalog } from '../content/types.js';
import { API_PREFIX } from '../content/paths.js';
import type { RateLimitPolicy } from '../http/rate-limit.js';
import { versionsInWords } from '../mcp/versions.js';
import { languageName } from './format.js';
import { siteLocale } from './i18n.js';
import { escapeHtml } from './html.js';
import { feedPath } from './layout.js';
import { companyMarkdown, contentPageMarkdown, linkText, postMarkdown, productMarkdown } from './mirrors.js';
import { renderMarkdown } from './render-markdown.js';
import { pageRoutes, siteUrls } from './site-map.js';

/** Documents for crawlers and agents: llms.txt, llms-full.txt, the sitemap, robots.txt and the feeds. */

/** A one-line note for a link: no line breaks, which would end the list item. */
const note = (text: string) => text.replace(/\s+/g, ' ').trim();

/**
 * /llms.txt (llmstxt.org): an H1 with the site's name, a `>` summary, a few
 * lines on how to read the site, then H2 sections of `- [name](url): note`
 * links, each to a markdown mirror. "Optional" is the section the proposal
 * lets a reader skip when its context is short.
 */
export function llmsTxt(catalog: Catalog, quota: RateLimitPolicy): string {
  const { site, company, base_url: base } = catalog;
  const pages = pageRoutes(catalog).map((r) => `- [${linkText(r.title)}](${base}${r.markdownPath}): ${note(r.description)}`);
  const products = catalog.products.map((p) => `- [${linkText(p.name)}](${p.markdown_url}): ${note(p.summary)} (status: ${p.status})`);
  const blogs = site.locales.flatMap((locale) => {
    const posts = catalog.posts.filter((p) => p.locale === locale);
    if (posts.length === 0) return [];
    return [
      `## Blog (${languageName(locale, site.default_locale)})`,
      posts.map((p) => `- [${linkText(p.title)}](${p.markdown_url}): ${p.published_at.slice(0, 10)}, ${p.category}. ${note(p.summary)}`).join('\n'),
    ];
  });
  return `${[
    `# ${site.name}`,
    `> ${note(site.description)}`,
    `${company.legal_name} (CNPJ ${company.cnpj}) publishes this site's content read-only. Every page has a markdown mirror (linked below, or send \`Accept: text/markdown\` to any page). The same content is served as JSON under ${base}${API_PREFIX} and by an MCP server at ${base}/mcp, anonymously.`,
    '## Company',
    `- [${linkText(company.legal_name)}](${company.markdown_url}): legal name, CNPJ, address, contact channels and official profiles.`,
    '## Pages',
    pages.join('\n'),
    ...(products.length ? ['## Products', products.join('\n')] : []),
    ...blogs,
    '## API',
    [
      `- [Developer portal](${base}/md/developers.md): every endpoint with examples, the MCP server, errors, rate limits, versioning.`,
      `- [OpenAPI description](${base}/openapi.json): OpenAPI 3.1 of the JSON API.`,
      `- [API index](${base}${API_PREFIX}): the map of every resource.`,
      `- [MCP server](${base}/mcp): Model Context Protocol (revisions ${versionsInWords()}), Streamable HTTP, POST only: tools, markdown resources, prompts and completions.`,
      `- [Rate limits](${base}/developers#rate-limits): ${quota.limit} requests per ${quota.windowSeconds} s per client address over the API and MCP together, stated in every answer's RateLimit headers.`,
    ].join('\n'),
    '## Optional',
    [`- [Full content](${base}/llms-full.txt): every page, product and article in one markdown file.`, `- [Sitemap](${base}/sitemap.xml): every page of the site.`].join('\n'),
  ].join('\n\n')}\n`;
}

/** /llms-full.txt: the whole content inline, each document its mirror, separated by rules. */
export function llmsFullTxt(catalog: Catalog): string {
  const { site } = catalog;
  const documents = [
    companyMarkdown(catalog.company),
    ...pageRoutes(catalog).map((route) => contentPageMarkdown(catalog, route)),
    ...catalog.products.map(productMarkdown),
    ...catalog.posts.map(postMarkdown),
  ];
  return `# ${site.name}\n\n> ${note(site.description)}\n\n${documents.map((d) => d.trim()).join('\n\n---\n\n')}\n`;
}

/** /sitemap.xml (sitemaps.org protocol 0.9): every site route with its last change. */
export function sitemapXml(catalog: Catalog): string {
  // Each language version of a page lists every version, itself included (Google's "Tell Google about localized versions").
  const urls = siteUrls(catalog).map(
    (u) =>
      `  <url>\n    <loc>${escapeHtml(u.loc)}</loc>\n${u.lastmod ? `    <lastmod>${escapeHtml(u.lastmod)}</lastmod>\n` : ''}${(u.alternates ?? [])
        .map((a) => `    <xhtml:link rel="alternate" hreflang="${escapeHtml(a.hreflang)}" href="${escapeHtml(a.href)}"/>\n`)
        .join('')}  </url>`,
  );
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n${urls.join('\n')}\n</urlset>\n`;
}

/** /robots.txt (RFC 9309): everything may be crawled; the sitemap and the agents' index are named. */
export function robotsTxt(catalog: Catalog): string {
  return `# ${catalog.site.name}: every page is public. Agents: ${catalog.base_url}/llms.txt lists the markdown mirrors.\nUser-agent: *\nAllow: /\n\nSitemap: ${catalog.base_url}/sitemap.xml\n`;
}

/** The Atom feed (RFC 4287) of one locale's articles, newest first, with their full text. */
export function atomFeed(catalog: Catalog, locale: string): string {
  const { site, base_url: base } = catalog;
  const posts = catalog.posts.filter((p) => p.locale === locale);
  const self = `${base}${feedPath(locale)}`;
  const updated = posts.map((p) => p.updated_at ?? p.published_at).sort().at(-1) ?? catalog.loaded_at;
  const x = escapeHtml;
  const entries = posts.map(
    (p) => `  <entry>
    <title>${x(p.title)}</title>
    <id>${x(p.url)}</id>
    <link rel="alternate" type="text/html" href="${x(p.url)}"/>
    <link rel="alternate" type="text/markdown" href="${x(p.markdown_url)}"/>
    <published>${x(p.published_at)}</published>
    <updated>${x(p.updated_at ?? p.published_at)}</updated>
    <author><name>${x(p.author)}</name></author>
    <category term="${x(p.category)}"/>
    <summary>${x(p.summary)}</summary>
${p.image ? `    <link rel="enclosure" type="${x(p.image.media_type)}" href="${x(p.image.url)}"/>\n` : ''}
    <content type="html">${x(`${p.image ? `<p><img src="${x(p.image.url)}" alt="${x(p.image.alt)}" width="${p.image.width}" height="${p.image.height}"></p>\n` : ''}${renderMarkdown(p.markdown).html.toString()}`)}</content>
  </entry>`,
  );
  return `<?xml version="1.0" encoding="utf-8"?>
<feed xmlns="http://www.w3.org/2005/Atom" xml:lang="${x(locale)}">
  <title>${x(`${site.name} (${languageName(locale)})`)}</title>
  <subtitle>${x(site.description)}</subtitle>
  <id>${x(self)}</id>
  <link rel="self" type="application/atom+xml" href="${x(self)}"/>
  <link rel="alternate" type="text/html" href="${x(`${base}${siteLocale(catalog, locale).pagePath('blog')}`)}"/>
  <updated>${x(updated)}</updated>
  <author><name>${x(catalog.company.trade_name)}</name></author>
${entries.join('\n')}
</feed>
`;
}
