import assert from 'node:assert/strict';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { before, describe, test } from 'node:test';
import { load } from 'js-yaml';
import { assertChecks, readRecord, runImport, snapshot, wordsKept, workFolder, writePicture } from './helpers.js';

/**
 * What real WordPress sites put in their exports and the small exports of
 * the other tests lack: block-editor comments, shortcodes, pictures of a
 * WordPress.com files host, posts without a title, non-Latin slugs, nested
 * pages, Polylang's languages and translations, WooCommerce products, and
 * the items that are no content (menus, revisions, drafts). The export is
 * written here, item by item, as WordPress 6 writes them (WXR 1.2, with the
 * https namespace some exporters use and bare `&` in URLs).
 */

interface Item {
  readonly id: number;
  readonly type?: string;
  readonly status?: string;
  readonly title?: string;
  readonly slug?: string;
  readonly link?: string;
  readonly parent?: number;
  readonly body?: string;
  readonly excerpt?: string;
  readonly terms?: readonly (readonly [domain: string, nicename: string, name: string])[];
  readonly meta?: Readonly<Record<string, string>>;
  readonly attachment?: string;
}

const SITE = 'https://shop.example.org';

function itemXml(item: Item): string {
  const cdata = (text: string) => `<![CDATA[${text}]]>`;
  return `
    <item>
      <title>${cdata(item.title ?? '')}</title>
      <link>${item.link ?? `${SITE}/?p=${item.id}`}</link>
      <pubDate>Mon, 09 May 2022 09:53:00 +0000</pubDate>
      <dc:creator>${cdata('ana')}</dc:creator>
      <guid isPermaLink="false">${SITE}/?p=${item.id}</guid>
      <content:encoded>${cdata(item.body ?? '')}</content:encoded>
      <excerpt:encoded>${cdata(item.excerpt ?? '')}</excerpt:encoded>
      <wp:post_id>${item.id}</wp:post_id>
      <wp:post_date_gmt>${cdata('2022-05-09 09:53:00')}</wp:post_date_gmt>
      <wp:post_modified_gmt>${cdata('2022-06-01 10:00:00')}</wp:post_modified_gmt>
      <wp:post_name>${cdata(item.slug ?? '')}</wp:post_name>
      <wp:status>${cdata(item.status ?? 'publish')}</wp:status>
      <wp:post_parent>${item.parent ?? 0}</wp:post_parent>
      <wp:post_type>${cdata(item.type ?? 'post')}</wp:post_type>
      <wp:post_password>${cdata('')}</wp:post_password>
      ${item.attachment ? `<wp:attachment_url>${item.attachment}</wp:attachment_url>` : ''}
      ${(item.terms ?? []).map(([domain, nicename, name]) => `<category domain="${domain}" nicename="${nicename}">${cdata(name)}</category>`).join('\n      ')}
      ${Object.entries(item.meta ?? {})
        .map(([key, value]) => `<wp:postmeta><wp:meta_key>${cdata(key)}</wp:meta_key><wp:meta_value>${cdata(value)}</wp:meta_value></wp:postmeta>`)
        .join('\n      ')}
    </item>`;
}

/** The export of `items`; `network`: the address WordPress gives the network the blog belongs to (WordPress.com's), when it is not the blog's own. */
function wxr(items: readonly Item[], network = SITE): string {
  return `<?xml version="1.0" encoding="UTF-8" ?>
<rss version="2.0" xmlns:excerpt="https://wordpress.org/export/1.2/excerpt/" xmlns:content="http://purl.org/rss/1.0/modules/content/" xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:wp="https://wordpress.org/export/1.2/">
<channel>
  <title>Oficina Ana</title>
  <link>${SITE}</link>
  <description>Bicycles repaired & rebuilt</description>
  <pubDate>Tue, 10 May 2022 10:00:00 +0000</pubDate>
  <language>en-US</language>
  <wp:wxr_version>1.2</wp:wxr_version>
  <wp:base_site_url>${network}</wp:base_site_url>
  <wp:base_blog_url>${SITE}</wp:base_blog_url>
  <wp:author><wp:author_id>1</wp:author_id><wp:author_login><![CDATA[ana]]></wp:author_login><wp:author_display_name><![CDATA[Ana Souza]]></wp:author_display_name></wp:author>
  ${items.map(itemXml).join('\n')}
</channel>
</rss>
`;
}

