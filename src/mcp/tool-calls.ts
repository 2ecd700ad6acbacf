import type { Server } from '@modelcontextprotocol/sdk/server/index.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { CallToolRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import type { Catalog } from '../content/types.js';
import type { Log } from '../config/log.js';
import type { Tool } from '../model/tools.js';
import { TOOL_LINES, TOOL_NAMES, TOOLS } from '../model/tools.js';
import { nearestNames, withSuggestion } from '../util/suggest.js';
import { quoted } from '../query/params.js';
import { QueryError } from '../query/errors.js';
import { namesEverySlug, slugCount } from './slug-lists.js';

/**
 * The tools on the MCP server. Each is declared in src/model/tools.ts (its
 * arguments, output shape, errors and the query it answers with: the REST
 * record, or the REST page as an agent chooses from it); here tools/call is
 * answered with them, and a call's answer becomes a tool result: fitted to
 * what a client takes in one result, its failures told as `isError` results
 * that say how to recover.
 */


/**
 * A list or search result stays under about 25,000 tokens (the default limit
 * of common MCP clients on one tool result), counted at a cautious three
 * characters a token: JSON with URLs and accented words is denser than prose.
 * A page that would be larger is answered with fewer items, the REST API's
 * page at that smaller `limit`, and a note says how to get the rest.
 */
export const MAX_LIST_RESULT_CHARS = 75_000;

interface ToolOutcome {
  readonly body: Record<string, unknown>;
  /** JSON.stringify(body), when it was written already (to measure it). */
  readonly json?: string;
  /** Said after the JSON when the answer is not all that was asked for. */
  readonly note?: string;
}

/** A failure the caller can fix; its message says how (which tool lists what is valid). */
class ToolError extends Error {}

/**
 * Runs `answer` with the largest limit (up to the one asked for) whose JSON
 * fits MAX_LIST_RESULT_CHARS. Each try shrinks the limit in proportion, so a
 * few tries at most.
 */
function fitted<T>(requested: number, answer: (limit: number) => T): { body: T; json: string; limit: number } {
  let limit = requested;
  let body = answer(limit);
  let json = JSON.stringify(body);
  while (json.length > MAX_LIST_RESULT_CHARS && limit > 1) {
    limit = Math.max(1, Math.min(limit - 1, Math.floor((limit * MAX_LIST_RESULT_CHARS) / json.length)));
    body = answer(limit);
    json = JSON.stringify(body);
  }
  return { body, json, limit };
}

/** The envelope of every list and search result, as the fitting reads it. */
interface Page extends Record<string, unknown> {
  readonly items: readonly unknown[];
  readonly total: number;
  readonly offset: number;
}

/** A page of `tool` fitted to the budget, with a note when it holds fewer items than asked for. */
function pageOf(tool: Tool, catalog: Catalog, args: Readonly<Record<string, unknown>>): ToolOutcome {
  const requested = args.limit as number;
  const offset = (args.offset as number | undefined) ?? 0;
  const { body, json, limit } = fitted(requested, (l) => ({ ...tool.answer(catalog, { ...args, limit: l }) }) as Page);
  const next = body.offset + body.items.length;
  if (tool.paged === 'hits' && body.total === 0) return { body, json, note: nothingFound(String(args.query), (body.suggestions as readonly string[] | undefined) ?? []) };
  // A list its filters emptied says why in why_empty; the note says it in words.
  if (tool.paged === 'items' && body.total === 0 && Array.isArray(body.why_empty)) return { body, json, note: (body.why_empty as readonly { detail: string }[]).map((why) => why.detail).join(' ') };
  if (limit === requested || next >= body.total) return { body, json };
  if (tool.paged === 'hits') {
    return {
      body,
      json,
      note: `Only the best ${limit} of the ${requested} hits asked for fit in one result (about 25,000 tokens). Call again with offset=${offset + limit} and limit=${limit} for the next ones, or narrow the search with kind, locale or more specific words.`,
    };
  }
  return {
    body,
    json,
    note: `Only ${limit} of the ${requested} items asked for fit in one result (about 25,000 tokens). Call again with offset=${next} and limit=${limit} for the next ones.`,
  };
}

