import { distance } from 'fastest-levenshtein';

/**
 * "Did you mean ...?": the valid names nearest to a misspelt one (a field, a
 * tag, a category, a locale, a slug, a site path), by edit distance. The
 * loader and `vitrine check` both word their suggestions here, so a
 * misspelling is answered the same way wherever it is found.
 */

/** Most suggestions named at once: more would be a list, not a suggestion. */
const MOST = 3;

/**
 * A name as it is compared: case, accents and the separators `-`, `_` and
 * space do not count, so `pt-br` finds `pt-BR`, `automacao` finds
 * `Automação` and `published-at` finds `published_at`.
 */
function normalize(name: string): string {
  return name
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[-_\s]+/g, '-');
}

/**
 * Edits from one name to the other (Levenshtein's), two letters swapped
 * counting as one: `lvie` is one slip from `live`, not two.
 */
function editsBetween(a: string, b: string): number {
  const found = distance(a, b);
  if (found !== 2 || a.length !== b.length) return found;
  const differ: number[] = [];
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) differ.push(i);
  const [i = 0, j = 0] = differ;
  const swapped = differ.length === 2 && j === i + 1 && a[i] === b[j] && a[j] === b[i];
  return swapped ? 1 : found;
}

/**
 * Whether `edits` changes are few enough, for a name of `length` characters,
 * that it is likely a slip: one edit in three characters at most, so a
 * name of one or two (`en`) is matched only as written, whatever its case
 * and accents (`es` is not suggested for it).
 */
function isClose(edits: number, length: number): boolean {
  return edits <= Math.floor(length / 3);
}

/** The candidates fewest edits away, in the order given, when they are close; none when nothing is. */
function nearest(candidates: Iterable<string>, measure: (candidate: string) => { edits: number; length: number } | undefined): string[] {
  let best = Infinity;
  let found: string[] = [];
  for (const candidate of new Set(candidates)) {
    const measured = measure(candidate);
    if (!measured || !isClose(measured.edits, measured.length) || measured.edits > best) continue;
    if (measured.edits < best) {
      best = measured.edits;
      found = [];
    }
    found.push(candidate);
  }
  return found.slice(0, MOST);
}

/** The names of `candidates` nearest to `name`; none when none is close, or when `name` is one of them. */
export function closest(name: string, candidates: Iterable<string>): string[] {
  const list = [...candidates];
  if (list.includes(name)) return [];
  const target = normalize(name);
  return nearest(list, (candidate) => ({ edits: editsBetween(target, normalize(candidate)), length: target.length }));
}

/**
 * The locales of `locales` nearest to `locale` (BCP 47 tags): the close
 * spellings first; else those of the same language (its first subtag), so
 * `de` finds `de-AT` and `de-DE` finds `de-AT`, as no edit distance would.
 */
export function closestLocale(locale: string, locales: Iterable<string>): string[] {
  const list = [...locales];
  const spelt = closest(locale, list);
  if (spelt.length > 0 || list.includes(locale)) return spelt;
  const language = (tag: string) => normalize(tag).split('-')[0];
  return list.filter((candidate) => language(candidate) === language(locale)).slice(0, MOST);
}

/**
 * What a caller who named `name` most likely meant: the candidates that
 * begin with it (a slug cut short: `annual-report` for
 * `annual-report-2025`), then those `closest` finds; at
 * most three, none when `name` is one of them.
 */
export function nearestNames(name: string, candidates: Iterable<string>): string[] {
  const list = [...candidates];
  if (list.includes(name)) return [];
  const target = normalize(name);
  // A start too short to say anything (one or two characters) begins too many names.
  const starting = target.length < 3 ? [] : list.filter((candidate) => normalize(candidate).startsWith(target));
  return [...new Set([...starting, ...closest(name, list)])].slice(0, MOST);
}

/**
 * The site paths of `candidates` nearest to `sitePath`, compared segment by
 * segment: only paths of as many segments, and only the segments that
 * differ count, so `/products/mare` is not close to `/products/jaci` for
 * sharing `/products/`.
 */
export function closestPath(sitePath: string, candidates: Iterable<string>): string[] {
  const list = [...candidates];
  if (list.includes(sitePath)) return [];
  const segments = sitePath.split('/').map(normalize);
  return nearest(list, (candidate) => {
    const others = candidate.split('/').map(normalize);
    if (others.length !== segments.length) return undefined;
    let edits = 0;
    let length = 0;
    segments.forEach((segment, i) => {
      const other = others[i]!;
      if (segment === other) return;
      edits += editsBetween(segment, other);
      length += segment.length;
    });
    return { edits, length };
  });
}

/** `a`, `a or b`, `a, b or c`. */
function orList(names: readonly string[]): string {
  return names.length < 2 ? (names[0] ?? '') : `${names.slice(0, -1).join(', ')} or ${names.at(-1)}`;
}

/** `message; did you mean a or b?`, or `message` alone when there is nothing to suggest. */
export function withSuggestion(message: string, suggestions: readonly string[]): string {
  return suggestions.length === 0 ? message : `${message}; did you mean ${orList(suggestions)}?`;
}
