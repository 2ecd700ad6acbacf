import type { Catalog } from '../content/types.js';
import { descriptionIn } from '../content/site-texts.js';
import { MCP_PATH, paths, ROUTES, urlOf } from '../routes/table.js';
import { registryOf, usageOf } from '../documents/registry.js';
import { AI_USAGE_SOURCES, contentSignal, contentUsage, sameUsage, usageInWords } from '../content/ai-usage.js';
import type { RateLimitPolicy } from '../http/rate-limit.js';
import { mcpServerIdentity, versionsInWords } from '../model/protocol.js';
import { languageName } from '../documents/format.js';
import { messages } from '../i18n/catalog.js';
import { wordsOf } from '../documents/words.js';
import { identifierLabel } from '../content/identifier-labels.js';
import { addressLine } from '../i18n/address.js';
import { contentPageMarkdown, linkText } from '../documents/page-markdown.js';
import { mirrorMarkdown } from '../documents/record-markdown.js';
import { renderMarkdown } from './render-markdown.js';
import { feedImage } from './structured-data.js';
import type { BodyPictureHtml } from './render-markdown.js';
import { escapeHtml, html } from './html.js';
import { pageRoutes, siteUrls } from '../documents/site-map.js';

/** Documents for crawlers and agents: llms.txt, llms-full.txt, the sitemap, robots.txt and the feeds. */

/** A one-line note for a link: no line breaks, which would end the list item. */
const note = (text: string) => text.replace(/\s+/g, ' ').trim();

/**
 * /llms.txt (llmstxt.org): an H1 with the site's name, a `>` summary, a few
 * lines on how to read the site, then H2 sections of `- [name](url): note`
 * links, each to a markdown mirror. "Optional" is the section the proposal
 * lets a reader skip when its context is short.
 *
 * The proposal gives a site one such file, at its root, for every language
 * it has: so its own words (headings, notes, an identifier's name) are
 * English, the one language of the MCP server's descriptions and of the
 * developer reference's code, while it lists the documents of every locale,
 * each named in its own language: every locale's pages and products, each
 * locale's blog, and the company record labelled in each locale.
 */
