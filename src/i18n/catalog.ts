import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Formatters } from 'intl-messageformat';
import { IntlMessageFormat } from 'intl-messageformat';
import { parseYaml } from '../util/front-matter.js';
import type { ArgumentKind, FormatArguments, MessageKey } from './keys.js';
import { isMessageKey, MESSAGE_ARGUMENTS, MESSAGE_KEYS } from './keys.js';
import { closest, withSuggestion } from '../util/suggest.js';

/** The locales whose catalogs ship with the engine, in messages/<locale>.yaml; English is the reference and the fall-back. */
export const SHIPPED_LOCALES = ['en', 'pt-BR', 'es', 'fr', 'de'] as const;
export type ShippedLocale = (typeof SHIPPED_LOCALES)[number];

/**
 * A catalog that cannot be used: a key missing or unknown, a message that
 * does not parse or whose placeholders are not the key's, or a value a
 * message needs not given. Says which locale, which file and which key.
 */
export class MessageCatalogError extends Error {
  constructor(
    readonly locale: string,
    readonly file: string,
    readonly problems: readonly string[],
  ) {
    super(`messages of locale ${locale} (${file}): ${problems.join('; ')}`);
    this.name = 'MessageCatalogError';
  }
}

/** One locale's messages, each parsed once. */
export interface Messages {
  readonly locale: string;
  /** The file(s) the messages come from, the shipped one first. */
  readonly files: readonly string[];
  /** `format('blog.article_count', { total: 3 })`: the message of `key` with `values` in its placeholders. */
  format<K extends MessageKey>(key: K, ...values: FormatArguments<K>): string;
}

interface Compiled {
  readonly format: IntlMessageFormat;
  readonly file: string;
}

/**
 * Numbers as the frame printed them before it had catalogs, digits only
 * ("1234 articles", not "1,234 articles"): the locale picks the plural
 * form, but no grouping separator is added, in any locale.
 */
function plainNumberFormatters(): Formatters {
  const numbers = new Map<string, Intl.NumberFormat>();
  const dates = new Map<string, Intl.DateTimeFormat>();
  const plurals = new Map<string, Intl.PluralRules>();
  const cached = <T>(cache: Map<string, T>, key: unknown[], make: () => T): T => {
    const id = JSON.stringify(key);
    let value = cache.get(id);
    if (value === undefined) {
      value = make();
      cache.set(id, value);
    }
    return value;
  };
  return {
    getNumberFormat: (locales, options) => cached(numbers, [locales, options], () => new Intl.NumberFormat(locales, { useGrouping: false, ...options } as Intl.NumberFormatOptions)),
    getDateTimeFormat: (...args) => cached(dates, args, () => new Intl.DateTimeFormat(...args)),
    getPluralRules: (...args) => cached(plurals, args, () => new Intl.PluralRules(...args)),
  };
}

const FORMATTERS = plainNumberFormatters();

// The element types of a message's syntax tree, numbered as @formatjs/icu-messageformat-parser (intl-messageformat's parser) numbers them.
const ELEMENT = { literal: 0, argument: 1, number: 2, date: 3, time: 4, select: 5, plural: 6, pound: 7, tag: 8 } as const;

type Ast = ReturnType<IntlMessageFormat['getAst']>;

/** How a message uses each of its placeholders: as a number (plural, number), a string (select), or either. */
export function placeholdersOf(ast: Ast): Map<string, ArgumentKind | 'any'> {
  const found = new Map<string, ArgumentKind | 'any'>();
  const walk = (elements: Ast) => {
    for (const element of elements) {
      const type = element.type as number;
      if (type === ELEMENT.literal || type === ELEMENT.pound) continue;
      if ('children' in element) walk(element.children);
      if (type === ELEMENT.tag) continue;
      const name = (element as { value: string }).value;
      const kind = type === ELEMENT.plural || type === ELEMENT.number ? 'number' : type === ELEMENT.select ? 'string' : 'any';
      if (!found.has(name) || found.get(name) === 'any') found.set(name, kind);
      if ('options' in element) for (const option of Object.values(element.options)) walk(option.value);
    }
  };
  walk(ast);
  return found;
}

