import { cnpjProblem } from '../content/cnpj.js';
import type { MirrorRecord } from '../content/mirror.js';
import { mirrorMarkdown } from '../content/mirror.js';
import type { Catalog, Identifier } from '../content/types.js';
import { addressLine } from '../i18n/address.js';
import { messages } from '../i18n/catalog.js';
import { identifierLabel } from '../i18n/identifiers.js';
import { searchContent } from '../query/queries.js';

/**
 * The prompts (MCP 2025-06-18, Server Features, "Prompts"): the three uses
 * this server is for, as messages a client puts before the user's model.
 * Each embeds the resources the model needs (embedded resource content) and
 * names the tool to call for more. The wording is the engine's, in English
 * or Brazilian Portuguese; every fact (names, identifiers, products, articles) comes
 * from the Catalog. Each result is a function of the Catalog and the
 * arguments alone, so the endpoint remembers it like a tool's.
 *
 * Declared here, without the SDK: the MCP server registers them
 * (src/mcp/prompts.ts), and the server card and the developer portal
 * describe them, the portal with a live example.
 */

/** A message of a prompt, as `prompts/get` answers it: text, or an embedded resource. */
export type PromptMessage =
  | { readonly role: 'user'; readonly content: { readonly type: 'text'; readonly text: string } }
  | { readonly role: 'user'; readonly content: { readonly type: 'resource'; readonly resource: { readonly uri: string; readonly mimeType: string; readonly text: string } } };

/** What `prompts/get` answers for a prompt (a type, not an interface: the SDK's result type is an open record). */
export type PromptResult = {
  readonly description: string;
  readonly messages: PromptMessage[];
};

/** The media type of the records' resources (src/mcp/resources.ts serves the same texts under it). */
const MARKDOWN = 'text/markdown';

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

