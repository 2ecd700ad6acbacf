import { fold } from '../text/normalize.js';
import type { Analysis, Concept, Language } from './engine.js';

/**
 * The terms an index adds beside each word (engine.ts): the word's stem in
 * its record's language, and the concepts (synonyms) its record holds.
 * `Reading` gathers them while the index is built; `Forms` answers, for a
 * query word, which of them it stands for.
 *
 * A word is stemmed once per language, in the spelling records of that
 * language most often give it (accents kept): `migracao`, typed without
 * accents in one record, shares the stem of `migração`, the way every other
 * record writes it. Stemming each distinct word rather than each
 * occurrence also keeps the build fast.
 */

/** The index term of a stem: it holds a control character, which no word holds, and sorts before every word. */
export const stemKey = (language: string, stem: string) => `\0${language}\0${stem}`;
/** The index term of concept `n`. */
export const conceptKey = (n: number) => `\u0001${n}`;
/** Whether an index term is a word (not a stem nor a concept). */
export const isWord = (term: string) => term.charCodeAt(0) > 1;

/** Postings being gathered: per field, pairs of (record, occurrences). */
type Lists = number[][];

/** How often each term is handled between two pauses of the build. */
const TERMS_PER_STEP = 5_000;

/** A phrase of a concept, looked for in records as its words in a row (folded). */
interface Phrase {
  readonly words: readonly string[];
  readonly key: string;
}

/** What `Reading` hands to `Forms`: the stem of each word per language, and the concepts. */
export interface FormsInput {
  readonly languages: readonly Language[];
  /** Per language: each word records of that language hold, and the key of its stem. */
  readonly stemOfWord: readonly ReadonlyMap<string, string>[];
  readonly concepts: readonly {
    readonly key: string;
    readonly concept: Concept;
    /** The stem keys of its single words, and the folded words of its phrases: what a record it matched may show. */
    readonly stems: readonly string[];
    /** Its phrases, each its words folded. */
    readonly phrases: readonly (readonly string[])[];
  }[];
}

/** Reads the records' words for `Analysis` while the index is built. */
export class Reading {
  /** Occurrences of concepts found as phrases, by concept key, as engine.ts counts words. */
  readonly conceptCounts = new Map<string, Lists>();
  readonly #analysis: Analysis | undefined;
  /** Per language: each word (folded) written with accents, its spellings and how often each was met. */
  readonly #spellings: Map<string, Map<string, number>>[];
  /** Per scope: the phrases of its concepts, by their last word. */
  readonly #phrases: Map<string, Phrase[]>[] = [];
  /** The most words a phrase has. */
  #longest = 0;

