/**
 * A git remote kept in a cache folder of this instance: a bare repository
 * fetched one commit deep, and each commit served written out as a folder
 * of its own (`trees/<commit>`), whole before it is named, so a folder that
 * exists is complete and the Catalog read from it never changes under a
 * request.
 *
 * Why the system `git` rather than a JavaScript implementation
 * (isomorphic-git): the remotes the service takes are a path, `file:`,
 * `https:` and `ssh:`, and isomorphic-git speaks only git's HTTP protocol
 * (no local or SSH transport, hence none of SSH keys, agents or
 * `~/.ssh/config`). git also brings every credential mechanism an operator
 * already uses (a token in the URL, credential helpers, `GIT_SSH_COMMAND`),
 * shallow fetches of one commit, and its own pack code, in processes of
 * its own. Measured on the 10,000-post repository of the benchmark, the
 * commit's files written from its pack: isomorphic-git's `checkout` 19.9 s
 * and 348 MB in this process, git's `read-tree` and `checkout-index` 1.1 s
 * and 30 MB in its own (docs/deploying.md, bench/RESULTS.md).
 */
import { execFile } from 'node:child_process';
import { mkdir, readdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';

/** A git command that failed: its first line of error, with any credential taken out. */
export class GitError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'GitError';
  }
}

/** A fetch that hangs (a remote that stopped answering) is given up after this. */
const FETCH_TIMEOUT_MS = 10 * 60_000;
const LOCAL_TIMEOUT_MS = 5 * 60_000;

/** `https://user:token@host/x` as `https://***@host/x`, in a URL or in git's own messages. */
export function redacted(text: string): string {
  return text.replace(/([a-z][a-z0-9+.-]*:\/\/)[^/@\s]+@/gi, '$1***@');
}

export class GitMirror {
  readonly #repository: string;
  readonly #trees: string;

  /** `signal` stops a command under way (the process is stopping). */
  constructor(
    readonly remote: string,
    readonly folder: string,
    private readonly signal: AbortSignal,
  ) {
    this.#repository = path.join(folder, 'repository.git');
    this.#trees = path.join(folder, 'trees');
  }

