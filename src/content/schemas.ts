import { z } from 'zod';
import { cnpjProblem } from './cnpj.js';
import { closest, closestLocale, withSuggestion } from '../util/suggest.js';
import { identifierProblems } from './identifiers.js';
import { IDENTIFIER_SCHEMES, PRODUCT_STATUSES, REDIRECT_STATUSES } from './types.js';

/**
 * Front matter schemas. Objects are strict: a misspelt field is an error, not
 * a silently ignored value. Enumerations that come from `site.yaml` are
 * passed in, so the same engine serves any company's taxonomy.
 *
 * Every field carries a description and an example (`.meta`): the JSON
 * Schemas editors read (editor-schemas.ts) are generated from these very
 * objects, and the loader quotes the example when a required field is
 * missing. Formats are checked with `.regex()` where one can say them, so
 * the generated schemas hold the same patterns the loader applies.
 */

export const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
/** A calendar date; whether the day exists in its month is checked apart (realDate). */
const DATE = /^(\d{4})-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/;
/** A calendar date, or an RFC 3339 date-time with seconds and a time zone. */
const DATE_OR_DATE_TIME = /^(\d{4})-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])(?:T([01]\d|2[0-3]):[0-5]\d:[0-5]\d(?:\.\d+)?(?:Z|[+-](?:[01]\d|2[0-3]):[0-5]\d))?$/;

const text = (max: number) =>
  z.string({ error: 'must be a string' }).trim().min(1, 'must not be empty').max(max, `must be at most ${max} characters`);

function realDate(year: string, month: string, day: string): boolean {
  const date = new Date(Date.UTC(Number(year), Number(month) - 1, Number(day)));
  return date.getUTCFullYear() === Number(year) && date.getUTCMonth() === Number(month) - 1 && date.getUTCDate() === Number(day);
}

const DAY_OR_YEAR = /^(\d{4})(?:-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01]))?$/;
const DAY_OR_YEAR_PROBLEM = 'must be a real date written as YYYY-MM-DD, or a year such as 2014';

/** A calendar date `YYYY-MM-DD`, or a year alone (`2014`, which YAML reads as a number), kept as written, as a string. */
export const dayOrYear = z
  // Aborts: a value of the wrong shape is one problem, not two.
  .union([z.int().min(1000, DAY_OR_YEAR_PROBLEM).max(9999, DAY_OR_YEAR_PROBLEM), z.string().regex(DAY_OR_YEAR, { error: DAY_OR_YEAR_PROBLEM, abort: true })], {
    error: DAY_OR_YEAR_PROBLEM,
  })
  .refine((value) => {
    const m = typeof value === 'number' ? undefined : DAY_OR_YEAR.exec(value);
    return m === undefined || (m !== null && (m[2] === undefined || realDate(m[1]!, m[2], m[3]!)));
  }, DAY_OR_YEAR_PROBLEM)
  .transform(String);

const TIMESTAMP_PROBLEM = 'must be a real date (YYYY-MM-DD) or RFC 3339 date-time (2026-03-14T12:00:00Z)';

/** A date or RFC 3339 date-time, normalized to `YYYY-MM-DDTHH:MM:SSZ` in UTC. */
export const timestamp = z
  .string({ error: 'must be a date (YYYY-MM-DD) or an RFC 3339 date-time' })
  .regex(DATE_OR_DATE_TIME, { error: TIMESTAMP_PROBLEM, abort: true })
  .refine((value) => {
    const m = DATE_OR_DATE_TIME.exec(value);
    return m !== null && realDate(m[1]!, m[2]!, m[3]!) && !Number.isNaN(Date.parse(value));
  }, TIMESTAMP_PROBLEM)
  .transform((value) => new Date(DATE.test(value) ? `${value}T00:00:00Z` : value).toISOString().replace('.000Z', 'Z'));

const absoluteUrl = z
  .string({ error: 'must be a URL' })
  .regex(/^https?:\/\/\S+$/, { error: 'must be an absolute http(s) URL', abort: true })
  .refine((value) => {
    try {
      const url = new URL(value);
      return url.protocol === 'https:' || url.protocol === 'http:';
    } catch {
      return false;
    }
  }, 'must be an absolute http(s) URL');