const UPLOAD = `${SITE}/wp-content/uploads`;

const BLOCK_POST = `<!-- wp:paragraph -->
<p>Our workshop rebuilds <strong>old frames</strong> every week, and this is how.</p>
<!-- /wp:paragraph -->

<!--more-->

<!-- wp:heading -->
<h2 class="wp-block-heading">Tools we use</h2>
<!-- /wp:heading -->

<!-- wp:list -->
<ul><li>A truing stand</li><li>A torque wrench</li></ul>
<!-- /wp:list -->

<!-- wp:code -->
<pre class="wp-block-code"><code class="language-bash">brake --adjust rear</code></pre>
<!-- /wp:code -->

<!-- wp:table -->
<figure class="wp-block-table"><table><thead><tr><th>Part</th><th>Hours</th></tr></thead><tbody><tr><td>Wheel</td><td>2</td></tr></tbody></table></figure>
<!-- /wp:table -->

<!-- wp:quote -->
<blockquote class="wp-block-quote"><p>Ride it like you stole it.</p></blockquote>
<!-- /wp:quote -->

<!-- wp:embed {"url":"https://www.youtube.com/watch?v=abc123"} -->
<figure class="wp-block-embed is-type-video"><div class="wp-block-embed__wrapper">
https://www.youtube.com/watch?v=abc123
</div></figure>
<!-- /wp:embed -->

<!-- wp:paragraph -->
<p>Read <a href="${SITE}/2021/03/hello-world/">our first post</a> and <a href="${SITE}/?page_id=30">the team</a>.</p>
<!-- /wp:paragraph -->`;

const CLASSIC_POST = `Classic posts keep paragraphs as blank lines.
A single break stays a break.

[caption id="attachment_51" align="aligncenter" width="300"]<a href="${UPLOAD}/2021/03/frame.jpg"><img class="size-medium wp-image-51" src="${UPLOAD}/2021/03/frame-300x200.jpg" alt="" width="300" height="200" /></a> A frame before its paint[/caption]

[gallery]

[embed]https://vimeo.com/76979871[/embed]

[audio mp3="${UPLOAD}/2021/03/bell.mp3"][/audio]

[audio https://anasouza.files.wordpress.com/2019/05/horn.ogg]

[contact-form-7 id="12" title="Contact"] and again [contact-form-7 id="12" title="Contact"]

Photo by a friend: <img src="https://anasouza.files.wordpress.com/2019/05/wheel.png?w=640&h=480" alt="A wheel" />

<img src="${UPLOAD}/2021/03/lost.jpg" alt="A lost picture" /> <img src="${UPLOAD}/2021/03/lost.jpg" alt="The lost picture again" />`;

