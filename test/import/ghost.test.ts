import assert from 'node:assert/strict';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { before, describe, test } from 'node:test';
import { load } from 'js-yaml';
import { assertChecks, IMPORT_FIXTURES, readRecord, runImport, snapshot, wordsKept, workFolder, writePicture } from './helpers.js';

/**
 * `vitrine import ghost` on real Ghost exports that the Ghost Foundation's
 * migration tools are tested with (the {db: [...]} form and the bare
 * {meta, data} form, one post with only its Lexical document), then on an
 * export written here with what those lack: pages, internal tags, several
 * authors, members-only and draft posts, mobiledoc, __GHOST_URL__ links and
 * pictures of content/images.
 */

const FIXTURES = path.join(IMPORT_FIXTURES, 'ghost-migrate');

interface Report {
  imported: { kind: string; title: string; file: string; path: string; old_paths: string[] }[];
  skipped: { id: string; title: string; reason: string }[];
  not_found: { picture: string; file: string }[];
}

type Row = Record<string, unknown>;

function postsOf(text: string): Row[] {
  const parsed = JSON.parse(text) as { db?: { data: { posts: Row[] } }[]; data?: { posts: Row[] } };
  return (parsed.db?.[0]?.data ?? parsed.data)!.posts;
}

for (const name of ['ghost.json', 'ghost-flat.json']) {
  describe(`vitrine import ghost ${name}`, () => {
    let dir: string;
    let report: Report;
    let posts: Row[];
    before(async () => {
      dir = path.join(await workFolder('ghost'), 'site');
      const run = await runImport('ghost', path.join(FIXTURES, name), dir, '--format', 'json');
      assert.equal(run.code, 0, run.stderr);
      report = JSON.parse(run.stdout) as Report;
      posts = postsOf(await readFile(path.join(FIXTURES, name), 'utf8')).filter((post) => post.status === 'published');
    });

    test('writes every published post with its title and publication date, and the folder passes vitrine check', async () => {
      assert.equal(report.imported.length, posts.length);
      for (const post of posts) {
        const { data } = await readRecord(dir, `posts/${String(post.slug)}.md`);
        assert.equal(data.title, post.title);
        assert.equal(data.published_at, String(post.published_at).replace('.000Z', 'Z'));
      }
      await assertChecks(dir);
    });

    test('keeps the words of each body, and a redirect from /<slug>/ to /blog/<slug>', async () => {
      const redirects = load(await readFile(path.join(dir, 'redirects.yaml'), 'utf8')) as { from: string; to: string }[];
      for (const post of posts) {
        const { body } = await readRecord(dir, `posts/${String(post.slug)}.md`);
        const text = String(post.html ?? '').replace(/<[^>]*>/g, ' ');
        assert.ok(wordsKept(text, body) >= 0.9, body);
        assert.ok(redirects.some((redirect) => redirect.from === `/${String(post.slug)}/` && redirect.to === `/blog/${String(post.slug)}`));
      }
    });

    test('a picture not in the images folder keeps its address and is reported by name', async () => {
      assert.ok(report.not_found.length > 0);
      for (const { file } of report.not_found) assert.match(await readFile(path.join(dir, file), 'utf8'), /https:\/\/example\.com\/images\//);
    });
  });
}

describe('the primary tag of a Ghost post is its category; a post exported with only its Lexical document keeps its picture', () => {
  test('ghost.json', async () => {
    const dir = path.join(await workFolder('ghost-tags'), 'site');
    assert.equal((await runImport('ghost', path.join(FIXTURES, 'ghost.json'), dir)).code, 0);
    assert.equal((await readRecord(dir, 'posts/post-2.md')).data.category, 'Technology');
    assert.equal((await readRecord(dir, 'posts/post-1.md')).data.author, 'Alice Johnson');
    assert.match((await readRecord(dir, 'posts/post-3-lexical.md')).body, /!\[[^\]]*\]\(https:\/\/example\.com\/images\/lexical-image\.jpg\)/);
  });
});

