/**
 * A real git remote for the tests of content from git: a bare repository in
 * a temporary folder, filled from a content folder, and a working copy that
 * commits changes and pushes them as an editor would.
 */
import { execFile } from 'node:child_process';
import { createHmac } from 'node:crypto';
import { cp, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

export function git(cwd: string, args: readonly string[]): Promise<string> {
  return new Promise((resolve, reject) => {
    execFile('git', ['-c', 'user.name=Editor', '-c', 'user.email=editor@example.com', ...args], { cwd }, (error, stdout, stderr) => (error ? reject(new Error(`git ${args.join(' ')}: ${stderr}`)) : resolve(stdout.trim())));
  });
}

export class GitRemote {
  private constructor(
    /** The temporary folder: the remote, the working copy, and TMPDIR for the instances (their cache folders). */
    readonly root: string,
  ) {}

  /** The bare repository, as CONTENT_GIT names it. */
  get url(): string {
    return path.join(this.root, 'remote.git');
  }

  get work(): string {
    return path.join(this.root, 'work');
  }

  /** A remote whose `main` (its default branch) holds a copy of `contentDir` in one commit. */
  static async create(contentDir: string): Promise<GitRemote> {
    const remote = new GitRemote(await mkdtemp(path.join(os.tmpdir(), 'vitrine-git-test-')));
    await cp(contentDir, remote.work, { recursive: true });
    await git(remote.root, ['init', '--quiet', '--bare', '--initial-branch=main', remote.url]);
    await git(remote.work, ['init', '--quiet', '--initial-branch=main']);
    await git(remote.work, ['remote', 'add', 'origin', remote.url]);
    await remote.commit('The first content', async () => {});
    return remote;
  }

  /** Makes `change` in the working copy, commits it and pushes it to `branch`; answers the commit. */
  async commit(message: string, change: (work: string) => Promise<void>, branch = 'main'): Promise<string> {
    await change(this.work);
    await git(this.work, ['add', '--all']);
    await git(this.work, ['commit', '--quiet', '--allow-empty', '-m', message]);
    await git(this.work, ['push', '--quiet', '--force', 'origin', `HEAD:refs/heads/${branch}`]);
    return git(this.work, ['rev-parse', 'HEAD']);
  }

  async remove(): Promise<void> {
    await rm(this.root, { recursive: true, force: true });
  }
}

/** A push event for `branch` as GitHub delivers it, signed with `secret` (X-Hub-Signature-256). */
export function githubPush(secret: string, branch = 'main'): { readonly body: string; readonly headers: Record<string, string> } {
  const body = JSON.stringify({ ref: `refs/heads/${branch}`, repository: { full_name: 'editors/site' } });
  const signature = `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`;
  return { body, headers: { 'content-type': 'application/json', 'x-github-event': 'push', 'x-hub-signature-256': signature } };
}
