import assert from 'node:assert/strict';
import path from 'node:path';
import { describe, test } from 'node:test';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { GetPromptResult } from '@modelcontextprotocol/sdk/types.js';
import type { App } from '../../src/app.js';
import { mirrorMarkdown } from '../../src/documents/record-markdown.js';
import { statusWords } from '../../src/documents/labels.js';
import { wordsIn } from '../i18n/_words.js';
import type { Catalog } from '../../src/content/types.js';
import { PROMPT_SUMMARIES } from '../../src/model/prompts.js';
import { messages } from '../../src/i18n/catalog.js';
import { describeCompany, quoteArticle, verifyRegistration } from '../../src/documents/prompt-messages.js';
import { BASE_URL, FIXTURES, listenTestApp, testCatalog } from '../helper.js';
import { connectClient, rpcError, useConnectedClient } from './_client.js';

let app: App & { url: string };
let catalog: Catalog;
let client: Client;

useConnectedClient((connected) => ({ app, catalog, client } = connected));

/** The text of the first message, and the embedded resources of the others. */
function parts(result: GetPromptResult): { text: string; resources: { uri: string; mimeType?: string; text?: string }[] } {
  const [first, ...rest] = result.messages;
  assert.equal(first?.role, 'user');
  assert.equal(first?.content.type, 'text');
  const resources = rest.map((message) => {
    assert.equal(message.role, 'user');
    assert.equal(message.content.type, 'resource');
    return (message.content as { resource: { uri: string; mimeType?: string; text?: string } }).resource;
  });
  return { text: (first!.content as { text: string }).text, resources };
}

describe('prompts/list', () => {
  test('lists the three prompts, each with a title, a description and its arguments, as the documents describe them', async () => {
    const { prompts } = await client.listPrompts();
    assert.deepEqual(
      prompts.map((p) => p.name),
      ['describe_company', 'quote_article', 'verify_company_registration'],
    );
    for (const prompt of prompts) {
      assert.ok(prompt.title && prompt.description && prompt.description.length > 80, prompt.name);
      const summary = PROMPT_SUMMARIES.find((s) => s.name === prompt.name)!;
      assert.deepEqual({ name: prompt.name, title: prompt.title, description: prompt.description, arguments: prompt.arguments }, summary);
    }
    const quote = prompts.find((p) => p.name === 'quote_article')!;
    assert.deepEqual(
      quote.arguments?.map(({ name, required }) => ({ name, required })),
      [
        { name: 'topic', required: true },
        { name: 'locale', required: false },
        { name: 'order', required: false },
      ],
    );
  });
});

describe('prompts/get describe_company', () => {
  test('in English by default: names the company from the content, lists its products, embeds the company record and the home page', async () => {
    const result = await client.getPrompt({ name: 'describe_company', arguments: {} });
    const { text, resources } = parts(result);
    assert.match(text, /^Describe Aroeira \(legal name Aroeira Tecnologia Ltda\.\)/);
    assert.match(text, /Answer in English \(en\)\./);
    assert.match(text, /get_product/);
    for (const product of catalog.products) assert.ok(text.includes(`- ${product.name} (${statusWords(product.status, wordsIn('en'))}): ${product.summary} ${product.url}`), product.slug);
    const home = catalog.pagesBySlug.get('index')!;
    const homeText = ((await client.readResource({ uri: home.markdown_url })).contents[0] as { text: string }).text;
    assert.ok(homeText.startsWith(mirrorMarkdown(catalog, home).trimEnd()), 'the home page, then what it lists');
    assert.deepEqual(resources, [
      { uri: catalog.company.markdown_url, mimeType: 'text/markdown', text: mirrorMarkdown(catalog, catalog.company) },
      { uri: home.markdown_url, mimeType: 'text/markdown', text: homeText },
    ]);
    assert.equal(result.description, 'Describe Aroeira from its published content');
  });

  test('in Brazilian Portuguese for locale pt-BR, embedding the company record and the Portuguese home page', async () => {
    const english = parts(await client.getPrompt({ name: 'describe_company', arguments: { locale: 'en' } }));
    const portuguese = parts(await client.getPrompt({ name: 'describe_company', arguments: { locale: 'pt-BR' } }));
    assert.match(portuguese.text, /^Descreva a empresa Aroeira \(razão social Aroeira Tecnologia Ltda\.\)/);
    assert.match(portuguese.text, /Responda em português \(Brasil\) \(pt-BR\)\./);
    // The company record labelled in the language asked for: its own mirror of that locale.
    assert.deepEqual(portuguese.resources[0], { uri: `${BASE_URL}/md/pt-BR/company.md`, mimeType: 'text/markdown', text: mirrorMarkdown(catalog, catalog.company, 'pt-BR') });
    assert.notDeepEqual(portuguese.resources[0], english.resources[0]);
    assert.equal(portuguese.resources[1]!.uri, `${BASE_URL}/md/pt-BR/index.md`);
    const read = (await client.readResource({ uri: `${BASE_URL}/md/pt-BR/index.md` })).contents[0] as { text: string };
    assert.equal(portuguese.resources[1]!.text, read.text);
  });

  test('is the engine\'s text over any content: another company\'s names, none of the demo\'s', async () => {
    const other = await listenTestApp();
    try {
      const minimal = await testCatalog(path.join(FIXTURES, 'minimal'), BASE_URL);
      other.store.replace(minimal);
      const { client: otherClient } = await connectClient(other.url);
      for (const [name, args] of [
        ['describe_company', {}],
        ['verify_company_registration', {}],
        ['quote_article', { topic: 'broa' }],
      ] as const) {
        const result = await otherClient.getPrompt({ name, arguments: args });
        const all = JSON.stringify(result);
        assert.doesNotMatch(all, /Aroeira|47\.381\.926/, name);
        if (name !== 'quote_article') assert.ok(all.includes(minimal.company.legal_name), name);
      }
      await otherClient.close();
    } finally {
      await other.server.close();
    }
  });
});

