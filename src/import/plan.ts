import type { AssignedRecord, Renamed } from './assign.js';
import { assignRecords } from './assign.js';
import type { BodySite, ConvertedBody } from './bodies.js';
import { convertBody, originalUpload, pathKey } from './bodies.js';
import { MEDIA_FOLDER, PictureFinder, pictureName } from './uploads.js';
import type { ImageField, RecordFields } from './records.js';
import { recordFile } from './records.js';
import type { Redirect } from './redirects.js';
import { mergeRedirects, REDIRECTS_FILE } from './redirects.js';
import type { SiteTaxonomy } from './site-file.js';
import { mergeSite, readSite } from './site-file.js';
import type { SkippedItem, SourceDocument, SourceExport } from './source.js';
import { firstSentences, firstWords, leadSentences, visibleText } from './text.js';
import { canonical, fold } from '../text/normalize.js';

/**
 * Everything an import would write, decided in memory before a byte is:
 * each record's file, the pictures to copy, site.yaml with the taxonomy the
 * records need, redirects.yaml, and the report of what was done and what was
 * not. Writing it (write.ts) is then a matter of comparing and renaming.
 */

export interface FolderState {
  /** site.yaml's text; for a new folder, the starter's. */
  readonly siteText: string;
  /** Where site.yaml is, as a problem with it names it. */
  readonly siteFile: string;
  /** redirects.yaml's text, if the folder has one. */
  readonly redirectsText?: string;
  readonly redirectsFile: string;
  /** The starter's files, for a new folder: imported files of the same names replace them. */
  readonly starter: readonly { readonly file: string; readonly content: string }[];
}

export interface PlanInput {
  readonly source: SourceExport;
  readonly folder: FolderState;
  /** The uploads (WordPress) or images (Ghost) folder, if one was given. */
  readonly uploads?: string;
  readonly force: boolean;
  /** Told how many records are converted, as they are. */
  readonly progress?: (done: number, total: number) => void;
}

export interface PlannedFile {
  /** Its path in the content folder, `/` between folders. */
  readonly file: string;
  readonly content?: string;
  /** The file whose bytes it takes (a picture of the uploads folder). */
  readonly copyFrom?: string;
  /** A file the import keeps up to date (site.yaml, redirects.yaml): its new text is the old one with additions. */
  readonly merged?: boolean;
}

export interface ImportedRecord {
  readonly kind: SourceDocument['kind'];
  readonly title: string;
  readonly file: string;
  readonly path: string;
  readonly oldPaths: readonly string[];
}

export interface PlanReport {
  readonly imported: readonly ImportedRecord[];
  readonly skipped: readonly SkippedItem[];
  /** Pictures not found in the uploads folder, and the record that shows each. */
  readonly missing: readonly { readonly picture: string; readonly file: string }[];
  readonly renamed: readonly Renamed[];
  /** Records the export gives no title, and the one they were given. */
  readonly titled: readonly { readonly file: string; readonly title: string }[];
  /** Shortcodes kept as text, by name, with how often and where. */
  readonly shortcodes: readonly { readonly name: string; readonly count: number; readonly files: readonly string[] }[];
  readonly redirects: number;
  readonly redirectConflicts: readonly { readonly from: string; readonly written: string; readonly wanted: string }[];
  readonly notes: readonly string[];
}

export interface ImportPlan {
  readonly files: readonly PlannedFile[];
  readonly report: PlanReport;
}

export function planImport(input: PlanInput): ImportPlan {
  const { source, folder } = input;
  const site = readSite(folder.siteText, folder.siteFile);
  const assignment = assignRecords(source.documents, { defaultLocale: site.defaultLocale, locales: site.locales });
  const records: Map<string, string> = new Map();
  for (const record of assignment.records) for (const old of record.doc.oldPaths) if (!records.has(pathKey(old))) records.set(pathKey(old), record.file);
  const bodySite: BodySite = { format: source.format, url: source.site.url || undefined, attachments: source.attachments, alts: altsOf(source), pictures: new PictureFinder(input.uploads), records };
  const builder = new PlanBuilder(input, site, bodySite);
  assignment.records.forEach((record, index) => {
    builder.addRecord(record);
    input.progress?.(index + 1, assignment.records.length);
  });
  const files = builder.files(assignment.newLocales, folder);
  const redirects = redirectsOf(assignment.records);
  const merged = mergeRedirects(folder.redirectsText, redirects, input.force, folder.redirectsFile);
  files.push({ file: REDIRECTS_FILE, content: merged.text, merged: true });
  return {
    files,
    report: {
      ...builder.report(),
      skipped: [...source.skipped, ...assignment.skipped, ...builder.unusedAttachments()],
      renamed: assignment.renamed,
      redirects: redirects.length,
      redirectConflicts: merged.conflicts,
      notes: [...assignment.notes, ...builder.notes],
    },
  };
}

