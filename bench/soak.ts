/**
 * Soak test (`npm run soak`).
 *
 * Starts the app in a child process on 127.0.0.1 (with a quota no load
 * reaches: the real 600 per minute would refuse it) and drives a bounded,
 * mixed load at it for SOAK_SECONDS (default 300): the API with varied
 * parameters, search with varied words, MCP tools/call and resources/read,
 * HTML pages, markdown mirrors (/md/ and Accept: text/markdown), and a few
 * requests that must fail (404, 400). Every 30 s it prints the requests
 * served, the errors (a 5xx, a status other than the case expects, a
 * connection failure) and the child's resident memory and heap after a GC.
 * At the end it says whether memory stayed flat after warm-up: the last
 * samples against the one taken after the first minute.
 *
 * `npm run soak -- --write` also writes the report into bench/RESULTS.md
 * under "## Soak", replacing only that section.
 */
import { fork } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { readFile, writeFile } from 'node:fs/promises';
import { Agent, request } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const RESULTS = path.join(ROOT, 'bench', 'RESULTS.md');

/** Requests in flight at once: a busy but bounded client. */
const CONCURRENCY = 16;
/** Memory may grow this much past the warm-up sample and still count as flat (allocator and JIT noise). */
const FLAT_TOLERANCE = { ratio: 0.1, megabytes: 16 };

interface Sample {
  readonly seconds: number;
  readonly requests: number;
  readonly errors: number;
  readonly rssMb: number;
  readonly heapMb: number;
}

interface MemoryReport {
  readonly rss: number;
  readonly heapUsed: number;
}

// --- the child: the app, listening ------------------------------------------

async function serve(): Promise<void> {
  const { buildApp } = await import('../src/app.js');
  const { loadConfig } = await import('../src/config/config.js');
  const { loadCatalog } = await import('../src/content/load.js');
  const { MemoryStore, RateLimiter } = await import('../src/http/rate-limit.js');
  const config = loadConfig({ LOG_LEVEL: 'silent', BASE_URL: 'http://127.0.0.1' });
  const catalog = await loadCatalog({ dir: config.contentDir, baseUrl: config.baseUrl });
  const limiter = new RateLimiter({ name: 'public-read', limit: 1_000_000_000, windowSeconds: 60 }, new MemoryStore());
  const { server } = await buildApp({ config, catalog, limiter });
  await server.listen({ port: 0, host: '127.0.0.1' });
  const address = server.server.address();
  process.on('message', (message) => {
    if (message === 'memory') {
      // A full collection first, so the heap figure is what is retained, not garbage not yet swept.
      (globalThis as { gc?: () => void }).gc?.();
      const { rss, heapUsed } = process.memoryUsage();
      process.send?.({ rss, heapUsed } satisfies MemoryReport);
    } else if (message === 'stop') {
      void server.close().then(() => process.exit(0));
    }
  });
  process.send?.({ port: typeof address === 'object' && address ? address.port : 0 });
}

// --- the load ---------------------------------------------------------------

interface Case {
  readonly method: 'GET' | 'POST';
  readonly path: string;
  readonly headers?: Record<string, string>;
  readonly body?: string;
  readonly expect: number;
}

const WORDS = ['cloud', 'nuvem', 'automacao', 'AUTOMAÇÃO', 'kubernetes', 'agentes', 'seguranca', 'open source', 'plataforma', 'gestao', 'ia', 'dados', 'compliance', 'grc', 'saas', 'brasil'];
const MCP_HEADERS = { 'content-type': 'application/json', accept: 'application/json, text/event-stream' };

function pick<T>(values: readonly T[]): T {
  return values[Math.floor(Math.random() * values.length)] as T;
}

function rpc(method: string, params: object): Case {
  return { method: 'POST', path: '/mcp', headers: MCP_HEADERS, body: JSON.stringify({ jsonrpc: '2.0', id: Math.floor(Math.random() * 1e9), method, params }), expect: 200 };
}

interface Slugs {
  readonly products: readonly string[];
  readonly posts: readonly string[];
  readonly pages: readonly string[];
}

