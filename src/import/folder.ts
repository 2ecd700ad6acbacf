import { readdir, readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { SCHEMAS_DIR } from '../config/package.js';
import { starterFiles } from '../content/starter.js';
import { SHIPPED_LOCALES, shippedCatalogFor } from '../i18n/catalog.js';
import { ImportError } from './errors.js';
import { matchLocale } from './locales.js';
import type { FolderState } from './plan.js';
import { REDIRECTS_FILE } from './redirects.js';
import type { SourceSite } from './source.js';

/**
 * The content folder an import goes into: one `vitrine init` wrote (or an
 * import before), read for its site.yaml and redirects.yaml; or a new or
 * empty folder, which the import starts as `vitrine init` would, named and
 * in the language the export gives.
 */

export interface ReadFolder extends FolderState {
  /** Whether the folder is started by this import. */
  readonly isNew: boolean;
  readonly notes: readonly string[];
}

export async function readFolder(dir: string, site: SourceSite, today: string): Promise<ReadFolder> {
  const entries = await entriesOf(dir);
  const files = { siteFile: path.join(dir, 'site.yaml'), redirectsFile: path.join(dir, REDIRECTS_FILE) };
  if (entries.includes('site.yaml')) {
    const siteText = await readFile(path.join(dir, 'site.yaml'), 'utf8');
    const redirectsText = entries.includes(REDIRECTS_FILE) ? await readFile(path.join(dir, REDIRECTS_FILE), 'utf8') : undefined;
    return { ...files, siteText, ...(redirectsText === undefined ? {} : { redirectsText }), starter: [], isNew: false, notes: [] };
  }
  if (entries.length > 0) throw new ImportError(dir, `holds files (${entries.slice(0, 3).join(', ')}) but no site.yaml: it is no content folder; choose a new folder or one \`vitrine init\` wrote`);
  const notes: string[] = [];
  const locale = matchLocale(site.language, SHIPPED_LOCALES) ?? 'en';
  if (site.language && !matchLocale(site.language, SHIPPED_LOCALES)) notes.push(`The export's language, "${site.language}", is not one vitrine has words for yet: the folder is started in English (en).`);
  const name = (site.title.trim() || nameOf(dir)).slice(0, 100);
  const starter = starterFiles({
    name,
    locales: [locale],
    messages: new Map([[locale, shippedCatalogFor(locale)!]]),
    country: new Intl.Locale(locale).maximize().region ?? 'US',
    dir: path.resolve(dir),
    schemasDir: SCHEMAS_DIR,
    today,
  });
  const siteText = starter.find((file) => file.file === 'site.yaml')!.content;
  return { ...files, siteText, starter, isNew: true, notes };
}

/** The folder's entries (hidden ones aside), none when it does not exist. */
async function entriesOf(dir: string): Promise<string[]> {
  try {
    if (!(await stat(dir)).isDirectory()) throw new ImportError(dir, 'is a file, not a folder');
    return (await readdir(dir)).filter((name) => !name.startsWith('.')).sort();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
}

/** A site named after its folder: `acme-tools` is "Acme tools". */
function nameOf(dir: string): string {
  const base = path.basename(path.resolve(dir)).replace(/[-_]+/g, ' ').trim();
  return base.charAt(0).toUpperCase() + base.slice(1) || 'My site';
}