describe('prompts/get quote_article', () => {
  test('embeds the best matching articles in the locale asked for and says how to quote them', async () => {
    for (const locale of ['en', 'pt-BR']) {
      const { text, resources } = parts(await client.getPrompt({ name: 'quote_article', arguments: { topic: 'kubernetes', locale } }));
      assert.ok(resources.length >= 1 && resources.length <= 2, locale);
      for (const resource of resources) {
        const post = catalog.posts.find((p) => p.markdown_url === resource.uri)!;
        assert.equal(post.locale, locale);
        assert.equal(resource.text, mirrorMarkdown(catalog, post));
      }
      assert.match(text, locale === 'en' ? /^Quote the article of Aroeira that best covers "kubernetes"\./ : /^Cite o artigo de Aroeira que melhor trata de "kubernetes"\./);
      assert.match(text, /search_content \(query "kubernetes", kind "post", locale "/);
    }
  });

  test('without a match, embeds nothing and sends the model to search_content and list_posts', async () => {
    const { text, resources } = parts(await client.getPrompt({ name: 'quote_article', arguments: { topic: 'xylophone zebra', locale: 'en' } }));
    assert.deepEqual(resources, []);
    assert.match(text, /^No article of Aroeira in English mentions "xylophone zebra"\. Call search_content/);
    assert.match(text, /list_posts \(locale "en"\)/);
  });

  test('a missing, blank or too long topic is error -32602', async () => {
    for (const args of [{}, { topic: '   ' }, { topic: 'x'.repeat(201) }] as Record<string, string>[]) {
      const error = await rpcError(client.getPrompt({ name: 'quote_article', arguments: args }));
      assert.equal(error.code, -32602);
      assert.match(error.message, /Invalid arguments for prompt quote_article: expected the subject to look for/);
    }
  });
});

describe('prompts/get verify_company_registration', () => {
  test('states the published identifiers, which the server verified by their check digits, and how to check them, embedding the company record', async () => {
    const { text, resources } = parts(await client.getPrompt({ name: 'verify_company_registration', arguments: {} }));
    const cnpj = `CNPJ ${catalog.company.cnpj!}`;
    assert.ok(text.includes(`It publishes these identifiers: ${cnpj}.`), text);
    assert.ok(text.includes(`This server checked the check digits of ${cnpj}: they are well formed, which alone does not prove that they belong to this company.`), text);
    assert.ok(text.includes(`(CNPJ: Brazil's Receita Federal, ${catalog.company.identifiers[0]!.lookup_url!})`), text);
    assert.match(text, /get_company_info/);
    assert.match(text, /Answer in English \(en\)\.$/);
    assert.deepEqual(resources, [{ uri: catalog.company.markdown_url, mimeType: 'text/markdown', text: mirrorMarkdown(catalog, catalog.company) }]);
  });

  test('is written in each shipped language from its message catalog', async () => {
    const opening: Record<string, string> = {
      'pt-BR': 'Verifique o registro de Aroeira Tecnologia Ltda. (nome fantasia Aroeira), com sede em ',
      es: 'Verifica el registro de Aroeira Tecnologia Ltda. (nombre comercial Aroeira), con domicilio en ',
      fr: 'Vérifiez l’immatriculation de Aroeira Tecnologia Ltda. (nom commercial Aroeira, siège\u00A0: ',
      de: 'Prüfen Sie die Registrierung von Aroeira Tecnologia Ltda. (Handelsname Aroeira, Sitz: ',
    };
    // Any locale the content configures: the demo's are en and pt-BR, so the builder is asked directly for the others.
    for (const [locale, start] of Object.entries(opening)) {
      const text = verifyRegistration(catalog, locale, undefined).messages[0]!.content as { text: string };
      assert.ok(text.text.startsWith(start), `${locale}: ${text.text}`);
    }
    const pt = parts(await client.getPrompt({ name: 'verify_company_registration', arguments: { locale: 'pt-BR' } }));
    assert.match(pt.text, /Responda em português \(Brasil\) \(pt-BR\)\.$/);
  });

  test('compares an identifier the user was given, of any kind, whatever its punctuation', async () => {
    const text = async (identifier: string, locale = 'en') => parts(await client.getPrompt({ name: 'verify_company_registration', arguments: { identifier, locale } })).text;
    const says = async (identifier: string, sentence: string, locale = 'en') => {
      const said = await text(identifier, locale);
      assert.ok(said.includes(sentence), `${identifier}: ${said}`);
    };
    const bare = catalog.company.cnpj!.replace(/\D/g, '');
    await says(bare, `O identificador informado pelo usuário (CNPJ "${bare}") é o mesmo que a empresa publica.`, 'pt-BR');
    await says('11.222.333/0001-81', `The identifier the user was given (CNPJ "11.222.333/0001-81") is NOT the one the company publishes (CNPJ ${catalog.company.cnpj}): say so plainly.`);
    await says('11.222.333/0001-00', 'say so plainly. Its check digits are wrong: it is not even a valid CNPJ.');
    await says('DE136695976', 'The identifier the user was given (VAT "DE136695976") is of a kind the company does not publish, so nothing it publishes confirms it: say so plainly.');
    await says('5493001KJTIIGC8Y1R13', '(LEI "5493001KJTIIGC8Y1R13") is of a kind the company does not publish, so nothing it publishes confirms it: say so plainly. Its check digits are wrong: it is not even a valid LEI.');
    await says('ACME-42', 'The identifier the user was given ("ACME-42") is none of those the company publishes: say so plainly.');
    // The argument of the first revision of this prompt, still taken.
    const legacy = parts(await client.getPrompt({ name: 'verify_company_registration', arguments: { cnpj: '11.222.333/0001-81' } })).text;
    assert.ok(legacy.includes('(CNPJ "11.222.333/0001-81") is NOT the one the company publishes'), legacy);
    const error = await rpcError(client.getPrompt({ name: 'verify_company_registration', arguments: { identifier: '--- / ---' } }));
    assert.equal(error.code, -32602);
    // The example is one of the company's own identifiers.
    assert.ok(
      error.message.includes(`expected an identifier such as ${catalog.company.identifiers[0]!.value} (one the company publishes), with letters or digits and at most 60 characters; got "--- / ---" at identifier`),
      error.message,
    );
  });

  test('for a company without check digits to check, says that the server checked only the format', async () => {
    const studio = await testCatalog(path.join(FIXTURES, 'studio'));
    const text = (verifyRegistration(studio, 'en', undefined).messages[0]!.content as { text: string }).text;
    assert.ok(text.includes('It publishes these identifiers: EIN 87-2841596 and D-U-N-S 117385962.'), text);
    assert.ok(text.includes('EIN 87-2841596 and D-U-N-S 117385962 have no check digits, so this server checked only their format.'), text);
    assert.ok(text.includes('1. None of its identifiers has check digits: check that each is written the way its register writes it.'), text);
    assert.ok(text.includes('(EIN: the tax administration that issued it; D-U-N-S: Dun & Bradstreet)'), text);
    const none = (verifyRegistration({ ...studio, company: { ...studio.company, identifiers: [] } }, 'de', undefined).messages[0]!.content as { text: string }).text;
    assert.ok(none.includes('Das Unternehmen veröffentlicht keine Kennung (weder eine Steuer- noch eine Registernummer), daher hat dieser Server keine geprüft.'), none);
    assert.ok(none.includes('ein öffentliches Unternehmensregister des Landes (Vereinigte Staaten)'), none);
  });
});

describe('prompts/get with a bad argument or name', () => {
  test('an unknown locale is error -32602 that lists the locales', async () => {
    for (const name of ['describe_company', 'quote_article', 'verify_company_registration']) {
      const error = await rpcError(client.getPrompt({ name, arguments: { topic: 'cloud', locale: 'fr' } }));
      assert.equal(error.code, -32602);
      assert.equal(error.message, `MCP error -32602: Invalid arguments for prompt ${name}: expected one of "en", "pt-BR"; got "fr" at locale`);
    }
  });

  test('an unknown prompt is error -32602', async () => {
    const error = await rpcError(client.getPrompt({ name: 'write_poem', arguments: {} }));
    assert.equal(error.code, -32602);
    assert.match(error.message, /there is no prompt "write_poem"\. The prompts are: describe_company \(locale\), quote_article \(topic, locale, order\)/);
  });

  test('an unexpected failure is error -32603 that says nothing of its cause', async () => {
    const failing = new Proxy(catalog, {
      get(target, property, receiver) {
        if (property === 'company') throw new Error('disk on fire at /secret/path.ts:12');
        return Reflect.get(target, property, receiver);
      },
    });
    const broken = await listenTestApp({ catalog: failing, openApiCatalog: catalog });
    const { client: brokenClient } = await connectClient(broken.url);
    try {
      const error = await rpcError(brokenClient.getPrompt({ name: 'describe_company', arguments: {} }));
      assert.equal(error.code, -32603);
      assert.equal(error.message, 'MCP error -32603: Internal error: the server could not build the prompt; call again in a moment.');
    } finally {
      await brokenClient.close();
      await broken.server.close();
    }
  });

  test('a repeated prompts/get is answered with the same bytes, computed again and then remembered', async () => {
    const ask = (id: number) =>
      app.server.inject({
        method: 'POST',
        url: '/mcp',
        headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
        payload: JSON.stringify({ jsonrpc: '2.0', id, method: 'prompts/get', params: { name: 'quote_article', arguments: { topic: 'cloud', locale: 'en' } } }),
      });
    const first = await ask(1);
    assert.equal((await ask(2)).body, first.body.replace('"id":1,', '"id":2,'));
    assert.equal((await ask(3)).body, first.body.replace('"id":1,', '"id":3,'));
  });
});

describe('describe_company and quote_article in the language of the locale', () => {
  const text = (result: { messages: readonly { content: unknown }[] }) => (result.messages[0]!.content as { text: string }).text;

  test('a site in English, Spanish and German gets each prompt in each of its languages, with the facts of its content', async () => {
    const studio = await testCatalog(path.join(FIXTURES, 'studio'));
    const es = describeCompany(studio, 'es');
    assert.equal(es.description, 'Describir Bluebonnet a partir de su contenido publicado');
    assert.match(text(es), /^Describe Bluebonnet \(razón social Bluebonnet Software Studio LLC\) a alguien que no la conoce: .* Responde en español \(es\)\.\n\nUsa solo lo que publica Bluebonnet: /s);
    assert.match(text(es), /\n\nProductos:\n- /);
    const de = describeCompany(studio, 'de');
    assert.equal(de.description, 'Bluebonnet anhand der veröffentlichten Inhalte beschreiben');
    assert.match(text(de), /Antworten Sie auf Deutsch \(de\)\.\n\nStützen Sie sich nur auf das, was Bluebonnet veröffentlicht: /);

    const found = quoteArticle(studio, 'rangos', 'es');
    assert.equal(found.description, 'Citar un artículo sobre "rangos"');
    assert.match(text(found), /^Cita el artículo de Bluebonnet que mejor trate "rangos"\. .* Responde en español \(es\)\. Si ninguno trata el tema, llama a search_content \(query "rangos", kind "post", locale "es"\)/s);
    assert.ok(found.messages.some((message) => JSON.stringify(message).includes('Cómo estimamos')), 'the article is embedded');
    const none = quoteArticle(studio, 'xilófono', 'de');
    assert.match(text(none), /^Kein Beitrag von Bluebonnet auf Deutsch erwähnt "xilófono"\. Rufen Sie search_content \(query "xilófono", kind "post", locale "de"\) mit anderen Wörtern auf/);
    assert.equal(none.messages.length, 1);
  });

  test('a locale the engine has no words for reads English, told to answer in its language', async () => {
    const studio = await testCatalog(path.join(FIXTURES, 'studio'));
    const italian = { ...studio, site: { ...studio.site, locales: [...studio.site.locales, 'it'] } };
    assert.match(text(describeCompany(italian, 'it')), /^Describe Bluebonnet \(legal name Bluebonnet Software Studio LLC\) .* Answer in Italian \(it\)\./s);
  });

  test('counts the products left out in words that agree with their number', () => {
    const sources = (locale: string, more: number) => messages(locale).format('prompt.describe.sources', { site: 'X', more });
    assert.doesNotMatch(sources('en', 0), /list_products/);
    assert.match(sources('en', 1), /; for the other product, call list_products\./);
    assert.match(sources('en', 7), /; for the other 7 products, call list_products\./);
    assert.match(sources('pt-BR', 1), /; para o outro produto, chame list_products\./);
    assert.match(sources('de', 3), /; für die 3 anderen Produkte rufen Sie list_products auf\./);
  });
});
