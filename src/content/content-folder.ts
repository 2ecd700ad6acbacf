import { createHash } from 'node:crypto';
import { readFileSync, statSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { fieldProblems } from './field-problems.js';
import type { Document } from '../util/front-matter.js';
import { splitFrontMatter, YamlSyntaxError } from '../util/front-matter.js';
import type { BodyResolver } from './record-bodies.js';
import { SLUG } from './schemas.js';
import { closest, withSuggestion } from '../util/suggest.js';
import type { z } from 'zod';

/** One problem of a content folder, as the loader found it. */
export interface ContentProblem {
  /** The file's path inside the content folder (`posts/hello.md`); a folder's ends with "/". */
  readonly file: string;
  /** The field at fault (`address.country`, `file name`, `front matter`), when the problem is one field's. */
  readonly field?: string;
  /** What is wrong, and what is accepted instead. */
  readonly message: string;
  /** The line of the file: where the YAML parser stopped, or where a body's link or picture is written. */
  readonly line?: number;
}

/**
 * A field inside a list named as JavaScript and JSONPath name it, the item's
 * index in brackets: `identifiers[1].value`, `tags[0]`, not `identifiers.1.value`.
 */
function withListIndexes(field: string): string {
  return field.replace(/\.(\d+)(?=\.|$)/g, '[$1]');
}

/** Files read between two turns of the event loop (a few milliseconds of reading). */
const READ_SLICE = 200;

/** A markdown file read, named by its slug (its file name without `.md`). */
export interface SourceFile {
  /** Its path inside the content folder. */
  readonly file: string;
  readonly slug: string;
  readonly source: string;
}

/** The record files of a content folder as read, each a markdown file named by its slug. */
export interface RecordFiles {
  /** company.md, unless it cannot be read (which is reported). */
  readonly company?: SourceFile;
  readonly products: readonly SourceFile[];
  readonly posts: readonly SourceFile[];
  readonly pages: readonly SourceFile[];
  /** The products and pages of each other locale of the site (`products/<locale>/`, `pages/<locale>/`), in the order of its locales. */
  readonly translations: readonly LocaleFiles[];
}

interface LocaleFiles {
  readonly locale: string;
  readonly products: readonly SourceFile[];
  readonly pages: readonly SourceFile[];
}

interface FolderOptions {
  /**
   * Keep the text of every file read and the front matter of every record
   * parsed, for a reader of the folder after the loader (the check): the
   * loader alone needs neither once a record is made.
   */
  readonly keepDocuments?: boolean;
}

/**
 * A content folder as the loader reads it: every file read (for the
 * version), and every problem found, with its file and field.
 */
export class ContentFolder {
  readonly dir: string;
  /** The folder's name, which every file of a problem's message starts with. */
  readonly root: string;
  readonly problems: ContentProblem[] = [];
  /** Every file read, by path: hashed in path order, whatever order the reads finished in. */
  readonly #read = new Map<string, string>();
  /** With `keepDocuments`: each text file read, and each markdown file's front matter and body (undefined when it does not parse). */
  readonly #texts?: Map<string, string>;
  readonly #documents?: Map<string, Document | undefined>;

  constructor(dir: string, { keepDocuments = false }: FolderOptions = {}) {
    this.dir = path.resolve(dir);
    this.root = path.basename(this.dir);
    if (keepDocuments) {
      this.#texts = new Map();
      this.#documents = new Map();
    }
  }

  readonly report: Report = (file, field, message) => {
    this.problems.push({ file, ...(field ? { field } : {}), message });
  };

  /** A problem of a body, at the file's line. */
  reportLine(file: string, line: number, message: string): void {
    this.problems.push({ file, message, line });
  }

  /** Changes whenever one byte of one file read does. */
  version(): string {
    const hash = createHash('sha256');
    for (const file of [...this.#read.keys()].sort()) hash.update(`${file}\0${this.#read.get(file)}\0`);
    return hash.digest('hex').slice(0, 16);
  }

  /** A text file, or undefined: reported, unless it is an `optional` file that is absent. */
  async readText(file: string, { optional = false } = {}): Promise<string | undefined> {
    try {
      return this.#keep(file, await readFile(path.join(this.dir, file), 'utf8'));
    } catch (error) {
      if (optional && (error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
      this.report(file, undefined, describeIoError(error));
      return undefined;
    }
  }

  readTextNow(file: string): string | undefined {
    try {
      return this.#keep(file, readFileSync(path.join(this.dir, file), 'utf8'));
    } catch (error) {
      this.report(file, undefined, describeIoError(error));
      return undefined;
    }
  }

  /**
   * A binary file's bytes and their SHA-256 digest (hex), which the version
   * hashes; or what keeps them from being read, a size over `maxBytes` among
   * them (judged before reading it).
   */
  readBytesNow(file: string, maxBytes = Infinity): { readonly bytes: Buffer; readonly digest: string } | string {
    try {
      const { size } = statSync(path.join(this.dir, file));
      if (size > maxBytes) return `is ${megabytes(size)} MB, more than IMAGE_MAX_MB allows (${megabytes(maxBytes)})`;
      const bytes = readFileSync(path.join(this.dir, file));
      const digest = createHash('sha256').update(bytes).digest('hex');
      this.#read.set(file, digest);
      return { bytes, digest };
    } catch (error) {
      return describeIoError(error);
    }
  }

  #keep(file: string, source: string): string {
    this.#read.set(file, source);
    this.#texts?.set(file, source);
    return source;
  }

  /** A text file as it was read, when the folder keeps documents. */
  textRead(file: string): string | undefined {
    return this.#texts?.get(file);
  }

  /**
   * Every record file: company.md, and the markdown files of products/,
   * posts/ and pages/, and of the folders of `otherLocales` in products/ and
   * pages/. Read together; validated one after the other, so problems are
   * reported in the same order every time.
   */
  async readRecords(otherLocales: readonly string[]): Promise<RecordFiles> {
    const [company, products, posts, pages, translatedProducts, translatedPages] = await Promise.all([
      this.readText('company.md'),
      this.readFolder('products', otherLocales),
      this.readFolder('posts'),
      this.readFolder('pages', otherLocales),
      Promise.all(otherLocales.map((locale) => this.readFolder(`products/${locale}`, [], { optional: true }))),
      Promise.all(otherLocales.map((locale) => this.readFolder(`pages/${locale}`, [], { optional: true }))),
    ]);
    return {
      ...(company === undefined ? {} : { company: { file: 'company.md', slug: 'company', source: company } }),
      products,
      posts,
      pages,
      translations: otherLocales.map((locale, i) => ({ locale, products: translatedProducts[i]!, pages: translatedPages[i]! })),
    };
  }

  /** The names of the files of an optional folder, sorted; none when it is absent. */
  async listFiles(name: string): Promise<string[]> {
    try {
      return (await readdir(path.join(this.dir, name), { withFileTypes: true }))
        .filter((entry) => entry.isFile() && !entry.name.startsWith('.'))
        .map((entry) => entry.name)
        .sort();
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') this.report(`${name}/`, undefined, describeIoError(error));
      return [];
    }
  }

  /**
   * The markdown files of a folder, each named by a slug; anything else is a
   * problem, but for the `subfolders` read on their own. An `optional`
   * folder may be absent.
   */
  async readFolder(name: string, subfolders: readonly string[] = [], { optional = false } = {}): Promise<SourceFile[]> {
    let entries: string[];
    try {
      entries = (await readdir(path.join(this.dir, name), { withFileTypes: true }))
        .filter((entry) => !entry.name.startsWith('.'))
        .map((entry) => (entry.isFile() ? entry.name : `${entry.name}/`))
        .sort();
    } catch (error) {
      if (optional && (error as NodeJS.ErrnoException).code === 'ENOENT') return [];
      this.report(`${name}/`, undefined, describeIoError(error));
      return [];
    }
    const wanted: { entry: string; slug: string }[] = [];
    for (const entry of entries) {
      if (subfolders.some((folder) => entry === `${folder}/`)) continue;
      if (!entry.endsWith('.md')) {
        const only = `only .md files belong in ${name}/${subfolders.length ? ` (and the folders of the other locales: ${subfolders.join(', ')})` : ''}`;
        // A folder named like a locale with a slip (pages/pt-br/) is most likely that locale's.
        const locales = entry.endsWith('/') ? closest(entry.slice(0, -1), subfolders).map((folder) => `${name}/${folder}/`) : [];
        this.report(`${name}/${entry}`, undefined, withSuggestion(only, locales));
        continue;
      }
      const slug = entry.slice(0, -'.md'.length);
      if (!SLUG.test(slug)) {
        this.report(`${name}/${entry}`, 'file name', 'must be a slug of lowercase letters, digits and single hyphens');
        continue;
      }
      wanted.push({ entry, slug });
    }
    // Small files are read synchronously, READ_SLICE at a time with a turn of the
    // event loop between slices: a promise and a thread-pool trip per file made
    // 10,000 files take three times as long, and a reload of a large folder still
    // leaves requests a turn every few milliseconds.
    const files: SourceFile[] = [];
    for (let start = 0; start < wanted.length; start += READ_SLICE) {
      if (start > 0) await new Promise((resolve) => setImmediate(resolve));
      for (const { entry, slug } of wanted.slice(start, start + READ_SLICE)) {
        const source = this.readTextNow(`${name}/${entry}`);
        if (source !== undefined) files.push({ file: `${name}/${entry}`, slug, source });
      }
    }
    return files;
  }

  /** `data` read against `schema`, or undefined with each problem reported at its field (see fieldProblems). */
  validate<S extends z.ZodType>(file: string, schema: S, data: unknown): z.output<S> | undefined {
    const result = schema.safeParse(data ?? {});
    if (result.success) return result.data;
    for (const { field, message } of fieldProblems(schema, data ?? {}, result.error.issues)) this.report(file, withListIndexes(field), message);
    return undefined;
  }

  /** A YAML or front matter error, at the line the parser names. */
  syntaxProblem(file: string, field: string | undefined, error: unknown): void {
    this.problems.push({
      file,
      ...(field ? { field } : {}),
      message: error instanceof Error ? (error.message.split('\n')[0] ?? '') : String(error),
      ...(error instanceof YamlSyntaxError ? { line: error.line } : {}),
    });
  }

  /** A markdown file split into its front matter and body, or undefined (reported) when the front matter does not parse. */
  document(file: { file: string; source: string }): Document | undefined {
    try {
      const document = splitFrontMatter(file.source);
      this.#documents?.set(file.file, document);
      return document;
    } catch (error) {
      this.syntaxProblem(file.file, 'front matter', error);
      this.#documents?.set(file.file, undefined);
      return undefined;
    }
  }

  /**
   * A markdown file's front matter and body as the loader parsed it, or
   * parsed now when it did not (a file it turned down by its name); undefined
   * when the front matter does not parse, which the loader reports.
   */
  documentOf(file: { file: string; source: string }): Document | undefined {
    if (this.#documents?.has(file.file)) return this.#documents.get(file.file);
    try {
      return splitFrontMatter(file.source);
    } catch {
      return undefined;
    }
  }

  /**
   * A record file's front matter, validated, and its body, resolved: the body
   * and the fields, or undefined (reported). The body is resolved even when a
   * field is wrong, so its problems are reported in the same pass.
   */
  record<S extends z.ZodType>(file: SourceFile | { file: string; source: string }, schema: S, resolve: BodyResolver): { body: string; data: z.output<S> } | undefined {
    const doc = this.document(file);
    if (!doc) return undefined;
    const data = this.validate(file.file, schema, doc.data);
    const body = resolve(file, doc.body);
    return data ? { body, data } : undefined;
  }
}

/** Reports one problem: file, field (if one is at fault), what is wrong. */
export type Report = (file: string, field: string | undefined, message: string) => void;

/** What describeIoError says of a file that does not exist. */
export const MISSING = 'is missing';

function describeIoError(error: unknown): string {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  if (code === 'ENOENT') return MISSING;
  if (code === 'EISDIR') return 'is a folder, not a file';
  if (code === 'ENOTDIR') return 'is a file, not a folder';
  if (code === 'EACCES') return 'cannot be read (permission denied)';
  return `cannot be read (${code ?? String(error)})`;
}

const megabytes = (bytes: number) => (bytes / (1024 * 1024)).toFixed(1).replace(/\.0$/, '');
