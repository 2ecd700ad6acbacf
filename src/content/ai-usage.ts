/**
 * What the company lets automated systems do with its content: `ai_usage`
 * of site.yaml, and of a document's front matter for that document. Each
 * key is a yes or a no; a key left out states no preference.
 *
 * The preferences are written in two syntaxes, both here so that a new
 * revision of either is a change of one line:
 *
 * - the IETF AI-preferences vocabulary (draft-ietf-aipref-vocab-08: the
 *   categories `search`, `ai-use` and `train-ai`, each `y` or `n`, as an
 *   RFC 9651 Dictionary), attached as a `Content-Usage` response header and
 *   a `Content-Usage` rule of robots.txt (draft-ietf-aipref-attach-05);
 * - the Content Signals Policy (contentsignals.org): a `Content-Signal` line
 *   of robots.txt with `search`, `ai-input` and `ai-train`, each `yes` or `no`.
 */

/** The preferences a site or a document may state, in the order every syntax lists them. */
export const AI_USAGE_KEYS = ['search', 'ai_input', 'ai_train'] as const;
export type AiUsageKey = (typeof AI_USAGE_KEYS)[number];

/** A yes or a no for each use stated; a key left out states no preference. */
export type AiUsage = Readonly<Partial<Record<AiUsageKey, boolean>>>;

/** The revisions followed, as the documentation names them. */
export const AI_USAGE_SOURCES = Object.freeze({
  vocabulary: 'draft-ietf-aipref-vocab-08',
  attachment: 'draft-ietf-aipref-attach-05',
  signals: 'the Content Signals Policy of contentsignals.org',
});

/** The IETF vocabulary's label of each use, and how it writes a yes and a no. */
const CONTENT_USAGE = { labels: { search: 'search', ai_input: 'ai-use', ai_train: 'train-ai' }, yes: 'y', no: 'n' } as const;

/** The Content Signals Policy's label of each use, and how it writes a yes and a no. */
const CONTENT_SIGNAL = { labels: { search: 'search', ai_input: 'ai-input', ai_train: 'ai-train' }, yes: 'yes', no: 'no' } as const;

/** What each use means, in the words llms.txt and the MCP instructions give it (the developer page has its own, in its reader's language). */
export const AI_USAGE_MEANINGS: Readonly<Record<AiUsageKey, string>> = Object.freeze({
  search: 'search (indexing the content and linking to it in search results)',
  ai_input: 'live input to AI answers (reading it to ground or quote an answer, with a link back)',
  ai_train: 'AI training (using it to train or fine-tune a model)',
});

/** The IETF vocabulary's label of a use. */
export const usageLabel = (key: AiUsageKey): string => CONTENT_USAGE.labels[key];

/** The Content Signals Policy's label of a use. */
export const signalLabel = (key: AiUsageKey): string => CONTENT_SIGNAL.labels[key];

function written(usage: AiUsage, syntax: typeof CONTENT_USAGE | typeof CONTENT_SIGNAL): string | undefined {
  const parts = AI_USAGE_KEYS.flatMap((key) => (usage[key] === undefined ? [] : [`${syntax.labels[key]}=${usage[key] ? syntax.yes : syntax.no}`]));
  return parts.length === 0 ? undefined : parts.join(', ');
}

const headers = new WeakMap<AiUsage, string | undefined>();

/** The `Content-Usage` value of `usage` (`search=y, ai-use=y, train-ai=n`); undefined when it states nothing. Written once per preferences object. */
export function contentUsage(usage: AiUsage): string | undefined {
  if (headers.has(usage)) return headers.get(usage);
  const value = written(usage, CONTENT_USAGE);
  headers.set(usage, value);
  return value;
}

/** The `Content-Signal` value of `usage` (`search=yes, ai-input=yes, ai-train=no`); undefined when it states nothing. */
export function contentSignal(usage: AiUsage): string | undefined {
  return written(usage, CONTENT_SIGNAL);
}

/** The response header of a document with `usage`: none when it states nothing. */
export function contentUsageHeader(usage: AiUsage): Readonly<Record<string, string>> {
  const value = contentUsage(usage);
  return value === undefined ? NO_HEADER : { 'content-usage': value };
}

const NO_HEADER: Readonly<Record<string, string>> = Object.freeze({});

/** Preferences that state nothing. */
export const NO_PREFERENCE: AiUsage = Object.freeze({});

/**
 * A document's preferences: each key its front matter states, else the
 * site's. The site's own object when the document states nothing, so the
 * header of every such document is written once.
 */
export function documentUsage(site: AiUsage, own: AiUsage | undefined): AiUsage {
  if (own === undefined || AI_USAGE_KEYS.every((key) => own[key] === undefined)) return site;
  return Object.freeze({ ...site, ...withoutUnset(own) });
}

function withoutUnset(usage: AiUsage): AiUsage {
  return Object.fromEntries(AI_USAGE_KEYS.flatMap((key) => (usage[key] === undefined ? [] : [[key, usage[key]]])));
}

/** Whether two documents' preferences say the same. */
export function sameUsage(a: AiUsage, b: AiUsage): boolean {
  return AI_USAGE_KEYS.every((key) => a[key] === b[key]);
}

/**
 * The preferences in a sentence (English, like llms.txt and the MCP
 * instructions): "Search: yes. Live input to AI answers: yes. AI training: no."
 * read as what is allowed and what is not; undefined when nothing is stated.
 */
export function usageInWords(usage: AiUsage): string | undefined {
  const allowed = AI_USAGE_KEYS.filter((key) => usage[key] === true).map((key) => AI_USAGE_MEANINGS[key]);
  const refused = AI_USAGE_KEYS.filter((key) => usage[key] === false).map((key) => AI_USAGE_MEANINGS[key]);
  if (allowed.length === 0 && refused.length === 0) return undefined;
  const unstated = AI_USAGE_KEYS.filter((key) => usage[key] === undefined).map((key) => AI_USAGE_MEANINGS[key]);
  const sentences = [
    allowed.length ? `allows ${list(allowed)}.` : '',
    refused.length ? `asks that its content not be used for ${list(refused)}.` : '',
    unstated.length ? `states no preference on ${list(unstated)}.` : '',
  ].filter(Boolean);
  return sentences.map((sentence, i) => `${i === 0 ? 'The company' : 'It'} ${sentence}`).join(' ');
}

function list(items: readonly string[]): string {
  return items.length < 3 ? items.join(' and ') : `${items.slice(0, -1).join(', ')} and ${items.at(-1)!}`;
}
