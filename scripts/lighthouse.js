#!/usr/bin/env node
// Lighthouse on the site, as a person's browser sees it.
//
//   npm run lighthouse
//
// Starts vitrine from the sources (bin/vitrine.js, as `npx vitrine serve`; no
// build) on the demo content at 127.0.0.1 on a free port, with BASE_URL set
// to that origin so canonical URLs, hreflang alternates and robots.txt point
// at the page being audited. Every picture the pages offer is asked for once
// first, so each is made (and kept in IMAGE_CACHE_DIR) before it is timed.
// Then runs Lighthouse (performance, accessibility, best practices, SEO) on
// the home page, the product and the pt-BR article that show the demo's
// photographs and the blog, with the default mobile settings and with the
// desktop preset (LIGHTHOUSE_FORM_FACTORS=mobile for the first alone), each
// run in a fresh headless Debian Chromium (/usr/bin/chromium, or CHROME_PATH;
// never a downloaded browser). Prints the scores, the two picture audits
// (responsive images, modern formats) and every audit that kept a score under
// 100, writes the JSON reports to a new temporary folder (its path is
// printed), and exits 1 when any score is below 100. The server and every
// Chromium are stopped at the end, on an error, on Ctrl-C, and after
// LIGHTHOUSE_TIMEOUT_S seconds (900 by default) at the latest.
//
// Each page is audited LIGHTHOUSE_RUNS times (3 by default) and the run whose
// first contentful paint and time to interactive lie nearest the runs'
// medians is the one reported, as Lighthouse's own advice on variability
// says: a single run's performance score moves a point or two with what the
// browser's first frame costs on a shared machine, whatever the page.
//
// Not part of `npm test`: the audits take a few minutes. Performance is
// measured with Lighthouse's simulated throttling, so it depends little on
// this machine's load; run it on an idle machine all the same.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import { computeMedianRun } from 'lighthouse/core/lib/median-run.js';

const ROOT = path.resolve(import.meta.dirname, '..');
const HOST = '127.0.0.1';
const CHROME_PATH = process.env.CHROME_PATH || '/usr/bin/chromium';
const TIMEOUT_MS = Number(process.env.LIGHTHOUSE_TIMEOUT_S || 900) * 1000;
const RUNS = Number(process.env.LIGHTHOUSE_RUNS || 3);
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'];
const PAGES = [
  ['home', '/'],
  ['product', '/products/open-source-cloud'],
  ['article (pt-BR)', '/blog/lideranca-de-times-remotos-pelo-brasil'],
  ['blog', '/blog'],
];
const FORM_FACTORS = [
  ['mobile', undefined],
  ['desktop', desktopConfig],
].filter(([name]) => !process.env.LIGHTHOUSE_FORM_FACTORS || process.env.LIGHTHOUSE_FORM_FACTORS.split(',').includes(name));
/** The audits of the pictures: sizes that fit their boxes, and AVIF or WebP. */
const PICTURE_AUDITS = ['uses-responsive-images', 'modern-image-formats'];
// Headless, and no traffic of Chromium's own (updates, sync, QUIC) to skew a run.
// Root cannot use Chromium's sandbox.
const CHROME_FLAGS = [
  '--headless=new',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-quic',
  '--no-first-run',
  ...(process.getuid?.() === 0 ? ['--no-sandbox'] : []),
];

/** A port of 127.0.0.1 free right now (BASE_URL must name it before the server starts). */
function freePort() {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, HOST, () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

/** Polls `url` until it answers 200, the server exits, or `ms` pass. */
async function waitFor(url, server, ms) {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`the server exited (${server.exitCode}) before answering`);
    try {
      if ((await fetch(url, { signal: AbortSignal.timeout(2000) })).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`${url} did not answer within ${ms / 1000} s`);
}

/** Asks once for every picture file the audited pages offer (src and srcset under /media/); answers how many. */
async function makePictures(origin) {
  const files = new Set();
  for (const [, pagePath] of PAGES) {
    const page = await (await fetch(`${origin}${pagePath}`)).text();
    for (const [, value] of page.matchAll(/\s(?:src|srcset)="([^"]+)"/g)) {
      for (const candidate of value.split(',')) {
        const url = candidate.trim().split(/\s+/)[0];
        if (url.startsWith('/media/')) files.add(url);
      }
    }
  }
  for (const url of files) {
    const response = await fetch(`${origin}${url}`);
    if (!response.ok) throw new Error(`${url} answered ${response.status}`);
    await response.arrayBuffer();
  }
  return files.size;
}

/** SIGTERM (a graceful stop), then SIGKILL if it is still running 5 s later. */
function stopServer(server) {
  if (!server || server.exitCode !== null || server.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const kill = setTimeout(() => server.kill('SIGKILL'), 5000);
    server.once('exit', () => {
      clearTimeout(kill);
      resolve();
    });
    server.kill('SIGTERM');
  });
}

let server;
const chromes = new Set();
async function cleanUp() {
  for (const chrome of chromes) {
    try {
      chrome.kill();
    } catch {
      // already gone
    }
  }
  chromes.clear();
  await stopServer(server);
}

const watchdog = setTimeout(() => {
  console.error(`lighthouse: still running after ${TIMEOUT_MS / 1000} s; stopping`);
  void cleanUp().finally(() => process.exit(1));
}, TIMEOUT_MS);
watchdog.unref();
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.once(signal, () => {
    console.error(`lighthouse: ${signal}; stopping the server and Chromium`);
    void cleanUp().finally(() => process.exit(130));
  });
}

