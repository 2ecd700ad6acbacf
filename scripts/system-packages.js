#!/usr/bin/env node
// The system programs the tests drive for real, from Debian's packages:
// redis-server (the quota shared between instances), chromium (the browser
// tests) and nginx (the deployment test, in front of two instances). Runs before `npm test` (and in .ci/run): a missing one is
// installed with apt-get when this runs as root on a system that has it;
// otherwise the run stops at once with one line naming the command to run.
import { spawnSync } from 'node:child_process';

const PROGRAMS = [
  ['redis-server', 'redis-server'],
  ['chromium', 'chromium'],
  ['nginx', 'nginx'],
];

// nginx lives in /usr/sbin, which a user's PATH may leave out.
const has = (command) => spawnSync('sh', ['-c', `command -v ${command} || test -x /usr/sbin/${command}`], { stdio: 'ignore' }).status === 0;
const missing = PROGRAMS.filter(([command]) => !has(command)).map(([, pkg]) => pkg);
if (missing.length === 0) process.exit(0);

if (process.getuid?.() !== 0 || !has('apt-get')) {
  console.error(`npm test needs ${missing.join(' and ')}: run \`sudo apt-get install ${missing.join(' ')}\` (Debian, Ubuntu), then npm test again.`);
  process.exit(1);
}

console.log(`npm test: installing ${missing.join(', ')} with apt-get`);
const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
for (const args of [['update', '-qq'], ['install', '-y', '-qq', '--no-install-recommends', ...missing]]) {
  const run = spawnSync('apt-get', args, { stdio: ['ignore', 'ignore', 'inherit'], env });
  if (run.status !== 0) {
    console.error(`npm test: apt-get ${args[0]} failed; install ${missing.join(' ')} by hand, then npm test again.`);
    process.exit(1);
  }
}
