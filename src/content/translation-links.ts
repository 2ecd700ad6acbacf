import type { Report } from './content-folder.js';
import type { Page, Post, Product, TranslationLink } from './types.js';

/** Joins posts that share a `translation_key`: at most one per locale. */
export function linkTranslations(posts: Post[], keys: Map<Post, string>, report: Report): Post[] {
  const groups = new Map<string, Post[]>();
  for (const [post, key] of keys) groups.set(key, [...(groups.get(key) ?? []), post]);
  const links = new Map<Post, TranslationLink[]>();
  for (const [key, group] of groups) {
    const locales = new Map<string, Post>();
    for (const post of group) {
      const other = locales.get(post.locale);
      if (other) {
        report(`posts/${post.slug}.md`, 'translation_key', `"${key}" already has a ${post.locale} post (${other.slug})`);
      }
      locales.set(post.locale, post);
    }
    for (const post of group) {
      links.set(
        post,
        group
          .filter((other) => other !== post && other.locale !== post.locale)
          .map(({ locale, slug, title, url, markdown_url }) => ({ locale, slug, title, url, markdown_url })),
      );
    }
  }
  for (const post of posts) (post as { translations: readonly TranslationLink[] }).translations = links.get(post) ?? [];
  return posts;
}

/** Links each page (or product) to the same slug in the other locales. */
export function linkSlugTranslations<R extends Page | Product>(byLocale: ReadonlyMap<string, readonly R[]>, title: (record: R) => string): void {
  const bySlug = new Map<string, R[]>();
  for (const records of byLocale.values()) for (const record of records) bySlug.set(record.slug, [...(bySlug.get(record.slug) ?? []), record]);
  for (const group of bySlug.values()) {
    for (const record of group) {
      (record as { translations: readonly TranslationLink[] }).translations = group
        .filter((other) => other !== record)
        .map((other) => ({ locale: other.locale, slug: other.slug, title: title(other), url: other.url, markdown_url: other.markdown_url }));
    }
  }
}