const ITEMS: readonly Item[] = [
  { id: 10, title: 'Rebuilding frames', slug: 'rebuilding-frames', link: `${SITE}/2022/05/rebuilding-frames/`, body: BLOCK_POST, terms: [['category', 'workshop', 'Workshop'], ['category', 'uncategorized', 'Uncategorized'], ['category', 'news', 'News'], ['post_tag', 'steel', 'Steel'], ['language', 'en', 'English'], ['post_translations', 'pll_62798a', 'pll_62798a']] },
  { id: 11, title: 'Reconstruindo quadros', slug: 'reconstruindo-quadros', link: `${SITE}/pt/2022/05/reconstruindo-quadros/`, body: '<p>A oficina reconstrói quadros antigos toda semana.</p>', terms: [['category', 'oficina', 'Oficina'], ['language', 'pt', 'Português'], ['post_translations', 'pll_62798a', 'pll_62798a']] },
  { id: 12, title: 'Hello world', slug: 'hello-world', link: `${SITE}/2021/03/hello-world/`, body: CLASSIC_POST, terms: [['category', 'uncategorized', 'Uncategorized'], ['post_tag', 'steel-2', 'steel']], meta: { _thumbnail_id: '51' } },
  { id: 13, title: '', slug: '', body: '<p>Sometimes a quick note needs no title at all, just words.</p>' },
  { id: 14, title: 'Привет мир', slug: '%d0%bf%d1%80%d0%b8%d0%b2%d0%b5%d1%82-%d0%bc%d0%b8%d1%80', body: '<p>Текст на русском языке.</p>' },
  { id: 30, type: 'page', title: 'Team', slug: 'team', link: `${SITE}/about/team/`, parent: 31, body: '<p>Ana and Rui.</p>', terms: [['language', 'en', 'English'], ['post_translations', 'pll_page', 'pll_page']] },
  { id: 31, type: 'page', title: 'About', slug: 'about', link: `${SITE}/about/`, body: '<p>About the workshop.</p>', terms: [['language', 'en', 'English']] },
  { id: 32, type: 'page', title: 'Team history', slug: 'team', link: `${SITE}/history/team/`, parent: 33, body: '<p>The team of 1990.</p>', terms: [['language', 'en', 'English']] },
  { id: 33, type: 'page', title: 'History', slug: 'history', link: `${SITE}/history/`, body: '<p>Since 1990.</p>', terms: [['language', 'en', 'English']] },
  { id: 34, type: 'page', title: 'Equipe', slug: 'equipe', link: `${SITE}/pt/equipe/`, body: '<p>Ana e Rui.</p>', terms: [['language', 'pt', 'Português'], ['post_translations', 'pll_page', 'pll_page']] },
  { id: 35, type: 'page', title: 'Blog', slug: 'blog', link: `${SITE}/blog/`, body: '<p>Our news.</p>', terms: [['language', 'en', 'English']] },
  { id: 40, type: 'product', title: 'Steel frame', slug: 'steel-frame', link: `${SITE}/product/steel-frame/`, body: '<p>A hand-brazed steel frame.</p>', excerpt: '<p>Hand-brazed, made to measure.</p>', terms: [['product_cat', 'frames', 'Frames'], ['product_tag', 'steel', 'Steel']], meta: { _price: '1200', _regular_price: '1200' } },
  { id: 50, type: 'attachment', title: 'Old wheel', slug: 'old-wheel', parent: 12, attachment: `${UPLOAD}/2021/03/wheel-old.jpg`, meta: { _wp_attachment_image_alt: 'An old wheel' } },
  { id: 51, type: 'attachment', title: 'Frame', slug: 'frame', parent: 12, attachment: `${UPLOAD}/2021/03/frame.jpg`, meta: { _wp_attachment_image_alt: 'A bare steel frame' } },
  { id: 52, type: 'attachment', title: 'Unused', slug: 'unused', parent: 0, attachment: `${UPLOAD}/2020/01/unused.jpg?ver=1&size=full` },
  { id: 60, type: 'nav_menu_item', title: 'Home', status: 'publish' },
  { id: 61, type: 'revision', title: 'Rebuilding frames', status: 'inherit' },
  { id: 62, title: 'Coming soon', status: 'future' },
  { id: 63, title: 'Secret', status: 'private' },
  { id: 64, title: 'Old', status: 'trash' },
  { id: 65, title: 'Unfinished', status: 'draft' },
];

interface Report {
  imported: { kind: string; title: string; file: string; path: string }[];
  skipped: { id: string; type: string; reason: string }[];
  not_found: { picture: string; file: string }[];
  renamed: { from: string; to: string; why: string }[];
  titled: { file: string; title: string }[];
  shortcodes: { name: string; count: number }[];
}