  constructor(analysis: Analysis | undefined) {
    this.#analysis = analysis;
    this.#spellings = (analysis?.languages ?? []).map(() => new Map());
    if (analysis && analysis.languages.length > 31) throw new RangeError('an index reads at most 31 languages');
    for (const [n, concept] of (analysis?.concepts ?? []).entries()) {
      for (const written of concept.indexed) {
        if (written.length < 2) continue;
        const words = written.map(fold);
        const byLast = (this.#phrases[concept.scope] ??= new Map());
        byLast.set(words.at(-1)!, [...(byLast.get(words.at(-1)!) ?? []), { words, key: conceptKey(n) }]);
        this.#longest = Math.max(this.#longest, words.length);
      }
    }
  }

  /**
   * What reads the words of one field of record `id`, in order (`folded`,
   * and `lowered`, the field lowercase with its accents, when folding
   * changed it), telling `found` each concept whose phrase a word ends; or
   * nothing when there is nothing to read.
   */
  field(id: number, folded: string, lowered: string | undefined, found: (concept: string) => void): FieldReading | undefined {
    if (!this.#analysis) return undefined;
    const scope = this.#analysis.scopeOf?.[id];
    const phrases = scope === undefined ? undefined : this.#phrases[scope];
    if (lowered === undefined && !phrases) return undefined;
    const accents = lowered === undefined ? undefined : { lowered, spellings: this.#spellings[this.#analysis.languageOf[id]!]! };
    return new FieldReading(folded, accents, phrases, this.#longest, found);
  }

  /**
   * The postings of every stem and concept, from the words' (`counts`, stop
   * words left out), and what `Forms` needs; in steps, as the index is built.
   */
  *forms(counts: ReadonlyMap<string, Lists>): Generator<void, { lists: Map<string, Lists>; input: FormsInput }> {
    const lists = new Map<string, Lists>();
    const analysis = this.#analysis;
    if (!analysis) return { lists, input: { languages: [], stemOfWord: [], concepts: [] } };
    const { languages, languageOf } = analysis;
    const stemmedFields = new Set(analysis.stemmed);
    const stemOfWord = languages.map(() => new Map<string, string>());
    // Lists that more than one word filled: their pairs are sorted and merged at the end.
    const mixed = new Set<Lists>();
    // A stem of one word of one language has that word's very postings: its lists are the word's, shared until another word joins.
    const shared = new Set<number[]>();
    let n = 0;
    for (const [term, byField] of counts) {
      if (++n % TERMS_PER_STEP === 0) yield;
      // The languages of the records that hold the word in a field that is stemmed.
      let present = 0;
      byField.forEach((list, fieldId) => {
        if (!stemmedFields.has(fieldId)) return;
        if (languages.length === 1) present = 1;
        else for (let i = 0; i < list.length; i += 2) present |= 1 << languageOf[list[i]!]!;
      });
      const alone = (present & (present - 1)) === 0;
      for (let language = 0; present >> language !== 0; language += 1) {
        if (((present >> language) & 1) === 0) continue;
        const { code, stem } = languages[language]!;
        const key = stemKey(code, fold(stem(mostFrequent(this.#spellings[language]!.get(term)) ?? term)));
        stemOfWord[language]!.set(term, key);
        let target = lists.get(key);
        const first = !target;
        if (target) mixed.add(target);
        else lists.set(key, (target = []));
        byField.forEach((list, fieldId) => {
          if (!stemmedFields.has(fieldId)) return;
          if (first && alone) {
            target[fieldId] = list;
            shared.add(list);
            return;
          }
          let into = target[fieldId];
          if (!into) target[fieldId] = into = [];
          else if (shared.has(into)) target[fieldId] = into = [...into];
          if (alone) {
            for (const value of list) into.push(value);
          } else {
            for (let i = 0; i < list.length; i += 2) if (languageOf[list[i]!] === language) into.push(list[i]!, list[i + 1]!);
          }
        });
      }
    }
    yield;
    const concepts: FormsInput['concepts'][number][] = [];
    for (const [c, concept] of (analysis.concepts ?? []).entries()) {
      const key = conceptKey(c);
      const { code, stem } = languages[concept.language]!;
      const target = this.conceptCounts.get(key) ?? [];
      const stems: string[] = [];
      const phrases: string[][] = [];
      let filled = false;
      for (const written of concept.indexed) {
        if (written.length > 1) {
          phrases.push(written.map(fold));
          continue;
        }
        const word = fold(written[0]!);
        const stemmed = stemOfWord[concept.language]!.get(word) ?? stemKey(code, fold(stem(written[0]!)));
        stems.push(stemmed);
        // Its forms in the stemmed fields, the word as written in the others (tags, categories).
        const sources = [lists.get(stemmed), counts.get(word)?.map((list, fieldId) => (stemmedFields.has(fieldId) ? [] : list))];
        for (const source of sources) {
          source?.forEach((list, fieldId) => {
            if (!list || list.length === 0) return;
            const into = (target[fieldId] ??= []);
            for (let i = 0; i < list.length; i += 2) if (analysis.scopeOf?.[list[i]!] === concept.scope) into.push(list[i]!, list[i + 1]!);
            filled = true;
          });
        }
      }
      if (filled) mixed.add(target);
      if (target.some((list) => list !== undefined && list.length > 0)) lists.set(key, target);
      concepts.push({ key, concept, stems, phrases });
    }
    for (const target of mixed) for (const [fieldId, list] of target.entries()) if (list) target[fieldId] = merged(list);
    return { lists, input: { languages, stemOfWord, concepts } };
  }
}

/** A field lowercase with its accents, and where the spellings of its language's words are counted. */
interface Accents {
  readonly lowered: string;
  readonly spellings: Map<string, Map<string, number>>;
}

/** The words of one field, read in order: the spellings of accented words, and the phrases of concepts. */
class FieldReading {
  readonly #folded: string;
  readonly #accents: Accents | undefined;
  readonly #phrases: ReadonlyMap<string, readonly Phrase[]> | undefined;
  readonly #found: (concept: string) => void;
  /** The last words read, as many as the longest phrase has, `#next` the place of the next. */
  readonly #recent: string[];
  #next = 0;
  #read = 0;

  constructor(folded: string, accents: Accents | undefined, phrases: ReadonlyMap<string, readonly Phrase[]> | undefined, longest: number, found: (concept: string) => void) {
    this.#folded = folded;
    this.#accents = accents;
    this.#phrases = phrases;
    this.#found = found;
    this.#recent = phrases ? new Array<string>(longest) : [];
  }

  /** Reads `term`, the word at `start`..`end` of the folded field. */
  word(term: string, start: number, end: number): void {
    const folded = this.#folded;
    const accents = this.#accents;
    if (accents) {
      for (let i = start; i < end; i += 1) {
        if (accents.lowered.charCodeAt(i) === folded.charCodeAt(i)) continue;
        const spelling = accents.lowered.slice(start, end);
        let spellings = accents.spellings.get(term);
        if (!spellings) accents.spellings.set(term, (spellings = new Map()));
        spellings.set(spelling, (spellings.get(spelling) ?? 0) + 1);
        break;
      }
    }
    if (!this.#phrases) return;
    const recent = this.#recent;
    recent[this.#next] = term;
    this.#next = (this.#next + 1) % recent.length;
    this.#read += 1;
    for (const phrase of this.#phrases.get(term) ?? []) {
      const { words } = phrase;
      if (words.length > this.#read) continue;
      let whole = true;
      for (let back = 1; back < words.length && whole; back += 1) {
        whole = recent[(this.#next - 1 - back + recent.length * 2) % recent.length] === words[words.length - 1 - back];
      }
      if (whole) this.#found(phrase.key);
    }
  }
}

/** The spelling met most often (the first met, on a tie), or none. */
function mostFrequent(spellings: ReadonlyMap<string, number> | undefined): string | undefined {
  let best: string | undefined;
  let most = 0;
  for (const [spelling, count] of spellings ?? []) {
    if (count > most) {
      best = spelling;
      most = count;
    }
  }
  return best;
}

/** Pairs of (record, occurrences) in records order, the occurrences of one record added up. */
function merged(list: readonly number[]): number[] {
  const order: number[] = [];
  for (let i = 0; i < list.length; i += 2) order.push(i);
  order.sort((a, b) => list[a]! - list[b]!);
  const pairs: number[] = [];
  for (const i of order) {
    const last = pairs.length - 2;
    if (last >= 0 && pairs[last] === list[i]) pairs[last + 1]! += list[i + 1]!;
    else pairs.push(list[i]!, list[i + 1]!);
  }
  return pairs;
}

/** A phrase of a query that stands for concepts: query words `start` to `end` (excluded), and the concepts' term numbers. */
export interface PhraseInQuery {
  readonly start: number;
  readonly end: number;
  readonly concepts: readonly number[];
}

/** The stems and concepts of an index, as a query reads them. */
export class Forms {
  /** Per language: each word's stem (term numbers; -1 where records of the language do not hold the word). */
  readonly stems: readonly Int32Array[];
  readonly #languages: readonly Language[];
  readonly #ids: ReadonlyMap<string, number>;
  readonly #terms: readonly string[];
  /** The words of each stem and concept (term numbers below the first word), from `#memberStart[t]` to `#memberStart[t + 1]` of `#members`. */
  readonly #memberStart: Uint32Array;
  readonly #members: Uint32Array;
  /** Concepts (their term numbers) by what stands for them in a query: a word (folded) or the key of a stem. */
  readonly #triggers = new Map<string, number[]>();
  readonly #phrases: { readonly words: readonly string[]; readonly concept: number }[] = [];
  /** The phrases of each concept (by term number), each its indexed words (term numbers). */
  readonly #conceptPhrases = new Map<number, readonly Uint32Array[]>();

  constructor(input: FormsInput, terms: readonly string[], ids: ReadonlyMap<string, number>, firstWord: number) {
    this.#languages = input.languages;
    this.#ids = ids;
    this.#terms = terms;
    this.stems = input.stemOfWord.map((stemOf) => {
      const table = new Int32Array(terms.length).fill(-1);
      for (const [word, key] of stemOf) table[ids.get(word)!] = ids.get(key)!;
      return table;
    });
    const members: number[][] = Array.from({ length: firstWord }, () => []);
    for (const table of this.stems) {
      for (let t = firstWord; t < table.length; t += 1) {
        const s = table[t]!;
        if (s >= 0 && !members[s]!.includes(t)) members[s]!.push(t);
      }
    }
    for (const { key, concept, stems, phrases } of input.concepts) {
      const c = ids.get(key);
      if (c === undefined) continue;
      const shown = new Set<number>();
      for (const stem of stems) for (const w of members[ids.get(stem) ?? -1] ?? []) shown.add(w);
      members[c] = [...shown];
      // The words of a phrase that the index holds (common words are not indexed).
      this.#conceptPhrases.set(
        c,
        phrases.map((words) => Uint32Array.from(words.filter((word) => ids.has(word)).map((word) => ids.get(word)!))),
      );
      const { code, stem } = input.languages[concept.language]!;
      for (const written of concept.triggers) {
        if (written.length > 1) {
          this.#phrases.push({ words: written.map(fold), concept: c });
          continue;
        }
        const word = fold(written[0]!);
        const stemmed = input.stemOfWord[concept.language]!.get(word) ?? stemKey(code, fold(stem(written[0]!)));
        for (const trigger of [word, stemmed]) {
          const list = this.#triggers.get(trigger) ?? [];
          if (!list.includes(c)) this.#triggers.set(trigger, [...list, c]);
        }
      }
    }
    this.#memberStart = new Uint32Array(firstWord + 1);
    for (let t = 0; t < firstWord; t += 1) this.#memberStart[t + 1] = this.#memberStart[t]! + members[t]!.length;
    this.#members = Uint32Array.from(members.flat());
  }

  /**
   * The stems (term numbers) a query word `word` (folded; `typed` as typed)
   * matches through: in each language whose records hold the word, its stem
   * there; for a word no record holds, the stem of each language in which
   * some record holds a word of that stem (`nuvens`, in no record, finds
   * `nuvem`). A word that records of one language hold is not stemmed in
   * another: `servers` is an English word, not a form of the Portuguese
   * `servir`. `triggers`: every stem key of the word, for concepts.
   */
  stemsOf(word: string, typed: string): { matched: number[]; triggers: string[] } {
    const matched: number[] = [];
    const triggers: string[] = [];
    const t = this.#ids.get(word);
    this.#languages.forEach(({ code, stem }, language) => {
      const known = t === undefined ? -1 : this.stems[language]![t]!;
      const stemmed = stemKey(code, fold(stem(typed)));
      triggers.push(stemmed);
      if (known >= 0) {
        matched.push(known);
        triggers.push(this.#terms[known]!);
      } else if (t === undefined) {
        const s = this.#ids.get(stemmed);
        if (s !== undefined) matched.push(s);
      }
    });
    return { matched, triggers };
  }

  /** The concepts (term numbers) that the query word `word`, or one of its stem keys `triggers`, stands for. */
  conceptsOf(word: string, triggers: readonly string[]): number[] {
    const found = new Set<number>();
    for (const trigger of [word, ...triggers]) for (const c of this.#triggers.get(trigger) ?? []) found.add(c);
    return [...found];
  }

  /** The phrases of concepts among `words` (a query's words in order, folded, common words included), longest first, none overlapping. */
  phrasesIn(words: readonly string[]): PhraseInQuery[] {
    const spans = new Map<string, { start: number; end: number; concepts: number[] }>();
    for (const { words: phrase, concept } of this.#phrases) {
      for (let start = 0; start + phrase.length <= words.length; start += 1) {
        if (!phrase.every((word, i) => words[start + i] === word)) continue;
        const id = `${start}:${start + phrase.length}`;
        const span = spans.get(id) ?? { start, end: start + phrase.length, concepts: [] };
        if (!span.concepts.includes(concept)) span.concepts.push(concept);
        spans.set(id, span);
      }
    }
    const taken: PhraseInQuery[] = [];
    for (const span of [...spans.values()].sort((a, b) => b.end - b.start - (a.end - a.start) || a.start - b.start)) {
      if (taken.every((other) => span.end <= other.start || span.start >= other.end)) taken.push(span);
    }
    return taken.sort((a, b) => a.start - b.start);
  }

  /** The words (term numbers) stem or concept `t` stands for, one by one. */
  wordsOf(t: number): Uint32Array {
    return this.#members.subarray(this.#memberStart[t], this.#memberStart[t + 1]);
  }

  /** The phrases of concept `t`, each the words (term numbers) a record holds all of when it holds the phrase. */
  phrasesOf(t: number): readonly Uint32Array[] {
    return this.#conceptPhrases.get(t) ?? [];
  }
}
