/**
 * Content published from git (CONTENT_GIT): real `git` with a bare
 * repository as the remote, a real redis-server, and real instances of
 * `vitrine serve`. Every wait polls /healthz and gives up only after a
 * generous bound; nothing here asserts how long a step takes.
 */
import assert from 'node:assert/strict';
import { mkdtemp, rename, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { ROOT } from '../helper.js';
import { RedisServer } from '../http/redis-server.js';
import { freePort } from '../ports.js';
import type { ServerProcess } from '../process.js';
import { startServer, vitrine } from '../process.js';
import { git, GitRemote, githubPush } from './git-remote.js';

const SECRET = 'a shared webhook secret';
const MINIMAL = path.join(ROOT, 'test', 'fixtures', 'minimal');
const POST = 'posts/receita-de-broa.md';
/** How long a wait may last before the test gives up: far beyond what any step takes. */
const GIVE_UP_MS = 30_000;

interface Health {
  readonly content_commit?: string;
  readonly content_refused?: { readonly commit: string; readonly error: string; readonly refused_at: string } | null;
}

async function health(server: ServerProcess): Promise<Health> {
  return (await fetch(`${server.url}/healthz`)).json() as Promise<Health>;
}

/** Polls /healthz of every server until `holds` is true of each. */
async function until(servers: readonly ServerProcess[], what: string, holds: (health: Health) => boolean): Promise<void> {
  const deadline = Date.now() + GIVE_UP_MS;
  for (;;) {
    const healths = await Promise.all(servers.map(health));
    if (healths.every(holds)) return;
    if (Date.now() > deadline) throw new Error(`gave up waiting until ${what}: ${JSON.stringify(healths)}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

async function postTitle(server: ServerProcess): Promise<string> {
  const response = await fetch(`${server.url}/api/v1/posts/receita-de-broa`);
  assert.equal(response.status, 200);
  return ((await response.json()) as { title: string }).title;
}

async function retitle(work: string, title: string): Promise<void> {
  const file = path.join(work, POST);
  await writeFile(file, `---\ntitle: ${title}\nsummary: A broa de milho da casa.\ncategory: Receitas\nlocale: pt-BR\npublished_at: 2026-01-05\nauthor: Ana\n---\nMisture o fubá.\n`);
}

function serveFromGit(remote: GitRemote, env: Record<string, string>): Promise<ServerProcess> {
  return startServer({ CONTENT_GIT: remote.url, TMPDIR: remote.root, RATE_LIMIT_REQUESTS: '1000000', ...env });
}

async function stop(server: ServerProcess | undefined): Promise<void> {
  if (!server || server.child.exitCode !== null) return;
  server.child.kill('SIGTERM');
  assert.equal(await server.exited, 0, server.output());
}

/** `clients` clients asking `urls` without pause until `done` settles; answers every request that failed. */
async function clientsUntil(urls: readonly string[], clients: number, done: Promise<unknown>): Promise<{ readonly answered: number; readonly failed: readonly string[] }> {
  let running = true;
  void done.finally(() => (running = false)).catch(() => {});
  let answered = 0;
  const failed: string[] = [];
  await Promise.all(
    Array.from({ length: clients }, async (_, client) => {
      for (let next = client; running; next++) {
        const url = urls[next % urls.length]!;
        try {
          const response = await fetch(url);
          await response.arrayBuffer();
          if (response.status === 200) answered++;
          else failed.push(`${url}: ${response.status}`);
        } catch (error) {
          failed.push(`${url}: ${(error as Error).message}`);
        }
      }
    }),
  );
  return { answered, failed };
}

describe('content from git, two instances sharing Redis', () => {
  let redis: RedisServer;
  let remote: GitRemote;
  let first: string;
  let a: ServerProcess;
  let b: ServerProcess;
  let late: ServerProcess | undefined;

  before(async () => {
    redis = await RedisServer.start();
    remote = await GitRemote.create(MINIMAL);
    first = await git(remote.work, ['rev-parse', 'HEAD']);
    const env = { CONTENT_HOOK_SECRET: SECRET, CONTENT_GIT_POLL_S: '0', REDIS_URL: redis.url };
    [a, b] = await Promise.all([serveFromGit(remote, { ...env, METRICS_PORT: '0' }), serveFromGit(remote, env)]);
  });

  after(async () => {
    await Promise.all([stop(a), stop(b), stop(late)]);
    await redis?.stop();
    await remote?.remove();
  });

  test('both instances start on the branch tip, each in a cache folder of its own', async () => {
    await until([a, b], 'both serve the first commit', (state) => state.content_commit === first && state.content_refused === null);
    const caches = [a, b].map((server) => /"cache":"([^"]+)"/.exec(server.output())?.[1]);
    assert.ok(caches[0] && caches[1] && caches[0] !== caches[1], `${caches.join(' and ')}`);
  });

  test('a hook without a valid signature answers 401, fetches nothing and changes nothing', async () => {
    const pushed = await remote.commit('A title not yet published', (work) => retitle(work, 'Broa sem assinatura'));
    const { body } = githubPush(SECRET);
    const forged = githubPush('another secret');
    for (const headers of [{ 'content-type': 'application/json' }, forged.headers, { 'content-type': 'application/json', 'x-gitlab-token': 'a wrong token' }]) {
      const response = await fetch(`${a.url}/hooks/content`, { method: 'POST', headers, body });
      assert.equal(response.status, 401);
      assert.equal(response.headers.get('content-type'), 'application/problem+json; charset=utf-8');
      assert.equal(((await response.json()) as { code: string }).code, 'unauthorized');
    }
    // A signature of another body is no signature of this one.
    const tampered = await fetch(`${a.url}/hooks/content`, { method: 'POST', headers: githubPush(SECRET).headers, body: body.replace('main', 'mainx') });
    assert.equal(tampered.status, 401);
    assert.doesNotMatch(a.output(), /content: fetching/);
    assert.deepEqual((await Promise.all([a, b].map(health))).map((state) => state.content_commit), [first, first]);
    assert.equal(await postTitle(a), 'Receita de broa');
    assert.notEqual(pushed, first);
  });

  test('a signed push to another branch is acknowledged and ignored', async () => {
    await remote.commit('Drafts', (work) => retitle(work, 'Rascunho'), 'drafts');
    const hook = githubPush(SECRET, 'drafts');
    const response = await fetch(`${a.url}/hooks/content`, { method: 'POST', headers: hook.headers, body: hook.body });
    assert.equal(response.status, 200);
    assert.deepEqual(await response.json(), { status: 'ignored', detail: 'The push is to refs/heads/drafts; this deployment publishes refs/heads/main.', branch: 'main' });
    assert.doesNotMatch(a.output(), /content: fetching/);
  });

  test('a signed hook to one instance moves both to the pushed commit while 16 clients lose no request', async () => {
    const pushed = await remote.commit('A new title', (work) => retitle(work, 'Broa de milho da casa'));
    const urls = [a, b].flatMap((server) => ['/api/v1/posts/receita-de-broa', '/api/v1/posts', '/blog/receita-de-broa', '/md/blog/receita-de-broa.md', '/'].map((url) => `${server.url}${url}`));
    const switched = (async () => {
      const hook = githubPush(SECRET);
      const response = await fetch(`${a.url}/hooks/content`, { method: 'POST', headers: hook.headers, body: hook.body });
      assert.equal(response.status, 202);
      assert.equal(((await response.json()) as { status: string }).status, 'fetching');
      await until([a, b], 'both serve the pushed commit', (state) => state.content_commit === pushed);
    })();
    const load = await clientsUntil(urls, 16, switched);
    await switched;
    assert.deepEqual(load.failed, []);
    assert.ok(load.answered > 0);
    assert.deepEqual(await Promise.all([postTitle(a), postTitle(b)]), ['Broa de milho da casa', 'Broa de milho da casa']);
  });

  test('a commit that fails the content check is refused on both instances, the last good one serving', async () => {
    const good = (await health(a)).content_commit;
    const broken = await remote.commit('A post without a title', (work) => writeFile(path.join(work, 'posts', 'sem-titulo.md'), '---\nsummary: Falta o título.\ncategory: Receitas\nlocale: pt-BR\npublished_at: 2026-02-01\n---\nTexto.\n'));
    const hook = githubPush(SECRET);
    assert.equal((await fetch(`${b.url}/hooks/content`, { method: 'POST', headers: hook.headers, body: hook.body })).status, 202);
    await until([a, b], 'both refuse the broken commit', (state) => state.content_refused?.commit === broken);
    for (const state of await Promise.all([a, b].map(health))) {
      assert.equal(state.content_commit, good);
      assert.match(state.content_refused?.error ?? '', /^posts\/sem-titulo\.md(:\d+)?: .*title/);
    }
    assert.deepEqual(await Promise.all([postTitle(a), postTitle(b)]), ['Broa de milho da casa', 'Broa de milho da casa']);
    assert.equal((await fetch(`${a.url}/api/v1/posts/sem-titulo`)).status, 404);
    assert.match(b.output(), /content: commit [0-9a-f]{12} refused, still serving [0-9a-f]{12}: posts\/sem-titulo\.md/);
  });

  test('the metrics count the switch, the refusal and the fetches, and name the commit served', async () => {
    const metricsUrl = /Metrics at (http:\/\/[^/]+)\/metrics/.exec(a.output())?.[1];
    assert.ok(metricsUrl, a.output());
    const text = await (await fetch(`${metricsUrl}/metrics`)).text();
    const served = (await health(a)).content_commit;
    assert.match(text, /^content_git_switches_total 1$/m);
    assert.match(text, /^content_git_refusals_total 1$/m);
    assert.match(text, new RegExp(`^content_git_commit_info\\{commit="${served}"\\} 1$`, 'm'));
    assert.match(text, /^content_git_fetch_seconds_count\{outcome="ok"\} [1-9]/m);
  });

  test('an instance started after a switch serves the commit the others serve, not the refused tip', async () => {
    const served = (await health(a)).content_commit;
    late = await serveFromGit(remote, { CONTENT_HOOK_SECRET: SECRET, CONTENT_GIT_POLL_S: '0', REDIS_URL: redis.url });
    const state = await health(late);
    assert.equal(state.content_commit, served);
    assert.equal(await postTitle(late), 'Broa de milho da casa');
  });
});

describe('content from git without webhooks or a reachable Redis', () => {
  let remote: GitRemote;
  let server: ServerProcess | undefined;

  before(async () => {
    remote = await GitRemote.create(MINIMAL);
  });

  after(async () => {
    await stop(server);
    await remote?.remove();
  });

  test('polling alone picks up a push, also where the Redis named is out of reach', async () => {
    server = await serveFromGit(remote, { CONTENT_GIT_POLL_S: '1', REDIS_URL: `redis://127.0.0.1:${await freePort()}` });
    assert.match(server.output(), /content: Redis is unreachable/);
    const pushed = await remote.commit('Polled', (work) => retitle(work, 'Broa achada sem gancho'));
    await until([server], 'the poll finds the push', (state) => state.content_commit === pushed);
    assert.equal(await postTitle(server), 'Broa achada sem gancho');
    const hook = githubPush(SECRET);
    // Without CONTENT_HOOK_SECRET no hook is accepted.
    assert.equal((await fetch(`${server.url}/hooks/content`, { method: 'POST', headers: hook.headers, body: hook.body })).status, 401);
  });

  test('a force-push that rewrites the branch is followed', async () => {
    const served = (await health(server!)).content_commit;
    await git(remote.work, ['reset', '--quiet', '--hard', 'HEAD~1']);
    const rewritten = await remote.commit('History rewritten', (work) => retitle(work, 'Broa reescrita'));
    assert.equal((await git(remote.work, ['merge-base', '--is-ancestor', served!, 'HEAD']).then(() => 'ancestor', () => 'gone')), 'gone');
    await until([server!], 'the poll finds the rewritten branch', (state) => state.content_commit === rewritten);
    assert.equal(await postTitle(server!), 'Broa reescrita');
  });
});

