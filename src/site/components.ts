import type { Catalog, Image, Post, Product } from '../content/types.js';
import type { Address } from '../i18n/address.js';
import { longDate } from '../documents/format.js';
import type { Html } from './html.js';
import { html, safeHref } from './html.js';
import type { Words } from '../documents/words.js';
import { siteLocale, wordsOf } from '../documents/words.js';
import { statusWords } from '../documents/labels.js';
import type { BodyPictureHtml, Heading } from './render-markdown.js';
import { linkTo } from '../documents/site-map.js';
import { channelUri } from '../content/channels.js';
import { tagLabel } from '../content/site-texts.js';
import { addressLines } from '../i18n/address.js';
import { MEDIA_TYPES, MODERN_FORMATS } from '../media/variants.js';

/** Pieces of markup several pages share. */

export function statusBadge(status: string, w: Words): Html {
  return html`<span class="badge badge-${status}">${statusWords(status, w)}</span>`;
}

/**
 * How a picture is fetched: `lazy` below the fold (the browser loads it as it
 * nears the viewport), `eager` when it may show in the first screen, and
 * `priority` for the one picture likely to be the page's largest contentful
 * paint, fetched ahead of the others (fetchpriority="high"). Boosting several
 * pictures splits the bandwidth they compete for, so only one gets it
 * (web.dev/articles/fetch-priority, web.dev/articles/optimize-lcp).
 */
export type Loading = 'lazy' | 'eager' | 'priority';

/**
 * How wide a picture of each class is shown, in CSS pixels, as `sizes`
 * says it (HTML Living Standard, 4.8.4.2.2), from site.css (a rem is 16
 * pixels, `.container` is at most 74rem with 1.25rem of padding a side):
 *
 * - `card-image`: a column of `.cards` (`minmax(16.5rem, 1fr)`, 1.25rem
 *   apart), less the card's border: one column up to 36.75rem, then two,
 *   three from 54.5rem, four from 72.25rem (at most 269 pixels);
 * - `post-thumb`: 10rem beside the text, or on its own line below 48rem,
 *   the column's width up to 20rem;
 * - `cover`: the width of `.container.narrow` (50rem, 47.5rem inside);
 * - `hero-image`: the second column of `.hero-with-image` (2fr of 5, 2rem
 *   between), or the container's width below 48rem;
 * - `body-image`: a picture of a markdown body, as wide as `.prose` (at most
 *   46rem) in a container, whether or not a table of contents is beside it.
 *
 * A class not listed here is taken to be as wide as the window.
 */
const PICTURE_SIZES: Readonly<Record<string, string>> = {
  'card-image': '(max-width: 36.75rem) calc(100vw - 2.6rem), (max-width: 54.5rem) calc(50vw - 2rem), (max-width: 72.25rem) calc(33.34vw - 1.79rem), 17rem',
  'post-thumb': '(max-width: 22.5rem) calc(100vw - 2.5rem), (max-width: 48rem) 20rem, 10rem',
  cover: '(max-width: 50rem) calc(100vw - 2.5rem), 47.5rem',
  'hero-image': '(max-width: 48rem) calc(100vw - 2.5rem), (max-width: 74rem) calc(40vw - 1.8rem), 27.8rem',
  'body-image': '(max-width: 48.5rem) calc(100vw - 2.5rem), 46rem',
};

/**
 * A content image with its intrinsic size, so its box is reserved before it
 * loads. A picture with variants is a `<picture>`: its widths in AVIF, then
 * in WebP, for the browsers that read them, and in its own format for the
 * `<img>` the others show; each browser takes the narrowest file that fills
 * the picture's box at its screen's density (`srcset`, `sizes`).
 */
export function picture(catalog: Catalog, image: Image, options: { loading?: Loading; className?: string; sizes?: string; title?: string } = {}): Html {
  const loading = options.loading === 'lazy' ? html` loading="lazy"` : options.loading === 'priority' ? html` fetchpriority="high"` : '';
  const className = options.className ? html` class="${options.className}"` : '';
  const title = options.title ? html` title="${options.title}"` : '';
  const dimensions = html`alt="${image.alt}"${title} width="${image.width}" height="${image.height}"${loading} decoding="async"`;
  if (image.variants.length === 0) return html`<img${className} src="${linkTo(catalog, image.url)}" ${dimensions}>`;
  const sizes = options.sizes ?? PICTURE_SIZES[options.className ?? ''] ?? '100vw';
  const srcset = (media_type: string) =>
    image.variants
      .filter((variant) => variant.media_type === media_type)
      .map((variant) => `${linkTo(catalog, variant.url)} ${variant.width}w`)
      .join(', ');
  // For a browser that reads no srcset: a width that fills most boxes without weighing much.
  const fallback = variantUpTo(image, FALLBACK_WIDTH)!;
  const sources = MODERN_FORMATS.map((format) => MEDIA_TYPES[format])
    .filter((type) => type !== image.media_type)
    .map((type) => html`<source type="${type}" srcset="${srcset(type)}" sizes="${sizes}">`);
  return html`<picture>${sources}<img${className} src="${linkTo(catalog, fallback.url)}" srcset="${srcset(image.media_type)}" sizes="${sizes}" ${dimensions}></picture>`;
}

/** The widest variant of `image` in its own format at most `width` pixels wide (else its narrowest), or none when it has no variant. */
export function variantUpTo(image: Omit<Image, 'alt'>, width: number): Image['variants'][number] | undefined {
  const own = image.variants.filter((variant) => variant.media_type === image.media_type);
  return own.filter((variant) => variant.width <= width).at(-1) ?? own[0];
}

/**
 * A markdown body's pictures as the site shows them: each picture of the
 * content folder with its size reserved and its variants offered, loaded as
 * it is scrolled to (a body starts below the page's head); a picture from
 * elsewhere stays markdown's `<img>`.
 */