/** What is wrong with `message` as the message of `key`, or the message parsed. */
function compile(locale: string, key: MessageKey, message: unknown): IntlMessageFormat | string {
  if (typeof message !== 'string') return `"${key}" must be a message (a string), not ${message === null ? 'empty' : Array.isArray(message) ? 'a list' : typeof message === 'object' ? 'a mapping' : `the ${typeof message} ${String(message)}`}`;
  let format: IntlMessageFormat;
  try {
    // Markup is the page's business: "<" is text here, never a tag.
    format = new IntlMessageFormat(message, locale, undefined, { ignoreTag: true, formatters: FORMATTERS });
  } catch (error) {
    // The parser's error is its code (EXPECT_ARGUMENT_CLOSING_BRACE) and where in the message it stopped.
    const { location } = error as { location?: { start: { column: number } } };
    const reason = error instanceof Error ? error.message : String(error);
    return `"${key}" does not parse as an ICU message: ${reason}${location ? ` at character ${location.start.column}` : ''}`;
  }
  const expected: Readonly<Record<string, ArgumentKind>> = MESSAGE_ARGUMENTS[key];
  const used = placeholdersOf(format.getAst());
  const problems: string[] = [];
  const missing = Object.keys(expected).filter((name) => !used.has(name));
  const unknown = [...used.keys()].filter((name) => !Object.hasOwn(expected, name));
  if (missing.length) problems.push(`lacks the placeholder${missing.length > 1 ? 's' : ''} ${missing.map((n) => `{${n}}`).join(', ')}`);
  if (unknown.length) problems.push(`uses ${unknown.map((n) => `{${n}}`).join(', ')}, which ${unknown.length > 1 ? 'are' : 'is'} not given to this message (it takes ${Object.keys(expected).map((n) => `{${n}}`).join(', ') || 'none'})`);
  for (const [name, kind] of used) {
    const want = expected[name];
    if (want !== undefined && kind !== 'any' && kind !== want) problems.push(`uses {${name}} as a ${kind}, but it is a ${want}`);
  }
  return problems.length ? `"${key}" ${problems.join(', ')}` : format;
}

/** The flat key-to-message mapping a catalog file or object must be. */
function entriesOf(locale: string, file: string, data: unknown): [string, unknown][] {
  if (data === null || typeof data !== 'object' || Array.isArray(data)) {
    throw new MessageCatalogError(locale, file, ['must be a mapping of dotted keys (frame.skip_to_content) to messages']);
  }
  return Object.entries(data);
}

/** Each known key of `data` compiled, or every problem found, unknown keys included. */
function compileAll(locale: string, file: string, data: unknown): Map<MessageKey, Compiled> {
  const compiled = new Map<MessageKey, Compiled>();
  const problems: string[] = [];
  for (const [key, message] of entriesOf(locale, file, data)) {
    if (!isMessageKey(key)) {
      problems.push(withSuggestion(`"${key}" is not a message of the site's frame`, closest(key, MESSAGE_KEYS)));
      continue;
    }
    const result = compile(locale, key, message);
    if (typeof result === 'string') problems.push(result);
    else compiled.set(key, { format: result, file });
  }
  if (problems.length) throw new MessageCatalogError(locale, file, problems);
  return compiled;
}

// The compiled messages behind each Messages this module made, so an override reuses them.
const COMPILED = new WeakMap<Messages, ReadonlyMap<MessageKey, Compiled>>();

function messagesOf(locale: string, files: readonly string[], compiled: ReadonlyMap<MessageKey, Compiled>): Messages {
  const made: Messages = {
    locale,
    files,
    format<K extends MessageKey>(key: K, ...values: FormatArguments<K>): string {
      const message = compiled.get(key);
      if (!message) throw new MessageCatalogError(locale, files.join(', '), [`"${key}" is not a message of the site's frame`]);
      try {
        return message.format.format<string>(values[0]) as string;
      } catch (error) {
        throw new MessageCatalogError(locale, message.file, [`"${key}" could not be formatted: ${error instanceof Error ? error.message : String(error)}`]);
      }
    },
  };
  COMPILED.set(made, compiled);
  return made;
}

