/**
 * Import benchmark (`npm run bench:import`).
 *
 * Writes a WordPress export (WXR 1.2) of 10,000 published posts, about 500
 * words each, as the block editor writes them (paragraph, heading and list
 * comments, a [caption] in one post of four, links between posts, bare `&`
 * in URLs), with categories, tags, 300 attachments and drafts and
 * revisions among them; an uploads folder with the attachments' pictures;
 * then runs `vitrine import wordpress` on it, in a process of its own, and
 * prints its wall time and peak resident memory next to the targets (at
 * most 60 s and 1 GB), then a second run's, which finds every file as
 * planned. Targets are printed, never asserted. Everything is deleted at
 * the end, whatever happens.
 */
import { spawn } from 'node:child_process';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';

const POSTS = 10_000;
const PICTURES = 300;
const WORDS_PER_POST = 500;
const TARGETS = { seconds: 60, megabytes: 1024 };
const SITE = 'https://bench.example.com';
const ROOT = fileURLToPath(new URL('..', import.meta.url));

/** A small deterministic generator (mulberry32), so every run imports the same export. */
function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const WORDS = 'the workshop rebuilds frames wheels brakes every week and our riders bring old steel bicycles that need new paint careful hands patience tools a truing stand torque wrench spokes rims hubs chains gears cables saddles stories from the road about climbing mountains in the rain commuting through the city at night racing with friends'.split(' ');

function sentence(next: () => number, words: number): string {
  const text = Array.from({ length: words }, () => WORDS[Math.floor(next() * WORDS.length)]!).join(' ');
  return `${text.charAt(0).toUpperCase()}${text.slice(1)}.`;
}

function body(index: number, next: () => number): string {
  const blocks: string[] = [];
  let words = 0;
  while (words < WORDS_PER_POST) {
    const kind = next();
    if (kind < 0.1) blocks.push(`<!-- wp:heading -->\n<h2 class="wp-block-heading">${sentence(next, 5)}</h2>\n<!-- /wp:heading -->`);
    else if (kind < 0.2) blocks.push(`<!-- wp:list -->\n<ul><li>${sentence(next, 6)}</li><li>${sentence(next, 6)}</li></ul>\n<!-- /wp:list -->`);
    else blocks.push(`<!-- wp:paragraph -->\n<p>${sentence(next, 20)} See <a href="${SITE}/${2020 + (index % 5)}/01/post-${(index * 7) % POSTS}/">an older post</a> and <a href="https://example.org/?a=1&b=2">this</a>.</p>\n<!-- /wp:paragraph -->`);
    words += 20;
  }
  if (index % 4 === 0) {
    const picture = index % PICTURES;
    blocks.push(`[caption id="attachment_${100000 + picture}" width="300"]<img src="${SITE}/wp-content/uploads/2020/01/picture-${picture}.jpg" alt="" class="wp-image-${100000 + picture}"> ${sentence(next, 6)}[/caption]`);
  }
  return blocks.join('\n\n');
}

function item(fields: Record<string, string>, extra = ''): string {
  return `<item>${Object.entries(fields)
    .map(([name, value]) => `<${name}>${value.includes('<') || value.includes('&') ? `<![CDATA[${value}]]>` : value}</${name}>`)
    .join('')}${extra}</item>\n`;
}

function post(index: number, next: () => number): string {
  const year = 2020 + (index % 5);
  const date = `${year}-01-${String(1 + (index % 28)).padStart(2, '0')} 10:${String(index % 60).padStart(2, '0')}:00`;
  const status = index % 50 === 49 ? 'draft' : 'publish';
  return item(
    {
      title: sentence(next, 6).slice(0, -1),
      link: `${SITE}/${year}/01/post-${index}/`,
      'dc:creator': 'editor',
      'content:encoded': body(index, next),
      'excerpt:encoded': '',
      'wp:post_id': String(index + 1),
      'wp:post_date_gmt': date,
      'wp:post_modified_gmt': date,
      'wp:post_name': `post-${index}`,
      'wp:status': status,
      'wp:post_parent': '0',
      'wp:post_type': 'post',
      'wp:post_password': '',
    },
    `<category domain="category" nicename="c${index % 12}"><![CDATA[Topic ${index % 12}]]></category><category domain="post_tag" nicename="t${index % 40}"><![CDATA[Tag ${index % 40}]]></category>`,
  );
}

