import type { IncomingHttpHeaders } from 'node:http';
import Negotiator from 'negotiator';
import type { Answer } from '../http/answer.js';
import { answer } from '../http/answer.js';
import { rememberedByValue } from '../util/remembered.js';
import { estimateTokens } from '../documents/format.js';
import { CONTENT_SECURITY_POLICY } from './layout.js';

/**
 * Content negotiation of site routes (RFC 9110 section 12.5.1): HTML unless
 * the client prefers markdown, with q-values honoured: `text/html;q=0.9,
 * text/markdown` gets markdown, `*\/*` and no Accept header get HTML. A client
 * that accepts neither still gets HTML: RFC 9110 lets a server disregard
 * Accept rather than answer 406, and a page is more useful than an error to a
 * browser with an unusual header.
 */

export type SiteFormat = 'html' | 'markdown';

export const HTML_TYPE = 'text/html; charset=utf-8';
export const MARKDOWN_TYPE = 'text/markdown; charset=utf-8';

/** The answer depends on Accept (negotiation) and may be compressed: caches must key on both. */
export const VARY = 'Accept, Accept-Encoding';

export function preferredFormat(headers: IncomingHttpHeaders): SiteFormat {
  const accept = headers.accept;
  return accept === undefined ? 'html' : formatOf(accept);
}

const formatOf = rememberedByValue((accept): SiteFormat => {
  const type = new Negotiator({ headers: { accept } }).mediaType(['text/html', 'text/markdown']);
  return type === 'text/markdown' ? 'markdown' : 'html';
});

/** For error pages, where a JSON client is better served by a problem document. */
export function preferredErrorFormat(headers: IncomingHttpHeaders): SiteFormat | 'problem' {
  const type = new Negotiator({ headers }).mediaType(['text/html', 'text/markdown', 'application/problem+json', 'application/json']);
  if (type === 'text/markdown') return 'markdown';
  if (type === 'application/problem+json' || type === 'application/json') return 'problem';
  return 'html';
}

/** An HTML document with the headers every page of the site carries. */
export function htmlAnswer(body: string, status = 200, headers: Readonly<Record<string, string>> = {}): Answer {
  return answer(status, HTML_TYPE, body, {
    vary: VARY,
    'content-security-policy': CONTENT_SECURITY_POLICY,
    'referrer-policy': 'strict-origin-when-cross-origin',
    ...headers,
  });
}

/**
 * A markdown answer: the media type of RFC 7763, and Cloudflare's
 * `x-markdown-tokens` so an agent can budget before reading.
 */
export function markdownAnswer(body: string, headers: Readonly<Record<string, string>> = {}, status = 200): Answer {
  return answer(status, MARKDOWN_TYPE, body, { vary: VARY, 'x-markdown-tokens': String(estimateTokens(body)), ...headers });
}