describe('vitrine import wordpress on an export with block comments, shortcodes, languages and products', () => {
  let dir: string;
  let report: Report;
  let uploads: string;
  let exportFile: string;
  before(async () => {
    const work = await workFolder('markup');
    uploads = path.join(work, 'uploads');
    for (const picture of ['2021/03/frame.jpg', '2021/03/frame-300x200.jpg', '2021/03/wheel-old.jpg', '2019/05/wheel.png', '2020/01/unused.jpg']) await writePicture(path.join(uploads, ...picture.split('/')));
    exportFile = path.join(work, 'export.xml');
    await writeFile(exportFile, wxr(ITEMS));
    dir = path.join(work, 'site');
    const run = await runImport('wordpress', exportFile, dir, '--uploads', uploads, '--format', 'json');
    assert.equal(run.code, 0, run.stderr);
    report = JSON.parse(run.stdout) as Report;
  });

  const body = async (file: string) => (await readRecord(dir, file)).body;

  test('the folder it starts passes vitrine check', async () => {
    await assertChecks(dir);
  });

  test('block comments and <!--more--> vanish; headings, lists, code with its language, tables, quotes and links survive', async () => {
    const markdown = await body('posts/rebuilding-frames.md');
    assert.doesNotMatch(markdown, /<!--/);
    for (const part of ['## Tools we use', '- A truing stand', '```bash\nbrake --adjust rear\n```', '| Part | Hours |', '> Ride it like you stole it.', '**old frames**']) {
      assert.ok(markdown.includes(part), `${part} in:\n${markdown}`);
    }
    assert.match(markdown, /\[https:\/\/www\.youtube\.com\/watch\?v=abc123\]\(https:\/\/www\.youtube\.com\/watch\?v=abc123\)/);
  });

  test('links to imported items point at their new files, whatever old address they used', async () => {
    const markdown = await body('posts/rebuilding-frames.md');
    assert.match(markdown, /\[our first post\]\(hello-world\.md\)/);
    assert.match(markdown, /\[the team\]\(\.\.\/pages\/team\.md\)/);
  });

  test('[caption] is a picture with its caption, [gallery] the pictures attached to the post, [embed] and [audio] links', async () => {
    const markdown = await body('posts/hello-world.md');
    assert.match(markdown, /\[!\[A bare steel frame\]\(\.\.\/media\/2021\/03\/frame-300x200\.jpg\)\]\(\.\.\/media\/2021\/03\/frame\.jpg\)\n\n\*A frame before its paint\*/);
    assert.match(markdown, /!\[An old wheel\]\(\.\.\/media\/2021\/03\/wheel-old\.jpg\)/);
    assert.match(markdown, /\[https:\/\/vimeo\.com\/76979871\]\(https:\/\/vimeo\.com\/76979871\)/);
    assert.match(markdown, /\(https:\/\/shop\.example\.org\/wp-content\/uploads\/2021\/03\/bell\.mp3\)/);
    assert.match(markdown, /\(https:\/\/anasouza\.files\.wordpress\.com\/2019\/05\/horn\.ogg\)/, "WordPress.com's [audio URL]");
    assert.doesNotMatch(markdown, /\[\/?(caption|gallery|embed|audio)\b/);
    assert.match(markdown, /Classic posts keep paragraphs as blank lines\. {2}\nA single break stays a break\.\n\n/);
  });

  test('every published item keeps at least 90% of the words its old page showed', async () => {
    const published = ITEMS.filter((item) => (item.status ?? 'publish') === 'publish' && ['post', 'page', 'product'].includes(item.type ?? 'post'));
    assert.equal(report.imported.length, published.length);
    for (const item of published) {
      const record = report.imported.find((entry) => entry.title === item.title || (item.title === '' && report.titled.some((titled) => titled.file === entry.file)))!;
      // What a reader saw: the text without its tags, comments and shortcodes' own brackets and attributes.
      const shown = (item.body ?? '').replace(/<!--[\s\S]*?-->/g, ' ').replace(/\[[^\]]*\]/g, ' ').replace(/<[^>]*>/g, ' ');
      assert.ok(wordsKept(shown, await body(record.file)) >= 0.9, record.file);
    }
  });

  test('any other shortcode is kept as text and reported by name and count', async () => {
    assert.deepEqual(report.shortcodes.map(({ name, count }) => [name, count]), [['contact-form-7', 2]]);
    assert.match(await body('posts/hello-world.md'), /contact-form-7 id="12"/);
  });

  test('a picture of a WordPress.com files host is matched by its path; a picture not found keeps its old URL and is reported once for its post', async () => {
    const markdown = await body('posts/hello-world.md');
    assert.match(markdown, /!\[A wheel\]\(\.\.\/media\/2019\/05\/wheel\.png\)/);
    assert.match(markdown, /!\[A lost picture\]\(https:\/\/shop\.example\.org\/wp-content\/uploads\/2021\/03\/lost\.jpg\)/);
    assert.deepEqual(report.not_found, [{ picture: '2021/03/lost.jpg', file: 'posts/hello-world.md' }]);
    assert.deepEqual((await readRecord(dir, 'posts/hello-world.md')).data.image, { file: 'media/2021/03/frame.jpg', alt: 'A bare steel frame' });
  });

  test("the first category (not WordPress's default) is the post's category, and site.yaml lists it for the post's locale", async () => {
    assert.equal((await readRecord(dir, 'posts/rebuilding-frames.md')).data.category, 'Workshop');
    const site = load(await readFile(path.join(dir, 'site.yaml'), 'utf8')) as { post_categories: Record<string, string[]>; locales: string[]; page_slugs: string[]; product_tags: string[] };
    assert.ok(site.post_categories.en!.includes('Workshop'));
    assert.ok(site.post_categories['pt-BR']!.includes('Oficina'));
    assert.ok(!Object.values(site.post_categories).flat().includes('Uncategorized'));
  });

  test('tags that differ only in case are one tag, spelt as the import first met it, in the posts and in post_tags', async () => {
    const first = (await readRecord(dir, 'posts/rebuilding-frames.md')).data.tags as string[];
    const later = (await readRecord(dir, 'posts/hello-world.md')).data.tags as string[];
    assert.deepEqual(later.map((tag) => tag.toLowerCase()), ['steel']);
    for (const tag of later) assert.ok(first.includes(tag), `${tag} is spelt as in ${JSON.stringify(first)}`);
    const site = load(await readFile(path.join(dir, 'site.yaml'), 'utf8')) as { post_tags: string[] };
    const lowered = site.post_tags.map((tag) => tag.toLowerCase());
    assert.equal(new Set(lowered).size, lowered.length, JSON.stringify(site.post_tags));
  });

  test('a post without a title gets its first words, and the report says so', async () => {
    assert.equal(report.titled.length, 1);
    assert.equal(report.titled[0]!.title, 'Sometimes a quick note needs no title at…');
    assert.equal((await readRecord(dir, report.titled[0]!.file)).data.title, report.titled[0]!.title);
  });

  test('a percent-encoded non-Latin slug is decoded and transliterated, and the change reported', () => {
    assert.ok(report.imported.some((record) => record.file === 'posts/privet-mir.md'));
    assert.ok(report.renamed.some((renamed) => renamed.from === 'привет-мир' && renamed.to === 'privet-mir'));
  });

  test("nested pages whose slugs repeat are made unique with their parent's slug; a page named like a route of the site is renamed", () => {
    const files = report.imported.filter((record) => record.kind === 'page').map((record) => record.file);
    assert.ok(files.includes('pages/team.md') && files.includes('pages/history-team.md'), files.join(', '));
    assert.ok(files.includes('pages/blog-page.md'), files.join(', '));
  });

  test("Polylang's languages give each item its locale, and its translations the content folder's links", async () => {
    const english = await readRecord(dir, 'posts/rebuilding-frames.md');
    const portuguese = await readRecord(dir, 'posts/reconstruindo-quadros.md');
    assert.equal(english.data.locale, 'en');
    assert.equal(portuguese.data.locale, 'pt-BR');
    assert.equal(english.data.translation_key, 'rebuilding-frames');
    assert.equal(portuguese.data.translation_key, 'rebuilding-frames');
    assert.equal((await readRecord(dir, 'pages/pt-BR/team.md')).data.title, 'Equipe');
  });

  test('a WooCommerce product becomes a product with its name, summary, picture-less body and tags, and never its price', async () => {
    const { data, body: text } = await readRecord(dir, 'products/steel-frame.md');
    assert.deepEqual([data.name, data.summary, data.status, data.tags], ['Steel frame', 'Hand-brazed, made to measure.', 'live', ['Frames', 'Steel']]);
    assert.equal(text.trim(), 'A hand-brazed steel frame.');
    assert.doesNotMatch(await readFile(path.join(dir, 'products', 'steel-frame.md'), 'utf8'), /1200|price/i);
  });

  test('menus, revisions, scheduled, private, trashed and draft items and unused attachments are listed as skipped, each with why', () => {
    const reasons = new Map(report.skipped.map((row) => [row.id, row.reason]));
    assert.match(reasons.get('60') ?? '', /menu/);
    assert.match(reasons.get('61') ?? '', /revision/);
    assert.match(reasons.get('62') ?? '', /scheduled/);
    assert.match(reasons.get('63') ?? '', /private/);
    assert.match(reasons.get('64') ?? '', /trash/);
    assert.match(reasons.get('65') ?? '', /draft/);
    assert.match(reasons.get('52') ?? '', /shown by no imported item/);
    assert.ok(!reasons.has('50') && !reasons.has('51'));
  });

  test('redirects.yaml sends each old permalink, ?p= and ?page_id= link to the new path', async () => {
    const redirects = load(await readFile(path.join(dir, 'redirects.yaml'), 'utf8')) as { from: string; to: string }[];
    const to = new Map(redirects.map((redirect) => [redirect.from, redirect.to]));
    assert.equal(to.get('/2022/05/rebuilding-frames/'), '/blog/rebuilding-frames');
    assert.equal(to.get('/?p=10'), '/blog/rebuilding-frames');
    assert.equal(to.get('/about/team/'), '/team');
    assert.equal(to.get('/?page_id=30'), '/team');
    assert.equal(to.get('/pt/equipe/'), '/pt-BR/team');
    assert.equal(to.get('/product/steel-frame/'), '/products/steel-frame');
  });

  test('a second import changes no file', async () => {
    const before = await snapshot(dir);
    assert.equal((await runImport('wordpress', exportFile, dir, '--uploads', uploads)).code, 0);
    assert.deepEqual(await snapshot(dir), before);
  });
});