/** A link: an absolute http(s) URL or a site path starting with "/". */
const link = z.union([absoluteUrl, z.string().regex(/^\/(?!\/)\S*$/)], {
  error: 'must be an absolute http(s) URL or a site path starting with "/"',
});

/**
 * One of `values`, naming the nearest when a value is close to one
 * ("did you mean pt-BR?"). Without `values` (a schema for editors, which
 * knows no site) any string: the field's description says where its values
 * come from.
 */
const oneOf = (values: readonly string[] | undefined, whenNone?: string, nearest: (value: string, values: readonly string[]) => string[] = closest) => {
  if (values === undefined) return z.string({ error: 'must be a string' });
  const problem = values.length === 0 && whenNone !== undefined ? whenNone : `must be one of ${values.join(', ')}`;
  return z.enum(values as readonly [string, ...string[]], {
    error: (issue) => withSuggestion(problem, typeof issue.input === 'string' ? nearest(issue.input, values) : []),
  });
};

/** A value lists filter by (a tag, a category): several are given separated by commas, so none may hold one. */
const filterValue = text(60).regex(/^[^,]*$/, 'must not contain a comma (filters list several values separated by commas)');

/** A relative path with "/" between folders: no leading "/", no "\", no empty, "." or ".." folder. */
const CONTENT_FILE = /^(?:(?!\.\.?\/)[^/\\]+\/)*(?!\.\.?$)[^/\\]+$/;

/** A file of the content folder: a relative path with "/" between folders, never leaving the folder. */
const contentFile = z
  .string({ error: 'must be the path of a file inside the content folder, such as images/logo.svg' })
  .regex(CONTENT_FILE, 'must be a relative path inside the content folder (no leading "/", no "..", "/" between folders)');

/** An image: a file of the content folder and its alternative text (size and type are read from the file). */
export const imageRef = z.strictObject({
  file: contentFile.meta({
    description: 'The picture: a file of the content folder (PNG, JPEG, GIF, WebP, SVG or ICO), its path from the folder with "/" between folders.',
    examples: ['images/atlas.png'],
  }),
  alt: text(300).meta({
    description: 'What the picture shows, for readers who cannot see it (at most 300 characters).',
    examples: ['A rack of servers with their front panels open'],
  }),
});

/** A word or a phrase of the site's synonyms, as its documents write it (case and accents do not matter). */
const searchWords = text(100).meta({ description: 'A word or a phrase, as the documents write it; case and accents do not matter.' });

/** `search` of site.yaml: synonyms and one-way expansions, each keyed by locale. */
const searchSchema = z.strictObject({
  synonyms: z
    .record(
      z.string().meta({ description: 'A locale of `locales`: the words apply to its documents (products: the default locale).' }),
      z
        .array(
          z
            .array(searchWords, { error: 'must be a list of words or phrases that mean the same, such as [LGPD, General Data Protection Law]' })
            .min(2, 'must list at least two words or phrases that mean the same')
            .meta({ description: 'Words or phrases that mean the same: a search for any of them also finds the others.' }),
          { error: 'must be a list of groups, each a list of words or phrases that mean the same' },
        )
        .meta({ description: 'The groups of this locale.' }),
    )
    .optional()
    .meta({
      description: 'Groups of words or phrases that mean the same, per locale: a search for one finds the documents that use another (an acronym and its expansion, an old and a new product name).',
      examples: [{ en: [['LGPD', 'General Data Protection Law'], ['GRC', 'governance, risk and compliance']], 'pt-BR': [['LGPD', 'Lei Geral de Proteção de Dados']] }],
    }),
  expansions: z
    .record(
      z.string().meta({ description: 'A locale of `locales`: the words apply to its documents (products: the default locale).' }),
      z
        .record(
          searchWords.meta({ description: 'What is searched for: a word or a phrase.' }),
          z
            .array(searchWords, { error: 'must be a list of the words or phrases a search for the key also finds' })
            .min(1, 'must list at least one word or phrase')
            .meta({ description: 'What a search for the key also finds.' }),
        )
        .meta({ description: 'The expansions of this locale.' }),
    )
    .optional()
    .meta({
      description:
        'One-way expansions, per locale: a search for the key also finds documents that use any of the words or phrases listed, but a search for those does not find the key (a general word and the particular ones it covers).',
      examples: [{ en: { 'data protection': ['LGPD', 'GDPR'] } }],
    }),
});

