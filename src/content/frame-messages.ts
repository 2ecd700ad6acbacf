import type { Messages } from '../i18n/catalog.js';
import { catalogFrom, MessageCatalogError, overrideCatalog, referenceCatalogFile, SHIPPED_LOCALES, shippedCatalogFor } from '../i18n/catalog.js';
import { FRAME_KEYS } from '../i18n/keys.js';
import type { ContentFolder } from './content-folder.js';
import { parseYaml } from '../util/front-matter.js';
import type { Site } from './types.js';

/** Where a content folder adds a locale's messages or overrides some of a shipped one's: i18n/<locale>.yaml. */
const MESSAGES_FOLDER = 'i18n';

/**
 * The frame's messages of every locale of the site: the engine's catalog of
 * that locale (or of its language), with the content folder's
 * `i18n/<locale>.yaml` over it, which may change any message; a locale the
 * engine has no catalog for needs that file, with every message. A locale
 * without messages is a problem naming the file to add, never an English
 * frame around another language.
 */
export async function loadMessages(folder: ContentFolder, site: Site): Promise<Map<string, Messages>> {
  const files = await folder.listFiles(MESSAGES_FOLDER);
  const given = new Map<string, string>();
  for (const name of files) {
    const file = `${MESSAGES_FOLDER}/${name}`;
    const locale = name.endsWith('.yaml') ? name.slice(0, -'.yaml'.length) : undefined;
    if (locale === undefined || !site.locales.includes(locale)) {
      folder.report(file, undefined, `is not the messages of a locale of site.yaml: ${MESSAGES_FOLDER}/ holds <locale>.yaml for ${site.locales.join(', ')}`);
      continue;
    }
    given.set(locale, file);
  }
  const found = new Map<string, Messages>();
  for (const locale of site.locales) {
    const shipped = shippedCatalogFor(locale);
    const file = given.get(locale);
    if (file === undefined) {
      if (shipped) found.set(locale, shipped);
      else {
        folder.report(
          'site.yaml',
          'locales',
          `"${locale}" has no messages for the site's frame: the engine has them for ${SHIPPED_LOCALES.join(', ')}; add ${MESSAGES_FOLDER}/${locale}.yaml with every message of the English catalog (${referenceCatalogFile()}) in that language`,
        );
      }
      continue;
    }
    const source = await folder.readText(file);
    if (source === undefined) continue;
    let data: unknown;
    try {
      data = parseYaml(source);
    } catch (error) {
      folder.syntaxProblem(file, undefined, error);
      continue;
    }
    try {
      found.set(locale, shipped ? overrideCatalog(shipped, file, data) : catalogFrom(locale, file, data, FRAME_KEYS));
    } catch (error) {
      if (!(error instanceof MessageCatalogError)) throw error;
      for (const problem of error.problems) folder.report(file, undefined, problem);
    }
  }
  return found;
}
