import { cp, mkdir, readdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { DEFAULT_CONTENT_DIR, SCHEMAS_DIR } from '../config/package.js';
import type { StarterOptions } from '../content/starter.js';
import type { Messages } from '../i18n/catalog.js';
import type { CommandHelp, OptionSpecs, Env } from './usage.js';
import { describeProblem, HELP_OPTION, isSystemError, parseArguments, printHelp, usageError } from './usage.js';

const OPTIONS = {
  name: { type: 'string', value: 'NAME', meaning: "the company's name (default: DIR's name)" },
  locales: { type: 'string', value: 'LIST', meaning: 'the languages of the site, separated by commas, the default one first (default: en); each must be one the engine has words for: en, pt-BR, es, fr, de, or a regional form of one, such as de-AT, de-CH, fr-CA or es-MX (dates in its own way, the frame\u2019s words in its language)' },
  country: { type: 'string', value: 'CC', meaning: "the country of the company's address, ISO 3166-1 alpha-2 (default: the first locale's region, such as BR for pt-BR, else US); it chooses the legal notice page and the example identifiers of company.md" },
  demo: { type: 'boolean', meaning: "write the demo company's content instead, to look around (takes none of the options above)" },
  force: { type: 'boolean', meaning: 'write into DIR even when it holds files: files of the same names are replaced, others kept' },
  ...HELP_OPTION,
} as const satisfies OptionSpecs;

export const INIT_HELP: CommandHelp = {
  name: 'init',
  brief: 'write a content folder for a new company',
  usage: 'vitrine init DIR [--name NAME] [--locales en,es,...] [--country CC] [--demo] [--force]',
  summary:
    'Writes a complete, minimal content folder for a new company into DIR: site.yaml, company.md, the home, about, contact, privacy and terms pages in every locale, the legal notice the country\u2019s law asks for (an impressum page in AT, DE and CH, mentions-legales in FR, aviso-legal in ES; its company details come from company.md), a first product and a first post in each, a placeholder logo and icon. The words are in each locale\u2019s language; what the company must write is marked TODO, which `vitrine check DIR` lists until it is done. The folder serves at once: `vitrine serve DIR`.',
  arguments: [['DIR', 'the folder to write, created when it does not exist; it must be empty (see --force)']],
  options: OPTIONS,
  environment: [],
  notes: ['Exit codes: 0 written, 1 DIR holds files (without --force) or cannot be written, 2 a wrong command line.'],
};

interface InitArguments extends Pick<StarterOptions, 'name' | 'locales' | 'messages' | 'country'> {
  readonly dir: string;
  readonly demo: boolean;
  readonly force: boolean;
}

/** `vitrine init DIR`: answers 0 once the folder is written. */
export async function runInit(args: readonly string[], _env: Env): Promise<number> {
  const parsed = parseArguments(args, OPTIONS);
  if ('problem' in parsed) return usageError(describeProblem(parsed.problem, 'init'), INIT_HELP.usage);
  if (parsed.values.help) return printHelp(INIT_HELP);
  const read = await readInitArguments(parsed.values, parsed.positionals);
  if ('problem' in read) return usageError(read.problem, INIT_HELP.usage);
  const { dir } = read;
  try {
    const present = await filesIn(dir);
    if (present.length > 0 && !read.force) {
      console.error(`vitrine: init: ${dir} is not empty (${present.slice(0, 3).join(', ')}${present.length > 3 ? ', ...' : ''}); choose an empty or new folder, or add --force to write over it`);
      return 1;
    }
    if (read.demo) {
      await cp(DEFAULT_CONTENT_DIR, dir, { recursive: true, force: true });
      console.log(`Copied the demo company's content to ${dir}.\nNext: vitrine serve ${quoted(dir)}`);
      return 0;
    }
    const { starterFiles } = await import('../content/starter.js');
    const files = starterFiles({ ...read, dir: path.resolve(dir), schemasDir: SCHEMAS_DIR, today: new Date().toISOString().slice(0, 10) });
    for (const file of files) {
      const target = path.join(dir, ...file.file.split('/'));
      await mkdir(path.dirname(target), { recursive: true });
      await writeFile(target, file.content);
    }
    console.log(
      [
        `Wrote ${files.length} files for ${read.name} in ${read.locales.join(', ')} to ${dir}.`,
        'Next: replace each TODO with your own words; `vitrine check` lists those left.',
        `  vitrine check ${quoted(dir)}`,
        `  vitrine serve ${quoted(dir)}`,
      ].join('\n'),
    );
    return 0;
  } catch (error) {
    if (!isSystemError(error)) throw error;
    console.error(`vitrine: init: cannot write ${dir}: ${error.message}`);
    return 1;
  }
}

/** The command line read and checked, or what is wrong with it in one line. */
async function readInitArguments(values: Readonly<Record<string, string | boolean | undefined>>, positionals: readonly string[]): Promise<InitArguments | { readonly problem: string }> {
  if (positionals.length === 0) return { problem: 'init needs the folder to write (DIR)' };
  if (positionals.length > 1) return { problem: `init takes one folder, got ${positionals.length}: ${positionals.join(' ')}` };
  const dir = positionals[0]!;
  if (dir.trim() === '') return { problem: 'the folder to write (DIR) is empty' };
  const demo = values.demo === true;
  const force = values.force === true;
  const given = (['name', 'locales', 'country'] as const).filter((option) => values[option] !== undefined);
  if (demo && given.length > 0) return { problem: `--demo copies the demo company as it is: it takes no ${given.map((option) => `--${option}`).join(', ')}` };
  const name = typeof values.name === 'string' ? values.name.trim() : nameOf(dir);
  if (name === '') return { problem: '--name needs the company\u2019s name' };
  if (name.length > 100) return { problem: `--name must be at most 100 characters, got ${name.length}` };
  const locales = await readLocales(typeof values.locales === 'string' ? values.locales : 'en');
  if ('problem' in locales) return locales;
  const country = readCountry(typeof values.country === 'string' ? values.country : defaultCountry(locales.locales[0]!));
  if (typeof country !== 'string') return country;
  return { dir, name, locales: locales.locales, messages: locales.messages, country, demo, force };
}

async function readLocales(list: string): Promise<{ readonly locales: readonly string[]; readonly messages: ReadonlyMap<string, Messages> } | { readonly problem: string }> {
  const { SHIPPED_LOCALES, shippedCatalogFor } = await import('../i18n/catalog.js');
  const { closest, withSuggestion } = await import('../util/suggest.js');
  const locales = list.split(',').map((locale) => locale.trim());
  if (locales.some((locale) => locale === '')) return { problem: `--locales needs language tags separated by commas, such as en,es,de; got "${list}"` };
  const messages = new Map<string, Messages>();
  for (const locale of locales) {
    if (messages.has(locale)) return { problem: `--locales names ${locale} twice` };
    let canonical: string | undefined;
    try {
      [canonical] = Intl.getCanonicalLocales(locale);
    } catch {
      return { problem: withSuggestion(`--locales: "${locale}" is not a language tag (BCP 47, such as en or pt-BR)`, closest(locale, SHIPPED_LOCALES)) };
    }
    const catalog = shippedCatalogFor(canonical!);
    if (!catalog) {
      return {
        problem: withSuggestion(
          `--locales: vitrine has no words in the language of "${locale}" yet; it has them for ${SHIPPED_LOCALES.join(', ')} (start with those, then add a locale with its own messages, as docs/authoring.md says)`,
          closest(locale, SHIPPED_LOCALES),
        ),
      };
    }
    messages.set(canonical!, catalog);
  }
  return { locales: [...messages.keys()], messages };
}

function readCountry(code: string): string | { readonly problem: string } {
  const upper = code.trim().toUpperCase();
  // A region Intl has no name for is no country it knows.
  const known = /^[A-Z]{2}$/.test(upper) && new Intl.DisplayNames(['en'], { type: 'region', fallback: 'none' }).of(upper) !== undefined;
  return known ? upper : { problem: `--country must be a country code of ISO 3166-1 (two letters, such as US, BR or DE), got "${code}"` };
}

/** The region a locale is most likely spoken in: BR for pt-BR, ES for es, US for en. */
function defaultCountry(locale: string): string {
  return new Intl.Locale(locale).maximize().region ?? 'US';
}

/** A company named after its folder: `acme-tools` is "Acme tools". */
function nameOf(dir: string): string {
  const base = path.basename(path.resolve(dir)).replace(/[-_]+/g, ' ').trim();
  return base.charAt(0).toUpperCase() + base.slice(1);
}

/** The files and folders of `dir`, none when it does not exist. */
async function filesIn(dir: string): Promise<string[]> {
  try {
    return (await readdir(dir)).filter((name) => !name.startsWith('.')).sort();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
}

/** A path as a shell line takes it. */
function quoted(dir: string): string {
  return /^[\w./-]+$/.test(dir) ? dir : `'${dir.replaceAll("'", "'\\''")}'`;
}