/**
 * A text of site.yaml that readers see: one text, written in the default
 * locale, or one per locale (`{en: ..., de: ...}`), the default locale's
 * among them; a locale not given shows the default locale's.
 */
const textByLocale = (max: number, what: string) =>
  z.union(
    [
      text(max),
      z.record(z.string().meta({ description: 'A locale of `locales`.' }), text(max).meta({ description: `The ${what} in this locale.` }), {
        error: `must be the ${what}, or one per locale such as {en: "...", de: "..."}`,
      }),
    ],
    { error: `must be the ${what}, or one per locale such as {en: "...", de: "..."}` },
  );

/** A picture of site.yaml: a file of the content folder and its alternative text, one or one per locale. */
const sitePicture = z.strictObject({
  file: imageRef.shape.file,
  alt: textByLocale(300, 'text of the picture').meta({
    description:
      'What the picture shows, for readers who cannot see it (at most 300 characters): one text in the default locale, or one per locale ({en: ..., de: ...}), the default locale\u2019s among them.',
    examples: ['A rack of servers with their front panels open', { en: 'A rack of servers with their front panels open', de: 'Ein Serverschrank mit offenen Fronttüren' }],
  }),
});

/** A tag's label in each locale it is shown under another name. */
const tagLabelsSchema = z
  .record(
    z.string().meta({ description: 'A tag of product_tags or post_tags, as written there.' }),
    z
      .record(z.string().meta({ description: 'A locale of `locales`.' }), text(60).meta({ description: "The tag's label on this locale's pages." }), {
        error: 'must give a label per locale, such as {de: Leistungen, en: Services}',
      })
      .meta({ description: 'The label of each locale that shows the tag under another name.' }),
    { error: 'must map each tag to its labels per locale, such as {Leistungen: {en: Services, fr: Prestations}}' },
  )
  .default({})
  .meta({
    description:
      'The label a tag (of product_tags or post_tags) shows on the pages and markdown mirrors of a locale; a locale not given shows the tag as written. The API and MCP answer the tag as written; the site\u2019s filter takes both.',
    examples: [{ Leistungen: { en: 'Services', fr: 'Prestations' } }],
  });

/** A yes or a no: YAML's true or false. */
const yesOrNo = (description: string) => z.boolean({ error: 'must be true or false' }).optional().meta({ description, examples: [true] });

/**
 * `ai_usage`: what automated systems may do with the content, each use a
 * yes or a no; a use left out states no preference. Stated in robots.txt
 * and in the Content-Usage header of every answer (src/content/ai-usage.ts).
 */
const aiUsageSchema = (whose: string) =>
  z
    .strictObject({
      search: yesOrNo('Whether search engines may index the content and show it, linked, in their results.'),
      ai_input: yesOrNo('Whether AI systems may read the content as live input to an answer (grounding, quoting, summarising with a link back).'),
      ai_train: yesOrNo('Whether the content may be used to train or fine-tune AI models.'),
    })
    .optional()
    .meta({
      description: `What automated systems may do with ${whose}: search, live input to AI answers, AI training, each true or false; a use left out states no preference.`,
      examples: [{ search: true, ai_input: true, ai_train: false }],
    });

