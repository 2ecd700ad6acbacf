import assert from 'node:assert/strict';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, test } from 'node:test';
import { ContentError, loadCatalog } from '../../src/content/load.js';
import { BASE_URL, copyFixture, FIXTURES } from '../helper.js';

/** The problems the loader throws for the minimal bakery with `redirects` as its redirects.yaml. */
async function problemsWith(redirects: string): Promise<readonly string[]> {
  const dir = await copyFixture(path.join(FIXTURES, 'minimal'));
  await writeFile(path.join(dir, 'redirects.yaml'), redirects);
  const error = await loadCatalog({ dir, baseUrl: BASE_URL }).then(
    () => assert.fail('the folder loaded'),
    (thrown: unknown) => thrown,
  );
  assert.ok(error instanceof ContentError);
  return error.problems;
}

describe('redirects.yaml as the loader reads it', () => {
  test('a folder without redirects.yaml has none, and one with it has its entries, frozen', async () => {
    const plain = await loadCatalog({ dir: path.join(FIXTURES, 'minimal'), baseUrl: BASE_URL });
    assert.deepEqual(plain.redirects, []);
    const dir = await copyFixture(path.join(FIXTURES, 'minimal'));
    await writeFile(path.join(dir, 'redirects.yaml'), '- from: /?p=12\n  to: /about\n- { from: /old/, to: /about, status: 302 }\n');
    const catalog = await loadCatalog({ dir, baseUrl: BASE_URL });
    assert.deepEqual(catalog.redirects, [
      { from: '/', query: [['p', '12']], to: '/about', status: 301 },
      { from: '/old/', query: [], to: '/about', status: 302 },
    ]);
    assert.ok(Object.isFrozen(catalog.redirects[0]));
  });

  test('a bad entry is refused with the file, the entry and the field', async () => {
    const problems = await problemsWith('- { from: /a, to: /about }\n- { from: /b, to: /about }\n- { from: /c, to: /about }\n- { from: /d, to: /about, status: 303 }\n');
    assert.deepEqual(problems, ['minimal/redirects.yaml: 3.status: must be one of 301, 302, 307, 308']);
  });

  test('a from or to that is no path, and a field not known, are each named', async () => {
    const problems = await problemsWith('- { from: old-page, to: /about }\n- { from: /x, to: about }\n- { from: /y, to: /about, code: 301 }\n');
    assert.equal(problems.length, 3);
    assert.match(problems[0]!, /^minimal\/redirects\.yaml: 0\.from: must be a path from the site's root/);
    assert.match(problems[1]!, /^minimal\/redirects\.yaml: 1\.to: must be a path of the site/);
    assert.equal(problems[2], 'minimal/redirects.yaml: 2.code: is not a known field');
  });

  test('the same from twice is a problem, whichever way its trailing slash is written', async () => {
    const problems = await problemsWith('- { from: /old/, to: /about }\n- { from: /old, to: / }\n');
    assert.deepEqual(problems, ['minimal/redirects.yaml: 1.from: "/old" is already sent on by entry 0; keep one of them']);
  });

  test('a file that is not a list is refused', async () => {
    const problems = await problemsWith('from: /a\nto: /b\n');
    assert.deepEqual(problems, ['minimal/redirects.yaml: must be a list of { from, to, status }']);
  });
});
