import { paths } from '../routes/table.js';
import type { ContentFolder, RecordFiles, SourceFile } from './content-folder.js';
import type { BodyLinks } from './resolve-body.js';
import { resolveBody } from './resolve-body.js';
import type { Site } from './types.js';

/**
 * A record's body as the loader reads it: its links and pictures resolved
 * (see resolveBody) against the URL of every record file and the media
 * library, what cannot be reported at the line of the file it is written on.
 */

/**
 * The absolute URL of each record file a body may link to, by its path in
 * the content folder: company.md, each product (`products/`, or its
 * translation in `products/<locale>/`) and post, and each page site.yaml
 * lists, in the default locale (`pages/`) or another (`pages/<locale>/`).
 */
export function recordUrls(base: string, site: Site, files: RecordFiles): Map<string, string> {
  const urls = new Map<string, string>();
  if (files.company) urls.set('company.md', base + paths.company());
  const pages = (locale: string | undefined, list: readonly SourceFile[]) => {
    for (const file of list) if (site.page_slugs.includes(file.slug)) urls.set(file.file, base + paths.page(site, file.slug, locale));
  };
  for (const file of files.products) urls.set(file.file, base + paths.product(site, file.slug));
  for (const { locale, products } of files.translations) for (const file of products) urls.set(file.file, base + paths.product(site, file.slug, locale));
  for (const file of files.posts) urls.set(file.file, base + paths.post(file.slug));
  pages(undefined, files.pages);
  for (const { locale, pages: list } of files.translations) pages(locale, list);
  return urls;
}

/** A record's markdown body, resolved (see resolveBody); what cannot be is reported at the file's line. */
export type BodyResolver = (file: { readonly file: string; readonly source: string }, body: string) => string;

export function bodyResolver(folder: ContentFolder, links: BodyLinks): BodyResolver {
  return (file, body) => {
    const { markdown, problems } = resolveBody(body, file.file, links);
    if (problems.length > 0) {
      const first = firstLineOf(file.source, body);
      for (const problem of problems) folder.reportLine(file.file, first + problem.line, problem.message);
    }
    return markdown;
  };
}

/** The file's line (from 1) that `body`, the end of its text, starts on. */
export function firstLineOf(source: string, body: string): number {
  const text = source.startsWith('\uFEFF') ? source.slice(1) : source;
  const before = text.slice(0, text.length - body.length);
  return before.split('\n').length;
}