export const siteSchema = z.strictObject({
  name: text(100).meta({ description: "The site's name, shown in its header, page titles and feeds.", examples: ['Atlas Cloud'] }),
  description: textByLocale(300, 'sentence').meta({
    description:
      'One sentence on what the company does: the home page description, the subtitle of the feeds and the text of share cards. One sentence in the default locale, or one per locale ({en: ..., de: ...}), the default locale\u2019s among them.',
    examples: ['Managed cloud servers and backups for small businesses.', { en: 'Managed cloud servers and backups for small businesses.', de: 'Verwaltete Cloud-Server und Backups für kleine Unternehmen.' }],
  }),
  default_locale: text(35).meta({
    description: 'The language of pages/*.md and of the pages served without a locale prefix: one of `locales`.',
    examples: ['en'],
  }),
  locales: z
    .array(text(35).meta({ description: 'A language tag (BCP 47), such as en or pt-BR.' }))
    .min(1, 'must list at least one locale')
    .meta({ description: 'Every language the site is written in, as BCP 47 tags; `default_locale` among them.', examples: [['en', 'pt-BR']] }),
  product_tags: z
    .array(filterValue.meta({ description: 'A tag (no comma).' }))
    .min(1, 'must list at least one tag')
    .meta({ description: "Every tag a product may carry: a product's `tags` are chosen from this list. No tag may hold a comma.", examples: [['Cloud', 'Backup']] }),
  post_tags: z
    .array(filterValue.meta({ description: 'A tag (no comma).' }))
    .default([])
    .meta({ description: "Every tag a post may carry: a post's `tags` are chosen from this list. No tag may hold a comma.", examples: [['Kubernetes', 'Security']] }),
  tag_labels: tagLabelsSchema,
  post_categories: z
    .record(
      z.string().meta({ description: 'A locale of `locales`.' }),
      z
        .array(filterValue.meta({ description: 'A category (no comma).' }))
        .min(1, 'must list at least one category')
        .meta({ description: 'The categories of the posts written in this locale.' }),
    )
    .meta({
      description: "The post categories of each locale, keyed by locale: a post's `category` is one of its locale's. No category may hold a comma.",
      examples: [{ en: ['Engineering', 'News'], 'pt-BR': ['Engenharia', 'Notícias'] }],
    }),
  page_slugs: z
    .array(z.string().regex(SLUG, 'must be a lowercase slug').meta({ description: 'A page slug: lowercase letters, digits and single hyphens.' }))
    .min(1, 'must list at least one page')
    .meta({
      description: 'The institutional pages, in navigation order: each is pages/<slug>.md, and `index` is the home page.',
      examples: [['index', 'about', 'contact']],
    }),
  icons: z
    .strictObject({
      svg: contentFile.optional().meta({ description: 'The icon as SVG (image/svg+xml): a file of the content folder.', examples: ['images/icon.svg'] }),
      png: contentFile.optional().meta({ description: 'The icon as a square PNG, 512x512: a file of the content folder.', examples: ['images/icon-512.png'] }),
      png_small: contentFile.optional().meta({ description: 'The icon as a square PNG, 192x192: a file of the content folder.', examples: ['images/icon-192.png'] }),
      touch: contentFile.optional().meta({ description: 'The home screen icon of Apple devices: a square PNG, 180x180, not transparent.', examples: ['images/apple-touch-icon.png'] }),
      ico: contentFile.optional().meta({ description: 'favicon.ico (image/x-icon), for browsers that ask for it: a file of the content folder.', examples: ['images/favicon.ico'] }),
    })
    .default({})
    .meta({ description: "The site's icons, each a file of the content folder; any may be left out." }),
  share_image: sitePicture.optional().meta({ description: 'The picture shared with a page that has none of its own (1200x630 suits share cards).' }),
  search: searchSchema.optional().meta({
    description:
      "What the site's search should take as meaning the same, per locale (REST, MCP and the site's search page alike). Each word already finds its other forms (plural, verb forms) without being listed.",
  }),
  ai_usage: aiUsageSchema('the content of the whole site (a document may say otherwise for itself)'),
});

const COUNTRY_CODE = /^[A-Z]{2}$/;

/** One identifier of the company: its scheme and value, checked as the scheme requires (src/content/identifiers.ts). */
const identifierSchema = z
  .strictObject({
    scheme: z.enum(IDENTIFIER_SCHEMES, { error: `must be one of ${IDENTIFIER_SCHEMES.join(', ')}` }).meta({
      description:
        'What the value is: cnpj (Brazil), lei (ISO 17442 Legal Entity Identifier), vat (a VAT number), tax_id (a tax number, such as a US EIN), duns (a D-U-N-S number), company_number (a number given by a company register, named in `authority`).',
      examples: ['vat'],
    }),
    value: text(100).meta({ description: 'The identifier as its issuer writes it; CNPJ, LEI and VAT check digits are verified.', examples: ['DE136695976'] }),
    authority: text(200).optional().meta({ description: 'The register or body that issued it; required for a company_number.', examples: ['Companies House'] }),
    country: z
      .string({ error: 'must be an ISO 3166-1 alpha-2 code such as US' })
      .regex(COUNTRY_CODE, 'must be an ISO 3166-1 alpha-2 code such as US')
      .optional()
      .meta({ description: 'The country that issued it, as an ISO 3166-1 alpha-2 code: a VAT number without its prefix takes it, a tax_id of US is checked as an EIN, and a company_number without one is of the country of the company\u2019s address.', examples: ['US'] }),
  })
  .superRefine((identifier, ctx) => {
    for (const { field, message } of identifierProblems(identifier)) ctx.addIssue({ code: 'custom', path: [field], message });
  });

