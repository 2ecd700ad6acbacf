/**
 * The prompts the MCP server offers, declared once: their names, titles,
 * descriptions and arguments, in the order prompts/list answers them. The
 * server card, the developer portal and the server's instructions describe
 * them from here; their messages are made in src/documents/prompt-messages.ts.
 */

/*
 * Arguments. Prompt arguments are strings (MCP 2025-06-18, "Prompts",
 * PromptArgument); the MCP server validates and completes them.
 */

export const LOCALE_DESCRIPTION = "The locale to answer in, one of the site's (the default locale when left out).";
export const TOPIC_DESCRIPTION = 'What the article should be about, in a few words (a category or a product tag, or any words: the articles are searched for them).';
export const ORDER_DESCRIPTION = 'relevance (the default: the article that covers the topic best) or newest (the most recently published article on it).';
export const QUOTE_LOCALE_DESCRIPTION = "The locale to answer in, one of the site's (when left out: the language of the articles the topic's words find, else the default locale).";
export const IDENTIFIER_DESCRIPTION =
  'An identifier the user was given for the company, of any kind (a CNPJ, a LEI, a VAT number, a tax ID, a D-U-N-S number, a company number; any punctuation), to compare with those it publishes.';
export const CNPJ_DESCRIPTION = 'The same as identifier, for a CNPJ (kept for clients that give it under this name).';

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
        'Quote, word for word and with its source, the blog article that best covers a topic (or the newest on it), in the locale asked for or that of the words given. Embeds the articles found by search; names search_content and get_post when none fits.',
      arguments: [
        { name: 'topic', description: TOPIC_DESCRIPTION, required: true },
        { name: 'locale', description: QUOTE_LOCALE_DESCRIPTION, required: false },
        { name: 'order', description: ORDER_DESCRIPTION, required: false },
      ],
    },
    {
      name: 'verify_company_registration',
      title: "Verify the company's registration",
      description:
        "Check the company's identifiers (CNPJ, VAT number, LEI, tax ID, D-U-N-S, company number) and registration against what it publishes and the public registers, saying which identifiers the server verified by their check digits and which by their format alone, optionally against an identifier the user was given, in the locale asked for. Embeds the company record; names get_company_info.",
      arguments: [
        { name: 'locale', description: LOCALE_DESCRIPTION, required: false },
        { name: 'identifier', description: IDENTIFIER_DESCRIPTION, required: false },
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
