import type { Catalog, Post } from '../../src/content/types.js';
import { testCatalog } from '../helper.js';

/**
 * The demo Catalog with its posts replaced by `count` made-up ones, newest
 * first, whose title and summary have about the given lengths and all
 * contain the word "zebra": a site larger than the demo, to page through.
 */
export async function catalogWithPosts(count: number, lengths: { title: number; summary: number }): Promise<Catalog> {
  const demo = await testCatalog();
  const model = demo.posts[0]!;
  const filler = (length: number) => 'lorem ipsum dolor '.repeat(Math.ceil(length / 18)).slice(0, length).trim();
  const posts: Post[] = Array.from({ length: count }, (_, i) => {
    const slug = `zebra-${String(i).padStart(3, '0')}`;
    return {
      ...model,
      slug,
      title: `Zebra ${i} ${filler(lengths.title)}`,
      summary: `Zebra ${filler(lengths.summary)}`,
      published_at: new Date(Date.UTC(2026, 0, 1) - i * 86_400_000).toISOString().replace('.000Z', 'Z'),
      translations: [],
      url: `${demo.base_url}/blog/${slug}`,
      markdown_url: `${demo.base_url}/md/blog/${slug}.md`,
    };
  });
  return { ...demo, posts, postsBySlug: new Map(posts.map((p) => [p.slug, p])) };
}