export const companySchema = z.strictObject({
  legal_name: text(200).meta({ description: 'The registered name of the company, as its register gives it.', examples: ['Atlas Cloud Tecnologia Ltda.'] }),
  trade_name: text(100).meta({ description: 'The name the company is known by.', examples: ['Atlas Cloud'] }),
  cnpj: z
    .string({ error: 'must be a string formatted 00.000.000/0000-00' })
    .superRefine((value, ctx) => {
      const problem = cnpjProblem(value);
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
    })
    .optional()
    .meta({
      description:
        "A Brazilian company's CNPJ, formatted 00.000.000/0000-00 (digits, or the letters and digits of an alphanumeric CNPJ), with valid check digits: the same as an identifier of scheme cnpj.",
      examples: ['11.222.333/0001-81'],
    }),
  identifiers: z
    .array(identifierSchema, { error: 'must be a list of identifiers, each with its scheme and value' })
    .optional()
    .meta({
      description: 'The numbers that say which registered company this is: tax numbers, VAT numbers, a LEI, a D-U-N-S number, a register\u2019s company number.',
      examples: [[{ scheme: 'vat', value: 'DE136695976' }]],
    }),
  founded: dayOrYear.optional().meta({ description: 'When the company was founded: the day, written YYYY-MM-DD, or the year alone.', examples: [2015, '2015-06-01'] }),
  managing_directors: z
    .array(text(100), { error: 'must be a list of names' })
    .min(1, 'must name at least one person, or be left out')
    .optional()
    .meta({
      description: "The people who manage and legally represent the company, as its register names them: their full names, which the about page and the legal notice give.",
      examples: [['Anna Example']],
    }),
  address: z
    .strictObject({
      street: text(200).meta({ description: 'The street, without its number.', examples: ['Avenida Paulista', 'Unter den Linden'] }),
      number: text(20).meta({ description: 'The number on the street, as text: write it in quotes ("1000") or YAML reads a number.', examples: ['1000'] }),
      complement: text(100).optional().meta({ description: 'Floor, suite or building, when there is one.', examples: ['Sala 42'] }),
      district: text(100).optional().meta({ description: 'The part of the city, where the country\u2019s addresses name one.', examples: ['Bela Vista'] }),
      city: text(100).meta({ description: 'The city.', examples: ['São Paulo', 'Berlin'] }),
      state: text(50).optional().meta({ description: 'The state, province or region, as its abbreviation or its name, where the country\u2019s addresses name one.', examples: ['SP'] }),
      postal_code: text(20).meta({ description: 'The postal code.', examples: ['01310-100', '10117'] }),
      country: z
        .string({ error: 'must be an ISO 3166-1 alpha-2 code such as BR' })
        .regex(/^[A-Z]{2}$/, 'must be an ISO 3166-1 alpha-2 code such as BR')
        .meta({ description: 'The country, as an ISO 3166-1 alpha-2 code.', examples: ['BR'] }),
    })
    .meta({
      description: "The company's address.",
      examples: [
        { street: 'Avenida Paulista', number: '1000', district: 'Bela Vista', city: 'São Paulo', state: 'SP', postal_code: '01310-100', country: 'BR' },
        { street: 'Unter den Linden', number: '77', city: 'Berlin', postal_code: '10117', country: 'DE' },
      ],
    }),
  contact: z
    .record(
      z.string().regex(/^[a-z][a-z0-9_]*$/, 'channel names must be snake_case').meta({ description: 'A channel name in snake_case.' }),
      text(200).meta({ description: 'An e-mail address, a phone number or a web address.' }),
    )
    .refine((c) => Object.keys(c).length > 0, 'must list at least one channel')
    .meta({
      description: 'Ways to reach the company, by channel name in snake_case: an e-mail address, a phone number or a web address each.',
      examples: [{ email: 'contato@example.com', phone: '+55 11 4000-0000' }],
    }),
  profiles: z
    .record(
      z.string().regex(/^[a-z][a-z0-9_]*$/, 'profile names must be snake_case').meta({ description: 'A profile name in snake_case.' }),
      absoluteUrl.meta({ description: "The profile's absolute http(s) URL." }),
    )
    .meta({
      description: "The company's profiles on other sites, by name in snake_case, each an absolute http(s) URL; may be empty ({}).",
      examples: [{ linkedin: 'https://www.linkedin.com/company/example' }],
    }),
  logo: imageRef.optional().meta({ description: "The company's logo." }),
});