const MOBILEDOC = JSON.stringify({
  version: '0.3.1',
  atoms: [],
  cards: [['code', { code: 'ghost install', language: 'bash' }]],
  markups: [['a', ['href', '__GHOST_URL__/welcome/']], ['strong']],
  sections: [
    [1, 'h2', [[0, [], 0, 'Getting started']]],
    [1, 'p', [[0, [], 0, 'Read the '], [0, [0], 1, 'welcome post'], [0, [], 0, ' first, '], [0, [1], 1, 'then'], [0, [], 0, ' install.']]],
    [10, 0],
    [3, 'ul', [[[0, [], 0, 'one step']], [[0, [], 0, 'two steps']]]],
  ],
});

const EXPORT = {
  db: [
    {
      meta: { exported_on: 1716560573131, version: '5.82.0' },
      data: {
        posts: [
          { id: 'p1', title: 'Welcome', slug: 'welcome', html: '<p>Hello from <a href="__GHOST_URL__/about/">the team</a>.</p><figure class="kg-card kg-image-card"><img src="__GHOST_URL__/content/images/2024/05/desk.jpg" alt="A desk"></figure>', feature_image: '__GHOST_URL__/content/images/size/w1200/2024/05/cover.png', type: 'post', status: 'published', visibility: 'public', published_at: '2024-05-01T08:00:00.000Z', updated_at: '2024-05-02T09:30:00.000Z', custom_excerpt: 'Who we are and what we write about.' },
          { id: 'p2', title: 'Install guide', slug: 'install-guide', html: null, mobiledoc: MOBILEDOC, type: 'post', status: 'published', visibility: 'public', published_at: '2024-05-03T08:00:00.000Z', updated_at: '2024-05-03T08:00:00.000Z' },
          { id: 'p3', title: 'About', slug: 'about', html: '<p>We write about tools.</p>', type: 'page', status: 'published', visibility: 'public', published_at: '2024-04-01T08:00:00.000Z', updated_at: '2024-04-05T08:00:00.000Z' },
          { id: 'p4', title: 'Members only', slug: 'members-only', html: '<p>Secret.</p>', type: 'post', status: 'published', visibility: 'paid', published_at: '2024-05-04T08:00:00.000Z' },
          { id: 'p5', title: 'Draft', slug: 'draft', html: '<p>Not yet.</p>', type: 'post', status: 'draft', visibility: 'public', published_at: null },
          { id: 'p6', title: 'Newsletter', slug: 'newsletter', html: '<p>Sent.</p>', type: 'post', status: 'sent', visibility: 'public', published_at: '2024-05-05T08:00:00.000Z' },
        ],
        tags: [
          { id: 't1', name: '#hero', slug: 'hash-hero', visibility: 'internal' },
          { id: 't2', name: 'Guides', slug: 'guides', visibility: 'public' },
          { id: 't3', name: 'Tools', slug: 'tools', visibility: 'public' },
        ],
        posts_tags: [
          { post_id: 'p1', tag_id: 't1', sort_order: 0 },
          { post_id: 'p1', tag_id: 't3', sort_order: 1 },
          { post_id: 'p2', tag_id: 't2', sort_order: 0 },
          { post_id: 'p2', tag_id: 't3', sort_order: 1 },
        ],
        users: [
          { id: 'u1', name: 'Joana Lima', slug: 'joana' },
          { id: 'u2', name: 'Rui Costa', slug: 'rui' },
        ],
        posts_authors: [
          { post_id: 'p1', author_id: 'u2', sort_order: 1 },
          { post_id: 'p1', author_id: 'u1', sort_order: 0 },
          { post_id: 'p2', author_id: 'u2', sort_order: 0 },
        ],
        posts_meta: [{ post_id: 'p1', feature_image_alt: 'A workbench' }],
        settings: [
          { key: 'title', value: 'Field Notes' },
          { key: 'description', value: 'Notes from the workshop.' },
          { key: 'locale', value: 'pt-BR' },
        ],
      },
    },
  ],
};

