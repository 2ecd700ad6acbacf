import type { Log } from '../config/log.js';

/**
 * The access log: one JSON line per request, whatever answered it (a kept
 * answer, a door, an error), written once the response is handed to the
 * socket. It names the route pattern, never the URL, so no query string
 * reaches the log; and no header or body is logged.
 */
export interface RequestLogLine {
  readonly request_id: string;
  readonly method: string;
  /** The route pattern (`/api/v1/posts/:slug`), or null when no route matched. */
  readonly route: string | null;
  readonly status: number;
  /** Milliseconds from the request's arrival to its answer handed to the socket. */
  readonly response_time_ms: number;
}

export type RequestLog = (method: string, route: string | null, status: number, started: number) => void;

/** Writes 5xx lines at `error` (the cause is logged beside them), the rest at `info`; nothing when info is off. */
export function requestLog(log: Log): RequestLog {
  let served = 0;
  const enabled = log.isLevelEnabled('info');
  return (method, route, status, started) => {
    served += 1;
    if (!enabled && status < 500) return;
    const line: RequestLogLine = {
      request_id: `req-${served}`,
      method,
      route,
      status,
      response_time_ms: Math.round((performance.now() - started) * 100) / 100,
    };
    if (status >= 500) log.error(line, 'request completed');
    else log.info(line, 'request completed');
  };
}
