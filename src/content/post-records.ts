import { paths } from '../routes/table.js';
import type { ContentFolder, SourceFile } from './content-folder.js';
import type { MediaLibrary } from './media-library.js';
import { imageOf } from './media-library.js';
import type { BodyResolver } from './record-bodies.js';
import { postSchema } from './schemas.js';
import { tagLabels } from './site-texts.js';
import { closest, withSuggestion } from '../util/suggest.js';
import type { Post, Site } from './types.js';
import { documentUsage } from './ai-usage.js';

/** The posts, and the translation key each names (linked once every post is read). */
export function postsOf(
  folder: ContentFolder,
  media: MediaLibrary,
  body: BodyResolver,
  files: readonly SourceFile[],
  site: Site,
  base: string,
): { records: Post[]; translationKeys: Map<Post, string> } {
  const records: Post[] = [];
  const translationKeys = new Map<Post, string>();
  const fields = postSchema(site);
  for (const file of files) {
    const loaded = folder.record(file, fields, body);
    if (!loaded) continue;
    const { data } = loaded;
    const categories = site.post_categories[data.locale] ?? [];
    if (!categories.includes(data.category)) {
      folder.report(
        file.file,
        'category',
        categories.length
          ? withSuggestion(`must be one of ${categories.join(', ')} for locale ${data.locale}`, closest(data.category, categories))
          : `site.yaml lists no post categories for locale ${data.locale}`,
      );
      continue;
    }
    const { translation_key, image, ai_usage, ...rest } = data;
    const post = {
      ...rest,
      ...imageOf(media, image, file.file),
      labelled_tags: tagLabels(site, rest.tags, rest.locale),
      ai_usage: documentUsage(site.ai_usage, ai_usage),
      slug: file.slug,
      translations: [],
      url: base + paths.post(file.slug),
      markdown_url: base + paths.postMirror(file.slug),
      markdown: loaded.body,
    } as Omit<Post, 'text' | 'reading_time_minutes'> as Post;
    records.push(post);
    if (translation_key) translationKeys.set(post, translation_key);
  }
  return { records, translationKeys };
}