  /** Opens the bare repository, making it (again) when it is missing or broken; leftovers of a stopped checkout go. */
  async open(): Promise<void> {
    await mkdir(this.#trees, { recursive: true, mode: 0o700 });
    const healthy = await this.#git(['rev-parse', '--is-bare-repository']).then(
      (out) => out.trim() === 'true',
      () => false,
    );
    if (!healthy) {
      await rm(this.#repository, { recursive: true, force: true });
      await execGit(['init', '--quiet', '--bare', this.#repository], LOCAL_TIMEOUT_MS, this.signal);
    }
    // The remote as configured now: CONTENT_GIT may have changed since the folder was made.
    await this.#git(['config', 'remote.origin.url', this.remote]);
    for (const entry of await readdir(this.#trees)) if (!/^[0-9a-f]{40,64}$/.test(entry)) await rm(path.join(this.#trees, entry), { recursive: true, force: true });
  }

  /** The remote's default branch (what its HEAD names). */
  async defaultBranch(): Promise<string> {
    const out = await this.#git(['ls-remote', '--symref', 'origin', 'HEAD'], FETCH_TIMEOUT_MS);
    const branch = /^ref: refs\/heads\/(\S+)\s+HEAD$/m.exec(out)?.[1];
    if (!branch) throw new GitError('the remote names no default branch (its HEAD); set CONTENT_GIT_BRANCH');
    return branch;
  }

  /** Fetches the tip of `branch`, one commit deep (a force-push included), and answers its commit. */
  async fetchBranch(branch: string): Promise<string> {
    const ref = `refs/remotes/origin/${branch}`;
    await this.#fetch(`+refs/heads/${branch}:${ref}`, branch);
    return (await this.#git(['rev-parse', '--verify', '--quiet', `${ref}^{commit}`])).trim();
  }

  /**
   * Makes sure `commit` is here: fetched alone (a remote that serves only
   * the commits its branches name refuses that), else with `branch`'s tip.
   * A commit that is on neither (a force-push took it away) is an error.
   */
  async fetchCommit(commit: string, branch: string): Promise<void> {
    if (await this.has(commit)) return;
    const alone = await this.#git(['fetch', '--quiet', '--depth=1', '--no-tags', 'origin', commit], FETCH_TIMEOUT_MS).then(
      () => true,
      () => false,
    );
    if (alone || this.signal.aborted) return;
    await this.fetchBranch(branch);
    if (!(await this.has(commit))) throw new GitError(`commit ${commit.slice(0, 12)} is no longer on the remote (was ${branch} pushed over?)`);
  }

  /**
   * One commit deep. A fetch that fails while the remote answers and has
   * the branch means the repository here is broken (a disk that filled up,
   * a file removed): it is made again, empty, and the fetch tried once more.
   */
  async #fetch(refspec: string, branch: string): Promise<void> {
    const fetch = () => this.#git(['fetch', '--quiet', '--depth=1', '--no-tags', 'origin', refspec], FETCH_TIMEOUT_MS);
    try {
      await fetch();
    } catch (error) {
      const remoteHasIt = await this.#git(['ls-remote', '--heads', 'origin', `refs/heads/${branch}`], FETCH_TIMEOUT_MS).then(
        (out) => out.trim() !== '',
        () => false,
      );
      if (!remoteHasIt || this.signal.aborted) throw error;
      await rm(this.#repository, { recursive: true, force: true });
      await this.open();
      await fetch();
    }
  }

  async has(commit: string): Promise<boolean> {
    return this.#git(['cat-file', '-e', `${commit}^{commit}`]).then(
      () => true,
      () => false,
    );
  }

  /** The folder of `commit`'s files, written first (under a name no reader takes) when it is not there yet. */
  async tree(commit: string): Promise<string> {
    const done = path.join(this.#trees, commit);
    if (await isFolder(done)) return done;
    const partial = `${done}.partial`;
    const index = `${done}.index`;
    await rm(partial, { recursive: true, force: true });
    await mkdir(partial);
    const env = { GIT_INDEX_FILE: index };
    await this.#git(['--work-tree', partial, 'read-tree', commit], LOCAL_TIMEOUT_MS, env);
    await this.#git(['--work-tree', partial, 'checkout-index', '--all', '--force'], LOCAL_TIMEOUT_MS, env);
    await rm(index, { force: true });
    await rename(partial, done);
    return done;
  }

  /** Removes the written commits but `keep` (the one served, and the one before it, which requests under way may still read). */
  async prune(keep: readonly string[]): Promise<void> {
    for (const entry of await readdir(this.#trees)) if (!keep.includes(entry)) await rm(path.join(this.#trees, entry), { recursive: true, force: true });
  }

  #git(args: readonly string[], timeout = LOCAL_TIMEOUT_MS, env: Readonly<Record<string, string>> = {}): Promise<string> {
    return execGit(['--git-dir', this.#repository, ...args], timeout, this.signal, env);
  }
}

/**
 * Runs git without a terminal to ask on: a credential it lacks fails at once
 * rather than waiting for a password (GIT_TERMINAL_PROMPT=0, and ssh in
 * batch mode unless GIT_SSH_COMMAND says how to run it).
 */
function execGit(args: readonly string[], timeout: number, signal: AbortSignal, env: Readonly<Record<string, string>> = {}): Promise<string> {
  return new Promise((resolve, reject) => {
    execFile(
      'git',
      args,
      {
        timeout,
        signal,
        maxBuffer: 16 * 1024 * 1024,
        env: { ...process.env, GIT_TERMINAL_PROMPT: '0', GIT_SSH_COMMAND: process.env.GIT_SSH_COMMAND ?? 'ssh -o BatchMode=yes', LC_ALL: 'C', ...env },
      },
      (error, stdout, stderr) => {
        if (!error) return resolve(stdout);
        if (signal.aborted) return reject(new GitError('stopped'));
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return reject(new GitError('the git program is not installed (apt-get install git)'));
        const said = stderr.split('\n').find((line) => /^(fatal|error):/.test(line)) ?? stderr.split('\n').find((line) => line.trim() !== '');
        const why = said?.replace(/^(fatal|error):\s*/, '') ?? (error.killed ? `git ${args.find((arg) => !arg.startsWith('-'))} took too long` : error.message);
        reject(new GitError(redacted(why.trim())));
      },
    );
  });
}

async function isFolder(folder: string): Promise<boolean> {
  return stat(folder).then(
    (found) => found.isDirectory(),
    () => false,
  );
}