/** Record files and pictures as they are made, the taxonomy they need, and what the report says of them. */
class PlanBuilder {
  readonly notes: string[] = [];
  readonly #records = new Map<string, string>();
  readonly #copies = new Map<string, string>();
  readonly #imported: ImportedRecord[] = [];
  /** Each picture not found, once per record that shows it, by `file picture`. */
  readonly #missing = new Map<string, { picture: string; file: string }>();
  readonly #titled: { file: string; title: string }[] = [];
  readonly #shortcodes = new Map<string, { count: number; files: string[] }>();
  readonly #categories = new Map<string, string[]>();
  readonly #pageSlugs: string[] = [];
  readonly #productTags: string[] = [];
  readonly #postTags: string[] = [];
  /** The first spelling of each tag, by its folded form: the filters forgive case and accents, so `Template` and `template` are one tag. */
  readonly #tagSpellings = new Map<string, string>();
  readonly #shown = new Set<string>();
  readonly #shownUploads = new Set<string>();

  constructor(
    private readonly input: PlanInput,
    private readonly site: SiteTaxonomy,
    private readonly bodySite: BodySite,
  ) {
    for (const tag of site.productTags) this.#tagSpellings.set(fold(canonical(tag)), tag);
  }

  addRecord(record: AssignedRecord): void {
    const body = convertBody(record, this.bodySite);
    for (const [file, from] of body.copied) this.#copy(file, from);
    for (const picture of body.missing) this.#notFound(picture, record.file);
    for (const [name, count] of body.kept) {
      const entry = this.#shortcodes.get(name) ?? { count: 0, files: [] };
      entry.count += count;
      entry.files.push(record.file);
      this.#shortcodes.set(name, entry);
    }
    for (const id of body.shown) this.#shown.add(id);
    if (body.unlinked > 0) this.#note(`Links to pages of the old site that were not imported are kept as plain text where the export does not give the site's address (${record.file} has ${body.unlinked}).`);
    const title = this.#title(record, body);
    const image = this.#image(record);
    this.#records.set(record.file, recordFile(this.#fields(record, body, title, image), body.markdown));
    this.#imported.push({ kind: record.kind, title, file: record.file, path: record.path, oldPaths: record.doc.oldPaths });
  }

