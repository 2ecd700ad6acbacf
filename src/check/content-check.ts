import { stat } from 'node:fs/promises';
import path from 'node:path';
import { paths } from '../routes/table.js';
import type { FollowedReference } from '../content/body-references.js';
import { followedReferences } from '../content/body-references.js';
import type { ContentProblem, RecordFiles, SourceFile } from '../content/content-folder.js';
import { ContentFolder } from '../content/content-folder.js';
import { lineOfField, lineOfListField } from './field-lines.js';
import type { Document } from '../util/front-matter.js';
import { parseYaml } from '../util/front-matter.js';
import type { LinkRoutes, RouteSite, RoutedFile } from './link-routes.js';
import { isPageShown, linkRoutes } from './link-routes.js';
import { redirectProblems } from './redirect-links.js';
import { localeTextProblems } from './locale-texts.js';
import { REDIRECTS_FILE, redirectMatcher } from '../content/redirects.js';
import { isLegalNotice } from '../content/legal-notice.js';
import { loadFolder } from '../content/load.js';
import type { PictureSettings } from '../content/media-library.js';
import { firstLineOf } from '../content/record-bodies.js';
import { SLUG, siteSchema } from '../content/schemas.js';
import { closest, closestPath, withSuggestion } from '../util/suggest.js';
import type { Catalog, Redirect } from '../content/types.js';

/**
 * `vitrine check`: everything the loader reports about a content folder, plus
 * what only a view of the whole site finds (links to routes that do not exist,
 * missing images, translations with no partner, pages a fixed route hides),
 * each with its file and, where it can be found, its line. Nothing is served.
 */

export type Severity = 'error' | 'warning';

export interface CheckProblem {
  /** The file: the folder as it was given, then the path inside it. */
  readonly file: string;
  readonly line: number | null;
  /** The front matter field at fault, when one is. */
  readonly field: string | null;
  /** What is wrong and what is accepted. */
  readonly message: string;
  readonly severity: Severity;
}

export interface CheckReport {
  /** No errors (warnings allowed). */
  readonly ok: boolean;
  readonly errors: readonly CheckProblem[];
  readonly warnings: readonly CheckProblem[];
  /** Content files read. */
  readonly files: number;
}

/** The loader builds record URLs from a base; when the check is given none, any base will do to read its problems. */
const LOADER_BASE_URL = 'http://localhost';

/** The two lists of site.yaml that routes depend on, read even when another of its fields is wrong (hence strip, not strict). */
const siteRouteFields = siteSchema.pick({ default_locale: true, locales: true, page_slugs: true }).strip();

type Kind = RoutedFile['kind'];

/** A markdown file split into front matter and body. */
interface ParsedDocument {
  readonly data: unknown;
  readonly body: string;
  /** The front matter, fences included: where a field's line is looked for. */
  readonly frontMatter: string;
  /** The file's line the body starts on. */
  readonly bodyLine: number;
}

interface ContentFile {
  readonly kind: Kind;
  readonly slug: string;
  /** A page's or product's locale when it is a translation (`pages/<locale>/<slug>.md`, `products/<locale>/<slug>.md`). */
  readonly locale?: string;
  /** Its path inside the content folder. */
  readonly file: string;
  /** Undefined when the front matter does not parse (the loader says why). */
  readonly parsed?: ParsedDocument;
  /** The file as written. */
  readonly source: string;
}

/** The content folder as the site would publish it, as the loader read it, valid or not. */
interface SiteView {
  /** Undefined when site.yaml cannot tell the page slugs and locales (the loader says why). */
  readonly site?: RouteSite;
  readonly siteSource?: string;
  /** redirects.yaml as written, when the folder has one. */
  readonly redirectsSource?: string;
  readonly files: readonly ContentFile[];
}

/**
 * Checks the content folder `dir`. `baseUrl` is the site's public address:
 * links that start with it are checked like those that start with "/".
 * Content problems are reported, never thrown.
 */
