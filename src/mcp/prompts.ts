import { completable } from '@modelcontextprotocol/sdk/server/completable.js';
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { GetPromptResult, PromptMessage } from '@modelcontextprotocol/sdk/types.js';
import * as z from 'zod';
import { cnpjProblem } from '../content/cnpj.js';
import type { MirrorRecord } from '../content/mirror.js';
import { mirrorMarkdown } from '../content/mirror.js';
import type { Catalog } from '../content/types.js';
import type { Log } from '../log.js';
import { searchContent, searchQuery } from '../query/queries.js';
import { completersFor } from './completions.js';

/**
 * The prompts (MCP 2025-06-18, Server Features, "Prompts"): the three uses
 * this server is for, as messages a client puts before the user's model.
 * Each embeds the resources the model needs (embedded resource content) and
 * names the tool to call for more. The wording is the engine's, in English
 * or Brazilian Portuguese; every fact (names, CNPJ, products, articles) comes
 * from the Catalog. Each result is a function of the Catalog and the
 * arguments alone, so the endpoint remembers it like a tool's.
 *
 * Only types of the SDK here, and its dependency-free completable(): the
 * discovery documents and the developer portal read PROMPT_SUMMARIES at
 * start-up, before the SDK is loaded.
 */

/** The media type of the records' resources (src/mcp/resources.ts serves the same texts under it). */
const MARKDOWN = 'text/markdown';

/** A prompt as `prompts/list` shows it, for documents that describe the server without running it. */
export interface PromptSummary {
  readonly name: string;
  readonly title: string;
  readonly description: string;
  readonly arguments: readonly { readonly name: string; readonly description: string; readonly required: boolean }[];
}

/** The languages the prompts are written in. */
type Language = 'en' | 'pt-BR';

/**
 * The language of the texts for a site locale: its own, the same language
 * in another region (`pt` and `pt-PT` read the Brazilian texts), else English,
 * with the model told to answer in the locale's language.
 */
function languageOf(locale: string): Language {
  return locale.toLowerCase().split('-')[0] === 'pt' ? 'pt-BR' : 'en';
}

/** The name of `locale`'s language, written in `language` ("Portuguese (Brazil)", "inglês"). */
function languageName(locale: string, language: Language): string {
  try {
    return new Intl.DisplayNames([language], { type: 'language' }).of(locale) ?? locale;
  } catch {
    return locale;
  }
}

/** How the model is told which language to write in. */
function answerIn(locale: string, language: Language): string {
  const name = languageName(locale, language);
  return language === 'pt-BR' ? `Responda em ${name} (${locale}).` : `Answer in ${name} (${locale}).`;
}

/** A user message of text. */
const said = (text: string): PromptMessage => ({ role: 'user', content: { type: 'text', text } });

/** A user message embedding `record`'s resource: its mirror URL and text, as resources/read answers them. */
function embedded(record: MirrorRecord): PromptMessage {
  return { role: 'user', content: { type: 'resource', resource: { uri: record.markdown_url, mimeType: MARKDOWN, text: mirrorMarkdown(record) } } };
}

/** The home page ("index" by the content's convention), else the first page in navigation order. */
function homePage(catalog: Catalog) {
  return catalog.pagesBySlug.get('index') ?? catalog.pagesBySlug.get(catalog.site.page_slugs[0] ?? '');
}

/** The products named in the description prompt; beyond them, the model is sent to list_products. */
const PRODUCTS_LISTED = 20;