describe('vitrine import ghost on an export with pages, internal tags, members-only posts and mobiledoc', () => {
  let dir: string;
  let report: Report;
  before(async () => {
    const work = await workFolder('ghost-features');
    const images = path.join(work, 'images');
    await writePicture(path.join(images, '2024', '05', 'desk.jpg'));
    await writePicture(path.join(images, '2024', '05', 'cover.png'));
    const file = path.join(work, 'export.json');
    await writeFile(file, JSON.stringify(EXPORT));
    dir = path.join(work, 'site');
    const run = await runImport('ghost', file, dir, '--images', images, '--format', 'json');
    assert.equal(run.code, 0, run.stderr);
    report = JSON.parse(run.stdout) as Report;
  });

  test('the folder passes vitrine check, started in the language of the export', async () => {
    await assertChecks(dir);
    assert.equal((await readRecord(dir, 'posts/welcome.md')).data.locale, 'pt-BR');
  });

  test('the primary public tag is the category (internal tags dropped), the primary author the author, the custom excerpt the summary', async () => {
    const { data } = await readRecord(dir, 'posts/welcome.md');
    assert.deepEqual([data.category, data.author, data.summary, data.updated_at], ['Tools', 'Joana Lima', 'Who we are and what we write about.', '2024-05-02T09:30:00Z']);
    assert.equal(data.tags, undefined);
  });

  test("a post's other public tags are its tags, added to post_tags in site.yaml", async () => {
    assert.deepEqual((await readRecord(dir, 'posts/install-guide.md')).data.tags, ['Tools']);
    const site = load(await readFile(path.join(dir, 'site.yaml'), 'utf8')) as { post_tags: string[] };
    assert.ok(site.post_tags.includes('Tools'), JSON.stringify(site.post_tags));
  });

  test('the feature image and the pictures of content/images are copied, a resized copy falling back to its original', async () => {
    const { data, body } = await readRecord(dir, 'posts/welcome.md');
    assert.deepEqual(data.image, { file: 'media/2024/05/cover.png', alt: 'A workbench' });
    assert.match(body, /!\[A desk\]\(\.\.\/media\/2024\/05\/desk\.jpg\)/);
    assert.deepEqual(report.not_found, []);
  });

  test('__GHOST_URL__ links to imported posts and pages point at their files', async () => {
    assert.match((await readRecord(dir, 'posts/welcome.md')).body, /\[the team\]\(\.\.\/pages\/about\.md\)/);
    assert.match((await readRecord(dir, 'posts/install-guide.md')).body, /\[welcome post\]\(welcome\.md\)/);
  });

  test('a post exported with only mobiledoc is rendered: headings, marks, code cards with their language, lists', async () => {
    const { body } = await readRecord(dir, 'posts/install-guide.md');
    for (const part of ['## Getting started', '**then**', '```bash\nghost install\n```', '- one step']) assert.ok(body.includes(part), `${part} in:\n${body}`);
  });

  test('pages become pages; members-only, draft and email-only posts are skipped with why', async () => {
    assert.equal((await readRecord(dir, 'pages/about.md')).data.title, 'About');
    const reasons = new Map(report.skipped.map((row) => [row.title, row.reason]));
    assert.match(reasons.get('Members only') ?? '', /members/);
    assert.match(reasons.get('Draft') ?? '', /draft/);
    assert.match(reasons.get('Newsletter') ?? '', /email/);
  });

  test('a second import changes no file', async () => {
    const before = await snapshot(dir);
    const work = path.dirname(dir);
    assert.equal((await runImport('ghost', path.join(work, 'export.json'), dir, '--images', path.join(work, 'images'))).code, 0);
    assert.deepEqual(await snapshot(dir), before);
  });
});
