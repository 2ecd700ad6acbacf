import type { Address, Catalog, Post, Product } from '../content/types.js';
import { languageName, longDate } from './format.js';
import type { Html } from './html.js';
import { html, safeHref } from './html.js';
import type { Heading } from './render-markdown.js';
import { sitePath } from './site-map.js';

/** Pieces of markup several pages share. */

/** "coming-soon" -> "Coming soon". */
export function statusLabel(status: string): string {
  const words = status.replace(/[-_]+/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** "early_access" -> "Early access". */
export function fieldLabel(name: string): string {
  return statusLabel(name);
}

export function statusBadge(status: string): Html {
  return html`<span class="badge badge-${status}">${statusLabel(status)}</span>`;
}

export function pageHero(title: string, lead: string, extra: Html | string = ''): Html {
  return html`<div class="hero"><div class="container">
<h1>${title}</h1>
<p class="lead">${lead}</p>
${extra}
</div></div>`;
}

/** "On this page": the second-level headings, when there are enough to need it. */
export function tableOfContents(headings: readonly Heading[]): Html | '' {
  const sections = headings.filter((h) => h.level === 2);
  if (sections.length < 3) return '';
  return html`<nav class="toc" aria-label="On this page">
<p class="toc-title">On this page</p>
<ol>${sections.map((h) => html`<li><a href="#${h.id}">${h.text}</a></li>`)}</ol>
</nav>`;
}

export function tagList(tags: readonly string[], hrefOf: (tag: string) => string): Html | '' {
  if (tags.length === 0) return '';
  return html`<ul class="tags" aria-label="Tags">${tags.map((tag) => html`<li><a class="tag" href="${hrefOf(tag)}">${tag}</a></li>`)}</ul>`;
}

export const productTagHref = (tag: string) => `/products?${new URLSearchParams({ tag })}`;
export const postCategoryHref = (category: string) => `/blog?${new URLSearchParams({ category })}`;

export function productCard(catalog: Catalog, product: Product, headingLevel: 2 | 3 = 2): Html {
  const heading = html`<a href="${sitePath(catalog, product.url)}">${product.name}</a>`;
  return html`<li class="card product-card">
<div class="card-head">${headingLevel === 2 ? html`<h2>${heading}</h2>` : html`<h3>${heading}</h3>`}${statusBadge(product.status)}</div>
<p>${product.summary}</p>
${tagList(product.tags, productTagHref)}
</li>`;
}

export function readingTime(post: Post): string {
  return `${post.reading_time_minutes} min read`;
}

export function postMeta(post: Post, defaultLocale: string): Html {
  return html`<p class="meta"><time datetime="${post.published_at}">${longDate(post.published_at, post.locale)}</time>
<span aria-hidden="true">·</span> <a class="chip" href="${postCategoryHref(post.category)}">${post.category}</a>
<span aria-hidden="true">·</span> ${readingTime(post)}
<span aria-hidden="true">·</span> <span class="locale" lang="${defaultLocale}">${languageName(post.locale, defaultLocale)}</span></p>`;
}

export function postItem(catalog: Catalog, post: Post, headingLevel: 2 | 3 = 2): Html {
  const heading = html`<a href="${sitePath(catalog, post.url)}">${post.title}</a>`;
  return html`<li class="post-item" lang="${post.locale}">
${headingLevel === 2 ? html`<h2>${heading}</h2>` : html`<h3>${heading}</h3>`}
${postMeta(post, catalog.site.default_locale)}
<p>${post.summary}</p>
</li>`;
}

/** A contact channel as a link when it is an address, a phone number or a URL. */
export function channelLink(value: string): Html {
  if (/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value)) return html`<a href="mailto:${value}">${value}</a>`;
  if (/^\+?[\d\s().-]{6,}$/.test(value)) return html`<a href="tel:${value.replace(/[^\d+]/g, '')}">${value}</a>`;
  if (/^https?:\/\//.test(value)) return html`<a href="${safeHref(value)}">${value}</a>`;
  return html`${value}`;
}

/** A postal address on three lines: street, district and city, postal code and country; `name` above them. */
export function postalAddress(address: Address, name?: string): Html {
  const a = address;
  return html`<address>${name ? html`${name}<br>` : ''}${a.street}, ${a.number}${a.complement ? `, ${a.complement}` : ''}<br>${a.district}, ${a.city} – ${a.state}<br>${a.postal_code}, ${a.country}</address>`;
}
