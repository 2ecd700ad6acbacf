import { markdown } from '../content/markdown.js';
import type { Catalog } from '../content/types.js';
import { bodyPicture, pageHero } from './components.js';
import type { ReferenceSection } from '../documents/developers.js';
import { referenceIds } from '../documents/developers.js';
import type { Html } from './html.js';
import { html, trustedHtml } from './html.js';
import { routeDocument } from './layout.js';
import { pageSeo } from './seo.js';
import { routeContext } from '../documents/page-context.js';
import { AnchorIds, renderMarkdown } from './render-markdown.js';
import type { PageRoute } from '../documents/site-map.js';
import type { Words } from '../documents/words.js';
import { wordsOf } from '../documents/words.js';

/** /developers as HTML: the content's page, then the generated reference, with a sticky contents list. */

const inline = (title: string) => trustedHtml(markdown.renderInline(title));
/** A title's text without its markdown (for the contents list). */
const plain = (title: string) => title.replaceAll('`', '');

function section(s: ReferenceSection, level: 2 | 3, ids: AnchorIds, w: Words): Html {
  const heading = level === 2 ? html`<h2 id="${s.id}">${inline(s.title)}</h2>` : html`<h3 id="${s.id}">${inline(s.title)}</h3>`;
  return html`<section class="${level === 2 ? 'ref' : 'ref-item'}">
${heading}
${renderMarkdown(s.body, w, { ids }).html}
${(s.children ?? []).map((child) => section(child, 3, ids, w))}
</section>`;
}

function contents(sections: readonly ReferenceSection[], pageHeadings: readonly { id: string; text: string }[], w: Words): Html {
  return html`<nav class="toc" aria-label="${w('developers.contents_label')}">
<p class="toc-title">${w('developers.contents')}</p>
<ol>
${pageHeadings.map((h) => html`<li><a href="#${h.id}">${h.text}</a></li>`)}
${sections.map(
  (s) => html`<li><a href="#${s.id}">${plain(s.title)}</a>${
    s.children?.length
      ? html`<ol>${s.children.map((c) => html`<li><a href="#${c.id}">${plain(c.title)}</a></li>`)}</ol>`
      : ''
  }</li>`,
)}
</ol>
</nav>`;
}

export function developersHtml(catalog: Catalog, route: PageRoute, sections: readonly ReferenceSection[]): string {
  // The reference's anchors are fixed (problem `type` URIs point at them): the page's headings yield.
  const ids = new AnchorIds(referenceIds(sections));
  const w = wordsOf(catalog, route.locale);
  const intro = route.page ? renderMarkdown(route.page.markdown, w, { ids, picture: bodyPicture(catalog) }) : undefined;
  const pageHeadings = (intro?.headings ?? []).filter((h) => h.level === 2);
  const main = html`${pageHero(route.title, route.description)}
<div class="container with-aside reference">
<div class="reference-body">
${intro ? html`<div class="prose">${intro.html}</div>` : ''}
<div class="prose">${sections.map((s) => section(s, 2, ids, w))}</div>
</div>
<aside class="aside">${contents(sections, pageHeadings, w)}</aside>
</div>`;
  return routeDocument(catalog, route, main, { head: pageSeo(routeContext(catalog, route), route) });
}
