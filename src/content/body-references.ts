import MarkdownIt from 'markdown-it';
import type { StateBlock, StateInline, Token } from 'markdown-it';
import { MARKDOWN_OPTIONS } from './markdown.js';

/**
 * The destinations written in a markdown body: where each link leads and
 * each image comes from, as the site's own parser reads them (so nothing in a
 * code span or code block is found, and a bare URL is not a destination), with
 * the line and columns each is written at, so it can be rewritten in place.
 *
 * markdown-it gives block tokens a line range but inline tokens no position.
 * The parser used here has two rules of its own that read, with markdown-it's
 * own helpers, where the destination of a link, an image or a reference
 * definition starting where they stand would be, and then let markdown-it's
 * rules parse as always: in the source for a definition (a block), in the
 * block's inline text for a link or image. An inline text is its block's lines
 * with the container markers (`>`, a list's indentation) cut off the front, or
 * a table cell cut out of its row, so each of its lines is found again on its
 * source line.
 */

export type Use = 'link' | 'image';

export interface WrittenDestination {
  /**
   * What the body does with it: a link leads there, an image shows it. A
   * reference definition (`[label]: target`) is an image when an image uses
   * it, a link otherwise (used by links, or by nothing).
   */
  readonly use: Use;
  /** The destination as markdown reads it: backslash escapes and entities resolved. */
  readonly target: string;
  /** The body's line it is written on, counted from 0. */
  readonly line: number;
  /**
   * Where on that line, and the text written there (angle brackets included).
   * Undefined when the text could not be found again where the parser read it:
   * rewriting it then would be a guess.
   */
  readonly written?: { readonly start: number; readonly end: number; readonly text: string };
}

/** Offsets of a destination in the text its rule parsed, and what it reads as. */
interface ReadDestination {
  readonly start: number;
  readonly end: number;
  readonly target: string;
}

/** The token meta key of the destination read for a link or image. */
const DESTINATION = 'destination';
/** The env key of the destinations read for reference definitions, by the line each starts on. */
const DEFINITIONS = Symbol('definition destinations');

const BANG = 0x21;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACKET = 0x5d;
const OPEN_PAREN = 0x28;
const COLON = 0x3a;
const BACKSLASH = 0x5c;
const NEWLINE = 0x0a;

/** The same parser as the site's, with rules that note where each destination is read. */
const parser = new MarkdownIt(MARKDOWN_OPTIONS);

/**
 * The destination read at a `[` or `![`, waiting for the token markdown-it's
 * link or image rule would push for it: at `index` of its state's tokens (the
 * text pending before it is pushed first), if that rule succeeds.
 */
interface Awaited {
  readonly index: number;
  readonly type: 'link_open' | 'image';
  readonly read: ReadDestination;
}

/**
 * One per inline state: an image's alt text is parsed with a state of its
 * own, and a link's text with its link's state, after the link's token is
 * pushed, so the next position its state reaches settles what it awaits.
 */
const awaited = new WeakMap<StateInline, Awaited>();

/** Gives the token awaited, if its rule pushed it, the destination read for it. */
function settle(state: StateInline): void {
  const expected = awaited.get(state);
  if (!expected) return;
  awaited.delete(state);
  const token = state.tokens[expected.index];
  // A link or image written `[text][label]` (or falling back to a label) leads where its definition says: the definition is what is rewritten.
  if (token?.type === expected.type && token.meta?.label === undefined) token.meta = { ...token.meta, [DESTINATION]: expected.read };
}

/**
 * Runs first at every position an inline state reaches, so it settles what
 * the previous position awaits before any other rule can push a token: a link
 * or image rule that failed left its `[` or `!` pending as text, and pushed
 * nothing. At a `[` or `![` (no other rule before markdown-it's link and image
 * rules takes either, and a code span is skipped whole), it reads the
 * destination the way those rules do, and leaves the parsing to them.
 */