export async function checkContent(dir: string, baseUrl?: string, pictures?: PictureSettings): Promise<CheckReport> {
  return (await checkAndLoad(dir, baseUrl, pictures)).report;
}

/** checkContent's report, and the Catalog the content makes under `baseUrl` when the loader found nothing wrong. */
export async function checkAndLoad(dir: string, baseUrl?: string, pictures?: PictureSettings): Promise<{ readonly report: CheckReport; readonly catalog?: Catalog }> {
  const base = baseUrl === undefined ? undefined : new URL(baseUrl);
  const loaded = await readThroughLoader(dir, baseUrl ?? LOADER_BASE_URL, pictures);
  const { view } = loaded;
  // Without the page slugs and locales no link can be judged; the loader reports why.
  const links = view.site && { base, site: view.site, routes: linkRoutes(view.site, view.files), ...(loaded.redirects ? { redirect: redirectMatcher(loaded.redirects) } : {}) };
  const problems = [
    ...loaderProblems(view, loaded.problems),
    ...(await bodyProblems(dir, view, { base, links, loaded: loaded.problems })),
    ...(links ? productLinkProblems(view, links) : []),
    ...(links && loaded.redirects ? redirectLinkProblems(view, loaded.redirects, links) : []),
    ...shadowedPageProblems(view),
    ...translationKeyProblems(view),
    ...missingTranslationProblems(view, loaded.problems),
    ...missingIdentifierProblems(view),
    ...legalNoticeProblems(view),
    ...todoProblems(view),
    ...(loaded.catalog ? localeTextProblems(loaded.catalog, view.siteSource) : []),
  ]
    .sort(byFileAndLine)
    .map((problem) => ({ ...problem, file: path.join(dir, problem.file) }));
  const errors = problems.filter((problem) => problem.severity === 'error');
  const report = {
    ok: errors.length === 0,
    errors,
    warnings: problems.filter((problem) => problem.severity === 'warning'),
    files: view.files.length + (view.siteSource === undefined ? 0 : 1) + (view.redirectsSource === undefined ? 0 : 1),
  };
  return loaded.catalog ? { report, catalog: loaded.catalog } : { report };
}

/**
 * A file's problems together, in line order, those of no line first; files in
 * code point order, the same in every locale. Sorting is stable: problems of
 * one line keep the order they were found in.
 */
function byFileAndLine(a: CheckProblem, b: CheckProblem): number {
  if (a.file !== b.file) return a.file < b.file ? -1 : 1;
  return (a.line ?? 0) - (b.line ?? 0);
}

// Reading the folder

/**
 * The folder read once, by the loader: what it found wrong, the Catalog when
 * nothing is, and the files as the site would publish them. When site.yaml
 * stops the load, the records are read all the same, by the same reader,
 * so the rest of the check still runs; what is wrong with them the loader
 * reports once site.yaml loads.
 */
async function readThroughLoader(
  dir: string,
  baseUrl: string,
  pictures: PictureSettings | undefined,
): Promise<{ readonly view: SiteView; readonly problems: readonly ContentProblem[]; readonly redirects?: readonly Redirect[]; readonly catalog?: Catalog }> {
  const folder = new ContentFolder(dir, { keepDocuments: true });
  const loaded = await loadFolder(folder, { baseUrl, ...(pictures ? { pictures } : {}) });
  const problems = [...folder.problems];
  const siteSource = folder.textRead('site.yaml');
  const site = loaded.site ?? (siteSource === undefined ? undefined : readRouteSite(siteSource));
  const records = loaded.records ?? (await folder.readRecords((site?.locales ?? []).filter((locale) => locale !== site?.default_locale)));
  const redirectsSource = folder.textRead(REDIRECTS_FILE);
  const view = {
    ...(site ? { site } : {}),
    ...(siteSource === undefined ? {} : { siteSource }),
    ...(redirectsSource === undefined ? {} : { redirectsSource }),
    files: contentFiles(folder, records),
  };
  return { view, problems, ...(loaded.redirects ? { redirects: loaded.redirects } : {}), ...(loaded.catalog ? { catalog: loaded.catalog } : {}) };
}

