/**
 * Content published from a git remote (CONTENT_GIT): at start-up the
 * commit to serve is fetched into this instance's cache folder and checked;
 * from then on a webhook, the poll (CONTENT_GIT_POLL_S) or a commit another
 * instance announced through Redis fetches again, and a new commit that
 * passes the same check as `vitrine check` is put in force with one swap
 * (the Reloader's). A commit with an error is refused: the last good one
 * keeps serving, and the refusal is logged with its first error and shown
 * in the health record. A fetch that fails keeps the commit in force and is
 * tried again, later and later.
 */
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Config, ContentGit } from '../config/config.js';
import { pictureSettings } from '../config/config.js';
import type { Log } from '../config/log.js';
import { ConfigError } from '../config/parse.js';
import type { Catalog } from '../content/types.js';
import type { ContentFacts } from '../http/push-hook.js';
import type { ContentSource } from '../server.js';
import { checkAndLoad } from '../check/content-check.js';
import { CommitAnnouncer } from './announcer.js';
import { lockedCacheFolder } from './cache-folder.js';
import { GitError, GitMirror, redacted } from './git-mirror.js';

/** The first retry of a failed fetch, doubled at each failure up to the last. */
const RETRY_FIRST_MS = 2000;
const RETRY_MOST_MS = 5 * 60_000;
/** The cache folder's note of the last commit that passed the check, for a restart without the remote. */
const LAST_GOOD_FILE = 'last-good';

/** What a fetch is for: the branch's tip, or a commit another instance announced. */
type Target = { readonly commit?: string; readonly reason: string };

interface Checked {
  readonly catalog?: Catalog;
  /** The first error of the content check, said as `vitrine check` says it. */
  readonly firstError?: string;
}

export class GitContent implements ContentSource {
  #commit: string;
  #previous: string | undefined;
  #refused: ContentFacts['refused'] = null;
  #following: Parameters<ContentSource['follow']>[0] | undefined;
  #running: Promise<void> | undefined;
  /** Asked for during the fetch under way: the commits announced, the branch's tip. */
  #pendingCommit: Target | undefined;
  #pendingTip: Target | undefined;
  #retry: { timer?: NodeJS.Timeout; delayMs: number } = { delayMs: RETRY_FIRST_MS };
  #poll: NodeJS.Timeout | undefined;
  #announcer: CommitAnnouncer | undefined;

  private constructor(
    /** Stops a git command under way, and every later one. */
    private readonly abort: AbortController,
    private readonly git: ContentGit,
    readonly branch: string,
    private readonly mirror: GitMirror,
    private readonly folder: { readonly path: string; readonly release: () => Promise<void> },
    private readonly settings: Pick<Config, 'imageCacheDir' | 'pictureLimits' | 'redisUrl' | 'baseUrl'>,
    private readonly log: Log,
    start: { readonly commit: string; readonly refused: ContentFacts['refused'] },
  ) {
    this.#commit = start.commit;
    this.#refused = start.refused;
  }

  get secret(): string | undefined {
    return this.git.hookSecret;
  }