describe('content from git at start-up', () => {
  test('an unreachable remote with no cache stops start-up with one line naming CONTENT_GIT, and no token', async () => {
    const tmp = await mkdtemp(path.join(os.tmpdir(), 'vitrine-git-unreachable-'));
    try {
      for (const remote of ['https://editor:s3cr3t-t0ken@127.0.0.1:9/site.git', path.join(tmp, 'missing.git')]) {
        const run = await vitrine(['serve'], { CONTENT_GIT: remote, TMPDIR: tmp, PORT: '0' });
        assert.equal(run.code, 1, run.stderr);
        const lines = run.stderr.trim().split('\n');
        assert.equal(lines.length, 1, run.stderr);
        assert.match(lines[0]!, /^vitrine: configuration: CONTENT_GIT: .+ cannot be fetched, and no earlier commit is kept here: /);
        assert.doesNotMatch(run.stderr + run.stdout, /s3cr3t-t0ken/);
      }
    } finally {
      await rm(tmp, { recursive: true, force: true });
    }
  });

  test('CONTENT_GIT_POLL_S=0 without CONTENT_HOOK_SECRET stops start-up: nothing would ever fetch', async () => {
    const run = await vitrine(['serve'], { CONTENT_GIT: '/srv/site.git', CONTENT_GIT_POLL_S: '0', PORT: '0' });
    assert.equal(run.code, 1);
    assert.match(run.stderr, /^vitrine: configuration: CONTENT_GIT_POLL_S: 0 \(webhooks only\) needs CONTENT_HOOK_SECRET/);
  });
});