/** One request of the mix, drawn with these weights: API 40 %, search 15 %, MCP 20 %, site 15 %, mirrors 8 %, failures 2 %. */
function nextCase(slugs: Slugs): Case {
  const roll = Math.random() * 100;
  const word = () => encodeURIComponent(`${pick(WORDS)}${Math.random() < 0.3 ? ` ${pick(WORDS)}` : ''}`);
  if (roll < 40) {
    return pick<() => Case>([
      () => ({ method: 'GET', path: '/api/v1', expect: 200 }),
      () => ({ method: 'GET', path: '/api/v1/company', expect: 200 }),
      () => ({ method: 'GET', path: `/api/v1/products?limit=${1 + Math.floor(Math.random() * 5)}&offset=${Math.floor(Math.random() * 4)}`, expect: 200 }),
      () => ({ method: 'GET', path: `/api/v1/products/${pick(slugs.products)}`, expect: 200 }),
      () => ({ method: 'GET', path: `/api/v1/posts?limit=${1 + Math.floor(Math.random() * 20)}&locale=${pick(['en', 'pt-BR'])}`, expect: 200 }),
      () => ({ method: 'GET', path: `/api/v1/posts/${pick(slugs.posts)}`, expect: 200 }),
      () => ({ method: 'GET', path: '/api/v1/pages', expect: 200 }),
      () => ({ method: 'GET', path: `/api/v1/pages/${pick(slugs.pages)}`, expect: 200 }),
      () => ({ method: 'GET', path: '/api/v1/health', expect: 200 }),
    ])();
  }
  if (roll < 55) return { method: 'GET', path: `/api/v1/search?q=${word()}&limit=${1 + Math.floor(Math.random() * 20)}`, expect: 200 };
  if (roll < 75) {
    return pick<() => Case>([
      () => rpc('tools/call', { name: 'search_content', arguments: { query: decodeURIComponent(word()), limit: 5 } }),
      () => rpc('tools/call', { name: 'get_post', arguments: { slug: pick(slugs.posts) } }),
      () => rpc('tools/call', { name: 'get_product', arguments: { slug: pick(slugs.products) } }),
      () => rpc('tools/call', { name: 'list_posts', arguments: { limit: 5 } }),
      () => rpc('tools/call', { name: 'get_company_info', arguments: {} }),
      () => rpc('tools/list', {}),
      () => rpc('resources/read', { uri: `http://127.0.0.1/md/${pick(slugs.pages) === 'index' ? 'index' : pick(slugs.pages)}.md` }),
    ])();
  }
  if (roll < 90) {
    return pick<() => Case>([
      () => ({ method: 'GET', path: '/', expect: 200 }),
      () => ({ method: 'GET', path: '/products', expect: 200 }),
      () => ({ method: 'GET', path: `/products/${pick(slugs.products)}`, expect: 200 }),
      () => ({ method: 'GET', path: '/blog', expect: 200 }),
      () => ({ method: 'GET', path: `/blog/${pick(slugs.posts)}`, expect: 200 }),
      () => ({ method: 'GET', path: '/developers', expect: 200 }),
      () => ({ method: 'GET', path: '/about', expect: 200 }),
    ])();
  }
  if (roll < 98) {
    return pick<() => Case>([
      () => ({ method: 'GET', path: '/md/index.md', expect: 200 }),
      () => ({ method: 'GET', path: `/md/blog/${pick(slugs.posts)}.md`, expect: 200 }),
      () => ({ method: 'GET', path: `/md/products/${pick(slugs.products)}.md`, expect: 200 }),
      () => ({ method: 'GET', path: `/blog/${pick(slugs.posts)}`, headers: { accept: 'text/markdown' }, expect: 200 }),
      () => ({ method: 'GET', path: '/llms.txt', expect: 200 }),
    ])();
  }
  return pick<() => Case>([
    () => ({ method: 'GET', path: `/api/v1/posts/no-such-${Math.floor(Math.random() * 1e6)}`, expect: 404 }),
    () => ({ method: 'GET', path: `/api/v1/products?limit=${101 + Math.floor(Math.random() * 1000)}`, expect: 400 }),
  ])();
}

function send(agent: Agent, port: number, item: Case): Promise<number> {
  return new Promise((resolve) => {
    const req = request({ host: '127.0.0.1', port, agent, method: item.method, path: item.path, headers: item.headers ?? {} }, (response) => {
      response.resume();
      response.on('end', () => resolve(response.statusCode ?? 0));
      response.on('error', () => resolve(0));
    });
    req.on('error', () => resolve(0));
    req.end(item.body);
  });
}