function readRouteSite(source: string): RouteSite | undefined {
  try {
    const result = siteRouteFields.safeParse(parseYaml(source));
    return result.success ? result.data : undefined;
  } catch {
    return undefined;
  }
}

/** The record files read, each with its front matter and body as the loader parsed them. */
function contentFiles(folder: ContentFolder, records: RecordFiles): ContentFile[] {
  const file = (kind: Kind, { file, slug, source }: SourceFile, locale?: string): ContentFile => {
    const document = folder.documentOf({ file, source });
    return { kind, slug, file, source, ...(locale === undefined ? {} : { locale }), ...(document ? { parsed: parsedDocument(source, document) } : {}) };
  };
  return [
    ...(records.company ? [file('company', records.company)] : []),
    ...records.products.map((source) => file('product', source)),
    ...records.posts.map((source) => file('post', source)),
    ...records.pages.map((source) => file('page', source)),
    ...records.translations.flatMap(({ locale, products, pages }) => [...products.map((source) => file('product', source, locale)), ...pages.map((source) => file('page', source, locale))]),
  ];
}

function parsedDocument(source: string, { data, body }: Document): ParsedDocument {
  const text = source.startsWith('\uFEFF') ? source.slice(1) : source;
  // The body is the end of the text: what comes before it is the front matter and blank lines.
  return { data, body, frontMatter: text.slice(0, text.length - body.length), bodyLine: firstLineOf(source, body) };
}

// What the loader reports

/** Every problem of the loader, each given the line of its field when the parser gave none. */
function loaderProblems(view: SiteView, details: readonly ContentProblem[]): CheckProblem[] {
  const yamlOf = new Map<string, string>(view.files.flatMap((file) => (file.parsed ? [[file.file, file.parsed.frontMatter] as const] : [])));
  if (view.siteSource !== undefined) yamlOf.set('site.yaml', view.siteSource);
  return details.map((problem): CheckProblem => {
    const yaml = yamlOf.get(problem.file);
    const list = problem.file === REDIRECTS_FILE ? view.redirectsSource : undefined;
    const line = problem.line ?? (problem.field && list !== undefined ? lineOfListField(list, problem.field) : undefined) ?? (problem.field && yaml !== undefined ? lineOfField(yaml, problem.field) : undefined);
    return { file: problem.file, line: line ?? null, field: problem.field ?? null, message: problem.message, severity: 'error' };
  });
}

// Links and images of the bodies

/** What a link is judged against. */
interface LinkContext {
  readonly base: URL | undefined;
  readonly site: RouteSite;
  readonly routes: LinkRoutes;
  /** The entry of redirects.yaml a request for a site path and query meets, if any. */
  readonly redirect?: (path: string, search: string) => Redirect | undefined;
}

/** What the bodies are judged against: the base URL, the routes (undefined when site.yaml cannot tell them), what the loader reported. */
interface BodyContext {
  readonly base: URL | undefined;
  readonly links: LinkContext | undefined;
  readonly loaded: readonly ContentProblem[];
}

/**
 * Dead internal links and bad images of every body the site would publish.
 * A picture from the folder's root is the loader's to resolve too: what it
 * found wrong at a line is not said again.
 */
