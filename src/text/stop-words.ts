import { fold } from './normalize.js';

/**
 * Words too common to tell records apart, in the two languages the engine
 * knows (folded, so "não" is listed as "nao"). They are not indexed and a
 * query ignores them, unless one is the word still being typed, which then
 * stands for its completions only ("com" for "comunicação").
 *
 * BM25 gives such words almost no weight (they occur in nearly every record),
 * yet a query holding one would score every record that contains it: "com"
 * or "for" alone is in nearly all of the 10,000 posts of the benchmark.
 * Leaving them out also makes that index 11% smaller.
 *
 * English: Lucene's `EnglishAnalyzer.ENGLISH_STOP_WORDS_SET`. Portuguese: the
 * articles, prepositions, conjunctions and pronouns of the Snowball
 * Portuguese stop list, without its verb forms ("são" would hide São Paulo).
 */
const ENGLISH = `a an and are as at be but by for if in into is it no not of on or such that the their then there these
  they this to was will with`;

const PORTUGUESE = `a o as os um uma uns umas de do da dos das em no na nos nas num numa por pelo pela pelos pelas para
  com sem entre até ao aos à às e é ou mas nem que se como quando onde mais muito também só já não eu tu ele ela nós vós
  eles elas você vocês me te lhe lhes seu sua seus suas meu minha meus minhas teu tua teus tuas nosso nossa nossos
  nossas dele dela deles delas este esta estes estas esse essa esses essas aquele aquela aqueles aquelas isto isso
  aquilo qual quem`;

export const STOP_WORDS: ReadonlySet<string> = new Set(`${ENGLISH} ${PORTUGUESE}`.trim().split(/\s+/).map(fold));
