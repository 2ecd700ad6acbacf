import assert from 'node:assert/strict';
import { before, describe, test } from 'node:test';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { CallToolResult, GetPromptResult, Tool } from '@modelcontextprotocol/sdk/types.js';
import type { Catalog } from '../../src/content/types.js';
import { useConnectedClient } from './_client.js';

/**
 * What an agent does with the server, given only the base URL: the official
 * SDK client, connected to the real server over the demo content, knows
 * what initialize's instructions and tools/list say and nothing else (no
 * prompts/list, no REST, no server card). Each of the seven tasks an agent
 * developer tried takes at most two calls, each call names a tool and
 * arguments tools/list declares (or a prompt and arguments the instructions
 * name), and no answer costs more than 4,000 tokens, counted as four
 * characters of the JSON on the wire: a tool result carries its JSON twice,
 * as structuredContent and as text. What the agent asks for comes from the
 * user (a topic, a tag as typed) or from an earlier answer, never from the
 * content files; the assertions check the answers against those files.
 */

let catalog: Catalog;
let client: Client;
useConnectedClient((connected) => ({ catalog, client } = connected));

/** The token budget of one answer. */
const MAX_TOKENS = 4_000;
const tokens = (answer: unknown) => JSON.stringify(answer).length / 4;

/** What the agent read when it connected. */
let instructions: string;
let tools: Map<string, Tool>;

/** Reads initialize's instructions and tools/list, once the client has connected. */
async function readWhatTheServerSays(): Promise<void> {
  instructions = client.getInstructions() ?? '';
  tools = new Map((await client.listTools()).tools.map((tool) => [tool.name, tool]));
}

/** One task: its calls, counted and each checked against what the agent knows and the token budget. */
class Task {
  calls = 0;

  constructor(readonly name: string) {}

  #count(what: string, answer: unknown): void {
    this.calls += 1;
    assert.ok(this.calls <= 2, `${this.name}: a third call (${what})`);
    assert.ok(tokens(answer) <= MAX_TOKENS, `${this.name}: ${what} costs ${Math.round(tokens(answer))} tokens`);
  }

  /** Calls a tool tools/list names with arguments its input schema declares; the result, as the SDK client validated it. */
  async tool(name: string, args: Record<string, unknown>): Promise<CallToolResult> {
    const tool = tools.get(name);
    assert.ok(tool, `${this.name}: ${name} is in tools/list`);
    const declared = Object.keys(tool.inputSchema.properties ?? {});
    for (const argument of Object.keys(args)) assert.ok(declared.includes(argument), `${this.name}: ${name} declares ${argument}`);
    return this.raw(name, args);
  }

  /** Calls `name` whatever tools/list says: a mistake. */
  async raw(name: string, args: Record<string, unknown>): Promise<CallToolResult> {
    const result = (await client.callTool({ name, arguments: args })) as CallToolResult;
    this.#count(`${name} ${JSON.stringify(args)}`, result);
    return result;
  }

  /** A prompt the instructions name, with arguments they name for it. */
  async prompt(name: string, args: Record<string, string>): Promise<GetPromptResult> {
    const named = new RegExp(`${name} \\(([^)]*)\\)`).exec(instructions);
    assert.ok(named, `${this.name}: the instructions name the prompt ${name} and its arguments`);
    for (const argument of Object.keys(args)) assert.ok(named[1]!.split(', ').includes(argument), `${this.name}: ${name} takes ${argument}`);
    const result = await client.getPrompt({ name, arguments: args });
    this.#count(`prompt ${name}`, result);
    return result;
  }
}

/** The structured answer of a successful call. */
function body<T>(result: CallToolResult): T {
  assert.notEqual(result.isError, true, JSON.stringify(result.content));
  assert.deepEqual(JSON.parse((result.content[0] as { text: string }).text), result.structuredContent, 'the text block is the structuredContent');
  return result.structuredContent as T;
}

