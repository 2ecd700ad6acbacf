import { spawn, spawnSync } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { chmod, mkdir, readFile, writeFile } from 'node:fs/promises';
import type { Agent } from 'node:http';
import { request } from 'node:http';
import path from 'node:path';
import { ROOT } from '../helper.js';
import { freePort } from '../ports.js';

/** nginx as Debian installs it, wherever PATH puts it; undefined when it is not installed. */
export function nginxBinary(): string | undefined {
  for (const candidate of ['nginx', '/usr/sbin/nginx']) {
    if (spawnSync(candidate, ['-v'], { stdio: 'ignore' }).status === 0) return candidate;
  }
  return undefined;
}

export interface Answer {
  readonly status: number;
  readonly headers: Record<string, string | string[] | undefined>;
  readonly body: string;
}

/** A GET over HTTP/1.1, its body as text; fails after 10 seconds without an answer. */
export function get(url: string, headers: Record<string, string> = {}, agent?: Agent): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = request(url, { headers, ...(agent ? { agent } : {}) }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.setTimeout(10_000, () => req.destroy(new Error(`no answer from ${url} within 10 s`)));
    req.end();
  });
}

/**
 * nginx in the foreground with the configuration `conf`, written as
 * nginx.conf under `prefix`, once `ready` (a URL it serves) answers 200; the
 * test stops it with SIGTERM. Fails after about five seconds without that
 * answer. With `core`, nginx and its workers run on that CPU only (taskset),
 * as a benchmark pins the servers it compares.
 */
export async function startNginx(prefix: string, conf: string, ready: string, core?: number): Promise<ChildProcess> {
  const binary = nginxBinary();
  if (binary === undefined) throw new Error('nginx is not installed');
  const file = path.join(prefix, 'nginx.conf');
  await writeFile(file, conf);
  const command = [binary, '-p', prefix, '-c', file];
  if (core !== undefined) command.unshift('taskset', '-c', String(core));
  const nginx = spawn(command[0]!, command.slice(1), { stdio: ['ignore', 'ignore', 'pipe'] });
  let said = '';
  nginx.stderr?.setEncoding('utf8').on('data', (chunk: string) => (said += chunk));
  let exited: number | null | undefined;
  nginx.once('exit', (code) => (exited = code));
  for (let tries = 0; ; tries += 1) {
    // nginx that could not start (a port taken meanwhile, say) says why on its standard error.
    if (exited !== undefined) throw new Error(`nginx exited (${String(exited)}) before ${ready} answered: ${said.trim()}`);
    let failure: unknown = new Error(`${ready} did not answer 200 through nginx`);
    try {
      if ((await get(ready)).status === 200) return nginx;
    } catch (error) {
      failure = error;
    }
    if (tries > 100) {
      nginx.kill('SIGTERM');
      throw failure;
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/**
 * nginx serving the export in `exported` with bench/nginx.conf (the file
 * the deployment docs show), its prefix under `work`, on a free port; ready
 * once `probe` (a path) answers. `work` is opened to nginx's worker, which
 * runs as an unprivileged user and must read the export.
 */
export async function serveExport(work: string, exported: string, probe: string): Promise<{ readonly nginx: ChildProcess; readonly origin: string }> {
  await chmod(work, 0o755);
  const prefix = path.join(work, 'nginx');
  await mkdir(prefix);
  const port = await freePort();
  const conf = (await readFile(path.join(ROOT, 'bench', 'nginx.conf'), 'utf8'))
    .replaceAll('@PREFIX@', prefix)
    .replaceAll('@ROOT@', exported)
    .replaceAll('@PORT@', String(port));
  const origin = `http://127.0.0.1:${port}`;
  return { nginx: await startNginx(prefix, conf, `${origin}${probe}`), origin };
}