/** What prompts/get answers for describe_company. */
export function describeCompany(catalog: Catalog, locale: string): PromptResult {
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

/** What prompts/get answers for quote_article (the developer portal shows it). */
export function quoteArticle(catalog: Catalog, topic: string, locale: string): PromptResult {
  const pt = languageOf(locale) === 'pt-BR';
  const language: Language = pt ? 'pt-BR' : 'en';
  const hits = searchContent(catalog, { q: topic, kind: 'post', locale, published_since: undefined, published_before: undefined, sort: undefined, limit: ARTICLES_EMBEDDED, offset: 0 }).items;
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
export const bareCnpj = (value: string) => value.toUpperCase().replace(/[\s./-]/g, '');

/** `bare` formatted 00.000.000/0000-00, when it has fourteen characters. */
const formattedCnpj = (bare: string) => (bare.length === 14 ? `${bare.slice(0, 2)}.${bare.slice(2, 5)}.${bare.slice(5, 8)}/${bare.slice(8, 12)}-${bare.slice(12)}` : bare);

/** What the prompt says of a CNPJ the user was given, compared with the published one, if the company publishes one. */
function givenCnpj(catalog: Catalog, given: string, pt: boolean): string {
  const published = catalog.company.cnpj;
  const shown = JSON.stringify(given);
  if (published !== undefined && bareCnpj(given) === bareCnpj(published)) {
    return pt ? `O CNPJ informado pelo usuário, ${shown}, é o mesmo publicado.` : `The CNPJ the user was given, ${shown}, is the one published.`;
  }
  const invalid = cnpjProblem(formattedCnpj(bareCnpj(given))) !== undefined;
  if (published === undefined) {
    if (pt) return `O CNPJ informado pelo usuário, ${shown}, NÃO é publicado pela empresa, que não publica nenhum CNPJ${invalid ? '; ele nem sequer é um CNPJ válido (dígitos verificadores)' : ''}: diga isso claramente.`;
    return `The CNPJ the user was given, ${shown}, is NOT published by the company, which publishes no CNPJ${invalid ? '; it is not even a valid CNPJ (check digits)' : ''}: say so plainly.`;
  }
  if (pt) return `O CNPJ informado pelo usuário, ${shown}, NÃO é o publicado (${published})${invalid ? ' e nem sequer é um CNPJ válido (dígitos verificadores)' : ''}: diga isso claramente.`;
  return `The CNPJ the user was given, ${shown}, is NOT the one published (${published})${invalid ? ' and is not even a valid CNPJ (check digits)' : ''}: say so plainly.`;
}

/** Identifiers in a sentence: "EIN 12-3456789, D-U-N-S 123456789", each named as the site names it in `language`. */
function identifierList(identifiers: readonly Identifier[], language: Language): string {
  const m = messages(language);
  return identifiers.map((identifier) => `${identifierLabel(identifier, m)} ${identifier.value}`).join(', ');
}

/** Which identifiers the server checked by their check digits, and which by their format only. */
function verifiedSentence(identifiers: readonly Identifier[], language: Language): string {
  const verified = identifiers.filter((identifier) => identifier.verified);
  const formatOnly = identifiers.filter((identifier) => !identifier.verified);
  if (language === 'pt-BR') {
    return [
      verified.length > 0 && `Este servidor verificou os dígitos verificadores de: ${identifierList(verified, language)}.`,
      formatOnly.length > 0 && `De ${identifierList(formatOnly, language)}, só pôde verificar o formato: não têm dígitos verificadores.`,
    ]
      .filter(Boolean)
      .join(' ');
  }
  return [
    verified.length > 0 && `This server verified the check digits of: ${identifierList(verified, language)}.`,
    formatOnly.length > 0 && `Of ${identifierList(formatOnly, language)}, it could check only the format: they have no check digits.`,
  ]
    .filter(Boolean)
    .join(' ');
}

/** Where to look each identifier up, for the schemes the company publishes. */
function registers(identifiers: readonly Identifier[], language: Language): string {
  const pt = language === 'pt-BR';
  const m = messages(language);
  const where: Readonly<Record<string, string>> = pt
    ? { cnpj: 'a Receita Federal do Brasil', lei: 'a GLEIF (search.gleif.org)', vat: 'o VIES ou a administração fiscal do país', tax_id: 'a administração fiscal que o emitiu', duns: 'a Dun & Bradstreet' }
    : { cnpj: "Brazil's Receita Federal", lei: 'GLEIF (search.gleif.org)', vat: 'VIES or the national tax administration', tax_id: 'the tax administration that issued it', duns: 'Dun & Bradstreet' };
  const seen = new Set<string>();
  return identifiers
    .flatMap((identifier) => {
      const register = identifier.scheme === 'company_number' ? (identifier.authority ?? '') : where[identifier.scheme]!;
      const label = identifierLabel(identifier, m);
      if (seen.has(label)) return [];
      seen.add(label);
      return [pt ? `${register} para ${label}` : `${register} for the ${label}`];
    })
    .join('; ');
}

/** What prompts/get answers for verify_company_registration, comparing `cnpj` when the user was given one. */
export function verifyRegistration(catalog: Catalog, locale: string, cnpj: string | undefined): PromptResult {
  const { company } = catalog;
  const pt = languageOf(locale) === 'pt-BR';
  const language: Language = pt ? 'pt-BR' : 'en';
  const { address, identifiers } = company;
  const others = identifiers.filter((identifier) => identifier.scheme !== 'cnpj');
  const verified = verifiedSentence(identifiers, language);
  const given = cnpj === undefined ? [] : [givenCnpj(catalog, cnpj, pt)];
  const conclude = pt
    ? `3. Conclua se o registro confere, apontando cada divergência. Não afirme nada que não tenha verificado. ${answerIn(locale, language)}`
    : `3. Conclude whether the registration matches, naming each discrepancy. Claim nothing you did not check. ${answerIn(locale, language)}`;
  let steps: string[];
  if (company.cnpj !== undefined && others.length === 0) {
    // A Brazilian company known by its CNPJ alone: the CNPJ and the Receita Federal's register.
    const where = `${[address.city, address.state].filter(Boolean).join('/')}, ${address.country}`;
    steps = pt
      ? [
          `Verifique o registro de ${company.legal_name} (nome fantasia ${company.trade_name}). O CNPJ que ela publica é ${company.cnpj}, com sede em ${where}; o cadastro completo está abaixo e a ferramenta get_company_info o devolve estruturado. ${verified}`,
          ...given,
          `1. Confira os dígitos verificadores do CNPJ.\n2. Se puder consultar o cadastro público da Receita Federal do Brasil (Comprovante de Inscrição e de Situação Cadastral), compare razão social, endereço e situação cadastral com o cadastro abaixo; se não puder, diga que não consultou.\n${conclude}`,
        ]
      : [
          `Verify the registration of ${company.legal_name} (trade name ${company.trade_name}). The CNPJ (Brazilian company registration number) it publishes is ${company.cnpj}, based in ${where}; the full record is below, and the get_company_info tool returns it as structured data. ${verified}`,
          ...given,
          `1. Check the CNPJ's check digits.\n2. If you can consult the public register of Brazil's Receita Federal (the "Comprovante de Inscrição e de Situação Cadastral"), compare the legal name, address and registration status with the record below; if you cannot, say that you did not.\n${conclude}`,
        ];
  } else if (identifiers.length > 0) {
    const checkable = identifierList(
      identifiers.filter((identifier) => identifier.verified),
      language,
    );
    const where = pt ? `${[address.city, address.state].filter(Boolean).join('/')}, ${address.country}` : `${[address.city, address.state].filter(Boolean).join(', ')}, ${address.country}`;
    steps = pt
      ? [
          `Verifique o registro de ${company.legal_name} (nome fantasia ${company.trade_name}), com sede em ${where}. Os identificadores que ela publica são ${identifierList(identifiers, language)}; o cadastro completo está abaixo e a ferramenta get_company_info o devolve estruturado. ${verified}`,
          ...given,
          `1. ${checkable ? `Confira os dígitos verificadores de ${checkable}.` : 'Nenhum dos identificadores tem dígitos verificadores a conferir.'}\n2. Se puder consultar o cadastro público de cada identificador (${registers(identifiers, language)}), compare razão social, endereço e situação cadastral com o cadastro abaixo; se não puder, diga que não consultou.\n${conclude}`,
        ]
      : [
          `Verify the registration of ${company.legal_name} (trade name ${company.trade_name}), based in ${where}. The identifiers it publishes are ${identifierList(identifiers, language)}; the full record is below, and the get_company_info tool returns it as structured data. ${verified}`,
          ...given,
          `1. ${checkable ? `Check the check digits of ${checkable}.` : 'None of its identifiers has check digits to check.'}\n2. If you can consult the public register behind each identifier (${registers(identifiers, language)}), compare the legal name, address and registration status with the record below; if you cannot, say that you did not.\n${conclude}`,
        ];
  } else {
    const where = addressLine(address);
    steps = pt
      ? [
          `Verifique o registro de ${company.legal_name} (nome fantasia ${company.trade_name}), com sede em ${where}. Ela não publica nenhum identificador (CNPJ, número de IVA, LEI, identificação fiscal, D-U-N-S ou número de registro), então este servidor não verificou nenhum; o cadastro completo está abaixo e a ferramenta get_company_info o devolve estruturado.`,
          ...given,
          `1. Diga que a empresa não publica identificador algum.\n2. Se puder consultar um registro público de empresas de ${address.country}, procure a razão social e compare o endereço e a situação cadastral com o cadastro abaixo; se não puder, diga que não consultou.\n${conclude}`,
        ]
      : [
          `Verify the registration of ${company.legal_name} (trade name ${company.trade_name}), based in ${where}. It publishes no identifier (CNPJ, VAT number, LEI, tax ID, D-U-N-S or company number), so this server verified none; the full record is below, and the get_company_info tool returns it as structured data.`,
          ...given,
          `1. Say that the company publishes no identifier.\n2. If you can consult a public company register of ${address.country}, look the legal name up and compare the address and registration status with the record below; if you cannot, say that you did not.\n${conclude}`,
        ];
  }
  const cnpjOnly = company.cnpj !== undefined && others.length === 0;
  return {
    description: cnpjOnly
      ? pt
        ? `Verificar o CNPJ de ${company.legal_name}`
        : `Verify the CNPJ of ${company.legal_name}`
      : pt
        ? `Verificar o registro de ${company.legal_name}`
        : `Verify the registration of ${company.legal_name}`,
    messages: [said(steps.join('\n\n')), embedded(company)],
  };
}


/*
 * Arguments. Prompt arguments are strings (MCP 2025-06-18, "Prompts",
 * PromptArgument); the MCP server validates and completes them.
 */

export const LOCALE_DESCRIPTION = 'The locale to write in, one of the site\'s (the default locale when left out); the texts are in English or Brazilian Portuguese.';
export const TOPIC_DESCRIPTION = 'What the article should be about, in a few words (a category or a product tag, or any words: the articles are searched for them).';
export const CNPJ_DESCRIPTION = 'A CNPJ the user was given for the company (any punctuation), to compare with the one it publishes.';

/** A prompt as `prompts/list` shows it, for documents that describe the server without running it. */
export interface PromptSummary {
  readonly name: string;
  readonly title: string;
  readonly description: string;
  readonly arguments: readonly { readonly name: string; readonly description: string; readonly required: boolean }[];
}

/** The prompts, in the order `prompts/list` answers them: for documents that hold for any content (the server card, the developer portal). */
export const PROMPT_SUMMARIES: readonly PromptSummary[] = Object.freeze(
  [
    {
      name: 'describe_company',
      title: 'Describe the company',
      description:
        'Describe the company to someone who does not know it, from its published record, home page and product list, in the locale asked for. Embeds the company record and the home page; names the tools for product details.',
      arguments: [{ name: 'locale', description: LOCALE_DESCRIPTION, required: false }],
    },
    {
      name: 'quote_article',
      title: 'Quote an article on a topic',
      description:
        'Quote, word for word and with its source, the blog article that best covers a topic, in the locale asked for. Embeds the best matching articles found by search; names search_content and get_post when none fits.',
      arguments: [
        { name: 'topic', description: TOPIC_DESCRIPTION, required: true },
        { name: 'locale', description: LOCALE_DESCRIPTION, required: false },
      ],
    },
    {
      name: 'verify_company_registration',
      title: "Verify the company's registration",
      description:
        "Check the company's identifiers (CNPJ, VAT number, LEI, tax ID, D-U-N-S, company number) and registration against what it publishes and the public registers, saying which identifiers the server verified by their check digits, optionally against a CNPJ the user was given, in the locale asked for. Embeds the company record; names get_company_info.",
      arguments: [
        { name: 'locale', description: LOCALE_DESCRIPTION, required: false },
        { name: 'cnpj', description: CNPJ_DESCRIPTION, required: false },
      ],
    },
  ].map((prompt) => Object.freeze({ ...prompt, arguments: Object.freeze(prompt.arguments.map((argument) => Object.freeze(argument))) })),
);

/** The summary of the prompt named `name`. */
export function promptSummary(name: string): PromptSummary {
  const summary = PROMPT_SUMMARIES.find((prompt) => prompt.name === name);
  if (!summary) throw new Error(`no prompt is named ${name}`);
  return summary;
}
