import path from 'node:path';
import { z } from 'zod';
import type { Messages } from '../i18n/catalog.js';
import type { WrittenIdentifier } from './identifiers.js';
import { legalNoticeSlug } from './legal-notice.js';
import { companySchema, pageSchema, postSchema, productSchema, siteSchema } from './schemas.js';

/**
 * The starter content folder of a new company, as `vitrine init` writes it:
 * site.yaml, company.md, every page of the navigation in every locale, one
 * product and one post per locale, a placeholder logo and icon. The words
 * come from the engine's catalogs in each locale's language (a Spanish
 * starter page is Spanish); what the company must write is marked TODO,
 * which `vitrine check` lists until it is gone. Each field is explained by
 * a comment taken from the description the editors' JSON Schemas show, so
 * the two never say different things.
 */

export interface StarterOptions {
  /** The company's name, as the site shows it. */
  readonly name: string;
  /** The site's locales, the default first; each has a shipped catalog. */
  readonly locales: readonly string[];
  /** The messages of each locale, starter ones included. */
  readonly messages: ReadonlyMap<string, Messages>;
  /** The country of the company's address, ISO 3166-1 alpha-2. */
  readonly country: string;
  /** The folder the starter is written to, and the engine's schemas/ folder: site.yaml names its schema relative to the first. */
  readonly dir: string;
  readonly schemasDir: string;
  /** The day the pages are dated, YYYY-MM-DD. */
  readonly today: string;
}

export interface StarterFile {
  /** Relative to the content folder, `/`-separated. */
  readonly file: string;
  readonly content: string;
}

/** The pages of the starter's navigation: the home page, the company, how to reach it, and the two legal pages. */
export const STARTER_PAGES = ['index', 'about', 'contact', 'privacy', 'terms'] as const;
type StarterPage = (typeof STARTER_PAGES)[number] | 'legal-notice';

/** The starter's pages for a company of `country`: the legal notice its country's law asks for among them (impressum, mentions-legales, aviso-legal). */
function starterPages(country: string): readonly { readonly slug: string; readonly page: StarterPage }[] {
  const legalNotice = legalNoticeSlug(country);
  return [...STARTER_PAGES.map((slug) => ({ slug, page: slug })), ...(legalNotice ? [{ slug: legalNotice, page: 'legal-notice' as const }] : [])];
}

/**
 * The identifiers company.md shows as examples, of the company's own
 * country: its VAT number and its register's number where it has them
 * (fictional numbers, with valid check digits where they have some).
 */
const EXAMPLE_IDENTIFIERS: Readonly<Record<string, readonly WrittenIdentifier[]>> = {
  AT: [
    { scheme: 'vat', value: 'ATU12345675' },
    { scheme: 'company_number', value: 'FN 123456 a', authority: 'Landesgericht für ZRS Graz' },
  ],
  DE: [
    { scheme: 'vat', value: 'DE136695976' },
    { scheme: 'company_number', value: 'HRB 123456', authority: 'Amtsgericht München' },
  ],
  CH: [
    { scheme: 'vat', value: 'CHE-123.456.788 MWST' },
    { scheme: 'company_number', value: 'CHE-123.456.788', authority: 'Handelsregisteramt des Kantons Zürich' },
  ],
  FR: [
    { scheme: 'vat', value: 'FR11123456782' },
    { scheme: 'company_number', value: '123 456 782', authority: 'RCS Paris' },
  ],
  ES: [
    { scheme: 'vat', value: 'ESB12345674' },
    { scheme: 'company_number', value: 'Tomo 12345, Folio 67, Hoja M-123456', authority: 'Registro Mercantil de Madrid' },
  ],
  IT: [
    { scheme: 'vat', value: 'IT00743110157' },
    { scheme: 'company_number', value: 'MI-1234567', authority: 'Registro delle imprese di Milano' },
  ],
  NL: [
    { scheme: 'vat', value: 'NL123456782B01' },
    { scheme: 'company_number', value: '12345678', authority: 'Kamer van Koophandel' },
  ],
  BE: [
    { scheme: 'vat', value: 'BE0123456749' },
    { scheme: 'company_number', value: '0123.456.749', authority: 'Banque-Carrefour des Entreprises' },
  ],
  PT: [{ scheme: 'vat', value: 'PT123456789' }],
  IE: [
    { scheme: 'vat', value: 'IE6388047V' },
    { scheme: 'company_number', value: '123456', authority: 'Companies Registration Office' },
  ],
  GB: [
    { scheme: 'vat', value: 'GB980780684' },
    { scheme: 'company_number', value: '01234567', authority: 'Companies House' },
  ],
  BR: [{ scheme: 'cnpj', value: '11.222.333/0001-81' }],
  US: [{ scheme: 'tax_id', value: '12-3456789', country: 'US' }],
};