/** One Lighthouse run in a Chromium of its own; its report as Lighthouse's JSON and the result object. */
async function audit(url, config) {
  const chrome = await chromeLauncher.launch({ chromePath: CHROME_PATH, chromeFlags: CHROME_FLAGS, logLevel: 'silent' });
  chromes.add(chrome);
  try {
    // The full version (the user agent gives only the major one).
    const { Browser: browser } = await (await fetch(`http://${HOST}:${chrome.port}/json/version`)).json();
    const result = await lighthouse(url, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: CATEGORIES }, config);
    if (!result) throw new Error(`Lighthouse returned no result for ${url}`);
    return { ...result, browser };
  } finally {
    chrome.kill();
    chromes.delete(chrome);
  }
}

/** The audits that lowered a category's score: each with its score and Lighthouse's title. */
function shortfalls(lhr) {
  const lines = [];
  for (const id of CATEGORIES) {
    const category = lhr.categories[id];
    if (!category || category.score === 1) continue;
    for (const ref of category.auditRefs) {
      const result = lhr.audits[ref.id];
      if (ref.weight === 0 && category.score !== null) continue;
      if (result.score === null || result.score === 1 || ['notApplicable', 'informative', 'manual'].includes(result.scoreDisplayMode)) continue;
      const value = result.displayValue ? ` (${result.displayValue})` : '';
      lines.push(`${id}: ${ref.id} ${Math.round(result.score * 100)}: ${result.title}${value}`);
    }
  }
  return lines;
}

async function main() {
  if (!existsSync(CHROME_PATH)) {
    throw new Error(`${CHROME_PATH} is not installed: apt-get install chromium (or set CHROME_PATH); this script never downloads a browser`);
  }
  if (!Number.isInteger(RUNS) || RUNS < 1) throw new Error(`LIGHTHOUSE_RUNS must be a whole number of 1 or more, not ${process.env.LIGHTHOUSE_RUNS}`);
  const port = await freePort();
  const origin = `http://${HOST}:${port}`;
  server = spawn(process.execPath, [path.join(ROOT, 'bin', 'vitrine.js'), 'serve'], {
    cwd: ROOT,
    env: { ...process.env, HOST, PORT: String(port), BASE_URL: origin, CONTENT_DIR: path.join(ROOT, 'content'), LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  await waitFor(`${origin}/healthz`, server, 60_000);
  console.log(`${await makePictures(origin)} pictures asked for once, so each is made before Lighthouse times it`);

  const reports = await mkdtemp(path.join(tmpdir(), 'vitrine-lighthouse-'));
  const rows = [];
  const problems = [];
  // Audits Lighthouse itself failed to run (their message), once each.
  const unrun = [];
  let lighthouseVersion = '';
  let chromeVersion = '';
  for (const [formFactor, config] of FORM_FACTORS) {
    for (const [name, pagePath] of PAGES) {
      const runs = [];
      for (let run = 0; run < RUNS; run++) runs.push(await audit(`${origin}${pagePath}`, config));
      const median = computeMedianRun(runs.map((r) => r.lhr));
      const result = runs.find((r) => r.lhr === median) ?? runs[0];
      const { lhr } = result;
      lighthouseVersion = lhr.lighthouseVersion;
      chromeVersion = result.browser;
      const file = path.join(reports, `${formFactor}-${pagePath === '/' ? 'home' : pagePath.slice(1).replaceAll('/', '-')}.json`);
      await writeFile(file, result.report);
      const scores = CATEGORIES.map((id) => {
        const score = lhr.categories[id]?.score;
        return typeof score === 'number' ? Math.round(score * 100) : null;
      });
      const pictures = PICTURE_AUDITS.map((id) => {
        const { score, displayValue } = lhr.audits[id] ?? {};
        return `${id} ${typeof score === 'number' ? Math.round(score * 100) : '-'}${displayValue ? ` (${displayValue})` : ''}`;
      });
      rows.push({ name, pagePath, formFactor, scores, pictures });
      for (const line of shortfalls(lhr)) problems.push(`${formFactor} ${pagePath} ${line}`);
      for (const failed of Object.values(lhr.audits).filter((a) => a.scoreDisplayMode === 'error')) {
        const line = `${failed.id}: ${failed.errorMessage}`;
        if (!unrun.includes(line)) unrun.push(line);
      }
      if (lhr.runWarnings.length) for (const warning of lhr.runWarnings) problems.push(`${formFactor} ${pagePath} warning: ${warning}`);
      console.log(`${formFactor.padEnd(7)} ${pagePath.padEnd(42)} ${scores.map((s) => String(s ?? '-').padStart(3)).join(' ')}`);
    }
  }

  console.log(`\nLighthouse ${lighthouseVersion}, ${chromeVersion}, ${new Date().toISOString().slice(0, 10)}\n`);
  console.log(`| page | form factor | ${CATEGORIES.join(' | ')} |`);
  console.log(`| --- | --- | ${CATEGORIES.map(() => '---:').join(' | ')} |`);
  for (const row of rows) console.log(`| ${row.name} \`${row.pagePath}\` | ${row.formFactor} | ${row.scores.map((s) => s ?? '-').join(' | ')} |`);
  console.log(`\nPictures:\n${rows.map((row) => `  ${row.formFactor} ${row.pagePath}: ${row.pictures.join(', ')}`).join('\n')}`);
  if (problems.length) console.log(`\nBelow 100:\n${problems.map((p) => `  ${p}`).join('\n')}`);
  if (unrun.length) console.log(`\nAudits Lighthouse could not run (no score of theirs counts):\n${unrun.map((u) => `  ${u}`).join('\n')}`);
  console.log(`\nJSON reports: ${reports}`);
  return rows.every((row) => row.scores.every((s) => s === 100)) ? 0 : 1;
}

let code = 1;
try {
  code = await main();
} catch (error) {
  console.error('lighthouse:', error instanceof Error ? error.message : error);
} finally {
  await cleanUp();
  clearTimeout(watchdog);
}
process.exit(code);