/** The text of a failed call. */
function failure(result: CallToolResult): string {
  assert.equal(result.isError, true, JSON.stringify(result.structuredContent));
  return (result.content[0] as { text: string }).text;
}

interface Page<T> {
  readonly items: readonly T[];
  readonly total: number;
  readonly next_offset: number | null;
}
interface Hit {
  readonly kind: string;
  readonly slug: string;
  readonly locale?: string;
  readonly published_at?: string;
}
interface Product {
  readonly slug: string;
  readonly name: string;
  readonly summary: string;
  readonly status: string;
  readonly tags: readonly string[];
}
interface Company {
  readonly legal_name: string;
  readonly trade_name: string;
  readonly identifiers: readonly { scheme: string; value: string; verified: boolean; lookup_url?: string }[];
  readonly address: { city: string };
}

describe('an agent that knows only initialize and tools/list does each task in at most two calls, each answer under 4,000 tokens', () => {
  before(readWhatTheServerSays);

  test('1. describe the company: its record, then its products', async () => {
    const task = new Task('describe');
    assert.match(instructions, /get_company_info/);
    const company = body<Company>(await task.tool('get_company_info', {}));
    const products = body<Page<Product>>(await task.tool('list_products', {}));
    assert.equal(company.trade_name, catalog.company.trade_name);
    assert.equal(company.address.city, catalog.company.address.city);
    assert.deepEqual(
      products.items.map((p) => [p.name, p.summary, p.status]),
      catalog.products.map((p) => [p.name, p.summary, p.status]),
    );
    assert.equal(products.next_offset, null, 'every product in one page');
  });

  test('2. verify its identity: the identifiers the server vouches for, in one call', async () => {
    const task = new Task('verify');
    assert.match(instructions, /verified: whether this server checked its check digits/);
    const company = body<Company>(await task.tool('get_company_info', {}));
    assert.deepEqual(company.identifiers, [{ scheme: 'cnpj', value: catalog.company.cnpj!, verified: true, lookup_url: `https://solucoes.receita.fazenda.gov.br/Servicos/cnpjreva/Cnpjreva_Solicitacao.asp?cnpj=${catalog.company.cnpj!.replace(/\D/g, '')}` }]);
    assert.equal(company.legal_name, catalog.company.legal_name);
    assert.equal(task.calls, 1);
  });

  test('3. find and quote an article on a topic in Portuguese: search its articles, then read the best one', async () => {
    const task = new Task('quote');
    const hits = body<Page<Hit>>(await task.tool('search_content', { query: 'LGPD', kind: 'post', locale: 'pt-BR' }));
    assert.ok(hits.items.length > 0);
    assert.ok(hits.items.every((hit) => hit.kind === 'post' && hit.locale === 'pt-BR'));
    const post = body<{ slug: string; locale: string; title: string; author: string; url: string; markdown: string }>(await task.tool('get_post', { slug: hits.items[0]!.slug }));
    assert.equal(post.locale, 'pt-BR');
    assert.ok(`${post.title}\n${post.markdown}`.includes('LGPD'), 'the article is on the topic');
    // A passage of its text, word for word, and what a quotation cites.
    const quote = post.markdown.split('\n').find((line) => /^[A-ZÀ-Ú]/.test(line) && line.length > 80);
    assert.ok(quote !== undefined && catalog.postsBySlug.get(post.slug)!.markdown.includes(quote), 'a paragraph to quote');
    assert.ok(post.title && post.author && post.url, 'title, author and URL to cite');
  });

  test('4. filter products, the tag typed as the user typed it', async () => {
    const task = new Task('filter');
    const page = body<Page<Product>>(await task.tool('list_products', { tag: 'kubernetes', status: 'live' }));
    const expected = catalog.products.filter((p) => p.tags.includes('Kubernetes') && p.status === 'live');
    assert.ok(expected.length > 0);
    assert.deepEqual(
      page.items.map((p) => p.slug),
      expected.map((p) => p.slug),
    );
    assert.ok(page.items.every((p) => p.tags.includes('Kubernetes')), 'the answer shows the tag as the content writes it');
  });

  test('5. list the recent articles on a subject, page by page: newest first, the next page from next_offset', async () => {
    const task = new Task('recent');
    const args = { query: 'segurança', kind: 'post', sort: '-published_at', limit: 3 };
    const first = body<Page<Hit>>(await task.tool('search_content', args));
    assert.ok(first.total > 3 && first.next_offset === 3, `${first.total} articles, next at ${first.next_offset}`);
    const second = body<Page<Hit>>(await task.tool('search_content', { ...args, offset: first.next_offset }));
    const all = [...first.items, ...second.items];
    assert.equal(new Set(all.map((hit) => hit.slug)).size, all.length, 'no article twice');
    const dates = all.map((hit) => hit.published_at!);
    assert.ok(dates.every(Boolean));
    assert.deepEqual(dates, [...dates].sort().reverse());
    const newest = catalog.posts.map((p) => p.published_at).filter((date) => date >= dates[0]!);
    assert.ok(newest.length >= 1, 'the first is among the newest articles');
  });

  test('6. use the prompts the instructions name: quote an article, verify the registration against a number the user has', async () => {
    const task = new Task('prompts');
    const quote = await task.prompt('quote_article', { topic: 'LGPD', locale: 'pt-BR' });
    const embedded = quote.messages.filter((message) => message.content.type === 'resource');
    assert.ok(embedded.length > 0, 'the articles to quote are embedded');
    for (const message of embedded) {
      const { uri } = (message.content as { resource: { uri: string } }).resource;
      assert.equal(catalog.posts.find((p) => p.markdown_url === uri)?.locale, 'pt-BR', uri);
    }
    const bare = catalog.company.cnpj!.replace(/\D/g, '');
    const verify = await task.prompt('verify_company_registration', { identifier: bare, locale: 'pt-BR' });
    const text = (verify.messages[0]!.content as { text: string }).text;
    assert.ok(text.includes(`(CNPJ "${bare}") é o mesmo que a empresa publica`), text);
  });

  test('7. recover from a mistake: a tool that does not exist is answered with the tools that do', async () => {
    const task = new Task('recover');
    const text = failure(await task.raw('get_products', {}));
    // The agent picks, from the error alone, the tool that lists products.
    const named = [...text.matchAll(/\b([a-z]+_[a-z_]+): ([^.]*)/g)].map(([, name, what]) => ({ name: name!, what: what! }));
    assert.deepEqual(
      named.map((t) => t.name),
      [...tools.keys()],
    );
    const lister = named.find((t) => t.name.startsWith('list_') && t.what.includes('products'))!;
    const page = body<Page<Product>>(await task.tool(lister.name, {}));
    assert.equal(page.total, catalog.products.length);
  });

  test('7, again: arguments the tool refuses are answered with what it accepts, which the second call uses', async () => {
    const task = new Task('recover arguments');
    const text = failure(await task.tool('list_posts', { locale: 'portuguese', published_since: 'last month' }));
    // Both mistakes are named, each with its way out.
    const locales = /expected one of ((?:"[^"]+", )*"[^"]+"), or several[^;]*; got "portuguese" at locale/.exec(text)?.[1];
    const date = /expected an RFC 3339 date-time such as [^ ]+ \(or a date alone, such as (\d{4}-\d{2}-\d{2})\); got "last month" at published_since/.exec(text)?.[1];
    assert.ok(locales && date, text);
    const locale = (JSON.parse(`[${locales}]`) as string[]).find((value) => value.toLowerCase().startsWith('pt'))!;
    const page = body<Page<{ locale: string; published_at: string }>>(await task.tool('list_posts', { locale, published_since: date }));
    assert.equal(locale, 'pt-BR');
    assert.ok(page.items.length > 0 && page.items.every((p) => p.locale === 'pt-BR' && p.published_at >= date));
    assert.equal(page.total, catalog.posts.filter((p) => p.locale === 'pt-BR' && p.published_at >= date).length);
  });
});