describe('content from git when the remote fails', () => {
  let remote: GitRemote;
  let server: ServerProcess | undefined;

  before(async () => {
    remote = await GitRemote.create(MINIMAL);
  });

  after(async () => {
    await stop(server);
    await remote?.remove();
  });

  test('a fetch that fails keeps the commit in force and is tried again until it succeeds', async () => {
    server = await serveFromGit(remote, { CONTENT_HOOK_SECRET: SECRET, CONTENT_GIT_POLL_S: '0' });
    const first = (await health(server)).content_commit;
    const pushed = await remote.commit('Published while the remote is away', (work) => retitle(work, 'Broa depois da falha'));
    await rename(remote.url, `${remote.url}.away`);
    const hook = githubPush(SECRET);
    assert.equal((await fetch(`${server.url}/hooks/content`, { method: 'POST', headers: hook.headers, body: hook.body })).status, 202);
    await server.waitFor(/content: the fetch failed; still serving/, GIVE_UP_MS);
    assert.equal((await health(server)).content_commit, first);
    assert.equal(await postTitle(server), 'Receita de broa');
    // No hook, no poll: the retry alone finds the remote back.
    await rename(`${remote.url}.away`, remote.url);
    await until([server], 'the retry fetches the push', (state) => state.content_commit === pushed);
    assert.equal(await postTitle(server), 'Broa depois da falha');
  });

  test('a restart reuses its cache folder: the remote out of reach, it serves the last good commit; a broken repository is made again', async () => {
    const served = (await health(server!)).content_commit;
    const cache = /"cache":"([^"]+)"/.exec(server!.output())?.[1];
    assert.ok(cache);
    await stop(server);
    await rename(remote.url, `${remote.url}.away`);
    server = await serveFromGit(remote, { CONTENT_GIT_POLL_S: '60' });
    assert.equal((await health(server)).content_commit, served);
    assert.match(server.output(), /content: the remote is out of reach; starting with the last good commit/);
    assert.equal(/"cache":"([^"]+)"/.exec(server.output())?.[1], cache);
    await stop(server);
    await rename(`${remote.url}.away`, remote.url);
    await rm(path.join(cache, 'repository.git', 'HEAD'));
    const pushed = await remote.commit('After the repair', (work) => retitle(work, 'Broa do cache refeito'));
    server = await serveFromGit(remote, { CONTENT_GIT_POLL_S: '60' });
    assert.equal((await health(server)).content_commit, pushed);
    assert.equal(await postTitle(server), 'Broa do cache refeito');
  });

  test('SIGTERM during a fetch stops the fetch and the process cleanly', async () => {
    await stop(server);
    // An ssh remote whose connection hangs once the flag exists: git runs this in place of ssh.
    const flag = path.join(remote.root, 'hang');
    const ssh = path.join(remote.root, 'fake-ssh.sh');
    await writeFile(ssh, `#!/bin/sh\nfor last; do :; done\nif [ -e '${flag}' ]; then exec sleep 30; fi\nexec sh -c "$last"\n`);
    server = await startServer({
      CONTENT_GIT: `ssh://git.example${remote.url}`,
      GIT_SSH_COMMAND: `sh ${ssh}`,
      TMPDIR: remote.root,
      CONTENT_HOOK_SECRET: SECRET,
      CONTENT_GIT_POLL_S: '0',
    });
    await writeFile(flag, '');
    const hook = githubPush(SECRET);
    assert.equal((await fetch(`${server.url}/hooks/content`, { method: 'POST', headers: hook.headers, body: hook.body })).status, 202);
    await server.waitFor(/content: fetching/);
    server.child.kill('SIGTERM');
    assert.equal(await server.exited, 0, server.output());
    assert.match(server.output(), /"msg":"stopped"/);
    assert.doesNotMatch(server.output(), /the fetch failed/);
  });
});