const DATE_EXAMPLES = ['2026-03-14', '2026-03-14T12:00:00Z'];

/** A product's front matter; without `site` (a schema for editors) any tag is accepted. */
export function productSchema(site?: { product_tags: readonly string[] }) {
  return z.strictObject({
    name: text(100).meta({ description: "The product's name.", examples: ['Atlas'] }),
    summary: text(300).meta({
      description: 'One or two sentences on what the product does, shown in lists, search results and share cards (at most 300 characters).',
      examples: ['Managed Kubernetes clusters on open-source infrastructure, run in Brazil.'],
    }),
    status: oneOf(PRODUCT_STATUSES).meta({ description: `Whether the product can be used today: ${PRODUCT_STATUSES.join(' or ')}.`, examples: ['live'] }),
    tags: z
      .array(oneOf(site?.product_tags).meta({ description: 'One of the product_tags of site.yaml.' }))
      .refine((tags) => new Set(tags).size === tags.length, 'must not repeat a tag')
      .meta({ description: 'Tags chosen from the product_tags of site.yaml, none twice; may be empty ([]).', examples: [['Cloud']] }),
    links: z
      .record(
        z.string().regex(/^[a-z][a-z0-9_]*$/, 'link names must be snake_case').meta({ description: 'A link name in snake_case.' }),
        link.meta({ description: 'An absolute http(s) URL, or a path of the site starting with "/".' }),
      )
      .default({})
      .meta({
        description: 'Links by name in snake_case (docs, pricing, ...): each an absolute http(s) URL, or a path of the site starting with "/".',
        examples: [{ docs: 'https://docs.example.com/atlas', pricing: '/contact' }],
      }),
    order: z
      .number({ error: 'must be a whole number' })
      .int('must be a whole number')
      .min(0, 'must be 0 or more')
      .default(0)
      .meta({ description: "The product's place in lists, smallest first; products of the same order are sorted by slug.", examples: [1] }),
    updated_at: timestamp.optional().meta({ description: "When the product's page last changed: a date (YYYY-MM-DD) or an RFC 3339 date-time.", examples: DATE_EXAMPLES }),
    image: imageRef.optional().meta({ description: "The product's picture (1200x630 suits share cards)." }),
    ai_usage: aiUsageSchema("this product's page, in place of site.yaml's for each use it names"),
  });
}

/**
 * The front matter of a product's translation, `products/<locale>/<slug>.md`:
 * its words in that language. What is the same in every language (status,
 * tags, order) is the original's, `products/<slug>.md`; links and picture
 * are the original's unless the translation gives its own.
 */
export function productTranslationSchema(site?: { product_tags: readonly string[] }) {
  const { name, summary, links, updated_at, ai_usage } = productSchema(site).shape;
  const theOriginals = z
    .never({ error: "is the original product's, the same in every language: a translation gives only name, summary, links, image and updated_at" })
    .optional()
    .meta({ description: "The original product's (products/<slug>.md): not written in a translation." });
  return z.strictObject({
    status: theOriginals,
    tags: theOriginals,
    order: theOriginals,
    name,
    summary,
    links: links.unwrap().optional().meta({ description: "Links by name in snake_case, in place of the original's (a page in this language, say); without it, the original's." }),
    updated_at: updated_at.meta({ description: 'When the translation last changed: a date (YYYY-MM-DD) or an RFC 3339 date-time; without it, the original\'s.', examples: DATE_EXAMPLES }),
    image: z
      .strictObject({ file: imageRef.shape.file.optional(), alt: imageRef.shape.alt })
      .optional()
      .meta({
        description:
          "A picture in place of the original's, its alt text written in this language; or, with `alt` alone, the original's picture with this text. Without it, the original's picture and text.",
        examples: [{ alt: 'A rack of servers with their front panels open' }],
      }),
    ai_usage: ai_usage.meta({ description: "What automated systems may do with this translation, in place of the original's for each use it names." }),
  });
}

