import { completable } from '@modelcontextprotocol/sdk/server/completable.js';
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import * as z from 'zod';
import type { Catalog } from '../content/types.js';
import type { Log } from '../config/log.js';
import type { PromptResult } from '../documents/prompt-messages.js';
import { bareIdentifier, describeCompany, QUOTE_ORDERS, quoteArticle, verifyRegistration } from '../documents/prompt-messages.js';
import { promptSummary } from '../model/prompts.js';
import { searchQuery } from '../query/parameters.js';
import { completersFor } from '../model/completions.js';

/**
 * The prompts on the MCP server: their texts, names and arguments are
 * declared in src/model/prompts.ts and made in src/documents/prompt-messages.ts; here each is registered with the SDK,
 * its arguments validated and completed. Only types of the SDK here, and its
 * dependency-free completable().
 */

/*
 * Arguments. Prompt arguments are strings (MCP 2025-06-18, "Prompts",
 * PromptArgument). Each that takes a content value completes it: the SDK's
 * completable() schemas, asked by completion/complete with a `ref/prompt`.
 */

const quoted = (values: readonly string[]) => values.map((v) => JSON.stringify(v)).join(', ');

/** The description of argument `name` of prompt `prompt`, as declared. */
function describedAs(prompt: string, name: string): string {
  return promptSummary(prompt).arguments.find((argument) => argument.name === name)!.description;
}

function localeArgument(catalog: Catalog, prompt: string) {
  const values = [...catalog.site.locales];
  const schema = z
    .enum(values, { error: (issue) => `expected one of ${quoted(values)}; got ${JSON.stringify(issue.input) ?? 'nothing'}` })
    .optional()
    .describe(describedAs(prompt, 'locale'));
  return completable(schema, (typed) => completersFor(catalog).locale(typed ?? ''));
}

/** A topic is searched for: it has the bounds of the search's words. */
const { q } = searchQuery;

const topicError = (issue: { readonly input?: unknown }) =>
  `expected the subject to look for, ${q.minLength} to ${q.maxLength} characters; got ${typeof issue.input === 'string' ? `a text of ${[...issue.input].length} characters` : 'nothing'}`;

function topicArgument(catalog: Catalog) {
  const schema = z
    .string({ error: topicError })
    .min(q.minLength, { error: topicError })
    .max(q.maxLength, { error: topicError })
    .refine((topic) => topic.trim() !== '', { error: 'expected the subject to look for; got only spaces' })
    .describe(describedAs('quote_article', 'topic'));
  // The context holds the arguments already given (MCP 2025-06-18, "Completion"): with a locale, its categories come first.
  return completable(schema, (typed, context) => completersFor(catalog).topic(context?.arguments?.locale)(typed ?? ''));
}

/** Which article quote_article quotes: the best on its topic, or the newest. */
function orderArgument() {
  const values = [...QUOTE_ORDERS];
  return z
    .enum(values, { error: (issue) => `expected one of ${quoted(values)}; got ${JSON.stringify(issue.input) ?? 'nothing'}` })
    .optional()
    .describe(describedAs('quote_article', 'order'));
}

/** The longest identifier taken: a VAT number or a register's number with its spaces is far shorter. */
const IDENTIFIER_MAX = 60;

const identifierError = (what: () => string) => (issue: { readonly input?: unknown }) =>
  `expected ${what()}, with letters or digits and at most ${IDENTIFIER_MAX} characters; got ${typeof issue.input === 'string' && issue.input.length > 100 ? `a text of ${[...issue.input].length} characters` : (JSON.stringify(issue.input) ?? 'nothing')}`;

/** An identifier the user was given: any writing with a letter or a digit (the prompt tells which kind it is, if any). */
function identifierArgument(name: 'identifier' | 'cnpj', what: () => string) {
  const error = identifierError(what);
  return z
    .string({ error })
    .max(IDENTIFIER_MAX, { error })
    .refine((value) => bareIdentifier(value) !== '', { error })
    .optional()
    .describe(describedAs('verify_company_registration', name));
}

/** What the identifier argument expects, shown on one the company publishes; named by its kinds when it publishes none. */
function identifierExpected(catalog: Catalog): string {
  const [published] = catalog.company.identifiers;
  return published ? `an identifier such as ${published.value} (one the company publishes)` : 'an identifier such as a VAT number, a LEI or a company number';
}

/** Runs a prompt's builder; an unexpected failure is logged and answered without its cause. */
type Guard = (name: string, build: () => PromptResult) => PromptResult;

const defaultLocale = (catalog: Catalog, locale: string | undefined) => locale ?? catalog.site.default_locale;

/** Registers the three prompts over `catalog`; the SDK answers prompts/list, prompts/get and their completions. */
export function registerPrompts(server: McpServer, catalog: Catalog, log: Log): void {
  const guard: Guard = (name, build) => {
    try {
      return build();
    } catch (error) {
      log.error({ err: error, prompt: name }, 'MCP prompt failed');
      // Without a code, the SDK answers a thrown error as -32603 with its message: this one says nothing of the cause.
      throw new Error('Internal error: the server could not build the prompt; call again in a moment.');
    }
  };
  server.registerPrompt(
    'describe_company',
    { ...titled('describe_company'), argsSchema: { locale: localeArgument(catalog, 'describe_company') } },
    ({ locale }) => guard('describe_company', () => describeCompany(catalog, defaultLocale(catalog, locale))),
  );
  server.registerPrompt(
    'quote_article',
    { ...titled('quote_article'), argsSchema: { topic: topicArgument(catalog), locale: localeArgument(catalog, 'quote_article'), order: orderArgument() } },
    ({ topic, locale, order }) => guard('quote_article', () => quoteArticle(catalog, topic, locale, order)),
  );
  server.registerPrompt(
    'verify_company_registration',
    {
      ...titled('verify_company_registration'),
      argsSchema: {
        locale: localeArgument(catalog, 'verify_company_registration'),
        identifier: identifierArgument('identifier', () => identifierExpected(catalog)),
        cnpj: identifierArgument('cnpj', () => 'a CNPJ such as 00.000.000/0000-00'),
      },
    },
    ({ locale, identifier, cnpj }) => guard('verify_company_registration', () => verifyRegistration(catalog, defaultLocale(catalog, locale), identifier ?? cnpj)),
  );
}

/** The declared title and description of prompt `name`. */
function titled(name: string): { title: string; description: string } {
  const { title, description } = promptSummary(name);
  return { title, description };
}