async function bodyProblems(dir: string, view: SiteView, { base, links, loaded }: BodyContext): Promise<CheckProblem[]> {
  const exists = fileExistence(dir);
  const said = new Set(loaded.map((problem) => `${problem.file}:${problem.line}: ${problem.message}`));
  const problems: CheckProblem[] = [];
  for (const file of view.files) {
    if (!file.parsed || !isPublished(file, view.site)) continue;
    for (const reference of followedReferences(file.parsed.body)) {
      const line = reference.line === undefined ? null : file.parsed.bodyLine + reference.line;
      const report = (message: string) => {
        if (!said.has(`${file.file}:${line}: ${message}`)) problems.push({ file: file.file, line, field: null, message, severity: 'error' });
      };
      if (reference.use === 'link') {
        const problem = links && deadLinkProblem(reference.target, links);
        if (problem) report(problem);
      } else {
        for (const problem of await imageProblems(reference, base, exists)) report(problem);
      }
    }
  }
  return problems;
}

/** Whether the site shows the file: a page file whose slug site.yaml does not list is not (the loader says so). */
function isPublished(file: ContentFile, site: RouteSite | undefined): boolean {
  return file.kind !== 'page' || !site || site.page_slugs.includes(file.slug);
}

/**
 * The site path a link or image leads to: it starts with "/" (not "//") or
 * with the base URL. Undefined when it leads elsewhere (another site,
 * `mailto:`, `#section`, a relative path). Query and fragment are dropped,
 * percent-escapes decoded and one trailing slash removed, as the router does.
 */
function sitePathOf(target: string, base: URL | undefined): string | undefined {
  let pathname: string;
  if (target.startsWith('/') && !target.startsWith('//')) {
    pathname = new URL(target, 'http://site.invalid').pathname;
  } else {
    if (!base || !URL.canParse(target)) return undefined;
    const url = new URL(target);
    const prefix = base.pathname.replace(/\/+$/, '');
    if (url.origin !== base.origin) return undefined;
    if (url.pathname !== prefix && !url.pathname.startsWith(`${prefix}/`)) return undefined;
    pathname = url.pathname.slice(prefix.length) || '/';
  }
  let decoded = pathname;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    // Bad percent-encoding: kept as written, so it matches no route.
  }
  return decoded.length > 1 && decoded.endsWith('/') ? decoded.slice(0, -1) : decoded;
}

/**
 * Why a link leads to no route, with what would make it work; undefined
 * when it is fine or leaves the site. A link to an old address that
 * redirects.yaml sends on to a page that answers is fine: the server
 * answers it with that redirect.
 */
function deadLinkProblem(target: string, links: LinkContext): string | undefined {
  const reason = deadLinkReason(target, links);
  if (reason === undefined || sentOnToAnswer(target, links)) return undefined;
  return `link ${target}: ${reason}`;
}

