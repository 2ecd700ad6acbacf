import { loadConfig } from '../config/config.js';
import { ConfigError } from '../config/parse.js';
import { SETTING_NAMES } from '../config/settings.js';
import type { CommandHelp, OptionSpecs, Env } from './usage.js';
import { describeProblem, HELP_OPTION, isSystemError, parseArguments, printHelp, usageError } from './usage.js';

const OPTIONS = {
  port: { type: 'string', value: 'N', meaning: 'TCP port to listen on, 0 for a free one (default: PORT, else 3000)' },
  host: { type: 'string', value: 'H', meaning: 'address to listen on, 0.0.0.0 for every interface (default: HOST, else 127.0.0.1)' },
  watch: { type: 'boolean', meaning: 'reload the content whenever a file in its folder changes' },
  ...HELP_OPTION,
} as const satisfies OptionSpecs;

export const SERVE_HELP: CommandHelp = {
  name: 'serve',
  brief: 'serve a content folder',
  usage: 'vitrine serve [DIR] [--port N] [--host H] [--watch]',
  summary: 'Serves a content folder: the JSON API, the MCP server, the markdown mirrors, the HTML site and the discovery documents.',
  arguments: [['DIR', 'the content folder (default: CONTENT_DIR, else the bundled content/)']],
  options: OPTIONS,
  environment: SETTING_NAMES,
  notes: [
    'DIR, --port and --host win over CONTENT_DIR, PORT and HOST. A bad setting stops start-up with one line naming it, and exit code 1.',
    'Signals: SIGHUP reloads the content (with CONTENT_GIT: fetches the branch); SIGTERM and SIGINT stop gracefully (exit code 0).',
  ],
};

/** `vitrine serve`: answers 0 once the service listens (it then runs until a signal stops it), 1 when it cannot start, 2 for a wrong command line. */
export async function runServe(args: readonly string[], env: Env): Promise<number> {
  const parsed = parseArguments(args, OPTIONS);
  if ('problem' in parsed) return usageError(describeProblem(parsed.problem, 'serve'), SERVE_HELP.usage);
  const { values, positionals } = parsed;
  if (values.help) return printHelp(SERVE_HELP);
  if (positionals.length > 1) return usageError(`serve takes one content folder, got ${positionals.length}: ${positionals.join(' ')}`, SERVE_HELP.usage);
  const [dir] = positionals;
  if (dir === '') return usageError('the content folder (DIR) is empty', SERVE_HELP.usage);
  const port = typeof values.port === 'string' ? values.port : undefined;
  // The same rule as PORT's, said of the option the user typed.
  if (port !== undefined && (!/^\d+$/.test(port) || Number(port) > 65535)) {
    return usageError(`--port must be a whole number from 0 to 65535, got "${port}"`, SERVE_HELP.usage);
  }
  const host = typeof values.host === 'string' ? values.host.trim() : undefined;
  if (host === '') return usageError('--host needs an address, such as 127.0.0.1 or 0.0.0.0', SERVE_HELP.usage);

  try {
    // The command line wins over the environment, and what follows from it (BASE_URL's default port) follows.
    const config = loadConfig({
      ...env,
      ...(dir === undefined ? {} : { CONTENT_DIR: dir }),
      ...(port === undefined ? {} : { PORT: port }),
      ...(host === undefined ? {} : { HOST: host }),
    });
    const { serve } = await import('../server.js');
    if (config.contentGit) {
      if (dir !== undefined || values.watch) return usageError('the content comes from CONTENT_GIT: serve takes no DIR and no --watch with it', SERVE_HELP.usage);
      const [{ GitContent }, { createLog }] = await Promise.all([import('../publish/git-content.js'), import('../config/log.js')]);
      const content = await GitContent.open({ ...config, contentGit: config.contentGit }, createLog(config.logLevel));
      await serve({ ...config, contentDir: await content.dir }, { watch: false, content });
      return 0;
    }
    await serve(config, { watch: values.watch === true });
    return 0;
  } catch (error) {
    return startFailure(error);
  }
}

/** One line (a content error lists its problems under it) for what stopped start-up; exit code 1. */
async function startFailure(error: unknown): Promise<number> {
  const { ContentError } = await import('../content/load.js');
  if (error instanceof ConfigError) {
    console.error(`vitrine: configuration: ${error.message}`);
  } else if (error instanceof ContentError) {
    console.error(`vitrine: ${error.message}`);
  } else if (isSystemError(error)) {
    // The port is taken or privileged; the address is not this machine's, or no address at all.
    const setting = error.syscall === 'getaddrinfo' || error.code === 'EADDRNOTAVAIL' ? 'HOST' : error.syscall === 'listen' ? 'PORT' : 'could not start';
    console.error(`vitrine: ${setting}: ${error.message}`);
  } else {
    console.error('vitrine: could not start:', error);
  }
  return 1;
}
