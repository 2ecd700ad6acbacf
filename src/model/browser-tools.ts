import * as z from 'zod';
import { perCatalog } from '../content/per-catalog.js';
import type { Catalog } from '../content/types.js';
import { hrefOf } from '../routes/table.js';
import { documentedPath } from './endpoints.js';
import type { JsonSchema } from './json-schema.js';
import { toolDefinitions, TOOLS } from './tools.js';

/**
 * The MCP tools as the site's pages offer them to an agent in the browser
 * (WebMCP, https://webmachinelearning.github.io/webmcp/): each with the
 * name, title, description and argument schema `tools/list` gives, and what
 * the page's script needs to answer a call with the REST API as the MCP
 * server answers it. Made from the tools' declarations, so a tool added or
 * reworded there is offered the same way on every page.
 */
/** Where the site serves this description, under its assets (/assets/<file>): it changes with the content, so it keeps its name. */
export const BROWSER_TOOLS_FILE = 'webmcp-tools.json';

/**
 * The name under which a browser with WebMCP offers the site's search form
 * to an agent (its declarative `toolname`): not search_content, which the
 * page's script registers and which answers the hits as data; a page cannot
 * offer two tools of one name.
 */
export const SEARCH_FORM_TOOL = 'show_search_results';

export interface BrowserTool {
  readonly name: string;
  readonly title: string;
  readonly description: string;
  readonly inputSchema: JsonSchema;
  readonly annotations: { readonly readOnlyHint: boolean };
  /** The REST endpoint the call reads, from the site's root, with `{slug}` for the `slug` argument. */
  readonly path: string;
  /** Each argument sent as a query parameter, with the parameter's name. */
  readonly parameters: Readonly<Record<string, string>>;
  /** A list or search: the members of the answer, in the MCP tool's order (`next_offset` read from the REST `next` link). */
  readonly result?: readonly string[];
  /** A list or search: the fields of each item unless `detail` is "full". */
  readonly choice?: readonly string[];
  /** Said after a not-found answer: where the caller finds what exists. */
  readonly recovery?: string;
}

export interface BrowserTools {
  readonly tools: readonly BrowserTool[];
}

/** The members of a list or search answer, as its output shape orders them. */
function membersOf(output: z.ZodType): readonly string[] {
  if (!(output instanceof z.ZodObject)) throw new Error('a list or search tool answers an object');
  return Object.keys(output.shape);
}

/** Over `catalog`: its slugs, tags and locales in the schemas, as `tools/list` states them. */
export const browserTools = perCatalog((catalog: Catalog): BrowserTools => {
  const definitions = new Map(toolDefinitions(catalog).map((definition) => [definition.name, definition]));
  const tools = TOOLS.map((tool): BrowserTool => {
    const definition = definitions.get(tool.name)!;
    return {
      name: tool.name,
      title: definition.title,
      description: definition.description,
      inputSchema: definition.inputSchema,
      annotations: { readOnlyHint: definition.annotations.readOnlyHint },
      path: hrefOf(catalog.base_url, documentedPath(tool.endpoint)),
      parameters: tool.parameters,
      ...(tool.paged ? { result: membersOf(tool.output) } : {}),
      ...(tool.choice ? { choice: tool.choice } : {}),
      ...(tool.recovery ? { recovery: tool.recovery } : {}),
    };
  });
  return Object.freeze({ tools });
});