  #note(note: string): void {
    if (!this.notes.some((written) => written.startsWith(note.slice(0, 60)))) this.notes.push(note);
  }

  #copy(file: string, from: string): void {
    this.#copies.set(file, from);
    this.#shownUploads.add(file.slice(MEDIA_FOLDER.length + 1).replace(/-\d+x\d+(\.\w+)$/, '$1'));
  }

  /** The export's title, else the first words of the body (reported). */
  #title(record: AssignedRecord, body: ConvertedBody): string {
    const written = record.doc.title.replace(/\s+/g, ' ').trim();
    if (written) return clip(written, record.kind === 'product' ? 100 : 200);
    const title = body.text ? clip(firstWords(body.text), 100) : `Untitled ${record.kind} ${record.doc.id}`;
    this.#titled.push({ file: record.file, title });
    return title;
  }

  /** The record's picture, when it is in the uploads folder; one that is not is reported and left out. */
  #image(record: AssignedRecord): ImageField | undefined {
    const picture = record.doc.picture;
    if (!picture) return undefined;
    let { url, alt } = picture;
    if (url.startsWith('attachment:')) {
      const id = url.slice('attachment:'.length);
      const attachment = this.bodySite.attachments.get(id);
      if (!attachment) return undefined;
      this.#shown.add(id);
      url = attachment.url;
      alt = attachment.alt ?? (attachment.title || undefined);
    }
    const resolved = url.replaceAll('__GHOST_URL__', '');
    const found = this.bodySite.pictures.find(this.bodySite.url ? new URL(resolved, this.bodySite.url).href : resolved);
    if (!found) {
      this.#notFound(pictureName(resolved), record.file);
      return undefined;
    }
    this.#copy(found.file, found.source);
    return { file: found.file, alt: clip(alt?.trim() || record.doc.title.trim() || pictureName(resolved), 300) };
  }

  #fields(record: AssignedRecord, body: ConvertedBody, title: string, image: ImageField | undefined): RecordFields {
    const { doc } = record;
    const written = doc.summary ? visibleText(doc.summary) : '';
    const summary = (max: number) => (written ? firstSentences(written, max) : leadSentences(body.text, max)) || title;
    const withImage = image ? { image } : {};
    if (record.kind === 'post') {
      const category = this.#category(record);
      const tags = this.#postTagsOf(record, category);
      return {
        title,
        summary: summary(400),
        category,
        ...(tags.length > 0 ? { tags } : {}),
        locale: record.locale,
        published_at: doc.publishedAt,
        ...(doc.updatedAt ? { updated_at: doc.updatedAt } : {}),
        author: clip(doc.author?.trim() || this.#anonymous(), 100),
        ...(record.translationKey ? { translation_key: record.translationKey } : {}),
        ...withImage,
      };
    }
    const updated = doc.updatedAt ?? doc.publishedAt;
    if (record.kind === 'page') {
      if (!record.translation && !this.site.pageSlugs.includes(record.slug)) this.#pageSlugs.push(record.slug);
      return { title, description: summary(300), updated_at: updated, ...withImage };
    }
    if (record.translation) return { name: title, summary: summary(300), updated_at: updated, ...withImage };
    const tags = this.#tagsOf([...doc.categories, ...doc.tags]);
    this.#productTags.push(...tags);
    return { name: title, summary: summary(300), status: 'live', tags, updated_at: updated, ...withImage };
  }

  #anonymous(): string {
    this.#note('Some posts name no author: they are signed with the site\u2019s name.');
    return this.site.name ?? 'Editor';
  }

  /** The post's first category (the default one dropped); without one, the first its locale lists. */
  #category(record: AssignedRecord): string {
    const listed = [...(this.site.categories.get(record.locale) ?? []), ...(this.#categories.get(record.locale) ?? [])];
    const category = record.doc.categories.map(filterValue).find(Boolean) ?? listed[0] ?? 'Blog';
    if (!listed.includes(category)) this.#categories.set(record.locale, [...(this.#categories.get(record.locale) ?? []), category]);
    return category;
  }

  /** `written` as tags: each a filter's value, spelt as the import first met it, once. */
  #tagsOf(written: readonly string[]): string[] {
    const tags = written.map(filterValue).filter(Boolean).map((tag) => {
      const key = fold(canonical(tag));
      if (!this.#tagSpellings.has(key)) this.#tagSpellings.set(key, tag);
      return this.#tagSpellings.get(key)!;
    });
    return [...new Set(tags)];
  }

  /** A post keeps one category: its other categories and its tags become its tags, each added to site.yaml's post_tags. */
  #postTagsOf(record: AssignedRecord, category: string): string[] {
    const tags = this.#tagsOf([...record.doc.categories, ...record.doc.tags]).filter((tag) => fold(canonical(tag)) !== fold(canonical(category)));
    if (record.doc.categories.length > 1) this.#note("Posts keep their first category as their category; their other categories become tags, beside the post's own tags.");
    this.#postTags.push(...tags);
    return tags;
  }

  /** Every file: the starter's (for a new folder) unless replaced, the records, the pictures, site.yaml. */
  files(newLocales: readonly string[], folder: FolderState): PlannedFile[] {
    const files: PlannedFile[] = folder.starter.filter((file) => file.file !== 'site.yaml' && !this.#records.has(file.file)).map((file) => ({ ...file }));
    for (const [file, content] of this.#records) files.push({ file, content });
    for (const [file, copyFrom] of [...this.#copies].sort(([a], [b]) => a.localeCompare(b))) files.push({ file, copyFrom });
    const siteText = mergeSite(
      folder.siteText,
      {
        locales: newLocales,
        categories: this.#categories,
        pageSlugs: this.#pageSlugs,
        productTags: [...new Set(this.#productTags)],
        postTags: [...new Set(this.#postTags)],
        ...(folder.starter.length > 0 && this.input.source.site.description ? { description: clip(this.input.source.site.description, 300) } : {}),
      },
      folder.siteFile,
    );
    files.push({ file: 'site.yaml', content: siteText, merged: folder.starter.length === 0 });
    return files;
  }

  /** Attachments no imported record shows. */
  unusedAttachments(): SkippedItem[] {
    return [...this.input.source.attachments.values()]
      .filter((attachment) => !this.#shown.has(attachment.id) && !this.#shownUploads.has(originalUpload(attachment.url) ?? ''))
      .map((attachment) => ({ id: attachment.id, title: attachment.title || pictureName(attachment.url), type: 'attachment', reason: 'shown by no imported item' }));
  }

  /** A picture a record shows that the uploads or images folder lacks: reported once for the record, however often it shows it. */
  #notFound(picture: string, file: string): void {
    this.#missing.set(`${file} ${picture}`, { picture, file });
  }

  report(): Pick<PlanReport, 'imported' | 'missing' | 'titled' | 'shortcodes'> {
    return {
      imported: this.#imported,
      missing: [...this.#missing.values()],
      titled: this.#titled,
      shortcodes: [...this.#shortcodes].map(([name, { count, files }]) => ({ name, count, files })),
    };
  }
}

/** The media library's alt text of each picture, by its original's uploads path. */
function altsOf(source: SourceExport): Map<string, string> {
  const alts = new Map<string, string>();
  for (const attachment of source.attachments.values()) {
    const upload = originalUpload(attachment.url);
    const alt = attachment.alt ?? attachment.caption ?? (attachment.title || undefined);
    if (upload && alt && !alts.has(upload)) alts.set(upload, alt);
  }
  return alts;
}

/** One redirect for each old path of each record that is not its new path. */
function redirectsOf(records: readonly AssignedRecord[]): Redirect[] {
  const redirects = new Map<string, Redirect>();
  for (const record of records) {
    for (const from of record.doc.oldPaths) {
      if (from === record.path || redirects.has(from)) continue;
      redirects.set(from, { from, to: record.path, status: 301 });
    }
  }
  return [...redirects.values()];
}

/** A value lists filter by (a category, a tag): no comma, at most 60 characters. */
function filterValue(value: string): string {
  return clip(value.replace(/,/g, ' ').replace(/\s+/g, ' ').trim(), 60);
}

function clip(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max - 1).replace(/\s+\S*$/, '')}…`;
}