/** Where the engine knows no example of the country: a register's number, its register to name. */
const ANY_COUNTRY_IDENTIFIER: WrittenIdentifier = { scheme: 'company_number', value: 'the number the register gave', authority: 'the register that gave it' };

/** The example identifiers as YAML comment lines. */
function exampleIdentifiers(country: string): string[] {
  return (EXAMPLE_IDENTIFIERS[country] ?? [ANY_COUNTRY_IDENTIFIER]).flatMap((identifier) =>
    Object.entries(identifier).map(([key, data], index) => `#   ${index === 0 ? '- ' : '  '}${key}: ${value(data)}`),
  );
}

const LOGO = 'images/logo.svg';
const ICON = 'images/icon.svg';

export function starterFiles(options: StarterOptions): StarterFile[] {
  const { locales, name } = options;
  const [defaultLocale] = locales;
  if (defaultLocale === undefined) throw new RangeError('a starter needs at least one locale');
  const m = (locale: string) => options.messages.get(locale)!;
  const first = m(defaultLocale);
  const productSlug = first.format('starter.product_slug');
  const files: StarterFile[] = [
    { file: 'site.yaml', content: siteYaml(options) },
    { file: 'company.md', content: companyMd(options, first) },
    { file: LOGO, content: logoSvg(name) },
    { file: ICON, content: iconSvg() },
  ];
  const postSlugs = new Set<string>();
  for (const locale of locales) {
    const words = m(locale);
    const under = locale === defaultLocale ? '' : `${locale}/`;
    for (const { slug, page } of starterPages(options.country)) files.push({ file: `pages/${under}${slug}.md`, content: pageMd(words, options, page) });
    files.push({ file: `products/${under}${productSlug}.md`, content: productMd(words, locale === defaultLocale) });
    let postSlug = words.format('starter.post_slug');
    if (postSlugs.has(postSlug)) postSlug = `${postSlug}-${locale.toLowerCase()}`;
    postSlugs.add(postSlug);
    files.push({ file: `posts/${postSlug}.md`, content: postMd(words, locale, first.format('starter.post_slug'), first.format('starter.post_tag'), options.today) });
  }
  return files;
}

// Writing YAML: every value is written as JSON (a JSON string is a YAML string), each field under its comment.

const value = (data: unknown) => JSON.stringify(data);

/** A field's description, as the editors' schema gives it. */
function described(schema: z.ZodObject, field: string): string {
  return z.globalRegistry.get(schema.shape[field] as z.ZodType)?.description ?? '';
}

/** A comment of lines of at most 100 characters, at `indent`. */
function comment(text: string, indent = ''): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/)) {
    if (line && `${indent}# ${line} ${word}`.length > 100) {
      lines.push(`${indent}# ${line}`);
      line = word;
    } else line = line ? `${line} ${word}` : word;
  }
  if (line) lines.push(`${indent}# ${line}`);
  return lines;
}