/**
 * A complete catalog from its parsed YAML (or any object of the same shape):
 * every `required` key (all of them for a catalog the engine ships, the
 * frame's for a site's own locale), each message valid, nothing unknown.
 * `file` names where it came from in errors.
 */
export function catalogFrom(locale: string, file: string, data: unknown, required: readonly MessageKey[] = MESSAGE_KEYS): Messages {
  const compiled = compileAll(locale, file, data);
  const missing = required.filter((key) => !compiled.has(key));
  if (missing.length) throw new MessageCatalogError(locale, file, missing.map((key) => `"${key}" is missing`));
  return messagesOf(locale, [file], compiled);
}

/**
 * `base` with some of its messages replaced by those of `data`, checked as
 * a whole catalog is (known keys, valid messages, the same placeholders):
 * how a site could change a few words of a shipped locale. The messages it
 * does not replace are `base`'s, not parsed again.
 */
export function overrideCatalog(base: Messages, file: string, data: unknown): Messages {
  const shipped = COMPILED.get(base);
  if (!shipped) throw new MessageCatalogError(base.locale, file, ['can only override messages made by catalogFrom, overrideCatalog or messages()']);
  const overrides = compileAll(base.locale, file, data);
  const merged = new Map<MessageKey, Compiled>();
  for (const [key, message] of shipped) merged.set(key, overrides.get(key) ?? message);
  return messagesOf(base.locale, [...base.files, file], merged);
}

/** Reads and checks one shipped catalog. */
function loadShipped(locale: ShippedLocale): Messages {
  const url = new URL(`./messages/${locale}.yaml`, import.meta.url);
  const file = fileURLToPath(url);
  let source: string;
  try {
    source = readFileSync(url, 'utf8');
  } catch (error) {
    throw new MessageCatalogError(locale, file, [`cannot be read (${error instanceof Error ? error.message : String(error)})`]);
  }
  let data: unknown;
  try {
    data = parseYaml(source);
  } catch (error) {
    throw new MessageCatalogError(locale, file, [`is not valid YAML: ${error instanceof Error ? error.message : String(error)}`]);
  }
  return catalogFrom(locale, file, data);
}

/**
 * Every shipped catalog, read and parsed once when the engine starts (beside
 * this module in the sources, beside the bundle in dist/): a broken catalog
 * stops the start, not a visitor's request.
 */
const SHIPPED: ReadonlyMap<string, Messages> = new Map(SHIPPED_LOCALES.map((locale) => [locale, loadShipped(locale)]));

/** Whether the engine ships a catalog for exactly this locale tag. */
export function isShippedLocale(locale: string): locale is ShippedLocale {
  return SHIPPED.has(locale);
}

/** The shipped messages of `locale`; an error for a locale without a catalog (see SHIPPED_LOCALES). */
export function messages(locale: string): Messages {
  const found = SHIPPED.get(locale);
  if (!found) throw new MessageCatalogError(locale, fileURLToPath(new URL('./messages/', import.meta.url)), [`no catalog ships for this locale; the shipped ones are ${SHIPPED_LOCALES.join(', ')}`]);
  return found;
}

/**
 * The shipped messages a locale's frame starts from: its own catalog's, else
 * its language's (`pt-PT` gets Portuguese, `de-AT` German); undefined when
 * the engine ships none in that language, and the site must give its own.
 */
export function shippedCatalogFor(locale: string): Messages | undefined {
  const language = locale.split('-')[0]!.toLowerCase();
  const tag = isShippedLocale(locale) ? locale : SHIPPED_LOCALES.find((shipped) => shipped.split('-')[0]!.toLowerCase() === language);
  return tag === undefined ? undefined : SHIPPED.get(tag);
}

/** Where the English catalog lives, every key of the frame with its message: what a new locale's catalog translates. */
export function referenceCatalogFile(): string {
  return messages('en').files[0]!;
}