describe('vitrine import wordpress on a WordPress.com export, whose network address is not the blog\'s', () => {
  let dir: string;
  before(async () => {
    const work = await workFolder('network');
    const exportFile = path.join(work, 'export.xml');
    await writeFile(
      exportFile,
      wxr(
        [
          { id: 7, title: 'Hello <em>there</em> &amp; welcome', slug: 'hello', link: `${SITE}/2022/05/09/hello/`, body: '<p>Hello there.</p>' },
          // A link WordPress.com wrote with a doubled slash, which the old site answered as one.
          { id: 8, type: 'page', title: 'Level 2', slug: 'level-2', link: `${SITE}//greek/level-2/`, body: '<p>A page.</p>' },
        ],
        'https://wordpress.com/',
      ),
    );
    dir = path.join(work, 'site');
    const run = await runImport('wordpress', exportFile, dir);
    assert.equal(run.code, 0, run.stderr);
  });

  test('redirects each permalink of the blog, on the blog\'s own address, a doubled slash as one, and the folder passes vitrine check', async () => {
    const redirects = load(await readFile(path.join(dir, 'redirects.yaml'), 'utf8')) as { from: string; to: string }[];
    assert.deepEqual(
      redirects.map(({ from, to }) => `${from} -> ${to}`),
      ['/2022/05/09/hello/ -> /blog/hello', '/?p=7 -> /blog/hello', '/greek/level-2/ -> /level-2', '/?p=8 -> /level-2', '/?page_id=8 -> /level-2'],
    );
    await assertChecks(dir);
  });

  test("a title WordPress keeps as HTML is the text its reader saw", async () => {
    assert.equal((await readRecord(dir, 'posts/hello.md')).data.title, 'Hello there & welcome');
  });
});