/** `field: value` under the field's description; `todo` adds what to do on the same line. */
function field(schema: z.ZodObject, name: string, data: unknown, todo?: string, indent = ''): string[] {
  return [...comment(described(schema, name), indent), `${indent}${name}: ${value(data)}${todo ? `  # TODO: ${todo}` : ''}`];
}

function frontMatter(lines: readonly string[], body: string): string {
  return `---\n${lines.join('\n')}\n---\n${body.trim()}\n`;
}

function siteYaml({ name, locales, messages, dir, schemasDir, country }: StarterOptions): string {
  const m = (locale: string) => messages.get(locale)!;
  const [defaultLocale] = locales as [string];
  // A text of several locales is written once per locale, so each locale's pages show their own.
  const perLocale = (key: string, text: (locale: string) => string) =>
    locales.length === 1
      ? field(siteSchema, key, text(defaultLocale))
      : [...comment(described(siteSchema, key)), `${key}:`, ...locales.map((locale) => `  ${value(locale)}: ${value(text(locale))}`)];
  // The tags are the default locale's words; the other locales show them in theirs.
  const tagLabels = () => {
    const labels = (['starter.product_tag', 'starter.post_tag'] as const).flatMap((key) => {
      const tag = m(defaultLocale).format(key);
      const others = locales.slice(1).filter((locale) => m(locale).format(key) !== tag);
      return others.length ? [`  ${value(tag)}: {${others.map((locale) => `${value(locale)}: ${value(m(locale).format(key))}`).join(', ')}}`] : [];
    });
    return labels.length ? [...comment(described(siteSchema, 'tag_labels')), 'tag_labels:', ...labels] : [];
  };
  const schema = path.relative(dir, path.join(schemasDir, 'site.schema.json')).split(path.sep).join('/');
  return `${[
    // The yaml-language-server modeline: editors that read it complete and check this file as it is typed.
    `# yaml-language-server: $schema=${schema}`,
    '',
    ...field(siteSchema, 'name', name),
    ...perLocale('description', (locale) => m(locale).format('starter.site_description', { name })),
    ...field(siteSchema, 'default_locale', defaultLocale),
    ...field(siteSchema, 'locales', locales),
    ...field(siteSchema, 'product_tags', [m(defaultLocale).format('starter.product_tag')]),
    ...field(siteSchema, 'post_tags', [m(defaultLocale).format('starter.post_tag')]),
    ...tagLabels(),
    ...comment(described(siteSchema, 'post_categories')),
    'post_categories:',
    ...locales.map((locale) => `  ${value(locale)}: ${value([m(locale).format('starter.post_category')])}`),
    ...field(siteSchema, 'page_slugs', starterPages(country).map(({ slug }) => slug)),
    ...comment(described(siteSchema, 'icons')),
    'icons:',
    `  svg: ${value(ICON)}  # TODO: the company's icon`,
    ...aiUsageYaml(),
  ].join('\n')}\n`;
}

/**
 * `ai_usage`, every use written out: found by search engines and quoted by
 * answer engines (with a link back) is why a company publishes; whether
 * models may be trained on its words is the owner's call, written as one.
 */
function aiUsageYaml(): string[] {
  const usage = siteSchema.shape.ai_usage.unwrap();
  return [
    ...comment(described(siteSchema, 'ai_usage')),
    'ai_usage:',
    ...field(usage, 'search', true, undefined, '  '),
    ...field(usage, 'ai_input', true, undefined, '  '),
    ...field(usage, 'ai_train', false, 'decide whether AI models may be trained on this content: true allows it, false asks them not to', '  '),
  ];
}

function companyMd({ name, country }: StarterOptions, m: Messages): string {
  const addressField = (key: string, data: string, todo?: string) => field(companySchema.shape.address, key, data, todo, '  ');
  return frontMatter(
    [
      ...field(companySchema, 'legal_name', name, 'the name in the company register'),
      ...field(companySchema, 'trade_name', name),
      ...comment(described(companySchema, 'identifiers')),
      '# TODO: at least one identifier, such as:',
      ...exampleIdentifiers(country),
      'identifiers: []',
      // The legal notice names them: written where the starter writes one.
      ...(legalNoticeSlug(country) ? field(companySchema, 'managing_directors', ['TODO'], 'the full name of each') : []),
      ...comment(described(companySchema, 'address')),
      'address:',
      ...addressField('street', 'TODO'),
      ...addressField('number', 'TODO'),
      ...addressField('city', 'TODO'),
      ...addressField('postal_code', 'TODO'),
      ...addressField('country', country),
      ...comment(described(companySchema, 'contact')),
      'contact:',
      `  email: ${value('hello@example.com')}  # TODO: the company's address`,
      ...field(companySchema, 'profiles', {}),
      ...comment(described(companySchema, 'logo')),
      'logo:',
      `  file: ${value(LOGO)}  # TODO: the company's logo`,
      `  alt: ${value(m.format('starter.logo_alt', { name }))}`,
    ],
    m.format('starter.index_description', { name }),
  );
}

