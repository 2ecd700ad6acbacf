import type { Catalog } from '../content/types.js';
import { paths } from '../routes/table.js';
import type { Messages } from '../i18n/catalog.js';
import type { MessageKey } from '../i18n/keys.js';

/**
 * The words of the site's frame (navigation, labels, dates, errors, search)
 * in one language: `w('frame.menu')`, `w('frame.feed', { language })`. The
 * key names the message of the engine's catalog (src/i18n/messages/<locale>.yaml,
 * with the content folder's own messages, i18n/<locale>.yaml, over them: a
 * site may change any word, and a locale the engine has no catalog for brings
 * its own), and the message's arguments are the key's (src/i18n/keys.ts), so
 * a word is declared once, in the catalog.
 */
export type Words = Messages['format'];

// Built on first use, once per catalog of messages: every site and locale that uses the same one shares the function, and its plain words.
const WORDS = new WeakMap<Messages, Words>();

/**
 * The words of one catalog. A message without arguments is formatted once
 * and kept, so a page does not format the same word again on every request.
 */
export function wordsOfMessages(messages: Messages): Words {
  let words = WORDS.get(messages);
  if (!words) {
    const plain = new Map<MessageKey, string>();
    words = (key, ...values) => {
      if (values.length > 0) return messages.format(key, ...values);
      let word = plain.get(key);
      if (word === undefined) {
        word = messages.format(key, ...values);
        plain.set(key, word);
      }
      return word;
    };
    WORDS.set(messages, words);
  }
  return words;
}

/**
 * The words of `locale` on a site: its messages (the engine's catalog of the
 * locale or its language, with the content's own over them); a locale the
 * site does not have gets the default locale's.
 */
export function wordsOf(catalog: Pick<Catalog, 'messages' | 'site'>, locale: string): Words {
  return wordsOfMessages(catalog.messages.get(locale) ?? catalog.messages.get(catalog.site.default_locale)!);
}

/**
 * One language of the site: its words, and where its pages live (the
 * default locale's at the root, any other's under `/<locale>`).
 */
export interface SiteLocale {
  readonly locale: string;
  readonly words: Words;
  /** Whether it is the site's default locale (pages at the root). */
  readonly isDefault: boolean;
  /** The site path of a page slug in this locale (`/pt-BR/about`, `/pt-BR` for the home page, `/pt-BR/search`). */
  readonly pagePath: (slug: string) => string;
}

export function siteLocale(catalog: Catalog, locale: string = catalog.site.default_locale): SiteLocale {
  return {
    locale,
    words: wordsOf(catalog, locale),
    isDefault: locale === catalog.site.default_locale,
    pagePath: (slug) => paths.page(catalog.site, slug, locale),
  };
}

/** The locale a site path belongs to: the first segment when it names a non-default locale, else the default. */
export function localeOfPath(catalog: Catalog, path: string): string {
  const first = path.split('/')[1] ?? '';
  return catalog.site.locales.find((locale) => locale !== catalog.site.default_locale && locale === first) ?? catalog.site.default_locale;
}