function memoryOf(child: ChildProcess): Promise<MemoryReport> {
  return new Promise((resolve) => {
    child.once('message', (message) => resolve(message as MemoryReport));
    child.send('memory');
  });
}

async function slugsOf(agent: Agent, port: number): Promise<Slugs> {
  const get = (url: string) =>
    new Promise<{ items: { slug: string }[] }>((resolve, reject) => {
      request({ host: '127.0.0.1', port, agent, path: url }, (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => resolve(JSON.parse(Buffer.concat(chunks).toString('utf8')) as { items: { slug: string }[] }));
      })
        .on('error', reject)
        .end();
    });
  const slugs = async (url: string) => (await get(url)).items.map((item) => item.slug);
  return { products: await slugs('/api/v1/products'), posts: await slugs('/api/v1/posts?limit=100'), pages: await slugs('/api/v1/pages') };
}

const mb = (bytes: number) => Math.round((bytes / 1024 / 1024) * 10) / 10;

async function drive(): Promise<void> {
  const seconds = Number(process.env.SOAK_SECONDS ?? 300);
  if (!Number.isFinite(seconds) || seconds < 1) throw new Error(`SOAK_SECONDS must be a number of seconds of at least 1, got "${process.env.SOAK_SECONDS}"`);
  // Every 30 s, or ten samples in a shorter try; the warm-up ends after the first minute (or a fifth of a short run).
  const every = Math.min(30, seconds / 10);
  const warmUp = Math.min(60, seconds / 5);

  const child = fork(fileURLToPath(import.meta.url), ['--serve'], { execArgv: ['--import', 'tsx', '--expose-gc'], stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  const port = await new Promise<number>((resolve, reject) => {
    child.once('message', (message) => resolve((message as { port: number }).port));
    child.once('exit', (code) => reject(new Error(`the app exited with ${code} before listening`)));
  });
  const agent = new Agent({ keepAlive: true, maxSockets: CONCURRENCY });
  const slugs = await slugsOf(agent, port);

  let requests = 0;
  let errors = 0;
  const unexpected = new Map<string, number>();
  const started = Date.now();
  const deadline = started + seconds * 1000;
  const worker = async () => {
    while (Date.now() < deadline) {
      const item = nextCase(slugs);
      const status = await send(agent, port, item);
      requests += 1;
      if (status !== item.expect) {
        errors += 1;
        const key = `${item.method} ${item.path.split('?')[0]} -> ${status || 'connection error'}`;
        unexpected.set(key, (unexpected.get(key) ?? 0) + 1);
      }
    }
  };

  const samples: Sample[] = [];
  const first = await memoryOf(child);
  samples.push({ seconds: 0, requests: 0, errors: 0, rssMb: mb(first.rss), heapMb: mb(first.heapUsed) });
  console.log(`soak: ${seconds} s of mixed load, ${CONCURRENCY} requests in flight, app pid ${child.pid} on 127.0.0.1:${port}`);
  console.log('   time  requests   req/s  errors  rss MB  heap MB');
  const print = (sample: Sample, previous: Sample | undefined) => {
    const rate = previous ? Math.round((sample.requests - previous.requests) / (sample.seconds - previous.seconds)) : 0;
    console.log(
      `${String(sample.seconds).padStart(5)} s ${String(sample.requests).padStart(9)} ${String(rate).padStart(7)} ${String(sample.errors).padStart(7)} ${String(sample.rssMb).padStart(7)} ${String(sample.heapMb).padStart(8)}`,
    );
  };
  print(samples[0] as Sample, undefined);

  const sampler = (async () => {
    for (let next = every; next <= seconds + 0.001; next += every) {
      await new Promise((resolve) => setTimeout(resolve, Math.max(0, started + next * 1000 - Date.now())));
      const memory = await memoryOf(child);
      const sample = { seconds: Math.round(next * 10) / 10, requests, errors, rssMb: mb(memory.rss), heapMb: mb(memory.heapUsed) };
      print(sample, samples.at(-1));
      samples.push(sample);
    }
  })();
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  await sampler;
  agent.destroy();
  child.send('stop');

  const baseline = samples.find((sample) => sample.seconds >= warmUp) ?? (samples.at(-1) as Sample);
  const tail = samples.filter((sample) => sample.seconds > baseline.seconds).slice(-3);
  const limit = (value: number) => value * (1 + FLAT_TOLERANCE.ratio) + FLAT_TOLERANCE.megabytes;
  const rssFlat = tail.every((sample) => sample.rssMb <= limit(baseline.rssMb));
  const heapFlat = tail.every((sample) => sample.heapMb <= limit(baseline.heapMb));
  const last = samples.at(-1) as Sample;
  const verdict =
    tail.length === 0
      ? 'not judged: the run is too short for a sample after the warm-up one'
      : rssFlat && heapFlat
        ? `flat: the last ${tail.length} samples stay within ${FLAT_TOLERANCE.ratio * 100} % + ${FLAT_TOLERANCE.megabytes} MB of the ${baseline.seconds} s sample (RSS ${baseline.rssMb} -> ${last.rssMb} MB, heap ${baseline.heapMb} -> ${last.heapMb} MB)`
        : `NOT flat: after the ${baseline.seconds} s sample (RSS ${baseline.rssMb} MB, heap ${baseline.heapMb} MB) memory grew to RSS ${last.rssMb} MB, heap ${last.heapMb} MB`;
  console.log(`\nrequests: ${requests} (${Math.round(requests / seconds)}/s), errors: ${errors}`);
  for (const [key, count] of unexpected) console.log(`  unexpected: ${key} (${count})`);
  console.log(`memory: ${verdict}`);

  if (process.argv.includes('--write')) await writeReport(seconds, samples, requests, errors, unexpected, verdict);
  process.exitCode = errors === 0 && (tail.length === 0 || (rssFlat && heapFlat)) ? 0 : 1;
}

async function writeReport(seconds: number, samples: readonly Sample[], requests: number, errors: number, unexpected: ReadonlyMap<string, number>, verdict: string): Promise<void> {
  const cpus = os.cpus();
  const rows = samples.map((sample, index) => {
    const previous = samples[index - 1];
    const rate = previous ? Math.round((sample.requests - previous.requests) / (sample.seconds - previous.seconds)) : 0;
    return `| ${sample.seconds} | ${sample.requests} | ${rate} | ${sample.errors} | ${sample.rssMb} | ${sample.heapMb} |`;
  });
  const section = [
    '## Soak',
    '',
    `\`npm run soak\` (bench/soak.ts), ${new Date().toISOString().slice(0, 10)}, on ${cpus.length} × ${cpus[0]?.model.trim() ?? 'unknown CPU'}, ${Math.round(os.totalmem() / 1024 ** 3)} GB RAM, ${os.type()} ${os.release()}, Node ${process.version}.`,
    `The app runs in its own process on 127.0.0.1 with a quota no load reaches; the load generator shares the machine's ${cpus.length} cores with it.`,
    `For ${seconds} s, ${CONCURRENCY} requests in flight over keep-alive connections: API 40 %, search 15 % (varied words), MCP tools/call and resources/read 20 %, HTML pages 15 %, markdown mirrors 8 %, deliberate 404/400 2 %.`,
    'Memory is the app process\'s resident set and its heap after a full GC, sampled every 30 s.',
    '',
    '| time (s) | requests | req/s | errors | RSS (MB) | heap (MB) |',
    '| ---: | ---: | ---: | ---: | ---: | ---: |',
    ...rows,
    '',
    `Requests served: ${requests} (${Math.round(requests / seconds)}/s). Errors (a 5xx, an unexpected status or a failed connection): ${errors}.${[...unexpected].map(([key, count]) => ` ${key}: ${count}.`).join('')}`,
    '',
    `Memory after warm-up: ${verdict}.`,
    '',
  ].join('\n');
  let text = '';
  try {
    text = await readFile(RESULTS, 'utf8');
  } catch {
    text = '# Benchmark results\n';
  }
  // Only this section is replaced (up to the next "## " heading); the rest of the file is left as it is.
  const start = text.search(/^## Soak$/m);
  if (start === -1) {
    text = `${text.trimEnd()}\n\n${section}`;
  } else {
    const rest = text.slice(start + 1).search(/^## /m);
    text = text.slice(0, start) + section + (rest === -1 ? '' : `\n${text.slice(start + 1 + rest)}`);
  }
  await writeFile(RESULTS, text);
  console.log(`wrote the "## Soak" section of ${path.relative(ROOT, RESULTS)}`);
}

if (process.argv.includes('--serve')) {
  await serve();
} else {
  await drive();
}
