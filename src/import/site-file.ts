import type { Document } from 'yaml';
import { isMap, isSeq, parseDocument, Scalar, YAMLMap, YAMLSeq } from 'yaml';
import { ImportError } from './errors.js';

/**
 * site.yaml as the import leaves it: the taxonomy the imported records need
 * (their locales, post categories, page slugs, product and post tags) added to
 * what it lists, and nothing else changed. It is edited as a YAML document,
 * so its comments and the order and style of its fields stay as written.
 */

export interface SiteAdditions {
  readonly locales: readonly string[];
  /** Post categories by locale. */
  readonly categories: ReadonlyMap<string, readonly string[]>;
  readonly pageSlugs: readonly string[];
  readonly productTags: readonly string[];
  readonly postTags: readonly string[];
  /** The site's description, in place of one still marked TODO. */
  readonly description?: string;
}

/** What site.yaml lists today, as far as the import needs it. */
export interface SiteTaxonomy {
  readonly name?: string;
  readonly defaultLocale: string;
  readonly locales: readonly string[];
  readonly categories: ReadonlyMap<string, readonly string[]>;
  readonly pageSlugs: readonly string[];
  readonly productTags: readonly string[];
}

/** site.yaml's taxonomy; a file that does not parse, or lists no default locale, is an ImportError naming it. */
export function readSite(text: string, file: string): SiteTaxonomy {
  const document = parse(text, file);
  const strings = (value: unknown): string[] => (Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : []);
  const data = document.toJS() as Record<string, unknown> | null;
  const defaultLocale = typeof data?.default_locale === 'string' ? data.default_locale : undefined;
  if (!data || !defaultLocale) throw new ImportError(file, 'names no default_locale; run `vitrine check` on the folder and fix it first');
  const categories = new Map<string, string[]>();
  const written = data.post_categories;
  if (written && typeof written === 'object') for (const [locale, list] of Object.entries(written)) categories.set(locale, strings(list));
  return {
    ...(typeof data.name === 'string' ? { name: data.name } : {}),
    defaultLocale,
    locales: strings(data.locales),
    categories,
    pageSlugs: strings(data.page_slugs),
    productTags: strings(data.product_tags),
  };
}

/** `text` with `additions` made; the very same text when there is nothing to add. */
export function mergeSite(text: string, additions: SiteAdditions, file: string): string {
  const document = parse(text, file);
  let changed = false;
  const append = (key: string | string[], values: readonly string[]) => {
    if (values.length === 0) return;
    const path = Array.isArray(key) ? key : [key];
    let list = document.getIn(path, true);
    if (!isSeq(list)) {
      const flow = new YAMLSeq();
      flow.flow = true;
      document.setIn(path, flow);
      list = flow;
    }
    const present = new Set((list as YAMLSeq).items.map((item) => String(item instanceof Scalar ? item.value : item)));
    for (const value of values) {
      if (present.has(value)) continue;
      (list as YAMLSeq).add(quoted(value));
      present.add(value);
      changed = true;
    }
  };
  append('locales', additions.locales);
  if (additions.categories.size > 0 && !isMap(document.get('post_categories', true))) document.set('post_categories', new YAMLMap());
  for (const [locale, categories] of additions.categories) append(['post_categories', locale], categories);
  append('page_slugs', additions.pageSlugs);
  append('product_tags', additions.productTags);
  append('post_tags', additions.postTags);
  // A description given per locale (`{de: ..., en: ...}`) takes the export's in the default locale's place.
  const described = isMap(document.get('description', true)) ? ['description', String(document.get('default_locale'))] : ['description'];
  if (additions.description && /TODO/.test(String(document.getIn(described) ?? ''))) {
    document.setIn(described, quoted(additions.description));
    changed = true;
  }
  return changed ? document.toString({ lineWidth: 0 }) : text;
}

/** A string written in double quotes, as the rest of site.yaml writes them: "no", "on" or "1.0" stay strings. */
function quoted(value: string): Scalar {
  const scalar = new Scalar(value);
  scalar.type = Scalar.QUOTE_DOUBLE;
  return scalar;
}

function parse(text: string, file: string): Document {
  const document = parseDocument(text);
  if (document.errors.length > 0) throw new ImportError(file, `does not parse as YAML (${document.errors[0]!.message.split('\n')[0]}); run \`vitrine check\` on the folder and fix it first`);
  return document;
}