/** A post's front matter; without `site` (a schema for editors) any locale and tag is accepted. */
export function postSchema(site?: { locales: readonly string[]; post_tags: readonly string[] }) {
  return z.strictObject({
    title: text(200).meta({ description: "The post's title.", examples: ['Upgrading Kubernetes without downtime'] }),
    summary: text(400).meta({
      description: 'One or two sentences on what the post says, shown in lists, feeds and share cards (at most 400 characters).',
      examples: ['How we move a production cluster to a new Kubernetes version, one node at a time.'],
    }),
    category: text(60).meta({ description: "One of the post_categories that site.yaml lists for the post's locale.", examples: ['Engineering'] }),
    locale: oneOf(site?.locales, undefined, closestLocale).meta({ description: 'The language the post is written in: one of the locales of site.yaml.', examples: ['en'] }),
    published_at: timestamp.meta({ description: 'When the post was first published: a date (YYYY-MM-DD) or an RFC 3339 date-time.', examples: DATE_EXAMPLES }),
    updated_at: timestamp.optional().meta({ description: 'When the post last changed, if it did: a date (YYYY-MM-DD) or an RFC 3339 date-time.', examples: DATE_EXAMPLES }),
    tags: z
      .array(oneOf(site?.post_tags, 'must be one of the post_tags of site.yaml, which lists none: list the tags posts may carry there').meta({ description: 'One of the post_tags of site.yaml.' }))
      .refine((tags) => new Set(tags).size === tags.length, 'must not repeat a tag')
      .default([])
      .meta({ description: 'Tags chosen from the post_tags of site.yaml, none twice; may be left out.', examples: [['Kubernetes']] }),
    author: text(100).meta({ description: "The author's name.", examples: ['Ana Souza'] }),
    translation_key: z
      .string({ error: 'must be a lowercase slug' })
      .regex(SLUG, 'must be a lowercase slug')
      .optional()
      .meta({
        description: 'A slug a post shares with its translations (at most one post of each locale), which links them.',
        examples: ['kubernetes-upgrades'],
      }),
    image: imageRef.optional().meta({ description: "The post's picture (1200x630 suits share cards)." }),
    ai_usage: aiUsageSchema("this article, in place of site.yaml's for each use it names"),
  });
}

export const pageSchema = z.strictObject({
  title: text(200).meta({ description: "The page's title.", examples: ['About us'] }),
  description: text(300).meta({
    description: 'One sentence on what the page holds, for search results and share cards (at most 300 characters).',
    examples: ['Who we are, where we work and how to reach us.'],
  }),
  updated_at: timestamp.meta({ description: 'When the page last changed: a date (YYYY-MM-DD) or an RFC 3339 date-time.', examples: DATE_EXAMPLES }),
  image: imageRef.optional().meta({ description: "The page's picture (1200x630 suits share cards)." }),
  ai_usage: aiUsageSchema("this page, in place of site.yaml's for each use it names"),
});

/** A path from the site's root, with an optional query: no scheme, no host, no fragment. */
const REDIRECT_FROM = /^\/(?!\/)[^\s#]*$/;
/** A path from the site's root (query and fragment allowed), or an absolute http(s) URL. */
const REDIRECT_TO = /^(?:\/(?!\/)|https?:\/\/)[^\s]*$/;

/** One entry of `redirects.yaml`: an old address and where it moved. */
export const redirectSchema = z.strictObject({
    from: z
      .string({ error: 'must be a string' })
      .regex(REDIRECT_FROM, 'must be a path from the site\'s root, optionally with a query: /old-page, /?p=12')
      .meta({ description: 'The old address: a path from the site\'s root, optionally with a query the request must carry.', examples: ['/2013/01/11/some-title/', '/?p=12'] }),
    to: z
      .string({ error: 'must be a string' })
      .regex(REDIRECT_TO, 'must be a path of the site (/blog/some-title) or an absolute http(s) URL')
      .meta({ description: 'Where it moved: a path of the site, or an absolute URL of another site.', examples: ['/blog/some-title'] }),
    status: z
      .literal(REDIRECT_STATUSES, { error: `must be one of ${REDIRECT_STATUSES.join(', ')}` })
      .default(301)
      .meta({ description: 'The status answered: 301 or 308 moved for good, 302 or 307 moved for now.', examples: [301] }),
});

/** `redirects.yaml`: a list of redirects. */
export const redirectsSchema = z.array(redirectSchema, { error: 'must be a list of { from, to, status }' });