function describeCompany(catalog: Catalog, locale: string): GetPromptResult {
  const { company, site } = catalog;
  const pt = languageOf(locale) === 'pt-BR';
  const language: Language = pt ? 'pt-BR' : 'en';
  const products = catalog.products.slice(0, PRODUCTS_LISTED).map((p) => `- ${p.name} (${p.status}): ${p.summary} ${p.url}`);
  const more = catalog.products.length - products.length;
  const text = pt
    ? [
        `Descreva a empresa ${company.trade_name} (razão social ${company.legal_name}) para quem não a conhece: o que ela faz, seus produtos e para que servem, onde fica e como contatá-la. ${answerIn(locale, language)}`,
        `Use apenas o conteúdo publicado em ${site.name}: o cadastro da empresa e a página inicial estão abaixo; para os detalhes de um produto, chame a ferramenta get_product com o slug dele${more > 0 ? `; para os outros ${more} produtos, chame list_products` : ''}. Não invente fatos que o conteúdo não traz (preços, clientes, números) e cite as URLs em que se baseou.`,
        products.length ? `Produtos:\n${products.join('\n')}` : 'Nenhum produto foi publicado.',
      ]
    : [
        `Describe ${company.trade_name} (legal name ${company.legal_name}) to someone who does not know it: what the company does, its products and what they are for, where it is and how to reach it. ${answerIn(locale, language)}`,
        `Use only what ${site.name} publishes: the company record and the home page are below; for a product's details, call the get_product tool with its slug${more > 0 ? `; for the other ${more} products, call list_products` : ''}. Do not invent facts the content does not state (prices, clients, figures), and cite the URLs you relied on.`,
        products.length ? `Products:\n${products.join('\n')}` : 'No product is published.',
      ];
  const home = homePage(catalog);
  return {
    description: pt ? `Descrever ${company.trade_name} a partir do conteúdo publicado` : `Describe ${company.trade_name} from its published content`,
    messages: [said(text.join('\n\n')), embedded(company), ...(home ? [embedded(home)] : [])],
  };
}

/** The articles embedded in the quotation prompt, best first. */
const ARTICLES_EMBEDDED = 2;

/** What prompts/get answers for quote_article (exported for the developer portal's example). */
export function quoteArticle(catalog: Catalog, topic: string, locale: string): GetPromptResult {
  const pt = languageOf(locale) === 'pt-BR';
  const language: Language = pt ? 'pt-BR' : 'en';
  const hits = searchContent(catalog, { q: topic, kind: 'post', locale, limit: ARTICLES_EMBEDDED, offset: 0 }).items;
  const posts = hits.map((hit) => catalog.postsBySlug.get(hit.slug)).filter((post) => post !== undefined);
  const quoted = JSON.stringify(topic);
  const search = `search_content (query ${quoted}, kind "post", locale "${locale}")`;
  let text: string;
  if (posts.length > 0) {
    text = pt
      ? `Cite o artigo de ${catalog.site.name} que melhor trata de ${quoted}. Dos artigos abaixo, escolha o trecho que responde ao tema, transcreva-o palavra por palavra entre aspas e informe título, autor, data de publicação e URL do artigo. ${answerIn(locale, language)} Se nenhum deles tratar do tema, chame ${search} e depois get_post com o slug do melhor resultado; não cite o que não estiver no texto.`
      : `Quote the article of ${catalog.site.name} that best covers ${quoted}. From the articles below, pick the passage that answers the topic, quote it word for word between quotation marks, and give the article's title, author, publication date and URL. ${answerIn(locale, language)} If none of them covers the topic, call ${search}, then get_post with the slug of the best hit; never quote what the text does not say.`;
  } else {
    text = pt
      ? `Nenhum artigo de ${catalog.site.name} em ${languageName(locale, language)} menciona ${quoted}. Chame ${search} com outras palavras, ou list_posts (locale "${locale}") para ver os temas publicados, depois get_post com o slug escolhido; cite um trecho palavra por palavra, com título, autor, data e URL, ou diga que o site não trata do tema. ${answerIn(locale, language)}`
      : `No article of ${catalog.site.name} in ${languageName(locale, language)} mentions ${quoted}. Call ${search} with other words, or list_posts (locale "${locale}") to see what is published, then get_post with the chosen slug; quote a passage word for word with its title, author, date and URL, or say that the site does not cover the topic. ${answerIn(locale, language)}`;
  }
  return {
    description: pt ? `Citar um artigo sobre ${quoted}` : `Quote an article about ${quoted}`,
    messages: [said(text), ...posts.map(embedded)],
  };
}

/** A CNPJ as its fourteen characters, punctuation and spaces aside. */
const bareCnpj = (value: string) => value.toUpperCase().replace(/[\s./-]/g, '');

/** `bare` formatted 00.000.000/0000-00, when it has fourteen characters. */
const formattedCnpj = (bare: string) => (bare.length === 14 ? `${bare.slice(0, 2)}.${bare.slice(2, 5)}.${bare.slice(5, 8)}/${bare.slice(8, 12)}-${bare.slice(12)}` : bare);