export function bodyPicture(catalog: Catalog): BodyPictureHtml {
  return (src, alt, title) => {
    const image = catalog.bodyPictures.get(src);
    return image && picture(catalog, { ...image, alt }, { loading: 'lazy', className: 'body-image', ...(title ? { title } : {}) });
  };
}

/** The widest variant a browser that reads no `srcset` is given. */
const FALLBACK_WIDTH = 960;

/**
 * A card's picture in a grid: the first is the largest paint of a phone's
 * first screen, the second may show beside it on a wider one, the rest load
 * as they are scrolled to.
 */
export function cardLoading(index: number): Loading {
  return index === 0 ? 'priority' : index === 1 ? 'eager' : 'lazy';
}

export function pageHero(title: string, lead: string, extra: Html | string = ''): Html {
  return html`<div class="hero"><div class="container">
<h1>${title}</h1>
<p class="lead">${lead}</p>
${extra}
</div></div>`;
}

/** "On this page": the second-level headings, when there are enough to need it. */
export function tableOfContents(headings: readonly Heading[], w: Words): Html | '' {
  const sections = headings.filter((h) => h.level === 2);
  if (sections.length < 3) return '';
  return html`<nav class="toc" aria-label="${w('blog.on_this_page')}">
<p class="toc-title">${w('blog.on_this_page')}</p>
<ol>${sections.map((h) => html`<li><a href="#${h.id}">${h.text}</a></li>`)}</ol>
</nav>`;
}

/** Tags, each labelled as `locale`'s pages show it and linked to the list it filters (the link names the tag as written). */
export function tagList(catalog: Catalog, tags: readonly string[], locale: string, hrefOf: (tag: string) => string, w: Words): Html | '' {
  if (tags.length === 0) return '';
  return html`<ul class="tags" aria-label="${w('products.tags')}">${tags.map((tag) => html`<li><a class="tag" href="${hrefOf(tag)}">${tagLabel(catalog.site, tag, locale)}</a></li>`)}</ul>`;
}

/** The product list of `locale`, filtered on a tag. */
export const productTagHref = (catalog: Catalog, locale: string, tag: string) => `${siteLocale(catalog, locale).pagePath('products')}?${new URLSearchParams({ tag })}`;

/** The blog of `locale`, filtered on a tag. */
export const postTagHref = (catalog: Catalog, locale: string, tag: string) => `${siteLocale(catalog, locale).pagePath('blog')}?${new URLSearchParams({ tag })}`;

/** The blog of the article's locale, filtered on its category. */
export function postCategoryHref(catalog: Catalog, post: Pick<Post, 'category' | 'locale'>): string {
  return `${siteLocale(catalog, post.locale).pagePath('blog')}?${new URLSearchParams({ category: post.category })}`;
}

/** A product's card on a page of `locale`. */
export function productCard(catalog: Catalog, product: Product, locale: string, headingLevel: 2 | 3, w: Words, loading: Loading = 'lazy'): Html {
  const heading = html`<a href="${linkTo(catalog, product.url)}">${product.name}</a>`;
  return html`<li class="card product-card">
${product.image ? picture(catalog, product.image, { loading, className: 'card-image' }) : ''}
<div class="card-head">${headingLevel === 2 ? html`<h2>${heading}</h2>` : html`<h3>${heading}</h3>`}${statusBadge(product.status, w)}</div>
<p>${product.summary}</p>
${tagList(catalog, product.tags, locale, (tag) => linkTo(catalog, productTagHref(catalog, locale, tag)), w)}
</li>`;
}

export function readingTime(catalog: Catalog, post: Post): string {
  const w = wordsOf(catalog, post.locale);
  return w('blog.minutes_read', { minutes: post.reading_time_minutes });
}

export function postMeta(catalog: Catalog, post: Post): Html {
  return html`<p class="meta"><time datetime="${post.published_at}">${longDate(post.published_at, post.locale)}</time>
<span aria-hidden="true">·</span> <a class="chip" href="${linkTo(catalog, postCategoryHref(catalog, post))}">${post.category}</a>
${post.tags.map((tag, i) => html`<a class="tag" href="${linkTo(catalog, postTagHref(catalog, post.locale, tag))}">${post.labelled_tags[i]}</a>`)}
<span aria-hidden="true">·</span> ${readingTime(catalog, post)}</p>`;
}

export function postItem(catalog: Catalog, post: Post, headingLevel: 2 | 3 = 2): Html {
  const heading = html`<a href="${linkTo(catalog, post.url)}">${post.title}</a>`;
  return html`<li class="post-item${post.image ? ' with-image' : ''}" lang="${post.locale}">
${post.image ? picture(catalog, post.image, { loading: 'lazy', className: 'post-thumb' }) : ''}
<div>
${headingLevel === 2 ? html`<h2>${heading}</h2>` : html`<h3>${heading}</h3>`}
${postMeta(catalog, post)}
<p>${post.summary}</p>
</div>
</li>`;
}

/** A contact channel as a link when it is an address, a phone number or a URL. */
export function channelLink(value: string): Html {
  const channel = channelUri(value);
  if (!channel) return html`${value}`;
  return html`<a href="${channel.kind === 'web' ? safeHref(channel.uri) : channel.uri}">${value}</a>`;
}

/** A postal address in its country's layout (src/i18n/address.ts), one line each; `name` above them. */
/** An address as a page of `locale` prints it, under a name when one is given. */
export function postalAddress(address: Address, locale: string, name?: string): Html {
  const lines = name ? [name, ...addressLines(address, locale)] : addressLines(address, locale);
  return html`<address>${lines.map((line, i) => (i === 0 ? line : html`<br>${line}`))}</address>`;
}