  /** The folder of the commit in force. */
  get dir(): Promise<string> {
    return this.mirror.tree(this.#commit);
  }

  facts(): ContentFacts {
    return { commit: this.#commit, refused: this.#refused };
  }

  /**
   * Opens the cache folder and finds the commit to start with: the one
   * Redis keeps when every instance serves it, else the branch's tip, else
   * (the remote out of reach) the last good one of the cache folder. With
   * none of them, start-up stops with one line naming CONTENT_GIT.
   */
  static async open(config: Config & { readonly contentGit: ContentGit }, log: Log): Promise<GitContent> {
    const git = config.contentGit;
    const folder = await lockedCacheFolder(git.remote, git.branch);
    const abort = new AbortController();
    const mirror = new GitMirror(git.remote, folder.folder, abort.signal);
    try {
      await mirror.open();
      const lastGood = await readLastGood(folder.folder, mirror);
      const branch = git.branch ?? (await mirror.defaultBranch().catch((error: unknown) => lastGood?.branch ?? unreachable(git.remote, error)));
      const announcer = config.redisUrl === undefined ? undefined : new CommitAnnouncer(config.redisUrl, git.remote, branch, () => {}, log);
      await announcer?.start();
      const kept = await announcer?.current();
      await announcer?.close();
      const start = await firstCommit({ mirror, branch, kept, lastGood: lastGood?.commit, log, config });
      const content = new GitContent(abort, git, branch, mirror, { path: folder.folder, release: folder.release }, config, log, start);
      await content.#rememberGood();
      log.info({ remote: redacted(git.remote), branch, commit: start.commit, cache: folder.folder }, `content: serving commit ${start.commit.slice(0, 12)} of ${branch}`);
      return content;
    } catch (error) {
      abort.abort();
      await folder.release();
      if (error instanceof ConfigError) throw error;
      // git missing, or the cache folder unusable (a full disk, no permission): still one line naming the setting.
      throw new ConfigError('CONTENT_GIT', error instanceof GitError ? message(error) : `the cache folder ${folder.folder} cannot be used: ${message(error)}`);
    }
  }

  follow(options: Parameters<ContentSource['follow']>[0]): void {
    this.#following = options;
    options.metrics?.gitCommit('served', this.#commit);
    if (this.settings.redisUrl !== undefined) {
      this.#announcer = new CommitAnnouncer(this.settings.redisUrl, this.git.remote, this.branch, (commit, reason) => this.#ask({ commit, reason }), this.log);
      void this.#announcer.start();
    }
    if (this.git.pollSeconds > 0) {
      this.#poll = setInterval(() => this.fetch('poll'), this.git.pollSeconds * 1000);
      this.#poll.unref();
    }
  }

  /** A fetch of the branch's tip: at once, or once after the one under way. */
  fetch(reason: string): void {
    this.#ask({ reason });
  }

  async stop(): Promise<void> {
    this.abort.abort();
    clearInterval(this.#poll);
    clearTimeout(this.#retry.timer);
    this.#pendingCommit = this.#pendingTip = undefined;
    await this.#running;
    await this.#announcer?.close();
    await this.folder.release();
  }

  #ask(target: Target): void {
    if (this.abort.signal.aborted || !this.#following) return;
    if (target.commit === this.#commit || (target.commit !== undefined && target.commit === this.#refused?.commit)) return;
    if (this.#running) {
      if (target.commit === undefined) this.#pendingTip = target;
      else this.#pendingCommit = target;
      return;
    }
    clearTimeout(this.#retry.timer);
    const cycle = this.#cycle(target).catch((error: unknown) => {
      // The check's own failure (the disk, a bug), not the content's: the commit in force keeps serving.
      this.log.error({ reason: target.reason, error: message(error), commit: this.#commit }, `content: the fetched commit could not be checked; still serving ${this.#commit.slice(0, 12)}`);
    });
    this.#running = cycle.finally(() => {
      this.#running = undefined;
      // An announced commit first: it is what the other instances serve; then the tip, which may be newer.
      const next = this.#pendingCommit ?? this.#pendingTip;
      if (next === this.#pendingCommit) this.#pendingCommit = undefined;
      else this.#pendingTip = undefined;
      if (next) this.#ask(next);
    });
  }

  /** One fetch, and a switch or a refusal; a failure is retried later and later. */
  async #cycle(target: Target): Promise<void> {
    const metrics = this.#following?.metrics;
    const started = performance.now();
    this.log.info({ reason: target.reason, ...(target.commit ? { commit: target.commit } : { branch: this.branch }) }, 'content: fetching');
    let commit: string;
    let tree: string;
    try {
      commit = target.commit ?? (await this.mirror.fetchBranch(this.branch));
      if (target.commit) await this.mirror.fetchCommit(commit, this.branch);
      tree = await this.mirror.tree(commit);
      metrics?.gitFetched(true, (performance.now() - started) / 1000);
    } catch (error) {
      if (this.abort.signal.aborted) return;
      metrics?.gitFetched(false, (performance.now() - started) / 1000);
      const retryMs = this.#retry.delayMs;
      this.#retry = { delayMs: Math.min(retryMs * 2, RETRY_MOST_MS), timer: setTimeout(() => this.#ask(target), retryMs).unref() };
      this.log.warn({ reason: target.reason, remote: redacted(this.git.remote), error: message(error), retry_in_ms: retryMs, commit: this.#commit }, `content: the fetch failed; still serving ${this.#commit.slice(0, 12)}: ${message(error)}`);
      return;
    }
    this.#retry = { delayMs: RETRY_FIRST_MS };
    if (commit === this.#commit || commit === this.#refused?.commit || this.abort.signal.aborted) return;
    await this.#judge(commit, tree, target);
  }

  /** The content check on `commit`'s files; it is served when it passes, refused when not. */
  async #judge(commit: string, tree: string, target: Target): Promise<void> {
    const following = this.#following!;
    const checked = await check(tree, following.baseUrl, this.settings);
    if (this.abort.signal.aborted) return;
    if (!checked.catalog) {
      this.#refused = { commit, error: checked.firstError ?? 'the content does not load', refused_at: new Date().toISOString().replace(/\.\d{3}Z$/, 'Z') };
      following.metrics?.gitCommit('refused', commit);
      this.log.error({ reason: target.reason, commit, error: this.#refused.error, serving: this.#commit }, `content: commit ${commit.slice(0, 12)} refused, still serving ${this.#commit.slice(0, 12)}: ${this.#refused.error}`);
      // Every instance checks it and refuses it too (it never gets the key instances start from).
      if (target.commit === undefined) await this.#announcer?.announce(commit, false);
      await this.mirror.prune(this.#kept());
      return;
    }
    // Told as soon as it passed: the other instances fetch, check and prepare it while this one does.
    if (target.commit === undefined) await this.#announcer?.announce(commit, true);
    try {
      await following.swap(`commit ${commit.slice(0, 12)} (${target.reason})`, checked.catalog);
    } catch (error) {
      this.log.error({ commit, error: message(error) }, `content: commit ${commit.slice(0, 12)} could not be put in force; still serving ${this.#commit.slice(0, 12)}`);
      return;
    }
    [this.#previous, this.#commit, this.#refused] = [this.#commit, commit, null];
    following.metrics?.gitCommit('switched', commit);
    this.log.info({ reason: target.reason, commit, previous: this.#previous }, `content: switched to commit ${commit.slice(0, 12)}`);
    await this.#rememberGood();
    await this.mirror.prune(this.#kept());
  }

  /** The commit in force and the one before it, whose files requests under way may still read. */
  #kept(): string[] {
    return [this.#commit, ...(this.#previous ? [this.#previous] : [])];
  }

  async #rememberGood(): Promise<void> {
    await writeFile(path.join(this.folder.path, LAST_GOOD_FILE), `${this.#commit} ${this.branch}\n`).catch(() => {});
  }
}

/**
 * The commit a start serves, in order of preference: the one Redis keeps,
 * the branch's tip, the cache's last good one. One that fails the check is
 * refused, and the last good one served instead when there is one.
 */
async function firstCommit(options: {
  readonly mirror: GitMirror;
  readonly branch: string;
  readonly kept: string | undefined;
  readonly lastGood: string | undefined;
  readonly log: Log;
  readonly config: Config & { readonly contentGit: ContentGit };
}): Promise<{ readonly commit: string; readonly refused: ContentFacts['refused'] }> {
  const { mirror, branch, kept, lastGood, log, config } = options;
  const { remote } = config.contentGit;
  let commit: string;
  try {
    // The commit every instance serves; a branch pushed over since is followed from its tip.
    const keptHere = kept !== undefined && (await mirror.fetchCommit(kept, branch).then(() => true, () => false));
    commit = keptHere ? kept : await mirror.fetchBranch(branch);
  } catch (error) {
    if (lastGood === undefined) unreachable(remote, error);
    log.warn({ remote: redacted(remote), error: message(error) }, `content: the remote is out of reach; starting with the last good commit ${lastGood.slice(0, 12)} of the cache`);
    return { commit: lastGood, refused: null };
  }
  if (commit === lastGood) return { commit, refused: null };
  const checked = await check(await mirror.tree(commit), config.baseUrl, config);
  if (checked.catalog) return { commit, refused: null };
  const error = checked.firstError ?? 'the content does not load';
  if (lastGood === undefined) throw new ConfigError('CONTENT_GIT', `commit ${commit.slice(0, 12)} of ${branch} fails the content check and no earlier commit passed it here: ${error}`);
  log.error({ commit, error, serving: lastGood }, `content: commit ${commit.slice(0, 12)} refused, serving the last good commit ${lastGood.slice(0, 12)}: ${error}`);
  return { commit: lastGood, refused: { commit, error, refused_at: new Date().toISOString().replace(/\.\d{3}Z$/, 'Z') } };
}

/**
 * `vitrine check`'s rules for the content on a commit's files: the Catalog
 * when it has no error, else the first error found. The links the engine's
 * own frame prints are not judged here: that takes a render of every page
 * (most of `vitrine check`'s time at 10,000 posts), on every instance, for
 * links that depend on the engine rather than on the commit.
 */
async function check(tree: string, baseUrl: string, settings: Pick<Config, 'imageCacheDir' | 'pictureLimits'>): Promise<Checked> {
  const { report, catalog } = await checkAndLoad(tree, baseUrl, pictureSettings(settings));
  const first = report.errors[0];
  if (report.ok && catalog) return { catalog };
  if (!first) return {};
  const file = path.relative(tree, first.file);
  return { firstError: `${first.line === null ? file : `${file}:${first.line}`}: ${first.message}` };
}

async function readLastGood(folder: string, mirror: GitMirror): Promise<{ readonly commit: string; readonly branch: string } | undefined> {
  const [commit, branch] = (await readFile(path.join(folder, LAST_GOOD_FILE), 'utf8').catch(() => '')).trim().split(' ');
  if (!commit || !branch || !(await mirror.has(commit))) return undefined;
  return { commit, branch };
}

function unreachable(remote: string, error: unknown): never {
  throw new ConfigError('CONTENT_GIT', `${redacted(remote)} cannot be fetched, and no earlier commit is kept here: ${message(error)}`);
}

function message(error: unknown): string {
  return redacted(error instanceof Error ? error.message : String(error));
}