export function llmsTxt(catalog: Catalog, quota: RateLimitPolicy): string {
  const { site, company, base_url: base } = catalog;
  const url = (path: string) => urlOf(base, path);
  const { records } = registryOf(catalog);
  const mcp = mcpServerIdentity(site.name, base);
  // Named as the English site names them ("EIN 12-3456789", "VAT DE136695976"), like the rest of this file.
  const english = messages('en');
  const identifiers = company.identifiers.map((identifier) => `${identifierLabel(identifier, english.format)} ${identifier.value}`);
  const pages = pageRoutes(catalog).map((r) => `- [${linkText(r.title)}](${url(r.markdownPath)}): ${note(r.description)}`);
  const products = records.flatMap((d) => (d.kind === 'product' ? [`- [${linkText(d.record.name)}](${d.record.markdown_url}): ${note(d.record.summary)} (status: ${d.record.status})`] : []));
  const blogs = site.locales.flatMap((locale) => {
    const posts = records.flatMap((d) => (d.kind === 'post' && d.locale === locale ? [d.record] : []));
    if (posts.length === 0) return [];
    return [
      `## Blog (${languageName(locale, 'en')})`,
      posts.map((p) => `- [${linkText(p.title)}](${p.markdown_url}): ${p.published_at.slice(0, 10)}, ${p.category}. ${note(p.summary)}`).join('\n'),
    ];
  });
  return `${[
    `# ${site.name}`,
    `> ${note(site.description)}`,
    `${company.legal_name} (${[...identifiers, addressLine(company.address)].join('; ')}) publishes this site's content read-only. Every page has a markdown mirror (linked below, or send \`Accept: text/markdown\` to any page). The same content is served as JSON under ${url(paths.api())} and by an MCP server at ${url(MCP_PATH)}, anonymously.`,
    ...usageParagraph(catalog),
    '## Company',
    records
      .flatMap((d) => (d.kind === 'company' ? [d] : []))
      .map(
        (d) =>
          `- [${linkText(company.legal_name)} (${languageName(d.locale, 'en')})](${url(d.markdownPath)}): legal name, ${company.identifiers.length ? 'identifiers, ' : ''}address, contact channels and official profiles, labelled in ${languageName(d.locale, 'en')}.`,
      )
      .join('\n'),
    '## Pages',
    pages.join('\n'),
    ...(products.length ? ['## Products', products.join('\n')] : []),
    ...blogs,
    '## API',
    [
      `- [Developer portal](${url(paths.pageMirror(site, 'developers'))}): every endpoint with examples, the MCP server, errors, rate limits, versioning.`,
      `- [OpenAPI description](${url(ROUTES.openapi.pattern)}): OpenAPI 3.1 of the JSON API.`,
      `- [API index](${url(paths.api())}): the map of every resource.`,
      `- [MCP server: ${mcp.title}](${url(MCP_PATH)}): ${mcp.name}, Model Context Protocol (revisions ${versionsInWords()}), Streamable HTTP, POST only: tools, markdown resources, prompts and completions; its card is at ${url(ROUTES.mcpServerCard.pattern)}.`,
      `- [Rate limits](${url(paths.developers(site, 'rate-limits'))}): ${quota.limit} requests per ${quota.windowSeconds} s per client address over the API and MCP together, stated in every answer's RateLimit headers.`,
    ].join('\n'),
    '## Optional',
    [`- [Full content](${url(ROUTES.llmsFullTxt.pattern)}): every page, product and article in one markdown file.`, `- [Sitemap](${url(ROUTES.sitemap.pattern)}): every page of the site.`].join('\n'),
  ].join('\n\n')}\n`;
}

/** What automated systems may do with the content, in words, and where each answer states it; nothing when the site states no preference. */
function usageParagraph(catalog: Catalog): string[] {
  const words = usageInWords(catalog.site.ai_usage);
  if (words === undefined) return [];
  return [`Usage preferences: ${words} A document may state its own: every answer carries its document's in a \`Content-Usage\` header, and ${urlOf(catalog.base_url, ROUTES.robots.pattern)} states them for every path.`];
}

/**
 * /llms-full.txt: the whole content inline, each document its mirror,
 * separated by rules; in pieces, one document each, made as they are read.
 */
