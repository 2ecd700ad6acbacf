import { createHash } from 'node:crypto';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

/**
 * The cache folder of one instance for one remote and branch, in the
 * system's temporary folder: the same one again after a restart (its
 * repository and the last good commit are reused), another one for a
 * second instance on the same machine, which never shares a repository
 * with a running git of the first. A `lock` file holds the owner's process
 * id; a lock whose process is gone is taken over.
 */
export async function lockedCacheFolder(remote: string, branch: string | undefined): Promise<{ readonly folder: string; readonly release: () => Promise<void> }> {
  const key = createHash('sha256').update(`${remote}\n${branch ?? ''}`).digest('hex').slice(0, 16);
  const parent = path.join(os.tmpdir(), 'vitrine-git');
  for (let slot = 0; ; slot++) {
    const folder = path.join(parent, `${key}-${slot}`);
    await mkdir(folder, { recursive: true, mode: 0o700 });
    const lock = path.join(folder, 'lock');
    if (await takeLock(lock)) return { folder, release: () => rm(lock, { force: true }) };
  }
}

async function takeLock(lock: string): Promise<boolean> {
  try {
    await writeFile(lock, String(process.pid), { flag: 'wx' });
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  const owner = Number(await readFile(lock, 'utf8').catch(() => ''));
  if (Number.isSafeInteger(owner) && owner > 0 && owner !== process.pid && isRunning(owner)) return false;
  await writeFile(lock, String(process.pid));
  return true;
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
