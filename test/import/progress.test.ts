import assert from 'node:assert/strict';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { test } from 'node:test';
import { IMPORT_FIXTURES, runImport, workFolder } from './helpers.js';

/** A long import says how far it is on standard error; a short one, off a terminal, says nothing there. */

function exportOf(posts: number): string {
  const items = Array.from(
    { length: posts },
    (_, i) =>
      `<item><title>Post ${i}</title><link>https://example.com/post-${i}/</link><content:encoded><![CDATA[<p>Words of post ${i}.</p>]]></content:encoded><wp:post_id>${i + 1}</wp:post_id><wp:post_date_gmt>2024-01-01 10:00:00</wp:post_date_gmt><wp:post_name>post-${i}</wp:post_name><wp:status>publish</wp:status><wp:post_type>post</wp:post_type></item>`,
  );
  return `<?xml version="1.0"?><rss xmlns:content="http://purl.org/rss/1.0/modules/content/" xmlns:wp="http://wordpress.org/export/1.2/"><channel><title>Many posts</title><link>https://example.com</link>${items.join('\n')}</channel></rss>`;
}

test('an export of 1,000 items or more prints its progress on standard error, ending with the whole count', async () => {
  const work = await workFolder('progress');
  const file = path.join(work, 'export.xml');
  await writeFile(file, exportOf(1000));
  const run = await runImport('wordpress', file, path.join(work, 'site'), '--dry-run');
  assert.equal(run.code, 0, run.stderr);
  assert.match(run.stderr, /^import: converted \d+ of 1000\n/);
  assert.match(run.stderr, /import: converted 1000 of 1000\n$/);
  assert.ok(run.stderr.split('\n').length <= 12, run.stderr);
});

test('a small export off a terminal writes nothing on standard error', async () => {
  const work = await workFolder('quiet');
  const run = await runImport('wordpress', path.join(IMPORT_FIXTURES, 'wordpress-migrate', 'sample.xml'), path.join(work, 'site'));
  assert.equal(run.code, 0);
  assert.equal(run.stderr, '');
});