/** Whether an entry of redirects.yaml takes a link to `target` to something that answers (another site's URL, or a route). */
function sentOnToAnswer(target: string, links: LinkContext): boolean {
  const sitePath = sitePathOf(target, links.base);
  if (sitePath === undefined || !links.redirect) return false;
  const mark = target.indexOf('?');
  const search = mark === -1 ? '' : target.slice(mark + 1).replace(/#.*$/, '');
  const redirect = links.redirect(sitePath, search);
  return redirect !== undefined && deadLinkReason(redirect.to, links) === undefined;
}

/** Why a link to `target` leads to no route, with the nearest that exists; undefined when it is fine or leaves the site. */
function deadLinkReason(target: string, { base, site, routes }: LinkContext): string | undefined {
  const sitePath = sitePathOf(target, base);
  if (sitePath === undefined || routes.answers(sitePath)) return undefined;
  // An article has one address whatever its language: a language's tag in front of it is the mistake.
  const article = articleUnderLocale(sitePath, site);
  if (article !== undefined) return withSuggestion(`no page of the site is at ${sitePath}; an article is at /blog/<slug> in every language, with no language in front`, nearestPaths(article, routes));
  return withSuggestion(missingRouteHint(sitePath, site, routes), nearestPaths(sitePath, routes));
}

/** `/blog/<slug>` for a path `/<locale>/blog/<slug>` of a locale of the site; undefined for any other path. */
function articleUnderLocale(sitePath: string, site: RouteSite): string | undefined {
  const [, locale = '', section, slug, ...rest] = sitePath.split('/');
  return site.locales.includes(locale) && section === 'blog' && slug && rest.length === 0 ? `/blog/${slug}` : undefined;
}

/**
 * The paths that exist nearest to `sitePath`: itself, when it exists; else
 * the close spellings; else those whose last segment it begins (a slug cut
 * short: `/blog/kalibrierlabor` for `/blog/kalibrierlabor-graz`).
 */
function nearestPaths(sitePath: string, routes: LinkRoutes): string[] {
  if (routes.answers(sitePath)) return [sitePath];
  const targets = routes.targets();
  const spelt = closestPath(sitePath, targets);
  if (spelt.length > 0) return spelt;
  const segments = sitePath.split('/').length;
  return targets.filter((candidate) => candidate.length > sitePath.length && candidate.startsWith(sitePath) && candidate.split('/').length === segments).slice(0, 3);
}

function missingRouteHint(sitePath: string, site: RouteSite, routes: LinkRoutes): string {
  const [, section = '', slug = '', ...rest] = sitePath.split('/');
  if (rest.length === 0 && slug && section === 'products') return `no product "${slug}" (products/${slug}.md does not exist)`;
  if (rest.length === 0 && slug && section === 'blog') return `no article "${slug}" (posts/${slug}.md does not exist)`;
  if (section === 'md') return `no markdown mirror at ${sitePath}; each page, product and article has one at its path under /md/, ending in .md`;
  if (section === 'feeds') return `no feed at ${sitePath}; the feeds are ${site.locales.map(paths.feed).join(', ')}`;
  return `no page of the site is at ${sitePath}; the pages are ${routes.pagePaths().join(', ')}`;
}

/** Whether a file exists, each path asked once. */
function fileExistence(dir: string): (file: string) => Promise<boolean> {
  const known = new Map<string, Promise<boolean>>();
  return (file) => {
    let exists = known.get(file);
    if (!exists) {
      exists = stat(path.join(dir, file)).then(
        (stats) => stats.isFile(),
        () => false,
      );
      known.set(file, exists);
    }
    return exists;
  };
}

/**
 * An image needs alt text, for readers who cannot see it, and, unless it is
 * on another site, a file in the content folder. A path relative to the
 * markdown file is the loader's to resolve: it reports the file missing, out
 * of the folder or not a picture, at its line. One starting with "/" (or the
 * base URL) is looked for from the folder's root here.
 */
async function imageProblems(image: FollowedReference, base: URL | undefined, exists: (file: string) => Promise<boolean>): Promise<string[]> {
  const problems: string[] = [];
  if (image.alt.trim() === '') problems.push(`image ${image.target}: has no alt text; say what it shows: ![what it shows](${image.target})`);
  if (image.target === '') return [...problems, 'image: has no source; write ![what it shows](path/to/file)'];
  const file = imageFile(image.target, base);
  if (file === 'outside') problems.push(`image ${image.target}: is outside the content folder; keep images in it`);
  else if (file !== undefined && !(await exists(file))) problems.push(`image ${image.target}: ${file} is not in the content folder`);
  return problems;
}

/**
 * The content folder's file an image from the folder's root shows, `outside`
 * when it climbs out of the folder; undefined when it is on another site or
 * relative to the markdown file (the loader's).
 */
function imageFile(target: string, base: URL | undefined): string | 'outside' | undefined {
  const sitePath = sitePathOf(target, base);
  if (sitePath === undefined) return undefined;
  const file = path.posix.normalize(sitePath.slice(1));
  // Decoding can bring back a "..": the file is judged once its path is resolved.
  return file === '..' || file.startsWith('../') ? 'outside' : file;
}

// Front matter links, page routes, translations

/** Product `links` that are site paths must lead to routes too. */
function productLinkProblems(view: SiteView, links: LinkContext): CheckProblem[] {
  const problems: CheckProblem[] = [];
  for (const file of view.files) {
    if (file.kind !== 'product' || !file.parsed) continue;
    for (const [name, target] of Object.entries(stringRecord(fieldOf(file.parsed.data, 'links')))) {
      const problem = deadLinkProblem(target, links);
      const field = `links.${name}`;
      if (problem) problems.push({ file: file.file, line: lineOfField(file.parsed.frontMatter, field) ?? null, field, message: problem, severity: 'error' });
    }
  }
  return problems;
}

/** Each entry of redirects.yaml must lead to something that answers, judged as a body's link is, and never round in a loop; one from a path the site answers is never used. */
function redirectLinkProblems(view: SiteView, redirects: readonly Redirect[], links: LinkContext): CheckProblem[] {
  return redirectProblems(redirects, (target) => deadLinkReason(target, links)).map(({ file, field, message, severity }) => ({
    file,
    line: (view.redirectsSource === undefined ? undefined : lineOfListField(view.redirectsSource, field)) ?? null,
    field,
    message,
    severity,
  }));
}

/** A page whose slug is a path the server answers itself would never be shown. */
function shadowedPageProblems(view: SiteView): CheckProblem[] {
  const { site } = view;
  if (!site || view.siteSource === undefined) return [];
  const line = lineOfField(view.siteSource, 'page_slugs') ?? null;
  return site.page_slugs
    .filter((slug) => !isPageShown(site, slug))
    .map((slug) => ({
      file: 'site.yaml',
      line,
      field: 'page_slugs',
      message: `"${slug}" would be served at ${paths.page(site, slug)}, which the server already answers, so the page would never be shown; choose another slug`,
      severity: 'error',
    }));
}

/** A translation_key no other post shares links nothing: a typo, or a translation not written yet. */
function translationKeyProblems(view: SiteView): CheckProblem[] {
  const posts = new Map<string, ContentFile[]>();
  for (const file of view.files) {
    const key = file.kind === 'post' ? fieldOf(file.parsed?.data, 'translation_key') : undefined;
    if (typeof key === 'string' && SLUG.test(key)) posts.set(key, [...(posts.get(key) ?? []), file]);
  }
  const keys = [...posts.keys()];
  return [...posts].flatMap(([key, [file, ...others]]) =>
    file && others.length === 0
      ? [
          {
            file: file.file,
            line: lineOfField(file.parsed?.frontMatter ?? '', 'translation_key') ?? null,
            field: 'translation_key',
            // A key one slip away from another post's is most likely that one, misspelt on one side.
            message: withSuggestion(
              `"${key}" is shared by no other post, so no translation is linked; give the translation the same key, or remove it`,
              closest(key, keys.filter((other) => other !== key)),
            ),
            severity: 'warning' as const,
          },
        ]
      : [],
  );
}

/**
 * Pages and products with no translation in one of the site's locales are
 * shown there in the default locale (src/query/untranslated.ts): one
 * warning per locale, on site.yaml's `locales`, naming each file to add.
 */
function missingTranslationProblems(view: SiteView, loaded: readonly ContentProblem[]): CheckProblem[] {
  const { site } = view;
  if (!site) return [];
  // A locale site.yaml is told is wrong has its own message: nothing follows from it.
  const refused = new Set(loaded.filter((problem) => problem.file === 'site.yaml').map((problem) => problem.field));
  const translated = new Set(view.files.filter((file) => file.locale !== undefined).map((file) => `${file.kind} ${file.locale} ${file.slug}`));
  const originals = view.files.filter((file) => (file.kind === 'page' || file.kind === 'product') && file.locale === undefined && isPublished(file, site));
  const line = view.siteSource === undefined ? null : (lineOfField(view.siteSource, 'locales') ?? null);
  return site.locales
    .filter((locale, index) => locale !== site.default_locale && !refused.has(`locales[${index}]`))
    .flatMap((locale): CheckProblem[] => {
      const missing = originals.filter((file) => !translated.has(`${file.kind} ${locale} ${file.slug}`));
      if (missing.length === 0) return [];
      const pages = missing.filter((file) => file.kind === 'page').length;
      const what = [pages && `${pages} page${pages === 1 ? '' : 's'}`, missing.length - pages && `${missing.length - pages} product${missing.length - pages === 1 ? '' : 's'}`].filter(Boolean).join(' and ');
      const files = missing.map((file) => path.posix.join(path.posix.dirname(file.file), locale, path.posix.basename(file.file)));
      return [
        {
          file: 'site.yaml',
          line,
          field: 'locales',
          message: `${locale} has no translation of ${what}, answered in ${site.default_locale} meanwhile; add ${files.join(', ')}`,
          severity: 'warning',
        },
      ];
    });
}

/**
 * A company.md that names no identifier (no `cnpj`, no `identifiers`) is
 * valid, but nothing then says which registered company publishes the site:
 * people, search engines and agents verifying it have nothing to look up.
 */
function missingIdentifierProblems(view: SiteView): CheckProblem[] {
  const company = view.files.find((file) => file.kind === 'company');
  const data = company?.parsed?.data;
  if (!company?.parsed || data === null || typeof data !== 'object') return [];
  const identifiers = fieldOf(data, 'identifiers');
  if (fieldOf(data, 'cnpj') !== undefined || (Array.isArray(identifiers) && identifiers.length > 0)) return [];
  return [
    {
      file: company.file,
      line: lineOfField(company.parsed.frontMatter, 'identifiers') ?? null,
      field: 'identifiers',
      message:
        'names no identifier, so nothing says which registered company publishes the site; list its identifiers (scheme cnpj, lei, vat, tax_id, duns or company_number, and the value)',
      severity: 'warning',
    },
  ];
}

/**
 * A legal notice page lists the company's details from company.md (see
 * src/content/legal-notice.ts); a company.md that names no managing
 * director leaves out who is responsible, which an Impressum, for one, must
 * say.
 */
function legalNoticeProblems(view: SiteView): CheckProblem[] {
  const notice = view.site?.page_slugs.find(isLegalNotice);
  const company = view.files.find((file) => file.kind === 'company');
  const data = company?.parsed?.data;
  if (notice === undefined || !company?.parsed || data === null || typeof data !== 'object' || fieldOf(data, 'managing_directors') !== undefined) return [];
  return [
    {
      file: company.file,
      line: null,
      field: 'managing_directors',
      message: `is not given, but the legal notice (pages/${notice}.md) lists the company's details from this file: name the people who manage and represent the company, such as managing_directors: ["Anna Example"]`,
      severity: 'warning',
    },
  ];
}

/** A placeholder left to fill: the word TODO, as `vitrine init` marks what a company must write. */
const TODO = /\bTODO\b/;

/** Every line that still holds a TODO, in site.yaml and every record: a warning each, so a starter serves while it is being written. */
function todoProblems(view: SiteView): CheckProblem[] {
  const sources = [...(view.siteSource === undefined ? [] : [{ file: 'site.yaml', source: view.siteSource }]), ...view.files];
  return sources.flatMap(({ file, source }) =>
    source.split('\n').flatMap((text, index): CheckProblem[] => {
      if (!TODO.test(text)) return [];
      const left = text.trim().replace(/^#\s*/, '');
      return [{ file, line: index + 1, field: null, message: `TODO left: ${left.length > 100 ? `${left.slice(0, 99)}\u2026` : left}`, severity: 'warning' }];
    }),
  );
}

function fieldOf(data: unknown, name: string): unknown {
  return data !== null && typeof data === 'object' ? (data as Record<string, unknown>)[name] : undefined;
}

function stringRecord(value: unknown): Record<string, string> {
  if (value === null || typeof value !== 'object') return {};
  return Object.fromEntries(Object.entries(value).filter((entry): entry is [string, string] => typeof entry[1] === 'string'));
}
