import packageJson from '../../package.json' with { type: 'json' };
import { CHECK_HELP, runCheck } from './check.js';
import { EXPORT_HELP, runExport } from './export.js';
import { IMPORT_HELP, runImport } from './import.js';
import { INIT_HELP, runInit } from './init.js';
import { runServe, SERVE_HELP } from './serve.js';
import type { Command, CommandHelp, Env, OptionSpecs } from './usage.js';
import { describeProblem, HELP_OPTION, optionRows, parseArguments, printHelp, usageError } from './usage.js';

/**
 * The vitrine command: `vitrine <command> [arguments]`. Each command is a
 * module of its own that loads what it needs only once its arguments are
 * read, so `--help` or a typo answers at once.
 */

const COMMANDS: Readonly<Record<string, { readonly help: CommandHelp; readonly run: Command }>> = {
  init: { help: INIT_HELP, run: runInit },
  serve: { help: SERVE_HELP, run: runServe },
  check: { help: CHECK_HELP, run: runCheck },
  export: { help: EXPORT_HELP, run: runExport },
  import: { help: IMPORT_HELP, run: runImport },
};

const HELP_HELP = {
  usage: 'vitrine help [COMMAND]',
  brief: "print this help, or a command's with its options and environment",
};

/** The usage line of the whole command, printed under a usage error that concerns no one command. */
export const USAGE = 'vitrine <init|serve|check|export|import|help> [arguments] | vitrine --help | vitrine --version';

const MAIN_OPTIONS = { ...HELP_OPTION, version: { type: 'boolean', meaning: "print vitrine's version" } } as const satisfies OptionSpecs;

/** The version of this copy of vitrine, as its package.json states it. */
export const VERSION: string = packageJson.version;

/** Runs the command line `args` (without node and the script) over `env`; answers the exit code. */
export async function main(args: readonly string[], env: Env): Promise<number> {
  const [first, ...rest] = args;
  if (first === undefined) return usageError(`no command given; the commands are ${Object.keys(COMMANDS).join(', ')} and help`, USAGE);
  if (first === '--') return main(rest, env);
  if (first.startsWith('-')) return mainOptions(args);
  if (first === 'help') return help(rest);
  const command = Object.hasOwn(COMMANDS, first) ? COMMANDS[first] : undefined;
  if (!command) return usageError(`unknown command ${first}`, USAGE);
  try {
    return await command.run(rest, env);
  } catch (error) {
    // Each command reports the failures it expects; this is one it did not (a bug).
    console.error(`vitrine: ${first} failed:`, error);
    return 1;
  }
}

/** `vitrine --help [COMMAND]`, `vitrine --version`. */
function mainOptions(args: readonly string[]): number {
  const parsed = parseArguments(args, MAIN_OPTIONS);
  if ('problem' in parsed) {
    const { problem } = parsed;
    return usageError(problem.kind === 'unknown' ? `unknown option ${problem.option}` : describeProblem(problem, 'vitrine'), USAGE);
  }
  if (parsed.values.help) return help(parsed.positionals);
  if (parsed.values.version) {
    console.log(VERSION);
    return 0;
  }
  return usageError('no command given', USAGE);
}

/** `vitrine help [COMMAND]`. */
function help(args: readonly string[]): number {
  const parsed = parseArguments(args, HELP_OPTION);
  if ('problem' in parsed) return usageError(describeProblem(parsed.problem, 'help'), HELP_HELP.usage);
  const { positionals } = parsed;
  if (positionals.length > 1) return usageError(`help takes one command, got ${positionals.length}: ${positionals.join(' ')}`, HELP_HELP.usage);
  const [name] = positionals;
  if (name === undefined || name === 'help') {
    console.log(mainHelp());
    return 0;
  }
  const command = Object.hasOwn(COMMANDS, name) ? COMMANDS[name] : undefined;
  if (!command) return usageError(`unknown command ${name}`, USAGE);
  return printHelp(command.help);
}

/** Rows of two columns, the first padded to its longest, as the help prints them. */
function columns(rows: readonly (readonly [string, string])[]): string[] {
  const width = Math.max(...rows.map(([first]) => first.length));
  return rows.map(([first, second]) => `  ${first.padEnd(width)}  ${second}`);
}

function mainHelp(): string {
  const rows: (readonly [string, string])[] = [...Object.values(COMMANDS).map(({ help }) => [help.usage, help.brief] as const), [HELP_HELP.usage, HELP_HELP.brief]];
  return [
    'usage: vitrine <command> [arguments]',
    '',
    'Publishes a content folder, read-only, to people and AI agents: a JSON API, an MCP server, markdown mirrors, an HTML site and discovery documents.',
    '',
    'commands:',
    ...columns(rows),
    '',
    'options:',
    ...columns(optionRows(MAIN_OPTIONS)),
    '',
    '`vitrine help COMMAND` or `vitrine COMMAND --help` lists the options of COMMAND and the environment variables it reads.',
  ].join('\n');
}