const PAGE_WORDS = {
  index: { title: 'starter.index_title', description: 'starter.index_description', body: 'starter.index_body' },
  about: { title: 'starter.about_title', description: 'starter.about_description', body: 'starter.about_body' },
  contact: { title: 'starter.contact_title', description: 'starter.contact_description', body: 'starter.contact_body' },
  privacy: { title: 'starter.privacy_title', description: 'starter.privacy_description', body: 'starter.privacy_body' },
  terms: { title: 'starter.terms_title', description: 'starter.terms_description', body: 'starter.terms_body' },
  'legal-notice': { title: 'starter.legal_notice_title', description: 'starter.legal_notice_description', body: 'starter.legal_notice_body' },
} as const satisfies Record<StarterPage, Record<string, string>>;

function pageMd(m: Messages, { name, country, today }: StarterOptions, page: StarterPage): string {
  const words = PAGE_WORDS[page];
  // Every message of a page takes the company's name and country, or some of them, or none (a page title such as "Contact").
  const format = (key: (typeof words)[keyof typeof words]) => (m.format as (key: string, values: { name: string; country: string }) => string)(key, { name, country });
  return frontMatter(
    [...field(pageSchema, 'title', format(words.title)), ...field(pageSchema, 'description', format(words.description)), ...field(pageSchema, 'updated_at', today)],
    format(words.body),
  );
}

function productMd(m: Messages, original: boolean): string {
  const product = productSchema();
  const lines = [...field(product, 'name', m.format('starter.product_name')), ...field(product, 'summary', m.format('starter.product_summary'))];
  if (original) {
    lines.push(...field(product, 'status', 'coming-soon'), ...field(product, 'tags', [m.format('starter.product_tag')]), ...field(product, 'order', 1));
  }
  return frontMatter(lines, m.format('starter.product_body'));
}

/** A post of `locale`; its tag is the default locale's word, as post_tags writes it. */
function postMd(m: Messages, locale: string, translationKey: string, defaultTag: string, today: string): string {
  const post = postSchema();
  return frontMatter(
    [
      ...field(post, 'title', m.format('starter.post_title')),
      ...field(post, 'summary', m.format('starter.post_summary')),
      ...field(post, 'category', m.format('starter.post_category')),
      ...field(post, 'tags', [defaultTag]),
      ...field(post, 'locale', locale),
      ...field(post, 'published_at', today),
      ...field(post, 'author', m.format('starter.post_author')),
      ...field(post, 'translation_key', translationKey),
    ],
    m.format('starter.post_body'),
  );
}

// The placeholders: a plain mark, no text to render and no font to need, for the company to replace.

function iconSvg(): string {
  return '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" rx="14" fill="#1f4e79"/><circle cx="32" cy="32" r="14" fill="#f2f5f8"/></svg>\n';
}

function logoSvg(name: string): string {
  const label = name.replace(/[&<>"]/g, (char) => `&#${char.charCodeAt(0)};`);
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 320 64" role="img" aria-label="${label}"><rect width="64" height="64" rx="14" fill="#1f4e79"/><circle cx="32" cy="32" r="14" fill="#f2f5f8"/><text x="80" y="42" font-family="system-ui, sans-serif" font-size="30" font-weight="600" fill="#1f4e79">${label}</text></svg>\n`;
}
