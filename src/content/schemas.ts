import { z } from 'zod';
import { cnpjProblem } from './cnpj.js';
import { PRODUCT_STATUSES } from './types.js';

/**
 * Front matter schemas. Objects are strict: a misspelt field is an error, not
 * a silently ignored value. Enumerations that come from `site.yaml` are
 * passed in, so the same engine serves any company's taxonomy.
 */

export const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})(?:\.\d+)?(Z|[+-]\d{2}:\d{2})$/;

const text = (max: number) =>
  z.string({ error: 'must be a string' }).trim().min(1, 'must not be empty').max(max, `must be at most ${max} characters`);

function realDate(year: string, month: string, day: string): boolean {
  const date = new Date(Date.UTC(Number(year), Number(month) - 1, Number(day)));
  return date.getUTCFullYear() === Number(year) && date.getUTCMonth() === Number(month) - 1 && date.getUTCDate() === Number(day);
}

/** A calendar date `YYYY-MM-DD`, kept as written. */
export const dateOnly = z
  .string({ error: 'must be a date written as YYYY-MM-DD' })
  .refine((value) => {
    const m = DATE.exec(value);
    return m !== null && realDate(m[1]!, m[2]!, m[3]!);
  }, 'must be a real date written as YYYY-MM-DD');

/** A date or RFC 3339 date-time, normalized to `YYYY-MM-DDTHH:MM:SSZ` in UTC. */
export const timestamp = z
  .string({ error: 'must be a date (YYYY-MM-DD) or an RFC 3339 date-time' })
  .refine((value) => {
    const m = DATE.exec(value) ?? DATE_TIME.exec(value);
    return m !== null && realDate(m[1]!, m[2]!, m[3]!) && !Number.isNaN(Date.parse(value));
  }, 'must be a real date (YYYY-MM-DD) or RFC 3339 date-time (2026-03-14T12:00:00Z)')
  .transform((value) => new Date(DATE.test(value) ? `${value}T00:00:00Z` : value).toISOString().replace('.000Z', 'Z'));

const absoluteUrl = z.string({ error: 'must be a URL' }).refine((value) => {
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

const oneOf = (values: readonly string[], what = 'one of') =>
  z.string({ error: `must be ${what} ${values.join(', ')}` }).refine((v) => values.includes(v), {
    error: `must be ${what} ${values.join(', ')}`,
  });

/** A value lists filter by (a tag, a category): several are given separated by commas, so none may hold one. */
const filterValue = text(60).refine((value) => !value.includes(','), 'must not contain a comma (filters list several values separated by commas)');

/** A file of the content folder: a relative path with "/" between folders, never leaving the folder. */
const contentFile = z
  .string({ error: 'must be the path of a file inside the content folder, such as images/logo.svg' })
  .refine(
    (value) => /^[^/\\]/.test(value) && !value.split('/').some((part) => part === '' || part === '.' || part === '..') && !value.includes('\\'),
    'must be a relative path inside the content folder (no leading "/", no "..", "/" between folders)',
  );

/** An image: a file of the content folder and its alternative text (size and type are read from the file). */
export const imageRef = z.strictObject({
  file: contentFile,
  alt: text(300),
});

export const siteSchema = z.strictObject({
  name: text(100),
  description: text(300),
  default_locale: text(35),
  locales: z.array(text(35)).min(1, 'must list at least one locale'),
  product_tags: z.array(filterValue).min(1, 'must list at least one tag'),
  post_categories: z.record(z.string(), z.array(filterValue).min(1, 'must list at least one category')),
  page_slugs: z.array(z.string().regex(SLUG, 'must be a lowercase slug')).min(1, 'must list at least one page'),
  icons: z
    .strictObject({
      svg: contentFile.optional(),
      png: contentFile.optional(),
      png_small: contentFile.optional(),
      touch: contentFile.optional(),
      ico: contentFile.optional(),
    })
    .default({}),
  share_image: imageRef.optional(),
});

export const companySchema = z.strictObject({
  legal_name: text(200),
  trade_name: text(100),
  cnpj: z.string({ error: 'must be a string formatted 00.000.000/0000-00' }).superRefine((value, ctx) => {
    const problem = cnpjProblem(value);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  }),
  founded: dateOnly.optional(),
  address: z.strictObject({
    street: text(200),
    number: text(20),
    complement: text(100).optional(),
    district: text(100),
    city: text(100),
    state: text(50),
    postal_code: text(20),
    country: z.string().regex(/^[A-Z]{2}$/, 'must be an ISO 3166-1 alpha-2 code such as BR'),
  }),
  contact: z
    .record(z.string().regex(/^[a-z][a-z0-9_]*$/, 'channel names must be snake_case'), text(200))
    .refine((c) => Object.keys(c).length > 0, 'must list at least one channel'),
  profiles: z.record(z.string().regex(/^[a-z][a-z0-9_]*$/, 'profile names must be snake_case'), absoluteUrl),
  logo: imageRef.optional(),
});

export function productSchema(site: { product_tags: readonly string[] }) {
  return z.strictObject({
    name: text(100),
    summary: text(300),
    status: oneOf(PRODUCT_STATUSES),
    tags: z.array(oneOf(site.product_tags)).refine((tags) => new Set(tags).size === tags.length, 'must not repeat a tag'),
    links: z.record(z.string().regex(/^[a-z][a-z0-9_]*$/, 'link names must be snake_case'), link).default({}),
    order: z.number({ error: 'must be a whole number' }).int('must be a whole number').min(0, 'must be 0 or more').default(0),
    updated_at: timestamp.optional(),
    image: imageRef.optional(),
  });
}

export function postSchema(site: { locales: readonly string[] }) {
  return z.strictObject({
    title: text(200),
    summary: text(400),
    category: text(60),
    locale: oneOf(site.locales),
    published_at: timestamp,
    updated_at: timestamp.optional(),
    author: text(100),
    translation_key: z.string().regex(SLUG, 'must be a lowercase slug').optional(),
    image: imageRef.optional(),
  });
}

export const pageSchema = z.strictObject({
  title: text(200),
  description: text(300),
  updated_at: timestamp,
  image: imageRef.optional(),
});