function noteInlineDestination(state: StateInline, silent: boolean): boolean {
  // A silent call only measures a token (the label of a link being read): it pushes nothing.
  if (silent) return false;
  settle(state);
  const { src, pos, posMax } = state;
  const image = src.charCodeAt(pos) === BANG && src.charCodeAt(pos + 1) === OPEN_BRACKET;
  if (!image && src.charCodeAt(pos) !== OPEN_BRACKET) return false;
  // A link's text may hold no link; an image's alt text may.
  const labelEnd = state.md.helpers.parseLinkLabel(state, image ? pos + 1 : pos, !image);
  if (labelEnd < 0 || labelEnd + 1 >= posMax || src.charCodeAt(labelEnd + 1) !== OPEN_PAREN) return false;
  let start = labelEnd + 2;
  while (start < posMax && (state.md.utils.isSpace(src.charCodeAt(start)) || src.charCodeAt(start) === NEWLINE)) start++;
  const read = state.md.helpers.parseLinkDestination(src, start, posMax);
  if (read.ok) {
    awaited.set(state, {
      index: state.tokens.length + (state.pending ? 1 : 0),
      type: image ? 'image' : 'link_open',
      read: { start, end: read.pos, target: read.str },
    });
  }
  return false;
}

parser.inline.ruler.before('text', 'note_destination', noteInlineDestination);
// Before any post-processing, which may join text tokens and so move the token awaited.
parser.inline.ruler2.before('balance_pairs', 'note_destination', settle);

/**
 * Where the destination of a reference definition starting on `startLine`
 * is, read as markdown-it's reference rule reads it: after the label's `]:`
 * and any spaces, on the same line or the next. A label or the spaces may go
 * on to the next line only if that rule lets them; if it does not, it finds no
 * definition, and what is read here is never used.
 */
function definitionDestination(state: StateBlock, startLine: number): ReadDestination | undefined {
  const { src, bMarks, tShift } = state;
  const lineEnd = (at: number) => Math.min(state.eMarks[at]! + 1, src.length);
  let line = startLine;
  let pos = bMarks[line]! + tShift[line]!;
  let max = lineEnd(line);
  /** Goes on to where the text of the next line starts, if the block goes on. */
  const nextLine = (): boolean => {
    line++;
    if (line >= state.lineMax || state.isEmpty(line)) return false;
    pos = bMarks[line]! + tShift[line]!;
    max = lineEnd(line);
    return true;
  };
  if (src.charCodeAt(pos) !== OPEN_BRACKET) return undefined;
  // The label ends at the first `]` not escaped.
  for (pos++; pos < max && src.charCodeAt(pos) !== CLOSE_BRACKET; ) {
    if (src.charCodeAt(pos) === BACKSLASH) pos++;
    if (src.charCodeAt(pos) !== NEWLINE) pos++;
    else if (!nextLine()) return undefined;
  }
  if (pos >= max || src.charCodeAt(pos + 1) !== COLON) return undefined;
  for (pos += 2; pos < max; ) {
    const code = src.charCodeAt(pos);
    if (code === NEWLINE) {
      if (!nextLine()) break;
    } else if (state.md.utils.isSpace(code)) pos++;
    else break;
  }
  const read = state.md.helpers.parseLinkDestination(src, pos, max);
  return read.ok ? { start: pos, end: read.pos, target: read.str } : undefined;
}

// Runs where markdown-it's reference rule would, and leaves the parsing to it.
parser.block.ruler.before('reference', 'note_destination', (state, startLine) => {
  const reads = state.env[DEFINITIONS];
  const read = definitionDestination(state, startLine);
  // By line: a definition's token records the line it starts on, and no other definition starts on that line.
  if (read && reads instanceof Map) reads.set(startLine, read);
  return false;
});
// Keep the definitions in the token stream: this parser never renders, and they are what it reads the labels images use from.
parser.core.ruler.disable('strip_references');

