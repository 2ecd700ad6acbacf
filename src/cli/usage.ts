import { parseArgs } from 'node:util';
import type { SettingName } from '../config/settings.js';
import { SETTINGS } from '../config/settings.js';

/**
 * What every command shares: the environment it is given, its help text, the
 * one-line usage error (exit 2), and node:util's parseArgs with messages that
 * name the option at fault.
 */

/** The process environment, or what a test passes instead. */
export type Env = Readonly<Record<string, string | undefined>>;

/** A command: its arguments (after its name) and the environment in, its exit code out. */
export type Command = (args: readonly string[], env: Env) => Promise<number>;

/** The exit code of a command line that is wrong (an unknown command or option, a missing argument). */
export const USAGE_EXIT = 2;

export interface CommandHelp {
  readonly name: string;
  /** What the command does, in the list of commands. */
  readonly brief: string;
  /** The usage line, e.g. `vitrine check [DIR] [--format text|json]`. */
  readonly usage: string;
  /** What the command does, in a sentence or two. */
  readonly summary: string;
  readonly arguments: readonly (readonly [name: string, meaning: string])[];
  /** The options, each declared once: parseArgs reads their type, the help their value and meaning. */
  readonly options: OptionSpecs;
  /** The variables the command reads, each described by its declaration's summary (src/config/settings.ts). */
  readonly environment: readonly SettingName[];
  /** Anything else an operator needs (signals, exit codes), one paragraph each. */
  readonly notes?: readonly string[];
}

/** The full help of a command, as `vitrine help COMMAND` and `vitrine COMMAND --help` print it. */
export function helpText(help: CommandHelp): string {
  const section = (title: string, rows: readonly (readonly [string, string])[]): string[] => {
    if (rows.length === 0) return [];
    const width = Math.max(...rows.map(([name]) => name.length));
    return ['', `${title}:`, ...rows.map(([name, meaning]) => `  ${name.padEnd(width)}  ${meaning}`)];
  };
  return [
    `usage: ${help.usage}`,
    '',
    help.summary,
    ...section('arguments', help.arguments),
    ...section('options', optionRows(help.options)),
    ...section(
      'environment',
      help.environment.map((name) => [name, SETTINGS[name].summary]),
    ),
    ...(help.notes ?? []).flatMap((note) => ['', note]),
  ].join('\n');
}

/** Prints `vitrine: <problem>` and the usage line on standard error; answers the exit code of a usage error. */
export function usageError(problem: string, usage: string): number {
  console.error(`vitrine: ${problem}\nusage: ${usage}`);
  return USAGE_EXIT;
}

/** One option of a command: how parseArgs reads it and how the help shows it. */
export interface OptionSpec {
  readonly type: 'string' | 'boolean';
  readonly short?: string;
  /** What a string option's value is, as the help writes it after the flag: `N`, `PATH`, `text|json`. */
  readonly value?: string;
  /** What the option does, in the help. */
  readonly meaning: string;
}

export type OptionSpecs = Readonly<Record<string, OptionSpec>>;

/** The help's rows of `options`: `--format text|json`, `--help, -h`, each with its meaning. */
export function optionRows(options: OptionSpecs): (readonly [string, string])[] {
  return Object.entries(options).map(([name, spec]) => [`--${name}${spec.value ? ` ${spec.value}` : ''}${spec.short ? `, -${spec.short}` : ''}`, spec.meaning]);
}

/** What is wrong with one option of a command line. */
export type ArgumentProblem =
  | { readonly kind: 'unknown'; readonly option: string }
  | { readonly kind: 'needs-value'; readonly option: string }
  | { readonly kind: 'takes-no-value'; readonly option: string };

export interface ParsedArguments {
  readonly values: Readonly<Record<string, string | boolean | undefined>>;
  readonly positionals: readonly string[];
}

/**
 * parseArgs, strict, positionals allowed (`--` ends the options). Its own
 * errors are worded for programmers and change between Node versions, so a
 * refused command line is read again token by token to say which option is
 * wrong and how.
 */
export function parseArguments(args: readonly string[], options: OptionSpecs): ParsedArguments | { readonly problem: ArgumentProblem } {
  const specs = Object.fromEntries(Object.entries(options).map(([name, { type, short }]) => [name, short ? { type, short } : { type }]));
  const config = { args: [...args], options: specs, allowPositionals: true };
  try {
    const { values, positionals } = parseArgs({ ...config, strict: true });
    return { values, positionals };
  } catch (error) {
    const problem = problemOf(parseArgs({ ...config, strict: false, tokens: true }).tokens, options);
    // parseArgs refused something the tokens do not show: its own message is the best there is.
    if (!problem) throw error;
    return { problem };
  }
}

function problemOf(tokens: ReturnType<typeof parseArgs>['tokens'], options: OptionSpecs): ArgumentProblem | undefined {
  for (const token of tokens ?? []) {
    if (token.kind !== 'option') continue;
    const spec = Object.hasOwn(options, token.name) ? options[token.name] : undefined;
    if (!spec) return { kind: 'unknown', option: token.rawName };
    if (spec.type === 'boolean' && token.value !== undefined) return { kind: 'takes-no-value', option: token.rawName };
    // parseArgs takes no value that looks like an option (`--port --watch`) unless it is written `--port=-1`.
    if (spec.type === 'string' && (token.value === undefined || (!token.inlineValue && token.value.startsWith('-')))) {
      return { kind: 'needs-value', option: token.rawName };
    }
  }
  return undefined;
}

/** The usual wording of an argument problem: `unknown option --prot for serve`, `--port needs a value`. */
export function describeProblem(problem: ArgumentProblem, command: string): string {
  switch (problem.kind) {
    case 'unknown':
      return `unknown option ${problem.option} for ${command}`;
    case 'needs-value':
      return `${problem.option} needs a value`;
    case 'takes-no-value':
      return `${problem.option} takes no value`;
  }
}

/** `--help` and `-h`, which every command takes. */
export const HELP_OPTION = { help: { type: 'boolean', short: 'h', meaning: 'print this help' } } as const satisfies OptionSpecs;

/** Prints a command's help on standard output; answers exit code 0. */
export function printHelp(help: CommandHelp): number {
  console.log(helpText(help));
  return 0;
}

/**
 * An error of the operating system (a port in use, a folder that cannot be
 * written): its message says it in one line. Any other unexpected error is a
 * bug, printed with its stack.
 */
export function isSystemError(error: unknown): error is NodeJS.ErrnoException {
  return error instanceof Error && typeof (error as NodeJS.ErrnoException).code === 'string' && typeof (error as NodeJS.ErrnoException).syscall === 'string';
}
