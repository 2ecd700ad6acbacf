import { cp, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { loadCatalog } from '../../src/content/load.js';
import type { Catalog } from '../../src/content/types.js';
import { BASE_URL, ROOT } from '../helper.js';

/**
 * The demo content plus a few posts written to test search: unaccented and
 * decomposed (NFD) Portuguese, a word in one title and in another body,
 * markdown syntax around the words, and twelve posts sharing one word.
 */
export interface SearchFixture {
  readonly catalog: Catalog;
  remove(): Promise<void>;
}

/** How many posts share the word "xilofone". */
export const XILOFONE_POSTS = 12;

function post(fields: { title: string; summary: string; category: string; locale: string; published_at: string }, body: string): string {
  const front = Object.entries({ ...fields, author: 'Equipe de Testes' })
    .map(([name, value]) => `${name}: ${JSON.stringify(value)}`)
    .join('\n');
  return `---\n${front}\n---\n${body}\n`;
}

const POSTS: Record<string, string> = {
  'texto-sem-acentos': post(
    { title: 'Um texto escrito sem acentos', summary: 'Teclado sem acentos.', category: 'Gestão', locale: 'pt-BR', published_at: '2020-01-02' },
    'Este teclado nao tem acentos: a acao de hoje e a automacao de amanha foram escritas assim, e a palavra tamandua tambem.',
  ),
  'texto-decomposto': post(
    { title: 'Um texto decomposto', summary: 'Escrito num editor que decompõe.', category: 'Gestão', locale: 'pt-BR', published_at: '2020-01-03' },
    // NFD: "c" + U+0327 and "a" + U+0303, as some editors save "Integração".
    'A Integrac\u0327a\u0303o continua de capivaras foi decomposta pelo editor.',
  ),
  'quokka-no-titulo': post(
    { title: 'Quokka field notes', summary: 'Notes from a trip to an island.', category: 'Management', locale: 'en', published_at: '2020-01-04' },
    'We walked for a whole day, counted birds and wrote everything down before the ferry left.',
  ),
  'quokka-no-corpo': post(
    { title: 'Island field notes', summary: 'Notes from a trip to an island.', category: 'Management', locale: 'en', published_at: '2020-01-05' },
    'We walked for a whole day, met one quokka and wrote everything down before the ferry left.',
  ),
  'markdown-zanzibar': post(
    { title: 'Markdown around words', summary: 'Syntax that must not leak.', category: 'Management', locale: 'en', published_at: '2020-01-06' },
    [
      '## Heading zanzibar',
      '',
      'Text with **bold zanzibar**, _emphasis_, `inline code` and [a link](https://example.com/qwertzuiop).',
      '',
      '> A quoted zanzibar.',
      '',
      '- first item',
      '- second item',
      '',
      '![an image](https://example.com/qwertzuiop.png)',
    ].join('\n'),
  ),
};
for (let n = 1; n <= XILOFONE_POSTS; n += 1) {
  const day = String(10 + n).padStart(2, '0');
  POSTS[`xilofone-${day}`] = post(
    { title: `Nota ${n}`, summary: `Nota numero ${n}.`, category: 'Gestão', locale: 'pt-BR', published_at: `2020-02-${day}` },
    `Um xilofone ${'toca '.repeat(n)}na sala.`,
  );
}

export async function searchFixture(): Promise<SearchFixture> {
  const dir = await mkdtemp(path.join(tmpdir(), 'vitrine-search-'));
  await cp(path.join(ROOT, 'content'), dir, { recursive: true });
  await Promise.all(Object.entries(POSTS).map(([slug, source]) => writeFile(path.join(dir, 'posts', `${slug}.md`), source)));
  const catalog = await loadCatalog({ dir, baseUrl: BASE_URL });
  return { catalog, remove: () => rm(dir, { recursive: true, force: true }) };
}