/** Every destination written in `body`, in the order written. */
export function writtenDestinations(body: string): WrittenDestination[] {
  // As markdown-it reads it: its offsets are into this text, whose lines are the body's.
  const source = body.replace(/\r\n?/g, '\n').replace(/\0/g, '\uFFFD');
  const lines = source.split('\n');
  const found: WrittenDestination[] = [];
  const definitions: Token[] = [];
  const imageLabels = new Set<string>();
  let row: TableRow | undefined;
  const definitionReads = new Map<number, ReadDestination>();
  const tokens = parser.parse(source, { [DEFINITIONS]: definitionReads });
  tokens.forEach((token, index) => {
    if (token.type === 'tr_open' && token.map) row = { line: token.map[0], cursor: 0 };
    else if (token.type === 'reference_definition') definitions.push(token);
    if (token.type !== 'inline' || !token.children) return;
    const opener = tokens[index - 1]?.type;
    // A cell is placed at once, even with no link, so the next cell of its row is looked for after it.
    const cell = opener === 'th_open' || opener === 'td_open' ? cellPlacer(token.content, lines, row) : undefined;
    let block: ReturnType<typeof blockPlacer> | undefined;
    const place = (start: number, end: number) => (cell ?? (block ??= blockPlacer(token, lines)))(start, end);
    for (const child of token.children) {
      if (child.type !== 'link_open' && child.type !== 'image') continue;
      const use: Use = child.type === 'image' ? 'image' : 'link';
      const label = child.meta?.label;
      if (typeof label === 'string') {
        if (use === 'image') imageLabels.add(label);
        continue;
      }
      // A bare URL or an autolink has no destination read: it is an absolute URL, left as written.
      const read = child.meta?.[DESTINATION] as ReadDestination | undefined;
      if (read) found.push({ use, target: read.target, ...place(read.start, read.end) });
    }
  });
  const lineStarts = startsOf(lines);
  const defined = new Set<string>();
  for (const definition of definitions) {
    const read = definition.map ? definitionReads.get(definition.map[0]) : undefined;
    const label = String(definition.meta?.label ?? '');
    // Of two definitions of one label the first counts; the second is used by nothing.
    const use: Use = !defined.has(label) && imageLabels.has(label) ? 'image' : 'link';
    defined.add(label);
    if (!read) continue;
    const line = lineAt(lineStarts, read.start);
    const start = read.start - lineStarts[line]!;
    const end = read.end - lineStarts[line]!;
    found.push({ use, target: read.target, line, written: { start, end, text: lines[line]!.slice(start, end) } });
  }
  return found.sort((a, b) => a.line - b.line || (a.written?.start ?? 0) - (b.written?.start ?? 0));
}

/** A link or image of a body as a reader follows it. */
export interface FollowedReference {
  readonly use: Use;
  /** Where it leads: a reference's destination where the reference is used, a bare URL's address. */
  readonly target: string;
  /** An image's alt text; empty for a link. */
  readonly alt: string;
  /** The body's line it is on, counted from 0, when its block has one. */
  readonly line: number | undefined;
}

/**
 * Every link and image of `body` as the site's reader follows them: where
 * each is used (a reference where it is used, not where it is defined), bare
 * URLs linked, none in code. Lines come from the block each is in, plus the
 * line breaks before it in that block. Unlike writtenDestinations, nothing
 * here is rewritten, so no column is needed.
 */
export function followedReferences(body: string): FollowedReference[] {
  const references: FollowedReference[] = [];
  // Table cells carry no line of their own: their row's is the last one seen.
  let blockLine: number | undefined;
  for (const token of parser.parse(body, {})) {
    if (token.map) blockLine = token.map[0];
    if (token.type !== 'inline' || !token.children) continue;
    let line = blockLine;
    for (const child of token.children) {
      if (child.type === 'softbreak' || child.type === 'hardbreak') line = line === undefined ? undefined : line + 1;
      else if (child.type === 'link_open') references.push({ use: 'link', target: String(child.attrGet('href') ?? ''), alt: '', line });
      else if (child.type === 'image') references.push({ use: 'image', target: String(child.attrGet('src') ?? ''), alt: child.content, line });
    }
  }
  return references;
}

