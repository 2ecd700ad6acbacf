import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { escapeHtml, html, Html, safeHref, trustedHtml } from '../../src/site/html.js';
import { AnchorIds, renderMarkdown, slugify } from '../../src/site/render-markdown.js';
import { wordsOfMessages } from '../../src/documents/words.js';
import { messages } from '../../src/i18n/catalog.js';

describe('the html template', () => {
  test('escapes every interpolated string, in text and in attributes', () => {
    const title = `<script>alert("x")</script> & 'quotes'`;
    const out = html`<a title="${title}">${title}</a>`.toString();
    assert.equal(
      out,
      '<a title="&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#39;quotes&#39;">&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#39;quotes&#39;</a>',
    );
  });

  test('inserts nested templates and trusted markup as they are, and flattens lists', () => {
    const items = ['a<b', 'c'].map((item) => html`<li>${item}</li>`);
    assert.equal(html`<ul>${items}</ul>${trustedHtml('<hr>')}`.toString(), '<ul><li>a&lt;b</li><li>c</li></ul><hr>');
  });

  test('renders nothing for null, undefined and false, and numbers as text', () => {
    assert.equal(html`[${null}${undefined}${false}${0}${42}]`.toString(), '[042]');
  });

  test('cannot be made without the template or trustedHtml', () => {
    assert.throws(() => new Html('<script>', Symbol('html')), TypeError);
  });

  test('escapeHtml leaves plain text alone', () => {
    assert.equal(escapeHtml('Gestão 2026'), 'Gestão 2026');
  });

  test('safeHref keeps http(s), mailto, tel and site paths and neutralizes the rest', () => {
    assert.equal(safeHref('https://example.com/a?b=1'), 'https://example.com/a?b=1');
    assert.equal(safeHref('mailto:a@example.com'), 'mailto:a@example.com');
    assert.equal(safeHref('tel:+554830000000'), 'tel:+554830000000');
    assert.equal(safeHref('/products/x'), '/products/x');
    assert.equal(safeHref('javascript:alert(1)'), '#');
    assert.equal(safeHref('//evil.example/x'), '#');
    assert.equal(safeHref('data:text/html,<b>'), '#');
  });
});

/** The words of an English page, as far as a body needs them. */
const WORDS = wordsOfMessages(messages('en'));

describe('renderMarkdown', () => {
  test('escapes raw HTML and drops javascript: links (raw HTML is off)', () => {
    const out = renderMarkdown('<script>alert(1)</script>\n\n<img src=x onerror=alert(1)>\n\n[click](javascript:alert(1))', WORDS).html.toString();
    assert.ok(!out.includes('<script>'), out);
    assert.ok(!out.includes('<img'), out);
    assert.ok(out.includes('&lt;script&gt;alert(1)&lt;/script&gt;'), out);
    assert.ok(!out.includes('href="javascript:'), out);
  });

  test('gives every heading an id from its text, accents folded, repeats numbered', () => {
    const { html: out, headings } = renderMarkdown('## Gestão de riscos\n\n### `not_found`\n\n## Gestão de riscos\n', WORDS);
    assert.deepEqual(headings, [
      { level: 2, id: 'gestao-de-riscos', text: 'Gestão de riscos' },
      { level: 3, id: 'not_found', text: 'not_found' },
      { level: 2, id: 'gestao-de-riscos-2', text: 'Gestão de riscos' },
    ]);
    assert.ok(out.toString().includes('<h2 id="gestao-de-riscos">Gestão de riscos</h2>'));
  });

  test('never gives a heading an id that is reserved', () => {
    const { headings } = renderMarkdown('## Versioning\n', WORDS, { ids: new AnchorIds(['versioning']) });
    assert.equal(headings[0]?.id, 'versioning-2');
  });

  test('makes tables and code blocks reachable by keyboard when they scroll, each table named in the page\'s language', () => {
    const out = renderMarkdown('| a | b |\n| --- | --- |\n| 1 | 2 |\n\n```sh\ncurl x\n```\n', WORDS).html.toString();
    assert.ok(out.includes('<div class="table-scroll" tabindex="0" role="region" aria-label="Table"><table>'), out);
    assert.ok(renderMarkdown('| a |\n| --- |\n| 1 |\n', wordsOfMessages(messages('de'))).html.toString().includes('aria-label="Tabelle"'));
    assert.ok(out.includes('</table></div>'), out);
    assert.ok(out.includes('<pre><code tabindex="0" class="language-sh">'), out);
  });

  test('slugify keeps underscores (problem codes) and never returns an empty id', () => {
    assert.equal(slugify('invalid_parameter'), 'invalid_parameter');
    assert.equal(slugify('Rate limits'), 'rate-limits');
    assert.equal(slugify('¿?'), 'section');
  });
});