/** What a search that found nothing tells the caller to try next: the suggested queries, or other words. */
function nothingFound(query: string, suggestions: readonly string[]): string {
  if (suggestions.length === 0) return `Nothing matches ${JSON.stringify(query)}, and no word the content uses is close to its words. Try fewer words, other words, or a word in another language of the site; without kind or locale if you gave them.`;
  return `Nothing matches ${JSON.stringify(query)}. ${suggestions.length === 1 ? 'This query finds something' : 'These queries find something'}: ${suggestions.map((s) => JSON.stringify(s)).join(', ')}. Call search_content again with one as the query (the other arguments as they were).`;
}

/**
 * The answer of `tool` to `args`; a record not found is told the way a tool
 * caller recovers: the tool that lists what exists, and every valid slug
 * (or how many there are, on a large site: src/mcp/slug-lists.ts).
 */
function run(tool: Tool, catalog: Catalog, args: Readonly<Record<string, unknown>>): ToolOutcome {
  if (tool.paged) return pageOf(tool, catalog, args);
  try {
    return { body: { ...tool.answer(catalog, args) } };
  } catch (error) {
    if (error instanceof QueryError && error.code === 'not_found' && tool.errors.includes('not_found')) {
      const valid = error.details.validSlugs ?? [];
      throw new ToolError(`${error.detail} ${tool.recovery ?? ''} ${namesEverySlug(valid) ? `The valid slugs are: ${quoted(valid)}.` : slugCount(valid)}`);
    }
    throw error;
  }
}

const BY_NAME: ReadonlyMap<string, Tool> = new Map(TOOLS.map((tool) => [tool.name, tool]));

/** Every tool with the first sentence of its description: what a caller who named none of them is told. */
const TOOL_LIST = TOOL_LINES.map(({ name, summary }) => `${name}: ${summary}`).join(' ');

/** An isError result: a failure the caller can fix, told with the way out. */
const toolError = (text: string): CallToolResult => ({ content: [{ type: 'text', text }], isError: true });

/**
 * Answers tools/call over `catalog` with the SDK's low-level Server, whose
 * request handlers are its public extension point (src/mcp/mcp-server.ts
 * answers tools/list with `toolDefinitions`). The tools are not registered
 * one by one with McpServer.registerTool: its handler answers a name it does
 * not know with "Tool x not found", where a caller needs the names that
 * exist. Here a call is looked up, its arguments read with the tool's own
 * schema (the one tools/list states), and answered; every failure is an
 * isError result that says what to do instead.
 */
/** A message ended as a sentence: a question keeps its mark. */
const sentence = (message: string) => (message.endsWith('?') ? message : `${message}.`);

export function answerToolCalls(server: Server, catalog: Catalog, log: Log): void {
  server.setRequestHandler(CallToolRequestSchema, async (request) => {
    const { name, arguments: args } = request.params;
    const tool = BY_NAME.get(name);
    if (!tool) return toolError(`${sentence(withSuggestion(`There is no tool ${JSON.stringify(name.slice(0, 100))}`, nearestNames(name, TOOL_NAMES)))} The tools are: ${TOOL_LIST}`);
    const parsed = await tool.arguments(catalog).safeParseAsync(args ?? {});
    if (!parsed.success) {
      const issues = parsed.error.issues.map((issue) => (issue.path.length ? `${issue.message} at ${issue.path.join('.')}` : issue.message));
      return toolError(`Invalid arguments for ${name}: ${issues.join('; ')}`);
    }
    return call(tool, catalog, parsed.data as Record<string, unknown>, log);
  });
}

/**
 * One call: the result as `structuredContent` and the same JSON as text
 * (MCP 2025-06-18, "Structured Content": "SHOULD also return the serialized
 * JSON in a TextContent block"). A failure is an `isError` result that says
 * how to recover; an unexpected one says nothing of its cause, which is logged.
 */
function call(tool: Tool, catalog: Catalog, args: Record<string, unknown>, log: Log): CallToolResult {
  try {
    const { body, json, note } = run(tool, catalog, args);
    const content: CallToolResult['content'] = [{ type: 'text', text: json ?? JSON.stringify(body) }];
    if (note) content.push({ type: 'text', text: note });
    return { content, structuredContent: body };
  } catch (error) {
    if (error instanceof ToolError) return { content: [{ type: 'text', text: error.message }], isError: true };
    log.error({ err: error, tool: tool.name }, 'MCP tool failed');
    return { content: [{ type: 'text', text: `${tool.name} failed unexpectedly; the failure has been logged. Call it again in a moment.` }], isError: true };
  }
}
