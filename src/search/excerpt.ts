import { fold, forEachWord, foldUnit, isWordAt } from '../text/normalize.js';

/** About how long an excerpt is, in characters, before the `…` marks. */
export const EXCERPT_LENGTH = 160;
/** Context kept before the first match of the excerpt, so it does not open on the match. */
const LEAD = 40;
/** How far after its first match a stretch reaches. */
const REACH = EXCERPT_LENGTH - LEAD;
const ELLIPSIS = '…';
const SPACE = /\s/;

interface Occurrence {
  readonly start: number;
  readonly end: number;
  readonly term: string;
}

/**
 * Plain text cut from `source` around its best match: the stretch of about
 * EXCERPT_LENGTH characters that holds the most distinct `terms` (folded
 * words, see normalize.ts), the earliest such stretch on a tie. Cuts fall
 * between words and are marked with `…`; runs of whitespace become one space.
 * A source in which no term occurs (the match was in a title or a tag)
 * yields its opening.
 *
 * `folded`, when given, is fold(source), kept by the caller for texts it cuts
 * excerpts from again and again: the terms are then found with indexOf
 * rather than by folding the source word by word, with the same result.
 */
export function excerpt(source: string, terms: readonly string[], folded?: string): string {
  const occurrences = folded === undefined || terms.some(hasSigma) ? findOccurrences(source, terms) : findFoldedOccurrences(source, folded, terms);
  const anchor = bestAnchor(occurrences);
  let start = Math.max(0, Math.min(anchor - LEAD, source.length - EXCERPT_LENGTH));
  // Move forward to the start of a word; the anchor itself starts a word.
  while (start > 0 && start < anchor && !SPACE.test(source[start - 1]!)) start += 1;
  while (start < source.length && SPACE.test(source[start]!)) start += 1;

  let end = start + EXCERPT_LENGTH;
  if (end >= source.length) {
    end = source.length;
  } else {
    // Move back to the end of a word; a single word longer than the excerpt is cut.
    let cut = end;
    while (cut > start && !SPACE.test(source[cut]!)) cut -= 1;
    if (cut > start) end = cut;
  }

  let text = source.slice(start, end).replace(/\s+/g, ' ').trim();
  const cutAtEnd = end < source.length;
  if (cutAtEnd) text = text.replace(/[\s,;:–—-]+$/u, '');
  return `${start > 0 ? ELLIPSIS : ''}${text}${cutAtEnd ? ELLIPSIS : ''}`;
}

/**
 * The whole-word occurrences of `terms` (folded words) in `source`, in order,
 * up to the first stretch that holds every term: no later stretch can beat
 * it, so the rest of the text is not read.
 */
function findOccurrences(source: string, terms: readonly string[]): Occurrence[] {
  const occurrences: Occurrence[] = [];
  if (terms.length === 0) return occurrences;
  const wanted = new Set(terms);
  // fold() keeps lengths, so only words of a wanted length and first letter need folding.
  const shape = (length: number, first: number) => length * 0x10000 + first;
  const shapes = new Set(terms.map((term) => shape(term.length, term.charCodeAt(0))));
  const latest = new Map<string, number>();
  forEachWord(source, (start, end) => {
    if (!shapes.has(shape(end - start, foldUnit(source.charCodeAt(start))))) return true;
    const term = fold(source.slice(start, end));
    if (!wanted.has(term)) return true;
    occurrences.push({ start, end, term });
    latest.set(term, start);
    return !holdsEveryTerm(latest, wanted, end);
  });
  return occurrences;
}

/**
 * Whether the stretch from the earliest of the latest occurrences of each term
 * (`latest`) to `end` holds every wanted term within REACH: the first such
 * stretch is where both ways of finding occurrences stop.
 */
function holdsEveryTerm(latest: ReadonlyMap<string, number>, wanted: ReadonlySet<string>, end: number): boolean {
  return latest.size === wanted.size && end - Math.min(...latest.values()) <= REACH;
}

/**
 * The same occurrences as findOccurrences, found in `folded` (fold(source)).
 * Folding the whole text gives each word what folding it alone gives, but
 * for a Greek capital sigma, whose lowercase (σ or final ς) depends on the
 * letters around it: excerpt() leaves terms with a sigma to findOccurrences.
 */
function findFoldedOccurrences(source: string, folded: string, terms: readonly string[]): Occurrence[] {
  // The next whole-word occurrence of each term: read in order of position, so the scan stops at the
  // first stretch that holds every term, as findOccurrences stops, however long the text goes on.
  // A term the text never holds (it matched a title or a tag) is left out from the start: no stretch
  // holds it, so the first that holds every other term is already the best, and the rest of the text
  // need not be read (findOccurrences, which cannot know it ahead, reads to the end).
  const first = [...new Set(terms)].map((term) => ({ term, at: nextWholeWord(source, folded, term, 0) })).filter(({ at }) => at >= 0);
  const each = first.map(({ term }) => term);
  const next = first.map(({ at }) => at);
  const wanted = new Set(each);
  const found: Occurrence[] = [];
  const latest = new Map<string, number>();
  for (;;) {
    let pick = -1;
    for (let k = 0; k < each.length; k += 1) if (next[k]! >= 0 && (pick < 0 || next[k]! < next[pick]!)) pick = k;
    if (pick < 0) return found;
    const term = each[pick]!;
    const start = next[pick]!;
    const end = start + term.length;
    found.push({ start, end, term });
    latest.set(term, start);
    if (holdsEveryTerm(latest, wanted, end)) return found;
    next[pick] = nextWholeWord(source, folded, term, start + 1);
  }
}

/** Where `term` next stands in `folded` as a whole word of `source`, from `from` on; -1 when nowhere. */
function nextWholeWord(source: string, folded: string, term: string, from: number): number {
  for (let start = folded.indexOf(term, from); start >= 0; start = folded.indexOf(term, start + 1)) {
    const end = start + term.length;
    if (isWordAt(source, start - 1) || isWordAt(source, end)) continue;
    let whole = true;
    for (let i = start; i < end && whole; i += 1) whole = isWordAt(source, i);
    if (whole) return start;
  }
  return -1;
}

const hasSigma = (term: string) => term.includes('σ') || term.includes('ς');

/** Where the window with the most distinct terms begins (a sliding window over the occurrences). */
function bestAnchor(occurrences: readonly Occurrence[]): number {
  const first = occurrences[0];
  if (!first) return 0;
  const counts = new Map<string, number>();
  let best = { start: first.start, distinct: 0 };
  let last = 0;
  for (let i = 0; i < occurrences.length; i += 1) {
    const from = occurrences[i]!;
    // A word longer than the reach never enters the window: start afresh after it.
    if (last <= i) {
      counts.clear();
      last = i;
    }
    while (last < occurrences.length && occurrences[last]!.end - from.start <= REACH) {
      const term = occurrences[last]!.term;
      counts.set(term, (counts.get(term) ?? 0) + 1);
      last += 1;
    }
    if (counts.size > best.distinct) best = { start: from.start, distinct: counts.size };
    if (last > i) {
      const left = (counts.get(from.term) ?? 1) - 1;
      if (left === 0) counts.delete(from.term);
      else counts.set(from.term, left);
    }
  }
  return best.start;
}