async function writeExport(file: string): Promise<void> {
  const next = random(42);
  const parts = [
    `<?xml version="1.0" encoding="UTF-8" ?>\n<rss version="2.0" xmlns:excerpt="http://wordpress.org/export/1.2/excerpt/" xmlns:content="http://purl.org/rss/1.0/modules/content/" xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:wp="http://wordpress.org/export/1.2/">\n<channel><title>Bench Cycles</title><link>${SITE}</link><language>en-US</language><wp:wxr_version>1.2</wp:wxr_version><wp:base_site_url>${SITE}</wp:base_site_url>\n<wp:author><wp:author_login>editor</wp:author_login><wp:author_display_name><![CDATA[Ana Editor]]></wp:author_display_name></wp:author>\n`,
  ];
  for (let index = 0; index < POSTS; index++) {
    parts.push(post(index, next));
    if (index % 100 === 0) parts.push(item({ title: 'Revision', 'wp:post_id': String(200000 + index), 'wp:post_type': 'revision', 'wp:status': 'inherit' }));
  }
  for (let picture = 0; picture < PICTURES; picture++) {
    parts.push(item({ title: `Picture ${picture}`, 'wp:post_id': String(100000 + picture), 'wp:post_type': 'attachment', 'wp:status': 'inherit', 'wp:post_parent': '0', 'wp:attachment_url': `${SITE}/wp-content/uploads/2020/01/picture-${picture}.jpg` }));
  }
  parts.push('</channel>\n</rss>\n');
  await writeFile(file, parts.join(''));
}

async function writeUploads(folder: string): Promise<void> {
  await mkdir(path.join(folder, '2020', '01'), { recursive: true });
  const picture = await sharp({ create: { width: 64, height: 48, channels: 3, background: { r: 90, g: 120, b: 200 } } }).jpeg().toBuffer();
  for (let index = 0; index < PICTURES; index++) await writeFile(path.join(folder, '2020', '01', `picture-${index}.jpg`), picture);
}

interface Measured {
  readonly seconds: number;
  readonly megabytes: number;
  readonly summary: string;
}

/** Runs the import in a process of its own (this file with --child), which reports its own peak memory. */
function measure(args: readonly string[]): Promise<Measured> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const child = spawn(process.execPath, ['--import', 'tsx', fileURLToPath(import.meta.url), '--child', ...args], { cwd: ROOT, stdio: ['ignore', 'pipe', 'inherit'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => {
      const seconds = (performance.now() - started) / 1000;
      const rss = /^peak-rss-kb (\d+)$/m.exec(output);
      if (code !== 0 || !rss) return reject(new Error(`the import exited ${code}:\n${output}`));
      resolve({ seconds, megabytes: Number(rss[1]) / 1024, summary: output.split('\n').slice(0, 2).join('\n') });
    });
  });
}

/** In the child: the real command, then its peak resident memory (getrusage's maxrss, in kilobytes). */
async function child(args: readonly string[]): Promise<void> {
  const { main } = await import('../src/cli/main.js');
  const code = await main(['import', ...args], process.env);
  console.log(`peak-rss-kb ${process.resourceUsage().maxRSS}`);
  process.exitCode = code;
}

async function bench(): Promise<void> {
  const work = await mkdtemp(path.join(os.tmpdir(), 'vitrine-bench-import-'));
  try {
    const file = path.join(work, 'export.xml');
    const uploads = path.join(work, 'uploads');
    await writeExport(file);
    await writeUploads(uploads);
    const dir = path.join(work, 'site');
    const args = ['wordpress', file, dir, '--uploads', uploads];
    const first = await measure(args);
    const second = await measure(args);
    const line = (name: string, { seconds, megabytes }: Measured) =>
      `${name.padEnd(28)} ${seconds.toFixed(1).padStart(6)} s (target ${TARGETS.seconds})  ${megabytes.toFixed(0).padStart(5)} MB peak RSS (target ${TARGETS.megabytes})`;
    console.log(`import of ${POSTS} posts (${WORDS_PER_POST} words each), ${PICTURES} pictures`);
    console.log(first.summary);
    console.log(line('first import', first));
    console.log(line('second import (no change)', second));
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}

if (process.argv[2] === '--child') await child(process.argv.slice(3));
else await bench();