/** What the prompt says of a CNPJ the user was given, compared with the published one. */
function givenCnpj(catalog: Catalog, given: string, pt: boolean): string {
  const published = catalog.company.cnpj;
  const shown = JSON.stringify(given);
  if (bareCnpj(given) === bareCnpj(published)) {
    return pt ? `O CNPJ informado pelo usuário, ${shown}, é o mesmo publicado.` : `The CNPJ the user was given, ${shown}, is the one published.`;
  }
  const invalid = cnpjProblem(formattedCnpj(bareCnpj(given))) !== undefined;
  if (pt) return `O CNPJ informado pelo usuário, ${shown}, NÃO é o publicado (${published})${invalid ? ' e nem sequer é um CNPJ válido (dígitos verificadores)' : ''}: diga isso claramente.`;
  return `The CNPJ the user was given, ${shown}, is NOT the one published (${published})${invalid ? ' and is not even a valid CNPJ (check digits)' : ''}: say so plainly.`;
}

function verifyRegistration(catalog: Catalog, locale: string, cnpj: string | undefined): GetPromptResult {
  const { company } = catalog;
  const pt = languageOf(locale) === 'pt-BR';
  const language: Language = pt ? 'pt-BR' : 'en';
  const { address } = company;
  const where = `${address.city}/${address.state}, ${address.country}`;
  const steps = pt
    ? [
        `Verifique o registro de ${company.legal_name} (nome fantasia ${company.trade_name}). O CNPJ que ela publica é ${company.cnpj}, com sede em ${where}; o cadastro completo está abaixo e a ferramenta get_company_info o devolve estruturado.`,
        ...(cnpj === undefined ? [] : [givenCnpj(catalog, cnpj, true)]),
        `1. Confira os dígitos verificadores do CNPJ.\n2. Se puder consultar o cadastro público da Receita Federal do Brasil (Comprovante de Inscrição e de Situação Cadastral), compare razão social, endereço e situação cadastral com o cadastro abaixo; se não puder, diga que não consultou.\n3. Conclua se o registro confere, apontando cada divergência. Não afirme nada que não tenha verificado. ${answerIn(locale, language)}`,
      ]
    : [
        `Verify the registration of ${company.legal_name} (trade name ${company.trade_name}). The CNPJ (Brazilian company registration number) it publishes is ${company.cnpj}, based in ${where}; the full record is below, and the get_company_info tool returns it as structured data.`,
        ...(cnpj === undefined ? [] : [givenCnpj(catalog, cnpj, false)]),
        `1. Check the CNPJ's check digits.\n2. If you can consult the public register of Brazil's Receita Federal (the "Comprovante de Inscrição e de Situação Cadastral"), compare the legal name, address and registration status with the record below; if you cannot, say that you did not.\n3. Conclude whether the registration matches, naming each discrepancy. Claim nothing you did not check. ${answerIn(locale, language)}`,
      ];
  return {
    description: pt ? `Verificar o CNPJ de ${company.legal_name}` : `Verify the CNPJ of ${company.legal_name}`,
    messages: [said(steps.join('\n\n')), embedded(company)],
  };
}

/*
 * Arguments. Prompt arguments are strings (MCP 2025-06-18, "Prompts",
 * PromptArgument). Each that takes a content value completes it: the SDK's
 * completable() schemas, asked by completion/complete with a `ref/prompt`.
 */

const quoted = (values: readonly string[]) => values.map((v) => JSON.stringify(v)).join(', ');

const LOCALE_DESCRIPTION = 'The locale to write in, one of the site\'s (the default locale when left out); the texts are in English or Brazilian Portuguese.';

function localeArgument(catalog: Catalog) {
  const { locales } = catalog.site;
  const values = [...locales];
  const schema = z
    .enum(values, { error: (issue) => `expected one of ${quoted(values)}; got ${JSON.stringify(issue.input) ?? 'nothing'}` })
    .optional()
    .describe(LOCALE_DESCRIPTION);
  return completable(schema, (typed) => completersFor(catalog).locale(typed ?? ''));
}

const TOPIC_DESCRIPTION = 'What the article should be about, in a few words (a category or a product tag, or any words: the articles are searched for them).';
const CNPJ_DESCRIPTION = 'A CNPJ the user was given for the company (any punctuation), to compare with the one it publishes.';

const topicError = (issue: { readonly input?: unknown }) =>
  `expected the subject to look for, ${searchQuery.q.minLength} to ${searchQuery.q.maxLength} characters; got ${typeof issue.input === 'string' ? `a text of ${[...issue.input].length} characters` : 'nothing'}`;