/** A line and the columns of a span of an inline text on it. */
type Placement = Pick<WrittenDestination, 'line' | 'written'>;

interface TableRow {
  readonly line: number;
  /** Where the next cell of the row is looked for. */
  cursor: number;
}

/**
 * Where an offset range of a paragraph's or heading's inline text is in the
 * source. Each line of the text is its source line with its front cut off
 * (container markers, indentation) and, on the last, the end trimmed; a tab
 * cut halfway becomes spaces. So the line is found again from its end.
 */
function blockPlacer(token: Token, lines: readonly string[]): (start: number, end: number) => Placement {
  const first = token.map?.[0] ?? 0;
  const contentLines = token.content.split('\n');
  const contentStarts = startsOf(contentLines);
  return (start, end) => {
    const index = lineAt(contentStarts, start);
    const line = first + index;
    const content = contentLines[index] ?? '';
    const bare = content.trimStart();
    const found = (lines[line] ?? '').lastIndexOf(bare);
    if (found === -1) return { line };
    const shift = found - (content.length - bare.length) - contentStarts[index]!;
    return { line, ...verified(lines[line] ?? '', start + shift, end + shift, token.content.slice(start, end)) };
  };
}

/**
 * Where an offset range of a table cell's text is in its row: cells are cut
 * out of the row in order, trimmed, each `\|` read as `|`.
 */
function cellPlacer(content: string, lines: readonly string[], row: TableRow | undefined): (start: number, end: number) => Placement {
  const line = row?.line ?? 0;
  const text = lines[line] ?? '';
  const written = content.replaceAll('|', '\\|');
  const found = row ? text.indexOf(written, row.cursor) : -1;
  if (row && found !== -1) row.cursor = found + written.length;
  const column = (offset: number) => found + offset + (content.slice(0, offset).split('|').length - 1);
  return (start, end) => {
    if (found === -1) return { line };
    return { line, ...verified(text, column(start), column(end), content.slice(start, end).replaceAll('|', '\\|')) };
  };
}

/** The span, if the source holds there what the parser read. */
function verified(line: string, start: number, end: number, expected: string): Pick<WrittenDestination, 'written'> {
  return start >= 0 && line.slice(start, end) === expected ? { written: { start, end, text: expected } } : {};
}

/** The offset each line starts at, once joined with "\n". */
function startsOf(lines: readonly string[]): number[] {
  const starts: number[] = [];
  let offset = 0;
  for (const line of lines) {
    starts.push(offset);
    offset += line.length + 1;
  }
  return starts;
}

/** The index of the line `offset` is on. */
function lineAt(starts: readonly number[], offset: number): number {
  let low = 0;
  let high = starts.length - 1;
  while (low < high) {
    const middle = Math.ceil((low + high) / 2);
    if (starts[middle]! <= offset) low = middle;
    else high = middle - 1;
  }
  return low;
}

/** One replacement of a body: the columns `start` to `end` of `line` (from 0) become `text`. */
export interface LineEdit {
  readonly line: number;
  readonly start: number;
  readonly end: number;
  readonly text: string;
}

/** `body` with each edit made, its line endings and every other character as they were. */
export function editLines(body: string, edits: readonly LineEdit[]): string {
  if (edits.length === 0) return body;
  // Lines at even indexes, their endings between (markdown-it counts "\r\n", "\r" and "\n" alike).
  const parts = body.split(/(\r\n|\r|\n)/);
  // From the end of each line backwards, so the columns of the edits still to make hold.
  for (const edit of [...edits].sort((a, b) => b.line - a.line || b.start - a.start)) {
    const text = parts[edit.line * 2] ?? '';
    parts[edit.line * 2] = text.slice(0, edit.start) + edit.text + text.slice(edit.end);
  }
  return parts.join('');
}