export function* llmsFullTxt(catalog: Catalog): Iterable<string> {
  const { site } = catalog;
  const rule = '\n\n---\n\n';
  yield `# ${site.name}\n\n> ${note(site.description)}\n\n${mirrorMarkdown(catalog, catalog.company).trim()}`;
  for (const route of pageRoutes(catalog)) yield `${rule}${contentPageMarkdown(catalog, route).trim()}`;
  for (const d of registryOf(catalog).records) {
    if (d.kind === 'product' || d.kind === 'post') yield `${rule}${mirrorMarkdown(catalog, d.record).trim()}`;
  }
  yield '\n';
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

/**
 * /robots.txt (RFC 9309): everything may be crawled; the sitemap and the
 * agents' index are named. The site's usage preferences are stated in the
 * `*` group twice, as a Content-Signal line and as a Content-Usage rule for
 * every path; a document whose preferences differ has a rule of its own for
 * each of its addresses (`$`: that path exactly).
 */
export function robotsTxt(catalog: Catalog): string {
  const url = (path: string) => urlOf(catalog.base_url, path);
  const root = new URL(url('/')).pathname;
  const site = catalog.site.ai_usage;
  const signal = contentSignal(site);
  const usage = contentUsage(site);
  const rules = [
    ...(signal === undefined ? [] : [`Content-Signal: ${signal}`]),
    ...(usage === undefined ? [] : [`Content-Usage: ${root} ${usage}`]),
    ...documentUsageRules(catalog),
  ];
  const words = usageInWords(site);
  const comment = [
    `# ${catalog.site.name}: every page is public. Agents: ${url(ROUTES.llmsTxt.pattern)} lists the markdown mirrors.`,
    ...(rules.length ? [`# Usage preferences (Content-Signal: ${AI_USAGE_SOURCES.signals}; Content-Usage: IETF ${AI_USAGE_SOURCES.vocabulary}, ${AI_USAGE_SOURCES.attachment}).${words ? ` ${words}` : ''}`] : []),
  ];
  return `${comment.join('\n')}\nUser-agent: *\n${rules.map((rule) => `${rule}\n`).join('')}Allow: /\n\nSitemap: ${url(ROUTES.sitemap.pattern)}\n`;
}

/** A Content-Usage rule for each address of each document whose preferences are not the site's. */
function documentUsageRules(catalog: Catalog): string[] {
  const site = catalog.site.ai_usage;
  const { pages, records } = registryOf(catalog);
  const rules: string[] = [];
  for (const document of [...pages, ...records]) {
    const usage = usageOf(catalog, document);
    if (sameUsage(usage, site)) continue;
    const value = contentUsage(usage) ?? '';
    for (const path of [document.path, document.markdownPath]) rules.push(`Content-Usage: ${new URL(urlOf(catalog.base_url, path)).pathname}$ ${value}`);
  }
  return rules;
}

/** A body's picture in a feed: one `<img>` of a made variant (see feedImage), its size given; a picture from elsewhere stays as written. */
function feedPicture(catalog: Catalog): BodyPictureHtml {
  return (src, alt, title) => {
    const found = catalog.bodyPictures.get(src);
    if (!found) return undefined;
    const file = feedImage(found);
    return html`<img src="${file.url}" alt="${alt}"${title ? html` title="${title}"` : ''} width="${file.width}" height="${file.height}">`;
  };
}

/** The Atom feed (RFC 4287) of one locale's articles, newest first, with their full text. */
export function atomFeed(catalog: Catalog, locale: string): string {
  const { site, base_url: base } = catalog;
  const posts = registryOf(catalog).records.flatMap((d) => (d.kind === 'post' && d.locale === locale ? [d] : []));
  const self = urlOf(base, paths.feed(locale));
  const updated = posts.map((d) => d.updatedAt).sort().at(-1) ?? catalog.loaded_at;
  const x = escapeHtml;
  const entries = posts.map(({ record: p, updatedAt }) => {
    // A made variant in the picture's own format, as the body's pictures: feed readers show each file as it is.
    const picture = p.image && { ...feedImage(p.image), alt: p.image.alt };
    return `  <entry>
    <title>${x(p.title)}</title>
    <id>${x(p.url)}</id>
    <link rel="alternate" type="text/html" href="${x(p.url)}"/>
    <link rel="alternate" type="text/markdown" href="${x(p.markdown_url)}"/>
    <published>${x(p.published_at)}</published>
    <updated>${x(updatedAt)}</updated>
    <author><name>${x(p.author)}</name></author>
    <category term="${x(p.category)}"/>
${p.tags.map((tag, i) => `    <category term="${x(tag)}" label="${x(p.labelled_tags[i]!)}"/>\n`).join('')}    <summary>${x(p.summary)}</summary>
${picture ? `    <link rel="enclosure" type="${x(picture.media_type)}" href="${x(picture.url)}"/>\n` : ''}
    <content type="html">${x(`${picture ? `<p><img src="${x(picture.url)}" alt="${x(picture.alt)}" width="${picture.width}" height="${picture.height}"></p>\n` : ''}${renderMarkdown(p.markdown, wordsOf(catalog, p.locale), { picture: feedPicture(catalog) }).html.toString()}`)}</content>
  </entry>`;
  });
  return `<?xml version="1.0" encoding="utf-8"?>
<feed xmlns="http://www.w3.org/2005/Atom" xml:lang="${x(locale)}">
  <title>${x(`${site.name} (${languageName(locale)})`)}</title>
  <subtitle>${x(descriptionIn(site, locale))}</subtitle>
  <id>${x(self)}</id>
  <link rel="self" type="application/atom+xml" href="${x(self)}"/>
  <link rel="alternate" type="text/html" href="${x(urlOf(base, paths.page(site, 'blog', locale)))}"/>
  <updated>${x(updated)}</updated>
  <author><name>${x(catalog.company.trade_name)}</name></author>
${entries.join('\n')}
</feed>
`;
}