function topicArgument(catalog: Catalog) {
  const schema = z
    .string({ error: topicError })
    .min(searchQuery.q.minLength, { error: topicError })
    .max(searchQuery.q.maxLength, { error: topicError })
    .refine((topic) => topic.trim() !== '', { error: 'expected the subject to look for; got only spaces' })
    .describe(TOPIC_DESCRIPTION);
  // The context holds the arguments already given (MCP 2025-06-18, "Completion"): with a locale, its categories come first.
  return completable(schema, (typed, context) => completersFor(catalog).topic(context?.arguments?.locale)(typed ?? ''));
}

const cnpjError = (issue: { readonly input?: unknown }) => `expected a CNPJ such as 00.000.000/0000-00; got ${JSON.stringify(issue.input) ?? 'nothing'}`;

const cnpjArgument = () =>
  z
    .string({ error: cnpjError })
    .max(40, { error: cnpjError })
    .refine((value) => /^[0-9A-Za-z]{14}$/.test(bareCnpj(value)), { error: cnpjError })
    .optional()
    .describe(CNPJ_DESCRIPTION);

interface PromptSpec {
  readonly name: string;
  readonly title: string;
  readonly description: string;
  readonly register: (server: McpServer, catalog: Catalog, guard: Guard) => void;
  /** The arguments, for documents: name, description, required. */
  readonly arguments: PromptSummary['arguments'];
}

/** Runs a prompt's builder; an unexpected failure is logged and answered without its cause. */
type Guard = (name: string, build: () => GetPromptResult) => GetPromptResult;

const defaultLocale = (catalog: Catalog, locale: string | undefined) => locale ?? catalog.site.default_locale;

const PROMPTS: readonly PromptSpec[] = [
  {
    name: 'describe_company',
    title: 'Describe the company',
    description: "Describe the company to someone who does not know it, from its published record, home page and product list, in the locale asked for. Embeds the company record and the home page; names the tools for product details.",
    arguments: [{ name: 'locale', description: LOCALE_DESCRIPTION, required: false }],
    register(server, catalog, guard) {
      server.registerPrompt(
        this.name,
        { title: this.title, description: this.description, argsSchema: { locale: localeArgument(catalog) } },
        ({ locale }) => guard(this.name, () => describeCompany(catalog, defaultLocale(catalog, locale))),
      );
    },
  },
  {
    name: 'quote_article',
    title: 'Quote an article on a topic',
    description: 'Quote, word for word and with its source, the blog article that best covers a topic, in the locale asked for. Embeds the best matching articles found by search; names search_content and get_post when none fits.',
    arguments: [
      { name: 'topic', description: TOPIC_DESCRIPTION, required: true },
      { name: 'locale', description: LOCALE_DESCRIPTION, required: false },
    ],
    register(server, catalog, guard) {
      server.registerPrompt(
        this.name,
        { title: this.title, description: this.description, argsSchema: { topic: topicArgument(catalog), locale: localeArgument(catalog) } },
        ({ topic, locale }) => guard(this.name, () => quoteArticle(catalog, topic, defaultLocale(catalog, locale))),
      );
    },
  },
  {
    name: 'verify_company_registration',
    title: "Verify the company's registration (CNPJ)",
    description: "Check the company's CNPJ (Brazilian company registration number) and registration against what it publishes and the public register, optionally against a CNPJ the user was given, in the locale asked for. Embeds the company record; names get_company_info.",
    arguments: [
      { name: 'locale', description: LOCALE_DESCRIPTION, required: false },
      { name: 'cnpj', description: CNPJ_DESCRIPTION, required: false },
    ],
    register(server, catalog, guard) {
      server.registerPrompt(
        this.name,
        { title: this.title, description: this.description, argsSchema: { locale: localeArgument(catalog), cnpj: cnpjArgument() } },
        ({ locale, cnpj }) => guard(this.name, () => verifyRegistration(catalog, defaultLocale(catalog, locale), cnpj)),
      );
    },
  },
];

/** The prompts for documents that hold for any content (the server card, the developer portal). */
export const PROMPT_SUMMARIES: readonly PromptSummary[] = Object.freeze(
  PROMPTS.map(({ name, title, description, arguments: args }) => Object.freeze({ name, title, description, arguments: args })),
);

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
  for (const prompt of PROMPTS) prompt.register(server, catalog, guard);
}
