import { pino } from 'pino';
import type { LogLevel } from './parse.js';

/** What the service writes its log with (pino's logger has this shape); modules take it, never pino itself. */
export interface Log {
  info(fields: object, message: string): void;
  error(fields: object, message: string): void;
  warn(fields: object, message: string): void;
  debug(fields: object, message: string): void;
  isLevelEnabled(level: string): boolean;
}

/** One JSON line per entry on standard output (or `stream`), at `level`. */
export function createLog(level: LogLevel, stream?: { write(line: string): void }): Log {
  return stream ? pino({ level }, stream) : pino({ level });
}
